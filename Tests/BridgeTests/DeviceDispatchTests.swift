import Bridge
import Desktop
import KernelInput
import Testing

/// Each kind of device's dispatch, alone: what a frame of its events becomes.
struct DeviceDispatchTests {
    let time = EventTime(microseconds: 1_000_000)

    func key(_ code: UInt16, _ value: Int32) -> [InputEvent] {
        [
            InputEvent(time: time, type: EventType.key, code: code, value: value),
            InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0),
        ]
    }

    func collect(_ body: ((InputHubOutput) -> Void) -> Void) -> [InputHubOutput] {
        var outputs: [InputHubOutput] = []
        body { outputs.append($0) }
        return outputs
    }

    var keymap: Keymap { get throws { try Keymap(KeymapNames(layout: "us")) } }

    @Test func aScannerHandsOnLinesNeverKeys() throws {
        let scanner = ScannerDispatch(KeyDevice(index: 0, keymap: try keymap), node: "/dev/input/event7", name: "Honeywell")
        // "12", Return, then "3" cut short by the scanner going away.
        let events = [2, 3, 28, 4].flatMap { key(UInt16($0), 1) + key(UInt16($0), 0) }
        let read = collect { post in scanner.process(events[...], post: post) }
        #expect(read == [.scanned(line: "12", scanner: "Honeywell")])
        #expect(collect { post in scanner.finish(post: post) }.isEmpty)
    }

    @Test func aKeyboardCancelsWhatIsDownWhenItGoesAndNotesKeysTheKeymapLacks() throws {
        let keyboard = KeyboardDispatch(KeyDevice(index: 3, keymap: try keymap), node: "/dev/input/event2")
        let typed = collect { post in keyboard.process((key(30, 1) + key(767, 1))[...], post: post) }
        #expect(typed.count == 2)
        // The note comes as the frame is read; the frame's keys once it is whole.
        guard case .note(.debug(let note)) = typed.first, case .keys(let records) = typed.last else {
            Issue.record("want a note, then the A key: \(typed)")
            return
        }
        #expect(records.map(\.phase) == [.began] && records.map(\.characters) == ["a"] && records[0].device == 3)
        #expect(note.hasPrefix("/dev/input/event2: ") && note.hasSuffix("; ignored"))
        let gone = collect { post in #expect(keyboard.finish(post: post) == 0) }
        guard case .keys(let cancelled) = gone.first else {
            Issue.record("want A cancelled: \(gone)")
            return
        }
        #expect(cancelled.map(\.phase) == [.cancelled] && cancelled.map(\.code) == [30])
    }

    /// Quirks apply to every kind of device: a keypad's stuck key, disabled
    /// by a quirk, never reaches its keyboard dispatch.
    @Test func aKeyboardsQuirkDropsTheKeyItDisables() throws {
        let quirks = try DeviceQuirks(parsing: "[Stuck]\nMatchName=Keypad\nAttrEventCode=-KEY_B\n", path: "stuck.quirks")
        let keypad = DeviceDescription(
            name: "Keypad", types: [EventType.key], codes: [EventType.key: [30, 48]])
        var warnings: [String] = []
        let keymap = try keymap
        let dispatch = quirks.dispatch(for: keypad, source: "/dev/input/event4", warn: { warnings.append($0) }) { description in
            #expect(description.codes[EventType.key] == [30])
            return KeyboardDispatch(KeyDevice(index: 0, keymap: keymap), node: "/dev/input/event4")
        }
        #expect(warnings == ["/dev/input/event4: 'Keypad': corrected by the quirk [Stuck]"])
        let typed = collect { post in dispatch.process((key(48, 1) + key(30, 1))[...], post: post) }
        let keys = typed.compactMap { if case .keys(let records) = $0 { records } else { nil } }.flatMap { $0 }
        #expect(keys.map(\.code) == [30])
    }

    @Test func aLiveTouchscreenCountsItsOverflowsAndCancelsWhatIsDownWhenItGoes() throws {
        var window = WindowTouches(width: 800, height: 480)
        var warnings: [String] = []
        let screen = try TouchscreenDispatch(
            window.device, node: "panel", options: InputMapping(screenWidth: 800, screenHeight: 480), warn: { warnings.append($0) })
        let down = window.mouseDown(x: 100, y: 50, modifiers: [], time: time)
        let began = collect { post in screen.process(down[...], post: post) }
        #expect(began.count == 1 && screen.touchesDown == 1)
        let dropped = [InputEvent(time: time, type: EventType.syn, code: SynCode.dropped, value: 0)]
        screen.process(dropped[...]) { _ in }
        screen.process(dropped[...]) { _ in }
        #expect(warnings.count == 2 && screen.overflows == 2)
        #expect(warnings.last?.hasSuffix("resynchronized through libevdev (2 overflows so far)") == true)
        let gone = collect { post in #expect(screen.finish(post: post) == 1) }
        guard case .frame(let records) = gone.first else {
            Issue.record("want the touch cancelled: \(gone)")
            return
        }
        #expect(records.map(\.phase) == [.cancelled])
    }
}
