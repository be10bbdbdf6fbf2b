import Bridge
import Foundation
import KernelInput
import TouchUI

/// A tree for hit-testing: along the path to the touched leaf, every level
/// has `siblings` views, the path's view added first so that it is asked
/// last. `padding` more views hang under the off-path siblings, where the
/// point never goes: the total grows, the work should not.
@MainActor
func pathTree(depth: Int, siblings: Int, padding: Int) -> (window: Window, leaf: View, total: Int) {
    let window = Window(frame: Rect(x: 0, y: 0, width: 1000, height: 1000), application: Application())
    var parent: View = window
    var offPath: [View] = []
    var total = 0
    for _ in 0..<depth {
        let onPath = View(frame: Rect(x: 0, y: 0, width: 1000, height: 1000))
        parent.addSubview(onPath)
        total += 1
        for _ in 1..<siblings {
            let other = View(frame: Rect(x: 2000, y: 2000, width: 10, height: 10))
            parent.addSubview(other)
            offPath.append(other)
            total += 1
        }
        parent = onPath
    }
    var index = 0
    while total < padding && !offPath.isEmpty {
        offPath[index % offPath.count].addSubview(View(frame: Rect(x: 0, y: 0, width: 5, height: 5)))
        index += 1
        total += 1
    }
    return (window, parent, total)
}

@MainActor
func benchmarkHitTesting() -> String {
    var rows = ""
    for (siblings, padding) in [(10, 100), (10, 1000), (10, 10_000), (20, 10_000)] {
        let (window, leaf, total) = pathTree(depth: 10, siblings: siblings, padding: padding)
        let point = Point(x: 500, y: 500)
        precondition(window.hitTest(point, with: nil) === leaf)
        let repetitions = 20_000
        let seconds = best(runs: 5) { _ in
            var hits = 0
            for _ in 0..<repetitions where window.hitTest(point, with: nil) != nil { hits += 1 }
            blackHole(hits)
        }
        rows += "| \(total) | 10 | \(siblings) | \(String(format: "%.2f", seconds / Double(repetitions) * 1e6)) µs |\n"
    }
    return """
        ### Hit-testing: cost follows depth × siblings on the path, not the number of views

        Each tree is 10 levels deep with the given number of siblings per level along the path
        (the path's view asked last); the other views hang under siblings the point never enters.

        | views | depth | siblings per level | one hit test |
        |---:|---:|---:|---:|
        \(rows)
        """
}

/// A window of 1,000 views, 10 deep, with 10 fingers down, each on its own
/// leaf; with `recognizersPerLevel`, that many pan recognizers on every
/// view along each finger's chain (two per level: twenty per finger).
/// Returns a function that delivers `frames` frames of the fingers moving.
@MainActor
func deliverySetup(recognizersPerLevel: Int) -> (Int) -> Void {
    let app = Application()
    let window = Window(frame: Rect(x: 0, y: 0, width: 1000, height: 1000), application: app)
    window.makeKeyAndVisible()
    // Ten columns, each a chain of 10 nested views; 900 more views beside them.
    var leaves: [View] = []
    for column in 0..<10 {
        var parent: View = window
        for level in 0..<10 {
            let frame = level == 0 ? Rect(x: Double(column) * 100, y: 0, width: 100, height: 1000) : Rect(x: 0, y: 0, width: 100, height: 1000)
            let view = View(frame: frame)
            view.isMultipleTouchEnabled = true
            for _ in 0..<recognizersPerLevel {
                let pan = PanGestureRecognizer()
                pan.minimumDistance = 1_000_000  // they watch every move and never begin
                view.addGestureRecognizer(pan)
            }
            parent.addSubview(view)
            parent = view
        }
        leaves.append(parent)
    }
    for index in 0..<900 { leaves[index % 10].superview!.addSubview(View(frame: Rect(x: 200, y: 0, width: 1, height: 1))) }
    let dispatcher = TouchDispatcher(application: app, window: window)
    func records(_ phase: ContactPhase, frame: Int) -> [TouchRecord] {
        (0..<10).map { finger in
            TouchRecord(
                time: EventTime(microseconds: Int64(frame) * 8000), touch: finger, phase: phase,
                x: Double(finger) * 100 + 50, y: Double(100 + frame % 500), tapCount: 1, frame: frame)
        }
    }
    dispatcher.dispatch(records(.began, frame: 0))
    precondition(dispatcher.activeTouches.map { $0.view.map(ObjectIdentifier.init) } == leaves.map(ObjectIdentifier.init))
    var frame = 1
    return { frames in
        for _ in 0..<frames {
            dispatcher.dispatch(records(.moved, frame: frame))
            frame += 1
        }
    }
}

