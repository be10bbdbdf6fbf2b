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
    var time = 1.0
    let fingers = max(1, min(10, Int(ProcessInfo.processInfo.environment["BENCH_DEMO_FINGERS"] ?? "") ?? 1))
    // BENCH_DEMO_READ=1: each frame comes as a touchscreen's events through the input hub and the
    // touch feed (the reading side: contact tracking, screen mapping, numbering, coalescing), as a
    // device read by the main loop gives them, and counts as `readDemoFrame`.
    // Set and not empty, as Benchmarks/demo-instructions tests it.
    let reading = !(ProcessInfo.processInfo.environment["BENCH_DEMO_READ"] ?? "").isEmpty
    let reader = reading ? DemoReader(application: application, window: window, fingers: fingers) : nil
    let dispatcher = reader?.feed.dispatcher ?? TouchDispatcher(application: application, window: window)
    /// A frame's records, delivered as the mode says.
    func deliver(_ frames: [[TouchRecord]]) {
        if let reader { reader.read(frames) } else { for frame in frames { dispatcher.dispatch(frame) } }
    }
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
        deliver([[prime]])
        _ = try! compositor.presentNow()
        deliver([[TouchRecord(time: EventTime(microseconds: 600_000), touch: 1000, phase: .ended, x: 300, y: 300, tapCount: 1)]])
        _ = try! compositor.presentNow()
        // The reader's pause before the hand lands: the app's timers run meanwhile.
        time += 0.5
        timeline.advance(to: time)
        if let reader { readDemoFrame(reader.fed([records(0, phase: .began)]), reader: reader) } else { handleDemoFrame([records(0, phase: .began)], dispatcher: dispatcher) }
        repaintDemoFrame(compositor)
        return "demo: the first frame of ten new fingers"
    }
    deliver([records(0, phase: .began)])
    if ProcessInfo.processInfo.environment["BENCH_DEMO"] == "count" {
        // For Benchmarks/demo-instructions: warm up, then the counted frames, each handled then repainted.
        for index in 1...200 {
            deliver(frames(index))
            _ = try! compositor.presentNow()
        }
        // BENCH_DEMO_ROWS: count only the frames where a row ends and the next begins.
        let rowsOnly = ProcessInfo.processInfo.environment["BENCH_DEMO_ROWS"] != nil
        for index in 201...(200 + count) {
            if rowsOnly && index % perRow != 0 {
                deliver(frames(index))
                _ = try! compositor.presentNow()
                continue
            }
            if let reader {
                let fed = reader.fed(frames(index))
                readDemoFrame(fed, reader: reader)
            } else {
                handleDemoFrame(frames(index), dispatcher: dispatcher)
            }
            repaintDemoFrame(compositor)
        }
        return "demo: \(count) frames"
    }
    var handling: [Double] = [], drawing: [Double] = []
    // BENCH_DEMO_PAUSE_US: sleep that long before each frame, as a live reader waits between
    // a touchscreen's frames, so that other processes run and the caches, the TLB and (under
    // an emulator) the translated code's jump cache are as a live frame finds them.
    let pause = UInt32(ProcessInfo.processInfo.environment["BENCH_DEMO_PAUSE_US"] ?? "") ?? 0
    for index in 1...count {
        if pause > 0 { usleep(pause) }
        let written = frames(index)
        // The events are built before the clock starts, as in the count.
        let fed = reader?.fed(written)
        handling.append(best(runs: 1) { _ in if let reader, let fed { reader.hub.feedVirtual(fed) } else { deliver(written) } })
        drawing.append(best(runs: 1) { _ in _ = try! compositor.presentNow() })
    }
    deliver([records(count, phase: .ended)])
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
func readDemoFrame(_ fed: [(events: [InputEvent], device: String)], reader: DemoReader) { reader.hub.feedVirtual(fed) }

