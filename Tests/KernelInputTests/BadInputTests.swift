import Foundation
import KernelInput
import SystemPackage
import Testing

/// Every reader names the file and line and says what was wrong.
struct BadInputTests {
    @Test func emptyFile() {
        let e = failure { try RecordingReader.read([], file: "empty.txt") }
        #expect(e?.description == "empty.txt: the file is empty")
    }

    @Test func binaryGarbage() {
        let e = failure { try RecordingReader.read([0x4e, 0x3a, 0x20, 0x00, 0xff, 0x13, 0x37], file: "junk.bin") }
        #expect(e?.file == "junk.bin")
        #expect(e?.line == 1)
        #expect(e?.message.contains("binary data") == true)
    }

    @Test func invalidUTF8() {
        let e = failure { try RecordingReader.read(Array("N: x\n".utf8) + [0xc3, 0x28, 0x0a] + Array("E: 0.1 0000 0000 0\n".utf8), file: "bad.txt") }
        #expect(e?.message.contains("not valid UTF-8") == true)
    }

    @Test func truncatedEvemuLine() {
        let e = failure { try evemu("N: x\nA: 00 0 10 0 0 0\nE: 0.000001 0003 00", file: "cut.evemu") }
        #expect(e?.description == "cut.evemu:3: truncated E: line: the file ends mid-line")
    }

    @Test func truncatedEvtestLine() {
        let e = failure { try evtest("Input device name: \"x\"\nEvent: time 1.000001, type 3 (EV_ABS), co") }
        #expect(e?.line == 2)
        #expect(e?.message.contains("truncated") == true)
    }

    @Test func malformedEvemuEventLine() {
        let e = failure { try evemu("N: x\nE: 0.000001 0003 zz 1\n") }
        #expect(e?.line == 2)
        #expect(e?.message.contains("malformed E: line") == true)
    }

    @Test func eventLineBeforeTheDescription() {
        let e = failure { try evemu("I: 0003 0001 0001 0001\nE: 0.000001 0003 0000 1\nN: late\n") }
        #expect(e?.line == 2)
        #expect(e?.message.contains("before the device description") == true)
    }

    @Test func descriptionAfterEvents() {
        let e = failure { try evemu("N: x\nE: 0.000001 0003 0000 1\nA: 00 0 10 0 0 0\n") }
        #expect(e?.line == 3)
        #expect(e?.message.contains("after the events began") == true)
    }

    @Test func eventsFileAloneNamesWhatIsMissing() throws {
        let e = failure {
            try RecordingReader.load(files: [Fixtures.path("evemu-ntrig-multitouch-protoA-2finger-touch-release.events.txt")])
        }
        #expect(e?.line == 1)
        #expect(e?.message.contains("E: line before any device description") == true)
    }

    @Test func unknownEventCode() {
        let e1 = failure { try evemu("N: x\nE: 0.000001 0003 0099 1\n") }
        #expect(e1?.line == 2)
        #expect(e1?.message == "unknown event code: type 0x03 code 0x99")
        let e2 = failure { try evemu("N: x\nE: 0.000001 0009 0000 1\n") }
        #expect(e2?.message.contains("unknown event code") == true)
        let e3 = failure { try evtest("Input device name: \"x\"\nEvent: time 1.0, type 3 (EV_ABS), code 200 (?), value 1\n") }
        #expect(e3?.line == 2)
        #expect(e3?.message.contains("unknown event code") == true)
    }

    @Test func codeTheDeviceDoesNotDeclare() {
        let e = failure {
            let recording = try evemu("N: x\nA: 00 0 10 0 0 0\nA: 01 0 10 0 0 0\nE: 0.000001 0003 003a 1\n")
            try recording.validate()
        }
        #expect(e?.line == 4)
        #expect(e?.message == "EV_ABS / ABS_MT_PRESSURE is not a code the device declares")
    }

