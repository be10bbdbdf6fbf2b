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
        var options = InputOptions()
        options.quirks = quirks
        let keymap = try keymap
        let context = DispatchContext(node: "/dev/input/event4", options: options, keymap: { keymap }, warn: { warnings.append($0) })
        let dispatch = try context.dispatch(for: keypad) { description in
            #expect(description.codes[EventType.key] == [30])
            return .of(description)
        }
        #expect(warnings == ["/dev/input/event4: 'Keypad': corrected by the quirk [Stuck]"])
        let typed = collect { post in dispatch.process((key(48, 1) + key(30, 1))[...], post: post) }
        let keys = typed.compactMap { output -> [KeyRecord]? in if case .keys(let records) = output { records } else { nil } }.flatMap { $0 }
        #expect(keys.map(\.code) == [30])
    }

    /// Every kind is decided in one place, and made there: a recording's
    /// keyboard, knob and touchscreen, and a keyboard the configuration
    /// names a scanner, each get their own dispatch.
    @Test func eachKindOfDeviceGetsItsOwnDispatch() throws {
        let keymap = try keymap
        func made(_ name: String, scanner: Bool = false) throws -> (InputDeviceKind, any DeviceDispatch) {
            let device = try #require(RecordingReader.load(files: [Fixtures.path(name)]).first?.device)
            let context = DispatchContext(node: name, options: InputOptions(), keymap: { keymap }, warn: { _ in })
            let kind = InputDeviceKind.of(device, scanner: scanner)
            return (kind, try context.dispatch(for: device) { .of($0, scanner: scanner) })
        }
        let keyboard = try made("evemu-lenovo-thinkpad-compact-keyboard-ctrl-c.txt")
        #expect(keyboard.0 == .keyboard && keyboard.1 is KeyboardDispatch)
        let scanner = try made("evemu-lenovo-thinkpad-compact-keyboard-ctrl-c.txt", scanner: true)
        #expect(scanner.0 == .scanner && scanner.1 is ScannerDispatch)
        let touchscreen = try made("evemu-ep0430m09-touchscreen-2finger-scroll.txt")
        #expect(touchscreen.0 == .touchscreen && touchscreen.1 is TouchscreenDispatch)
        let knob = DeviceDescription(name: "rotary@0", types: [EventType.rel], codes: [EventType.rel: [RelCode.dial]])
        #expect(InputDeviceKind.of(knob) == .knob)
        let context = DispatchContext(node: "knob", options: InputOptions(), keymap: { keymap }, warn: { _ in })
        #expect(try context.dispatch(for: knob) { .of($0) } is KnobDispatch)
    }

    /// A knob's turns are its arrow keys, each step pressed and let go, at
    /// most ten a frame; a turn of no knob axis is nothing.
    @Test func aKnobTurnsIntoArrowKeys() throws {
        let knob = KnobDispatch(KeyDevice(index: 2, keymap: try keymap), node: "rotary@0")
        let turn: [InputEvent] = [
            InputEvent(time: time, type: EventType.rel, code: RelCode.dial, value: -2),
            InputEvent(time: time, type: EventType.rel, code: RelCode.hWheel, value: 30),
            InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0),
        ]
        let output = collect { post in knob.process(turn[...], post: post) }
        let records = output.compactMap { output -> [KeyRecord]? in if case .keys(let records) = output { records } else { nil } }.flatMap { $0 }
        #expect(records.filter { $0.code == 103 }.map(\.phase) == [.began, .ended, .began, .ended])  // Up, twice
        #expect(records.filter { $0.code == 106 }.count == 20)  // Right, ten times
        #expect(records.allSatisfy { $0.device == 2 } && records.count == 24)
    }

    @Test func aLiveTouchscreenCountsItsOverflowsAndCancelsWhatIsDownWhenItGoes() throws {
        var window = WindowTouches(width: 800, height: 480)
        var warnings: [String] = []
        let screen = try TouchscreenDispatch(
            window.device, node: "panel", options: InputOptions(screenWidth: 800, screenHeight: 480), warn: { warnings.append($0) })
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