@MainActor
func benchmarkDelivery() -> String {
    // BENCH_DELIVERY_ONLY=plain|recognizers BENCH_DELIVERY_FRAMES=N delivers one kind only, for callgrind's counts.
    if let only = ProcessInfo.processInfo.environment["BENCH_DELIVERY_ONLY"] {
        let frames = ProcessInfo.processInfo.environment["BENCH_DELIVERY_FRAMES"].flatMap(Int.init) ?? 1000
        let deliver = deliverySetup(recognizersPerLevel: only == "recognizers" ? 2 : 0)
        deliver(frames)
        return "delivered \(frames) frames (\(only))"
    }
    let plain = deliverySetup(recognizersPerLevel: 0)
    let withRecognizers = deliverySetup(recognizersPerLevel: 2)
    // Alternate the two in one run so that both see the same machine.
    let frames = 5_000
    var plainTimes: [Double] = []
    var recognizerTimes: [Double] = []
    var ratios: [Double] = []
    for _ in 0..<15 {
        let a = best(runs: 1) { _ in plain(frames) } / Double(frames) * 1e6
        let b = best(runs: 1) { _ in withRecognizers(frames) } / Double(frames) * 1e6
        plainTimes.append(a)
        recognizerTimes.append(b)
        ratios.append(b / a)
    }
    plainTimes.sort()
    recognizerTimes.sort()
    ratios.sort()
    let perFrame = plainTimes[0]
    let ratio = ratios[ratios.count / 2]
    return """
        ### Delivering a frame of 10 moving fingers through a 1,000-view tree 10 deep

        Each finger is bound to its own leaf; every `touchesMoved` passes up all ten levels, the
        controller-less window and the application (the default responder behaviour).
        TouchDispatcher.dispatch: records to Touch updates, one Event, Application.sendEvent.

        **\(String(format: "%.2f", perFrame)) µs per frame** (best of 15 runs of \(frames) frames; target: under 20 µs) \(perFrame < 20 ? "met" : "MISSED").

        With twenty pan recognizers along each finger's chain (two per level; they see every move
        and never begin): **\(String(format: "%.2f", recognizerTimes[0])) µs per frame**; the median of 15
        side-by-side pairs is **\(String(format: "%.2f", ratio))x** the cost without them (10th to 90th
        percentile \(String(format: "%.2f", ratios[1]))x to \(String(format: "%.2f", ratios[13]))x; target: under 2x) \(ratio < 2 ? "met" : "MISSED").

        """
}

/// Resident memory while a million frames are replayed into a window.
@MainActor
func benchmarkReplayMemory() -> String {
    func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = Int(text.split(separator: " ")[1])
        else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
    let app = Application()
    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
    window.makeKeyAndVisible()
    window.addSubview(View(frame: Rect(x: 0, y: 0, width: 800, height: 480)))
    let dispatcher = TouchDispatcher(application: app, window: window)
    var samples: [(frames: Int, bytes: Int)] = []
    let total = 1_000_000
    var touch = 0
    for frame in 0..<total {
        // Two fingers; each lives 50 frames, then lifts and a new one lands.
        let phase: ContactPhase = frame % 50 == 0 ? .began : (frame % 50 == 49 ? .ended : .moved)
        let records = (0..<2).map { finger in
            TouchRecord(
                time: EventTime(microseconds: Int64(frame) * 8000), touch: touch + finger, phase: phase,
                x: Double(100 + finger * 300 + frame % 50), y: 200, tapCount: 1, frame: frame)
        }
        dispatcher.dispatch(records)
        if phase == .ended { touch += 2 }
        if frame % 100_000 == 99_999 { samples.append((frame + 1, residentBytes())) }
    }
    let warm = samples[0].bytes
    let growth = samples.map { $0.bytes - warm }.max()!
    let rows = samples.map { "| \($0.frames) | \(String(format: "%.2f", Double($0.bytes) / 1_048_576)) MiB |" }
        .joined(separator: "\n")
    return """
        ### Replaying a million frames: resident memory stays flat

        TouchDispatcher fed 1,000,000 frames of two fingers (a new pair every 50 frames), resident
        size read from /proc/self/statm every 100,000 frames.

        | frames | resident |
        |---:|---:|
        \(rows)

        **Growth after warm-up (100,000 frames): \(String(format: "%.3f", Double(growth) / 1_048_576)) MiB**
        (target: within 1 MB) \(growth <= 1_048_576 ? "met" : "MISSED").

        """
}

/// One display tick of a scroll view's deceleration: velocity decay, a
/// move of contentOffset (with its delegate call), and the next tick's timer.
@MainActor
func benchmarkDeceleration() -> String {
    final class Counter: ScrollViewDelegate {
        var scrolls = 0
        func scrollViewDidScroll(_ scrollView: ScrollView) { scrolls += 1 }
    }
    let app = Application()
    let timeline = VirtualTimeline()
    app.timeline = timeline
    let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 800), application: app)
    window.makeKeyAndVisible()
    let scroll = ScrollView(frame: window.bounds)
    scroll.contentSize = Size(width: 400, height: 10_000_000)
    for row in 0..<200 { scroll.addSubview(View(frame: Rect(x: 0, y: Double(row) * 44, width: 400, height: 44))) }
    let counter = Counter()
    scroll.delegate = counter
    window.addSubview(scroll)
    var ticks = 0
    var seconds = 0.0
    for round in 0..<200 {
        scroll.setContentOffset(Point(x: 0, y: Double(round % 2) * 5000 + 20_000), animated: true)
        let before = counter.scrolls
        let start = now()
        timeline.runPendingTimers(limit: 30)
        seconds += Double(now() - start) / 1e9
        ticks += counter.scrolls - before
    }
    let perTick = seconds / Double(max(ticks, 1)) * 1e6
    return """
        ### A scroll view's deceleration, per display tick

        \(ticks) ticks of animated scrolling (200 runs) in a 200-row scroll view: velocity or easing
        step, contentOffset and its delegate call, and scheduling the next tick on the run loop.

        **\(String(format: "%.2f", perTick)) µs per tick** (target: under 50 µs) \(perTick < 50 ? "met" : "MISSED").

        """
}
