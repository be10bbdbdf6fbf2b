// Release-mode benchmarks for the kernel-input layer. Each figure is measured
// side by side with a floor in the same run, so the ratio holds on any machine:
//
//   swift run -c release touchbridge-benchmarks
//
// Results go in BENCHMARKS.md.
import Foundation
import KernelInput

/// Keeps a result alive so the optimizer cannot drop the work that made it.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// A value the optimizer cannot see through, so no run's work is hoisted out of the timing.
@inline(never) @_optimize(none)
func opaque<T>(_ value: T) -> T { value }

/// Best of `runs` timings, in seconds: the least disturbed run.
func best(runs: Int, _ body: (Int) -> Void) -> Double {
    var fastest = UInt64.max
    for run in 0..<runs {
        let salt = opaque(run)
        let start = now()
        body(salt)
        fastest = min(fastest, now() - start)
    }
    return Double(fastest) / 1e9
}

/// The floor: read every event once, keeping a checksum.
@inline(never)
func iterate(_ events: [InputEvent], salt: Int) -> Int64 {
    var sum = Int64(salt)
    for event in events { sum &+= Int64(event.value) &+ Int64(event.code) }
    return sum
}

/// The tracker over the same events, reading every frame it completes.
@inline(never)
func track(_ events: [InputEvent], salt: Int) -> Int {
    var tracker = ContactTracker(mode: .slots(count: 10))
    var changes = salt
    tracker.process(events) { frame in
        for contact in frame.contacts where contact.phase != .stationary { changes += 1 }
    }
    return changes
}

/// Ten fingers on a protocol-B panel: each frame moves all ten (slot, X, Y),
/// every 100 frames they all lift and land again with new tracking IDs.
func tenFingerStream(frames: Int) -> [InputEvent] {
    var events: [InputEvent] = []
    events.reserveCapacity(frames * 32)
    var trackingID: Int32 = 0
    for frame in 0..<frames {
        let time = EventTime(microseconds: Int64(frame) * 8000)
        let phase = frame % 100
        for finger in 0..<10 {
            events.append(InputEvent(time: time, type: EventType.abs, code: AbsCode.mtSlot, value: Int32(finger)))
            if phase == 0 {
                events.append(InputEvent(time: time, type: EventType.abs, code: AbsCode.mtTrackingID, value: trackingID))
                trackingID += 1
            } else if phase == 99 {
                events.append(InputEvent(time: time, type: EventType.abs, code: AbsCode.mtTrackingID, value: -1))
                continue
            }
            events.append(
                InputEvent(time: time, type: EventType.abs, code: AbsCode.mtPositionX, value: Int32(100 * finger + phase)))
            events.append(
                InputEvent(time: time, type: EventType.abs, code: AbsCode.mtPositionY, value: Int32(50 + 2 * phase)))
        }
        events.append(InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0))
    }
    return events
}

func benchmarkTracker() -> String {
    let environment = ProcessInfo.processInfo.environment
    let events = tenFingerStream(frames: Int(environment["BENCH_FRAMES"] ?? "") ?? 300_000)
    let runs = Int(environment["BENCH_RUNS"] ?? "") ?? 45

    // The floor: touch every event once and keep a result the optimizer cannot drop.
    // Floor and tracker alternate, and the ratio is taken within each pair,
    // so that drift in the machine (the other core's load) cancels out.
    var pairs: [(floor: Double, tracked: Double)] = []
    for run in 0..<runs {
        let salt = opaque(run)
        var start = now()
        blackHole(iterate(events, salt: salt))
        let floorTime = Double(now() - start) / 1e9
        start = now()
        blackHole(track(events, salt: salt))
        pairs.append((floorTime, Double(now() - start) / 1e9))
    }
    let ratios = pairs.map { $0.tracked / $0.floor }.sorted()
    let ratio = ratios[runs / 2]
    let (low, high) = (ratios[runs / 10], ratios[runs - 1 - runs / 10])
    if ProcessInfo.processInfo.environment["BENCH_DEBUG"] != nil { print(pairs.map { String(format: "%.1f/%.1f", $0.floor * 1e3, $0.tracked * 1e3) }) }
    let floor = pairs.map(\.floor).min()!
    let tracked = pairs.map(\.tracked).min()!
    let count = Double(events.count)
    let perSecond = count / tracked
    return """
        ### Contact tracker, synthetic 10-finger protocol-B stream

        | | events | best of \(runs) | ns/event | events/s |
        |---|---:|---:|---:|---:|
        | floor: iterate the in-memory events | \(events.count) | \(ms(floor)) | \(ns(floor / count)) | \(millions(count / floor)) |
        | ContactTracker.process(events) + read each frame | \(events.count) | \(ms(tracked)) | \(ns(tracked / count)) | \(millions(perSecond)) |

        **Ratio to the floor: \(String(format: "%.2f", ratio))x**, the median of \(runs) side-by-side pairs \
        (10th to 90th percentile \(String(format: "%.2f", low))x to \(String(format: "%.2f", high))x; target: under 5x). \
        **\(millions(perSecond)) events/s** (target: at least 20 M/s). \
        \(ratio < 5 && perSecond >= 20e6 ? "Both targets met." : "TARGET MISSED.")

        """
}