/// The reading side for `BENCH_DEMO_READ`: an input hub with one touchscreen
/// the host makes up, whose units are the screen's pixels (as
/// Benchmarks/vm/photon's uinput device), feeding the window through a
/// `TouchFeed`. Each frame's records become the events a kernel's multitouch
/// protocol B gives for them (built before the count starts), fed as one read.
@MainActor
final class DemoReader {
    let hub: InputHub
    let feed: TouchFeed
    let fingers: Int
    static let device = "bench"

    /// No nodes: the one touchscreen is made up.
    final class NoNodes: InputNodeSource {
        let source = "benchmark"
        func enumerate() -> [InputNode] { [] }
        func start(with poller: InputPoller, rank: Int, handler: @escaping (InputNodeChange) -> Void) throws {}
        func stop() {}
    }

    init(application: Application, window: Window, fingers: Int) {
        let poller = try! InputPoller(queue: nil)
        let backend = InputHub.Backend(poller: { poller }, nodes: { NoNodes() }) { devnode, _ in
            throw DeviceError(devnode, .cannotOpen(.noSuchFileOrDirectory))
        }
        hub = InputHub(selection: DeviceSelection(), options: InputOptions(screenWidth: 1280, screenHeight: 800), backend: backend)
        feed = TouchFeed(hub: hub, application: application, window: window)
        self.fingers = fingers
        try! feed.start()
        let x = AbsInfo(minimum: 0, maximum: 1279), y = AbsInfo(minimum: 0, maximum: 799)
        hub.openVirtualTouchscreen(
            DeviceDescription(
                name: "benchmark touchscreen", id: InputID(bustype: 0x06), properties: [InputProperty.direct],
                types: [EventType.syn, EventType.key, EventType.abs],
                codes: [
                    EventType.key: [KeyCode.touch],
                    EventType.abs: [AbsCode.x, AbsCode.y, AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID],
                ],
                absInfo: [
                    AbsCode.x: x, AbsCode.y: y, AbsCode.mtPositionX: x, AbsCode.mtPositionY: y,
                    AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 9), AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
                ]),
            as: Self.device)
    }

    /// The kernel's events for one frame of records: each finger's slot, its
    /// tracking ID when it lands or lifts, its position; the single-touch
    /// axes; SYN_REPORT.
    func events(_ records: [TouchRecord]) -> [InputEvent] {
        guard let first = records.first else { return [] }
        let time = first.time
        var events: [InputEvent] = []
        func add(_ type: UInt16, _ code: UInt16, _ value: Int32) { events.append(InputEvent(time: time, type: type, code: code, value: value)) }
        for record in records {
            add(EventType.abs, AbsCode.mtSlot, Int32(record.touch % fingers))
            switch record.phase {
            case .began: add(EventType.abs, AbsCode.mtTrackingID, Int32(record.touch))
            case .ended, .cancelled:
                add(EventType.abs, AbsCode.mtTrackingID, -1)
                continue
            default: break
            }
            add(EventType.abs, AbsCode.mtPositionX, Int32(record.x))
            add(EventType.abs, AbsCode.mtPositionY, Int32(record.y))
        }
        if first.phase == .began { add(EventType.key, KeyCode.touch, 1) }
        if first.phase == .ended { add(EventType.key, KeyCode.touch, 0) }
        if first.phase != .ended {
            add(EventType.abs, AbsCode.x, Int32(first.x))
            add(EventType.abs, AbsCode.y, Int32(first.y))
        }
        add(EventType.syn, SynCode.report, 0)
        return events
    }

    /// What the hub is fed for these frames: one read's worth.
    func fed(_ frames: [[TouchRecord]]) -> [(events: [InputEvent], device: String)] { frames.map { (events($0), Self.device) } }

    func read(_ frames: [[TouchRecord]]) { hub.feedVirtual(fed(frames)) }
}

@inline(never) @MainActor
func repaintDemoFrame(_ compositor: Compositor) { _ = try! compositor.presentNow() }
