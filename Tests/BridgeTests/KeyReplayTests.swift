import Foundation
import Bridge
import KernelInput
import Testing
import TouchUI

/// Keyboards replayed: real recordings' keys as jsonl lines, text through
/// the XKB layout asked for, and presses delivered to the first responder.
@MainActor
struct KeyReplayTests {
    func keys(_ recordings: [Recording], keymap: KeymapNames = KeymapNames(layout: "us")) throws -> [KeyRecord] {
        var options = InputOptions()
        options.keymap = keymap
        var records: [KeyRecord] = []
        try TouchReplay(options: options).run(recordings, warn: { _ in }, onFrame: { _ in }, onKeys: { records += $0 })
        return records
    }

    @Test func aRealKeyboardsKeysAsJSONLines() throws {
        let recording = try RecordingReader.load(files: [Fixtures.path("evemu-lenovo-thinkpad-compact-keyboard-ctrl-c.txt")])
        #expect(recording[0].device?.kind == .keyboard)
        // Enter comes up first (it was down before recording began): nothing. Then Ctrl+C, cut off by the recording's end.
        #expect(try keys(recording).map(\.jsonLine) == [
            #"{"time": 1.399994, "key": "KEY_LEFTCTRL", "phase": "began", "characters": "", "device": 0}"#,
            #"{"time": 1.560031, "key": "KEY_C", "phase": "began", "characters": "c", "device": 0}"#,
            #"{"time": 1.560031, "key": "KEY_LEFTCTRL", "phase": "cancelled", "characters": "", "device": 0}"#,
            #"{"time": 1.560031, "key": "KEY_C", "phase": "cancelled", "characters": "", "device": 0}"#,
        ])
    }

    /// Debian's libinput record reading a live keyboard (Tests/Fixtures/libinput-record/SOURCES.txt, 4).
    @Test func aLibinputRecordOfAKeyboardTypes() throws {
        let file = Fixtures.directory.deletingLastPathComponent()
            .appendingPathComponent("libinput-record/uinput-keyboard-typing-hey-kiosk.yml").path
        let recording = try RecordingReader.load(files: [file])
        #expect(recording[0].device?.kind == .keyboard)
        let records = try keys(recording)
        #expect(records.filter { $0.phase == .began }.map(\.characters).joined() == "Hey, kiosk!\r")
        #expect(records.count == 28)
    }

    @Test func kernelRepeatsAreNoChange() throws {
        // The K400 repeats Ctrl three times (value 2) before C goes down.
        let recording = try RecordingReader.load(files: [Fixtures.path("evemu-logitech-k400-plus-keyboard-ctrl-c.txt")])
        let records = try keys(recording)
        #expect(records.map(\.keyName) == ["KEY_LEFTCTRL", "KEY_C", "KEY_LEFTCTRL", "KEY_C"])
        #expect(records[1].modifiers == .control && records[1].symbol == "c")
    }

    /// The Lenovo keyboard typing `text` on a US board (KEY_ codes), a key at a time.
    func typing(_ codes: [UInt16]) throws -> [Recording] {
        let header = try String(contentsOfFile: Fixtures.path("evemu-lenovo-thinkpad-compact-keyboard-ctrl-c.txt"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("E:") }.joined(separator: "\n")
        var events: [String] = []
        for (index, code) in codes.enumerated() {
            let down = String(format: "%.6f", 1 + Double(index) * 0.1), up = String(format: "%.6f", 1.05 + Double(index) * 0.1)
            events += ["E: \(down) 0001 \(String(format: "%04x", code)) 0001", "E: \(down) 0000 0000 0000"]
            events += ["E: \(up) 0001 \(String(format: "%04x", code)) 0000", "E: \(up) 0000 0000 0000"]
        }
        return [try recording(header + "\n" + events.joined(separator: "\n") + "\n", file: "typing.evemu")]
    }

    @Test func theLayoutDecidesTheText() throws {
        // K E Y 1 on the keys of a US board.
        let codes: [UInt16] = [37, 18, 21, 2]
        let us = try keys(typing(codes)).map(\.characters).joined()
        let german = try keys(typing(codes), keymap: KeymapNames(layout: "de")).map(\.characters).joined()
        let french = try keys(typing(codes), keymap: KeymapNames(layout: "fr")).map(\.characters).joined()
        #expect(us == "key1")
        #expect(german == "kez1")
        #expect(french == "key&")
    }

    @Test func aWrongLayoutNamesTheKeyboardAndTheLayout() throws {
        let recording = try RecordingReader.load(files: [Fixtures.path("evemu-lenovo-thinkpad-compact-keyboard-ctrl-c.txt")])
        #expect(throws: RecordingError.self) { try keys(recording, keymap: KeymapNames(layout: "qq")) }
        do {
            _ = try keys(recording, keymap: KeymapNames(layout: "qq"))
        } catch let error as RecordingError {
            #expect(error.message.contains("'Lenovo ThinkPad Compact USB Keyboard with TrackPoint' is a keyboard, and there is no XKB layout named 'qq'"))
        }
    }

    @Test func keysTheKernelLetsGoAtUnplugAreCancelled() throws {
        // What a VM showed: X held, the kernel's autorepeat, and at unplug its release in a frame closed by SYN_REPORT 1.
        let header = try String(contentsOfFile: Fixtures.path("evemu-lenovo-thinkpad-compact-keyboard-ctrl-c.txt"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("E:") }.joined(separator: "\n")
        let events = [
            "E: 7.324321 0001 002d 0001", "E: 7.324321 0000 0000 0000", "E: 7.584187 0001 002d 0002", "E: 7.584187 0000 0000 0001",
            "E: 8.325860 0001 002d 0000", "E: 8.325860 0000 0000 0001",
        ]
        let records = try keys([try recording(header + "\n" + events.joined(separator: "\n") + "\n", file: "unplug.evemu")])
        #expect(records.map(\.jsonLine) == [
            #"{"time": 7.324321, "key": "KEY_X", "phase": "began", "characters": "x", "device": 0}"#,
            #"{"time": 8.325860, "key": "KEY_X", "phase": "cancelled", "characters": "", "device": 0}"#,
        ])
    }

    @Test func aScannersKeysBecomeLines() throws {
        // A scanner types digits, Shift-dash and Return, twice.
        let codes: [UInt16] = [5, 11, 11, 6, 28, 3, 4, 28]
        var lines = ScannedLines()
        var read: [String] = []
        for record in try keys(typing(codes)) { read += lines.add([record]) }
        #expect(read == ["4005", "23"])
        let settings = DeviceSelection(scanners: ["Barcode"])
        #expect(settings.isScanner("USB Barcode Scanner") && !settings.isScanner("AT keyboard"))
    }

    @Test func aKnobsTurnsAreArrowKeys() throws {
        // A rotary encoder (the rotary-encoder driver with linux,axis = REL_DIAL): clockwise 1, then 2, back 1.
        let knob = try recording(
            """
            N: rotary@0
            I: 0019 0000 0000 0000
            P: 00 00 00 00 00 00 00 00
            B: 00 05 00 00 00 00 00 00 00
            B: 02 80 00 00 00 00 00 00 00
            E: 1.000000 0002 0007 0001
            E: 1.000000 0000 0000 0000
            E: 1.200000 0002 0007 0002
            E: 1.200000 0000 0000 0000
            E: 1.400000 0002 0007 -001
            E: 1.400000 0000 0000 0000

            """, file: "knob.evemu")
        #expect(knob.device?.kind == .keyboard && knob.device?.isKnob == true)
        let records = try keys([knob])
        #expect(records.map { "\($0.keyName) \($0.phase.rawValue)" } == [
            "KEY_DOWN began", "KEY_DOWN ended", "KEY_DOWN began", "KEY_DOWN ended", "KEY_DOWN began", "KEY_DOWN ended",
            "KEY_UP began", "KEY_UP ended",
        ])
        // Each step reaches the first responder as a press that begins, then ends.
        let app = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), application: app)
        window.makeKeyAndVisible()
        let field = Field(frame: Rect(x: 0, y: 0, width: 50, height: 20))
        window.addSubview(field)
        field.becomeFirstResponder()
        let dispatcher = PressDispatcher(application: app)
        dispatcher.dispatch(Array(records[0..<2]))
        #expect(field.log == ["began  81", "ended "])
        // A mouse's wheel is not a knob: a keyboard with a pointer's axes turns nothing.
        #expect(try RecordingReader.load(files: [Fixtures.path("evemu-logitech-k400-plus-keyboard-ctrl-c.txt")])[0].device?.isKnob == false)
    }

    @Test func textIsQuotedAsJSON() {
        let record = KeyRecord(time: EventTime(microseconds: 500_000), code: 40, phase: .began, characters: "\"\\\r\u{1}")
        #expect(record.jsonLine == #"{"time": 0.500000, "key": "KEY_APOSTROPHE", "phase": "began", "characters": "\"\\\r\u0001", "device": 0}"#)
    }

    final class Field: View {
        var log: [String] = []
        override var canBecomeFirstResponder: Bool { true }
        override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
            for press in presses { log.append("began \(press.key?.characters ?? "-") \(press.key?.keyCode.rawValue ?? 0)") }
        }
        override func pressesEnded(_ presses: Set<Press>, with event: Event?) {
            for press in presses { log.append("ended \(press.key?.charactersIgnoringModifiers ?? "-")") }
        }
        override func pressesCancelled(_ presses: Set<Press>, with event: Event?) { log.append("cancelled \(presses.count)") }
        override func remoteControlReceived(with event: Event?) { log.append("remote \(event!.subtype)") }
    }

    @Test func pressesGoToTheFirstResponder() throws {
        let app = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), application: app)
        window.makeKeyAndVisible()
        let field = Field(frame: Rect(x: 0, y: 0, width: 50, height: 20))
        window.addSubview(field)
        #expect(field.becomeFirstResponder())
        let dispatcher = PressDispatcher(application: app)
        let t = EventTime(microseconds: 1_000_000)
        dispatcher.dispatch([KeyRecord(time: t, code: 42, phase: .began, symbol: "Shift_L")])
        let events = dispatcher.dispatch([KeyRecord(time: t, code: 30, phase: .began, characters: "A", charactersIgnoringModifiers: "a", symbol: "A", modifiers: .shift)])
        let press = try #require(events.first?.presses.first)
        #expect(press.responder === field)
        #expect(press.key?.keyCode == .keyboardA && press.key?.modifierFlags == .shift)
        dispatcher.dispatch([KeyRecord(time: t, code: 30, phase: .ended, charactersIgnoringModifiers: "a")])
        dispatcher.dispatch([KeyRecord(time: t, code: 164, phase: .began), KeyRecord(time: t, code: 164, phase: .ended)])
        dispatcher.dispatch([KeyRecord(time: t, code: 79, phase: .began, characters: "1", charactersIgnoringModifiers: "1", modifiers: .numLock)])
        dispatcher.dispatch([KeyRecord(time: t, code: 42, phase: .cancelled), KeyRecord(time: t, code: 79, phase: .cancelled)])
        #expect(field.log == ["began  225", "began A 4", "ended a", "remote remoteControlTogglePlayPause", "began 1 89", "cancelled 2"])
        #expect(dispatcher.pressesDown == 0)
    }
}