func benchmarkParsers(fixture: URL) throws -> String {
    // A real recording (Dell Canvas, 5 fingers), repeated into a large text the way each tool writes it.
    let original = try RecordingReader.load(files: [fixture.path])[0]
    var big = original
    big.events = []
    let span = (original.events.last?.time.microseconds ?? 0) + 10_000
    for round in 0..<40 {
        for event in original.events {
            var shifted = event
            shifted.time.microseconds += Int64(round) * span
            big.events.append(shifted)
        }
    }
    let runs = 5
    var rows = ""
    var summary = ""
    for (name, text) in [("evemu", EvemuWriter.write(big)), ("evtest", EvtestWriter.write(big))] {
        let bytes = Array(text.utf8)
        let megabytes = Double(bytes.count) / 1e6
        // The floor: find every line end with memchr, the least a line-based reader can do.
        let floor = best(runs: runs) { salt in
            var lines = salt
            bytes.withUnsafeBufferPointer { buffer in
                var start = 0
                while start < buffer.count,
                    let hit = memchr(buffer.baseAddress! + start, 0x0a, buffer.count - start)
                {
                    start = buffer.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
                    lines += 1
                }
            }
            blackHole(lines)
        }
        let parsed = best(runs: runs) { _ in
            if name == "evemu" {
                blackHole(try! EvemuReader.read(bytes, file: "bench").events.count)
            } else {
                blackHole(try! EvtestReader.read(bytes, file: "bench").count)
            }
        }
        rows += "| \(name) reader | \(String(format: "%.1f", megabytes)) MB | \(ms(parsed)) | \(String(format: "%.0f", megabytes / parsed)) MB/s | \(String(format: "%.0f", megabytes / floor)) MB/s | \(String(format: "%.1f", parsed / floor))x |\n"
        summary += "\(name): **\(String(format: "%.0f", megabytes / parsed)) MB/s** (target: at least 100 MB/s) \(megabytes / parsed >= 100 ? "met" : "MISSED"). "
    }
    return """
        ### Parsers, a real recording (Dell Canvas, 5363 events) repeated 40 times

        | | size | best of \(runs) | throughput | floor: memchr line scan | ratio to floor |
        |---|---:|---:|---:|---:|---:|
        \(rows)
        \(summary)

        """
}

func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
func ns(_ seconds: Double) -> String { String(format: "%.2f", seconds * 1e9) }
func millions(_ value: Double) -> String { String(format: "%.1f M", value / 1e6) }

let fixture = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/Fixtures/recordings/evemu-dell-canvas-advanced-silicon-cooltouch-5finger.txt")
/// The recordings every finger's stroke is predicted on: the shared set beside this clone, or BENCH_RECORDINGS.
let sharedRecordings = ProcessInfo.processInfo.environment["BENCH_RECORDINGS"].map { URL(fileURLWithPath: $0) }
    ?? URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("shared/recordings")
// BENCH_ONLY=tracker|parsers|filters|delivery|keys|hittest|memory|deceleration|table|drawing|text|demo|layout|layers|push|drag|sheet|session|prediction|vnc|shadows|sublayers|transition|card|caret runs one figure.
let only = ProcessInfo.processInfo.environment["BENCH_ONLY"]
func wanted(_ name: String) -> Bool { only == nil || only == name }
if wanted("tracker") { print(benchmarkTracker()) }
if wanted("parsers") { print(try benchmarkParsers(fixture: fixture)) }
if wanted("filters") { print(benchmarkFilters()) }
MainActor.assumeIsolated {
    if wanted("delivery") { print(benchmarkDelivery()) }
    if wanted("keys") { print(benchmarkKeys()) }
    if wanted("hittest") { print(benchmarkHitTesting()) }
    if wanted("memory") { print(benchmarkReplayMemory()) }
    if wanted("deceleration") { print(benchmarkDeceleration()) }
    if wanted("table") { print(benchmarkTableScrolling()) }
    if wanted("drawing") { print(benchmarkRepaint()) }
    if wanted("text") { print(benchmarkText()) }
    if wanted("demo") { print(benchmarkDemoFrame()) }
    if wanted("layout") { print(benchmarkLayout()) }
    if wanted("layers") { print(benchmarkLayers()) }
    if wanted("push") { print(benchmarkPush()) }
    if wanted("drag") { print(benchmarkTableDrag()) }
    if wanted("sheet") { print(benchmarkSheet()) }
    if wanted("session") { print(benchmarkSession()) }
    if wanted("vnc") { print(benchmarkRemote()) }
    if wanted("shadows") { print(benchmarkShadows()) }
    if wanted("sublayers") { print(benchmarkSublayers()) }
    if wanted("transition") { print(benchmarkTransition()) }
    if wanted("card") { print(benchmarkCardDrag()) }
    if wanted("caret") { print(benchmarkCaretBlink()) }
}
if wanted("prediction") {
    do {
        print(try MainActor.assumeIsolated { try benchmarkPrediction(recordings: sharedRecordings) })
    } catch {
        FileHandle.standardError.write(Data("touchbridge-benchmarks: prediction: \(error)\n".utf8))
        exit(1)
    }
}
