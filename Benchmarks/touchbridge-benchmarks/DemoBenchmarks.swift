import Bridge
import Display
import Foundation
import KernelInput
import TouchBridgeDemo
import TouchUI

/// What one input frame costs the demo app on the main thread: a finger
/// moving on the canvas (a marker moved, a stroke painted, the status line)
/// and the repaint at the next display tick. While this runs, the next
/// frame waits: it is what the VM's latency figure for the demo adds to the
/// bare pipeline.
@MainActor
func benchmarkDemoFrame() -> String {
    let application = Application()
    application.runLoop = TouchUI.RunLoop(clock: .virtual)
    let demo = DemoApp(application: application, screen: Size(width: 1280, height: 800))
    let surface = MemorySurface(width: 1280, height: 800, format: .xrgb8888)
    let compositor = try! Compositor(window: demo.window, surface: surface, runLoop: application.runLoop)
    try! compositor.presentNow()
    let dispatcher = TouchDispatcher(application: application, window: demo.window)
    var time = 1.0
    func frame(_ index: Int, phase: ContactPhase) -> [TouchRecord] {
        [TouchRecord(
            time: EventTime(microseconds: Int64(time * 1e6)), touch: 0, phase: phase, x: 500 + Double(index % 200),
            y: 300 + Double(index % 2) * 3, tapCount: 1)]
    }
    let count = Int(ProcessInfo.processInfo.environment["BENCH_DEMO_FRAMES"] ?? "") ?? 600
    dispatcher.dispatch(frame(0, phase: .began))
    if ProcessInfo.processInfo.environment["BENCH_DEMO"] == "count" {
        // For Benchmarks/demo-instructions: warm up, then the counted frames, each handled then repainted.
        for index in 1...200 {
            time += 1.0 / 120
            dispatcher.dispatch(frame(index, phase: .moved))
            _ = try! compositor.presentNow()
        }
        for index in 201...(200 + count) {
            time += 1.0 / 120
            handleDemoFrame(frame(index, phase: .moved), dispatcher: dispatcher)
            repaintDemoFrame(compositor)
        }
        return "demo: \(count) frames"
    }
    var handling: [Double] = [], drawing: [Double] = []
    for index in 1...count {
        time += 1.0 / 120
        handling.append(best(runs: 1) { _ in dispatcher.dispatch(frame(index, phase: .moved)) })
        drawing.append(best(runs: 1) { _ in _ = try! compositor.presentNow() })
    }
    dispatcher.dispatch(frame(count + 1, phase: .ended))
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    return """
        ### The demo app: one frame of a moving finger on the main thread

        A finger on the demo's canvas at 1280x800 (marker, stroke, status line), \(count) frames:
        handling the frame (hit-test, recognizers, views) \(String(format: "%.1f", median(handling) * 1e6)) µs,
        repainting the damage at the display tick \(String(format: "%.1f", median(drawing) * 1e6)) µs (medians).

        """
}


@inline(never) @MainActor
func handleDemoFrame(_ records: [TouchRecord], dispatcher: TouchDispatcher) { dispatcher.dispatch(records) }

@inline(never) @MainActor
func repaintDemoFrame(_ compositor: Compositor) { _ = try! compositor.presentNow() }
