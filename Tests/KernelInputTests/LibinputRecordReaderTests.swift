import KernelInput
import Testing

struct LibinputRecordReaderTests {
    /// Two devices, extra keys libinput writes that the reader must skip.
    static let twoDevices = """
        version: 1
        ndevices: 2
        libinput:
          version: "1.22.1"
          git: "unknown"
        system:
          os: "debian:12"
          kernel: "6.1.0-13-amd64"
          dmi: "dmi:bvnLENOVO"
        devices:
        - node: /dev/input/event5
          evdev:
            # Name: Panel
            name: "Panel"
            id: [24, 1267, 12345, 256]
            codes:
              0: [0, 1, 2, 3, 4] # EV_SYN
              1: [330] # EV_KEY
              3: [0, 1, 47, 53, 54, 57] # EV_ABS
            absinfo:
              0: [0, 3200, 0, 0, 14]
              1: [0, 1800, 0, 0, 14]
              47: [0, 9, 0, 0, 0]
              53: [0, 3200, 0, 0, 14]
              54: [0, 1800, 0, 0, 14]
              57: [0, 65535, 0, 0, 0]
            properties: [1]
          hid: [5, 13, 9, 4]
          udev:
            properties:
            - ID_INPUT=1
            - ID_INPUT_TOUCHSCREEN=1
          quirks:
          - ModelSomething=1
          events:
          # Current time is 10:00:00
          - evdev:
            - [  0,      0,   3,  57,    12] # EV_ABS / ABS_MT_TRACKING_ID  12
            - [  0,      0,   3,  53,  1600] # EV_ABS / ABS_MT_POSITION_X 1600
            - [  0,      0,   3,  54,   900] # EV_ABS / ABS_MT_POSITION_Y  900
            - [  0,      0,   1, 330,     1] # EV_KEY / BTN_TOUCH 1
            - [  0,      0,   0,   0,     0] # ------------ SYN_REPORT (0) ---------- +0ms
          - libinput:
            - {time: 0.000000, type: TOUCH_DOWN, slot: 0, seat_slot: 0, point: [100.0, 50.0]}
          - evdev:
            - [  0,  16000,   3,  57,    -1] # EV_ABS / ABS_MT_TRACKING_ID -1
            - [  0,  16000,   1, 330,     0] # EV_KEY / BTN_TOUCH 0
            - [  0,  16000,   0,   0,     0] # ------------ SYN_REPORT (0) ---------- +16ms
        - node: /dev/input/event6
          evdev:
            name: "Second"
            id: [3, 1, 2, 3]
            codes:
              0: [0]
              3: [0, 1]
            absinfo:
              0: [0, 100, 0, 0, 0]
              1: [0, 100, 0, 0, 0]
            properties: []
          events: []

        """

    @Test func readsDevicesAndEvents() throws {
        let recordings = try LibinputRecordReader.read(Self.twoDevices, file: "r.yml")
        #expect(recordings.count == 2)
        let panel = try #require(recordings[0].device)
        #expect(panel.name == "Panel")
        #expect(panel.id == InputID(bustype: 24, vendor: 1267, product: 12345, version: 256))
        #expect(panel.properties == [InputProperty.direct])
        #expect(panel.codes[EventType.key] == [KeyCode.touch])
        #expect(panel.absInfo[AbsCode.mtPositionX] == AbsInfo(minimum: 0, maximum: 3200, resolution: 14))
        #expect(panel.slotCount == 10)
        #expect(recordings[0].events.count == 8)
        #expect(recordings[0].events[5] == InputEvent(time: EventTime(microseconds: 16000), type: 3, code: 57, value: -1))
        #expect(recordings[0].eventLines[0] == 38)
        #expect(recordings[1].device?.name == "Second")
        #expect(recordings[1].events.isEmpty)
    }

    @Test func isDetectedByContent() throws {
        let recordings = try RecordingReader.read(Array(Self.twoDevices.utf8), file: "r.yml")
        #expect(recordings.first?.format == .libinputRecord)
    }
}

/// Real `libinput record` files from real hardware. No public touchscreen
/// recording in this format could be found, so these are touchpads (see
/// Tests/Fixtures/libinput-record/SOURCES.txt); expected counts come from an
/// independent PyYAML count of the files.
struct RealLibinputRecordTests {
    static let directory = Fixtures.directory.deletingLastPathComponent().appendingPathComponent("libinput-record")

    static func load(_ name: String) throws -> [Recording] {
        try RecordingReader.load(files: [directory.appendingPathComponent(name).path])
    }

    static func contacts(_ recording: Recording) throws -> (contacts: Int, maximumDown: Int, frames: Int, leftDown: Int) {
        var tracker = ContactTracker(device: try #require(recording.device))
        var ids: Set<Int> = []
        var maximumDown = 0
        var frames = 0
        for event in recording.events where tracker.process(event) {
            frames += 1
            for contact in tracker.frame.contacts { ids.insert(contact.id) }
            maximumDown = max(maximumDown, tracker.contactsDown)
        }
        return (ids.count, maximumDown, frames, tracker.contactsDown)
    }

    @Test func fiveFingerTouchpadWithHidFrames() throws {
        let recordings = try Self.load("SUBSTITUTE-not-touchscreen_touchpad_ELAN07CE-04F3-32C8_HP-Spectre-x360_touchbug3.yml")
        #expect(recordings.count == 1)
        let device = try #require(recordings[0].device)
        #expect(device.name == "ELAN07CE:00 04F3:32C8 Touchpad")
        #expect(device.id == InputID(bustype: 24, vendor: 1267, product: 13000, version: 256))
        #expect(device.properties == [InputProperty.pointer, InputProperty.buttonPad])
        #expect(device.kind == .touchpad)
        #expect(device.slotCount == 5)
        #expect(recordings[0].events.count == 1733)
        let totals = try Self.contacts(recordings[0])
        #expect(totals.contacts == 7)
        #expect(totals.maximumDown == 5)
        #expect(totals.frames == 418)
        #expect(totals.leftDown == 0)
    }

    @Test func newestLayoutWithQuirksAndHexHid() throws {
        let recordings = try Self.load("SUBSTITUTE-not-touchscreen_touchpad_ELAN1206-04F3-30F1_elan1206-bug.yml")
        let device = try #require(recordings.first?.device)
        #expect(device.name == "ELAN1206:00 04F3:30F1 Touchpad")
        #expect(device.absInfo[AbsCode.x] == AbsInfo(minimum: 0, maximum: 3987, resolution: 32))
        #expect(recordings[0].events.count == 328)
        #expect(recordings[0].eventLines[0] == 139)
        let totals = try Self.contacts(recordings[0])
        #expect(totals.contacts == 25)
        #expect(totals.maximumDown == 1)
        #expect(totals.frames == 51)
    }
}