    /// As libevdev does with a real device: events of a code the device does
    /// not declare are dropped, with one warning per code at its first line.
    @Test func undeclaredCodesAreDroppedWithOneWarningEach() throws {
        let path = "/tmp/touchbridge-undeclared-\(getpid()).evemu"
        let text = "# EVEMU 1.3\nN: x\nB: 00 0b 00 00 00 00 00 00 00\nB: 03 03 00 00 00 00 00 00 00\nA: 00 0 100 0 0 0\nA: 01 0 100 0 0 0\n"
            + "E: 0.000001 0003 0000 10\nE: 0.000001 0003 003a 7\nE: 0.000001 0000 0000 0\n"
            + "E: 0.010000 0003 0000 20\nE: 0.010000 0003 003a 9\nE: 0.010000 0003 0030 4\nE: 0.010000 0000 0000 0\n"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var warnings: [String] = []
        let recording = try #require(RecordingReader.load(files: [path], warn: { warnings.append($0) }).first)
        #expect(warnings == [
            "\(path):8: EV_ABS / ABS_MT_PRESSURE is not a code the device declares: its 2 events dropped, as libevdev drops them",
            "\(path):12: EV_ABS / ABS_MT_TOUCH_MAJOR is not a code the device declares: its 1 event dropped, as libevdev drops them",
        ])
        #expect(recording.events.map(\.code) == [0, 0, 0, 0])
        #expect(recording.location(ofEvent: 2).line == 10)  // line numbers follow the events that stay
        try recording.validate()
    }

    @Test func minimumEqualToMaximum() {
        let e = failure { try evemu("N: x\nA: 00 5 5 0 0 0\n") }
        #expect(e?.line == 2)
        #expect(e?.message == "ABS_X: minimum 5 is not below maximum 5")
    }

    @Test func minimumAboveMaximumInEvtest() {
        let e = failure {
            try evtest(
                """
                Input device name: "x"
                Supported events:
                  Event type 3 (EV_ABS)
                    Event code 1 (ABS_Y)
                      Value      0
                      Min      100
                      Max        0

                """)
        }
        #expect(e?.line == 7)
        #expect(e?.message == "ABS_Y: minimum 100 is not below maximum 0")
    }

    @Test func slotIndexOutOfRange() {
        let e = failure {
            let recording = try evemu(
                "N: x\nA: 2f 0 1 0 0 0\nA: 35 0 10 0 0 0\nA: 36 0 10 0 0 0\nE: 0.1 0003 002f 0001\nE: 0.1 0003 002f 0002\n")
            try recording.validate()
        }
        #expect(e?.line == 6)
        #expect(e?.message == "slot index 2 out of range (the device has slots 0...1)")
    }

    @Test func unrecognisedLines() {
        let e = failure { try evemu("N: x\nhello world\n") }
        #expect(e?.line == 2)
        let f = failure { try RecordingReader.read(Array("hello\nworld\n".utf8), file: "what.txt") }
        #expect(f?.message.contains("not a recording TouchBridge can read") == true)
    }

    @Test func missingFile() {
        let e = failure { try RecordingReader.read(file: "/nonexistent/rec.txt") }
        #expect(e?.description == "/nonexistent/rec.txt: cannot open: No such file or directory")
    }

    @Test func malformedLibinputRecord() {
        let e = failure { try LibinputRecordReader.read("version: 1\ndevices:\n- evdev:\n    name: x\n  events:\n  - evdev:\n    - [0, 1, 3]\n", file: "r.yml") }
        #expect(e?.line == 7)
        #expect(e?.message.contains("expected [sec, usec, type, code, value]") == true)
        let v = failure { try LibinputRecordReader.read("version: 2\ndevices: []\n", file: "r.yml") }
        #expect(v?.message.contains("only version 1") == true)
        let y = failure { try LibinputRecordReader.read("version: 1\ndevices: [\n", file: "r.yml") }
        #expect(y?.message.contains("not valid YAML") == true)
    }

    /// A live device that cannot be used is a DeviceError naming the node, not a recording's error.
    @Test func liveDevicesThatCannotBeUsedAreNamed() {
        #expect {
            try InputDevice(path: "/nonexistent/event7")
        } throws: { error in
            (error as? DeviceError) == DeviceError("/nonexistent/event7", .cannotOpen(.noSuchFileOrDirectory))
        }
        #expect {
            try InputDevice(path: "/dev/null")
        } throws: { error in
            guard let error = error as? DeviceError, case .notEvdev = error.reason else { return false }
            return error.device == "/dev/null"
        }
        // The words are the command line's: today's, from the error's case.
        #expect("\(DeviceError("/nonexistent/event7", .cannotOpen(.noSuchFileOrDirectory)))" == "/nonexistent/event7: cannot open: No such file or directory")
        #expect(DeviceError("/dev/input/event3", .cannotGrab(.resourceBusy)).problem
            == "cannot grab for exclusive use: Device or resource busy (is another program grabbing it?)")
    }
}
