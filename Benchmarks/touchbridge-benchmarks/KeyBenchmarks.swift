import Bridge
import Foundation
import KernelInput
import TouchUI

/// A responder that counts what reaches it, as an app's view would act on it.
final class CountingResponder: View {
    var pressesBegun = 0
    var touchesBegun = 0
    override var canBecomeFirstResponder: Bool { true }
    override func pressesBegan(_ presses: Set<Press>, with event: Event?) { pressesBegun += presses.count }
    override func pressesEnded(_ presses: Set<Press>, with event: Event?) {}
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { touchesBegun += touches.count }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {}
}

/// One press (down and up) of the key `code` as a USB keyboard sends it: a
/// scan code, the key, the frame's end; then the same going up.
func keyPressEvents(_ code: UInt16, at time: Int64) -> [[InputEvent]] {
    [Int32(1), 0].enumerated().map { index, value in
        let stamp = EventTime(microseconds: time + Int64(index) * 50_000)
        return [
            InputEvent(time: stamp, type: EventType.msc, code: MscCode.scan, value: 0x70000 + Int32(code)),
            InputEvent(time: stamp, type: EventType.key, code: code, value: value),
            InputEvent(time: stamp, type: EventType.syn, code: SynCode.report, value: 0),
        ]
    }
}

/// Key presses from the kernel's events to the first responder: through
/// the keymap (KeyDevice), PressDispatcher and Application.sendEvent. Kept
/// out of line so callgrind can count it alone (Benchmarks/key-instructions).
@inline(never) @MainActor
func keyPass(_ frames: [[InputEvent]], keys: KeyDevice, dispatcher: PressDispatcher) {
    for events in frames {
        for records in keys.read(events[...]) { dispatcher.dispatch(records) }
    }
}

/// A finger's tap from the kernel's events to the view under it, the same
/// way: TouchscreenDispatch (tracker and mapping), TouchDispatcher, hit-testing once.
@inline(never) @MainActor
func tapPass(_ frames: [[InputEvent]], touches: TouchscreenDispatch, dispatcher: TouchDispatcher) {
    for events in frames {
        touches.process(events[...]) { if case .frame(let records) = $0 { dispatcher.dispatch(records) } }
    }
}

/// A single-slot touchscreen tap: down at a point, then up.
func tapEvents(at time: Int64, tracking id: Int32) -> [[InputEvent]] {
    let down = EventTime(microseconds: time), up = EventTime(microseconds: time + 50_000)
    return [
        [
            InputEvent(time: down, type: EventType.abs, code: AbsCode.mtSlot, value: 0),
            InputEvent(time: down, type: EventType.abs, code: AbsCode.mtTrackingID, value: id),
            InputEvent(time: down, type: EventType.abs, code: AbsCode.mtPositionX, value: 400),
            InputEvent(time: down, type: EventType.abs, code: AbsCode.mtPositionY, value: 300),
            InputEvent(time: down, type: EventType.key, code: KeyCode.touch, value: 1),
            InputEvent(time: down, type: EventType.syn, code: SynCode.report, value: 0),
        ],
        [
            InputEvent(time: up, type: EventType.abs, code: AbsCode.mtTrackingID, value: -1),
            InputEvent(time: up, type: EventType.key, code: KeyCode.touch, value: 0),
            InputEvent(time: up, type: EventType.syn, code: SynCode.report, value: 0),
        ],
    ]
}

/// `BENCH_KEYS=taps` runs the taps alone (for callgrind); otherwise the keys alone, or both side by side.
@MainActor
func benchmarkKeys() -> String {
    let app = Application()
    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
    window.makeKeyAndVisible()
    let responder = CountingResponder(frame: window.bounds)
    window.addSubview(responder)
    _ = responder.becomeFirstResponder()
    let keymap = try! Keymap(KeymapNames(layout: "us"))
    let keys = KeyDevice(index: 0, keymap: keymap)
    let pressDispatcher = PressDispatcher(application: app)
    // A real panel's description (EP0430M09, 1280x768 units, protocol B), the tap at (400, 300) on it.
    let panel = try! RecordingReader.load(
        files: [fixture.deletingLastPathComponent().appendingPathComponent("evemu-ep0430m09-touchscreen.desc.txt").path])[0].device!
    let touches = try! TouchscreenDispatch(panel, node: "panel", options: InputOptions(), warn: { _ in })
    let touchDispatcher = TouchDispatcher(application: app, window: window)

    let presses = 5_000
    // Letters a to z in turn, as typing is.
    let letters: [UInt16] = [30, 48, 46, 32, 18, 33, 34, 35, 23, 36, 37, 38, 50, 49, 24, 25, 16, 19, 31, 20, 22, 47, 17, 45, 21, 44]
    let keyFrames = (0..<presses).flatMap { keyPressEvents(letters[$0 % letters.count], at: Int64($0) * 100_000) }
    let tapFrames = (0..<presses).flatMap { tapEvents(at: Int64($0) * 100_000, tracking: Int32($0 % 60_000)) }
    // Warmed up outside the counted functions: lazy binding and first-use setup are not per-frame costs.
    for events in keyFrames.prefix(200) { for records in keys.read(events[...]) { pressDispatcher.dispatch(records) } }
    for events in tapFrames.prefix(200) { touches.process(events[...]) { if case .frame(let records) = $0 { touchDispatcher.dispatch(records) } } }
    switch ProcessInfo.processInfo.environment["BENCH_KEYS"] {
    case "taps":
        tapPass(tapFrames, touches: touches, dispatcher: touchDispatcher)
        return "taps: \(presses * 2) events"
    case "keys":
        keyPass(keyFrames, keys: keys, dispatcher: pressDispatcher)
        return "keys: \(presses * 2) events"
    default: break
    }
    // Alternate the two in one run, so both see the same machine.
    var keyTimes: [Double] = [], tapTimes: [Double] = [], ratios: [Double] = []
    for _ in 0..<15 {
        let k = best(runs: 1) { _ in keyPass(keyFrames, keys: keys, dispatcher: pressDispatcher) } / Double(presses * 2) * 1e6
        let t = best(runs: 1) { _ in tapPass(tapFrames, touches: touches, dispatcher: touchDispatcher) } / Double(presses * 2) * 1e6
        keyTimes.append(k)
        tapTimes.append(t)
        ratios.append(k / t)
    }
    precondition(responder.pressesBegun == presses * 15 + 100 && responder.touchesBegun == presses * 15 + 100)
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    return """
        ### A key press to the first responder's pressesBegan

        A US keymap; \(presses) presses of the letters in turn, each two kernel frames (down, up) with a USB
        keyboard's MSC_SCAN: KeyDevice (xkbcommon), PressDispatcher, Application.sendEvent, the first
        responder's pressesBegan/pressesEnded. Beside it, in the same run, a finger's tap from a touchscreen's
        kernel frames to the view under it (TouchscreenDispatch, TouchDispatcher, hit-testing).

        | per kernel frame | median of 15 runs | best |
        |---|---|---|
        | key press (down or up) | \(String(format: "%.2f", median(keyTimes))) µs | \(String(format: "%.2f", keyTimes.min()!)) µs |
        | touch (down or up) | \(String(format: "%.2f", median(tapTimes))) µs | \(String(format: "%.2f", tapTimes.min()!)) µs |

        Key against touch, median of the 15 ratios: \(String(format: "%.2f", median(ratios)))x.
        """
}
