import Foundation
import KernelInput
import Testing

/// Inputs that once broke something, and the cases a review found untested.
struct ReviewRegressionTests {
    static let fuzzRegressions = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/regressions")

    /// Crashes libFuzzer found (a control byte in a far-away name; a
    /// SYN_CONFIG with a value, which evtest's marker line cannot carry):
    /// each must now read (or fail cleanly) and round-trip through both writers.
    @Test func fuzzFindingsStayFixed() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.fuzzRegressions.path)
        #expect(!files.isEmpty)
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: Self.fuzzRegressions.appendingPathComponent(file)))
            guard let recordings = try? RecordingReader.read(bytes, file: file) else { continue }
            for recording in recordings where recording.device != nil {
                let evemu = try RecordingReader.read(Array(EvemuWriter.write(recording).utf8), file: "copy")
                #expect(evemu.first?.events == recording.events, "\(file) through evemu")
                let evtest = try RecordingReader.read(Array(EvtestWriter.write(recording).utf8), file: "copy")
                #expect(evtest.first?.events == recording.events, "\(file) through evtest")
            }
        }
    }

    /// The fuzzer's first find: a control byte in a device name past the
    /// first 8 KB, which the writer then put at the top of the file.
    @Test func aControlByteInANameFarIntoTheFile() {
        let text = "# EVEMU 1.3\n" + String(repeating: "# padding\n", count: 2000) + "N: EP430M09\u{10}\n"
        let e = failure { try RecordingReader.read(Array(text.utf8), file: "late.txt") }
        #expect(e?.line == 2002)
        #expect(e?.message == "the device name is not valid UTF-8 text")
        let early = failure { try RecordingReader.read(Array("N: x\u{10}\n".utf8), file: "early.txt") }
        #expect(early?.message.contains("binary data (byte 0x10") == true)
    }

    @Test func crlfFilesRead() throws {
        let evemuText = "# EVEMU 1.3\r\nN: Panel\r\nA: 00 0 99 0 0 0\r\nA: 01 0 99 0 0 0\r\nE: 0.000001 0003 0000 0005\r\n"
        let recording = try #require(try RecordingReader.read(Array(evemuText.utf8), file: "crlf.evemu").first)
        #expect(recording.device?.name == "Panel")
        #expect(recording.events.map(\.value) == [5])
        let evtestText = """
            No device specified, trying to scan all of /dev/input/event*\r
            Input driver version is 1.0.1\r
            Input device ID: bus 0x18 vendor 0x0 product 0x0 version 0x0\r
            Input device name: "Panel"\r
            Supported events:\r
              Event type 3 (EV_ABS)\r
                Event code 0 (ABS_X)\r
                  Value      0\r
                  Min        0\r
                  Max      719\r
            Event: time 1.000001, type 3 (EV_ABS), code 0 (ABS_X), value 400\r
            Event: time 1.000001, -------------- SYN_REPORT ------------\r

            """
        let sessions = try RecordingReader.read(Array(evtestText.utf8), file: "crlf.evtest")
        #expect(sessions.first?.device?.name == "Panel")
        #expect(sessions.first?.device?.absInfo[AbsCode.x]?.maximum == 719)
        #expect(sessions.first?.events.count == 2)
    }

    @Test func timesWithMoreThanSixDigitsKeepMicroseconds() throws {
        let recording = try evemu("N: x\nE: 12.3456789 0000 0000 0\nE: 7.5 0000 0000 0\n")
        #expect(recording.events.map(\.time) == [EventTime(microseconds: 12_345_678), EventTime(microseconds: 7_500_000)])
    }

    @Test func tooManyBitmaskBytes() {
        let bytes = String(repeating: " ff", count: 9)
        let e = failure { try evemu("N: x\nB: 03" + bytes + "\n") }
        #expect(e?.line == 2)
        #expect(e?.message == "too many B: bytes for event type 0x03: its bitmask is 8 bytes")
        let p = failure { try evemu("N: x\nP: 02 00 00 00 00 00 00 00\nP: 01\n") }
        #expect(p?.line == 3)
    }

    @Test func slotRangesMustBeSane() {
        let negative = failure { try evemu("N: x\nA: 2f -5 -1 0 0 0\n") }
        #expect(negative?.message == "ABS_MT_SLOT: slots must run from 0 to at most 63, not -5...-1")
        let huge = failure { try evemu("N: x\nA: 2f 0 2147483647 0 0 0\n") }
        #expect(huge?.line == 2)
        let yaml = """
            version: 1
            devices:
            - evdev:
                name: x
                absinfo:
                  47: [0, 100000, 0, 0, 0]
            """
        #expect(failure { try LibinputRecordReader.read(yaml, file: "r.yml") }?.line == 6)
    }

    @Test func aDeviceNameMustBeUTF8() {
        // Past the first 8 KB, which is checked as a whole before reading.
        let padding = Array(String(repeating: "# padding\n", count: 1000).utf8)
        let bytes = padding + Array("N: ".utf8) + [0xff, 0xfe] + Array("\nE: 0.1 0000 0000 0\n".utf8)
        let e = failure { try EvemuReader.read(bytes, file: "name.evemu") }
        #expect(e?.line == 1001)
        #expect(e?.message == "the device name is not valid UTF-8 text")
    }

    @Test func anUnterminatedLastDescriptionLineIsFine() throws {
        let recording = try evemu("N: Panel\nA: 00 0 99 0 0 0")
        #expect(recording.device?.absInfo[AbsCode.x]?.maximum == 99)
    }

    @Test func hugeLibinputTimesAreRefused() {
        let yaml = "version: 1\ndevices:\n- evdev:\n    name: x\n  events:\n  - evdev:\n    - [99999999999999, 0, 0, 0, 0]\n"
        let e = failure { try LibinputRecordReader.read(yaml, file: "r.yml") }
        #expect(e?.line == 7)
        #expect(e?.message.contains("invalid event time") == true)
    }

    /// Fingers 1000 apart both move +600 in one frame: closest-pair-first
    /// would swap them; the least total movement does not.
    @Test func protocolAKeepsFingersThroughLargeMoves() {
        var tracker = ContactTracker(mode: .reports)
        var s = EventScript()
        for x: Int32 in [0, 1000] {
            s.abs(AbsCode.mtPositionX, x)
            s.abs(AbsCode.mtPositionY, 0)
            s.syn(SynCode.mtReport)
        }
        s.syn()
        for x: Int32 in [600, 1600] {
            s.abs(AbsCode.mtPositionX, x)
            s.abs(AbsCode.mtPositionY, 0)
            s.syn(SynCode.mtReport)
        }
        s.syn()
        let frames = tracker.frames(s.events)
        #expect(summary(frames[1]) == ["moved 0 (600, 0)", "moved 1 (1600, 0)"])
    }

    @Test func protocolAWithMoreFingersThanBefore() {
        var tracker = ContactTracker(mode: .reports)
        var s = EventScript()
        s.abs(AbsCode.mtPositionX, 500)
        s.abs(AbsCode.mtPositionY, 500)
        s.syn(SynCode.mtReport)
        s.syn()
        for (x, y): (Int32, Int32) in [(10, 10), (505, 498), (900, 900)] {
            s.abs(AbsCode.mtPositionX, x)
            s.abs(AbsCode.mtPositionY, y)
            s.syn(SynCode.mtReport)
        }
        s.syn()
        let frames = tracker.frames(s.events)
        #expect(summary(frames[1]) == ["began 1 (10, 10)", "moved 0 (505, 498)", "began 2 (900, 900)"])
    }

    /// ABS_MT_SLOT is sent only when the slot changes: one inside the
    /// discarded events still selects the slot for the frames after it.
    @Test func slotSelectionSurvivesADrop() {
        var tracker = ContactTracker(mode: .slots(count: 2))
        var s = EventScript()
        s.abs(AbsCode.mtSlot, 0)
        s.abs(AbsCode.mtTrackingID, 1)
        s.abs(AbsCode.mtPositionX, 10)
        s.abs(AbsCode.mtPositionY, 10)
        s.syn()
        s.syn(SynCode.dropped)
        s.abs(AbsCode.mtSlot, 1)
        s.syn()
        s.abs(AbsCode.mtTrackingID, 2)
        s.abs(AbsCode.mtPositionX, 70)
        s.syn()
        let frames = tracker.frames(s.events)
        #expect(summary(frames[1]) == ["cancelled 0 (10, 10)"])
        #expect(frames[2].contacts.map(\.slot) == [1])
    }

    /// A drop in the frame where a finger landed: it was never reported, so it vanishes.
    @Test func aContactFromTheDiscardedFrameIsNotCancelled() {
        var tracker = ContactTracker(mode: .slots(count: 2), dropPolicy: .discardAndCancel)
        var s = EventScript()
        s.abs(AbsCode.mtTrackingID, 1)
        s.abs(AbsCode.mtPositionX, 10)
        s.syn(SynCode.dropped)
        s.syn()
        let frames = tracker.frames(s.events)
        #expect(frames.isEmpty)
        #expect(tracker.contactsDown == 0)
    }

    @Test func batchAndSingleEventsAgreeAcrossDrops() {
        var s = EventScript()
        for round: Int32 in 0..<5 {
            s.abs(AbsCode.mtSlot, 0)
            s.abs(AbsCode.mtTrackingID, round * 2)
            s.abs(AbsCode.mtPositionX, 10 + round)
            s.abs(AbsCode.mtSlot, 1)
            s.abs(AbsCode.mtTrackingID, round * 2 + 1)
            s.abs(AbsCode.mtPositionY, 20 + round)
            s.syn()
            s.abs(AbsCode.mtPositionX, 99)
            s.syn(SynCode.dropped)
            s.abs(AbsCode.mtSlot, 0)
            s.syn()
            s.abs(AbsCode.mtTrackingID, -1)
            s.syn()
        }
        for policy in [DropPolicy.discardAndCancel, .resyncFollows] {
            var single = ContactTracker(mode: .slots(count: 2), dropPolicy: policy)
            let one = single.frames(s.events).map(summary)
            for size in [1, 2, 3, 7, 100] {
                var batched = ContactTracker(mode: .slots(count: 2), dropPolicy: policy)
                var many: [[String]] = []
                var start = 0
                while start < s.events.count {
                    let end = min(start + size, s.events.count)
                    batched.process(Array(s.events[start..<end])) { many.append(summary($0)) }
                    start = end
                }
                #expect(many == one, "batches of \(size), \(policy)")
            }
        }
    }

    @Test func penDevicesAreToldApart() {
        var absInfo: [UInt16: AbsInfo] = [:]
        absInfo[AbsCode.x] = AbsInfo(minimum: 0, maximum: 99)
        absInfo[AbsCode.y] = AbsInfo(minimum: 0, maximum: 99)
        let codes: [UInt16: Set<UInt16>] = [EventType.key: [KeyCode.toolPen, KeyCode.touch], EventType.abs: [0, 1]]
        #expect(DeviceDescription(name: "p", properties: [InputProperty.direct], codes: codes, absInfo: absInfo).kind == .penDisplay)
        #expect(DeviceDescription(name: "p", codes: codes, absInfo: absInfo).kind == .tablet)
    }
}
