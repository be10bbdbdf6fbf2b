import Bridge
import Display
import Foundation
import KernelInput
import Scenes
import TouchBridgeDemo
import TouchUI

/// What one input frame costs the demo app on the main thread: a finger (or
/// `BENCH_DEMO_FINGERS` fingers, in rows as Benchmarks/vm/photon moves them)
/// on the canvas (markers moved, strokes painted, the status line twice a
/// second of the frames' time), and the repaint at the next display tick.
/// While this runs, the next frame waits: it is what the VM's latency
/// figure for the demo adds to the bare pipeline.
@MainActor
func benchmarkDemoFrame() -> String {
    let application = Application()
    let timeline = VirtualTimeline()
    application.timeline = timeline
    let screen = Size(width: 1280, height: 800)
    // BENCH_DEMO_APP=markers: the markers fixture (`run --fixture markers`), the job photon-qt's widget does.
    let window: Window
    var keepAlive: Any?
    if ProcessInfo.processInfo.environment["BENCH_DEMO_APP"] == "markers" {
        let scene = Scene.make("markers", application: application, screen: screen)!
        (window, keepAlive) = (scene.window, scene)
    } else {
        let demo = DemoApp(application: application, screen: screen)
        (window, keepAlive) = (demo.window, demo)
    }
    defer { withExtendedLifetime(keepAlive) {} }
    let surface = MemorySurface(width: 1280, height: 800, format: .xrgb8888)
    let compositor = try! Compositor(window: window, surface: surface)
    try! compositor.presentNow()
    let dispatcher = TouchDispatcher(application: application, window: window)
    var time = 1.0
    let fingers = max(1, min(10, Int(ProcessInfo.processInfo.environment["BENCH_DEMO_FINGERS"] ?? "") ?? 1))
    // As Benchmarks/vm/photon moves them: rows of 65 frames, 6 px apart; at
    // the end of a row every finger lifts and new touches begin a row lower.
    let perRow = 65
    func records(_ index: Int, phase: ContactPhase) -> [TouchRecord] {
        let pass = index / perRow, column = index % perRow
        return (0..<fingers).map { finger in
            TouchRecord(
                time: EventTime(microseconds: Int64(time * 1e6)), touch: pass * fingers + finger, phase: phase,
                x: 400 + Double(column) * 6,
                y: fingers == 1 ? 70 + Double(pass % 20) * 24 : 70 + Double(finger) * 50 + Double(pass % 2) * 24, tapCount: 1)
        }
    }
    /// The frames written at step `index`: a move, or a row's end and the next row's start.
    func frames(_ index: Int) -> [[TouchRecord]] {
        time += 1.0 / 120
        // The virtual clock follows the frames, so the demo's timers and its rate line run as they would live.
        timeline.advance(to: time)
        guard index % perRow == 0 else { return [records(index, phase: .moved)] }
        return [records(index - 1, phase: .ended), records(index, phase: .began)]
    }
    let count = Int(ProcessInfo.processInfo.environment["BENCH_DEMO_FRAMES"] ?? "") ?? 600
    if ProcessInfo.processInfo.environment["BENCH_DEMO_FIRST"] != nil {
        // The first picture of ten new fingers, as Benchmarks/vm/photon makes it: after one
        // finger has primed the reader, ten land at once (counted with BENCH_DEMO_FRAMES=1).
        let prime = TouchRecord(time: EventTime(microseconds: 500_000), touch: 1000, phase: .began, x: 300, y: 300, tapCount: 1)
        dispatcher.dispatch([prime])
        _ = try! compositor.presentNow()
        dispatcher.dispatch([TouchRecord(time: EventTime(microseconds: 600_000), touch: 1000, phase: .ended, x: 300, y: 300, tapCount: 1)])
        _ = try! compositor.presentNow()
        // The reader's pause before the hand lands: the app's timers run meanwhile.
        time += 0.5
        timeline.advance(to: time)
        handleDemoFrame([records(0, phase: .began)], dispatcher: dispatcher)
        repaintDemoFrame(compositor)
        return "demo: the first frame of ten new fingers"
    }
    dispatcher.dispatch(records(0, phase: .began))
    if ProcessInfo.processInfo.environment["BENCH_DEMO"] == "count" {
        // For Benchmarks/demo-instructions: warm up, then the counted frames, each handled then repainted.
        for index in 1...200 {
            for frame in frames(index) { dispatcher.dispatch(frame) }
            _ = try! compositor.presentNow()
        }
        // BENCH_DEMO_ROWS: count only the frames where a row ends and the next begins.
        let rowsOnly = ProcessInfo.processInfo.environment["BENCH_DEMO_ROWS"] != nil
        for index in 201...(200 + count) {
            if rowsOnly && index % perRow != 0 {
                for frame in frames(index) { dispatcher.dispatch(frame) }
                _ = try! compositor.presentNow()
                continue
            }
            handleDemoFrame(frames(index), dispatcher: dispatcher)
            repaintDemoFrame(compositor)
        }
        return "demo: \(count) frames"
    }
    var handling: [Double] = [], drawing: [Double] = []
    for index in 1...count {
        let written = frames(index)
        handling.append(best(runs: 1) { _ in for frame in written { dispatcher.dispatch(frame) } })
        drawing.append(best(runs: 1) { _ in _ = try! compositor.presentNow() })
    }
    dispatcher.dispatch(records(count, phase: .ended))
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    return """
        ### The demo app: one frame of a moving finger on the main thread

        \(fingers == 1 ? "A finger" : "\(fingers) fingers") on the demo's canvas at 1280x800 (markers, strokes, status line), \(count) frames at 120 Hz:
        handling the frame (hit-test, recognizers, views) \(String(format: "%.1f", median(handling) * 1e6)) µs,
        repainting the damage at the display tick \(String(format: "%.1f", median(drawing) * 1e6)) µs (medians);
        slowest \(String(format: "%.1f", handling.max()! * 1e6)) µs and \(String(format: "%.1f", drawing.max()! * 1e6)) µs.

        """
}


@inline(never) @MainActor
func handleDemoFrame(_ frames: [[TouchRecord]], dispatcher: TouchDispatcher) { for frame in frames { dispatcher.dispatch(frame) } }

@inline(never) @MainActor
func repaintDemoFrame(_ compositor: Compositor) { _ = try! compositor.presentNow() }
