import Bridge
import KernelInput
import Testing

struct TouchReplayTests {
    /// The eGalax firmware that reports on ABS_Z/ABS_RX, as a pen tablet without INPUT_PROP_DIRECT
    /// (the shipped quirk corrects it).
    let egalax = DeviceDescription(
        name: "eGalax Inc. USB TouchController", id: InputID(bustype: 0x03, vendor: 0x0EEF, product: 0x0001, version: 0x0210),
        types: [EventType.key, EventType.abs],
        codes: [EventType.key: [KeyCode.touch, KeyCode.toolPen], EventType.abs: [0x02, 0x03]],
        absInfo: [0x02: AbsInfo(minimum: 0, maximum: 4095), 0x03: AbsInfo(minimum: 0, maximum: 4095)])

    func event(_ time: Int64, _ type: UInt16, _ code: UInt16, _ value: Int32) -> InputEvent {
        InputEvent(time: EventTime(microseconds: time), type: type, code: code, value: value)
    }

    @Test func jsonLineFollowsTheContract() {
        let record = TouchRecord(
            time: EventTime(seconds: 1_357_751_031, microseconds: 716_015), touch: 0, phase: .began, x: 123.4,
            y: 56.7, tapCount: 1, force: nil, majorRadius: nil, device: 0, frame: 0)
        #expect(
            record.jsonLine
                == #"{"time": 1357751031.716015, "touch": 0, "phase": "began", "x": 123.4, "y": 56.7, "tapCount": 1, "device": 0, "frame": 0}"#
        )
    }

    /// tslib's fast-taps recording through a debounce set for that panel only: the bounces are
    /// dropped for it, and a device the section does not name is left alone.
    @Test func aDeviceSectionsFiltersReachItsTouches() throws {
        let taps = try RecordingReader.load(files: [Fixtures.path("evemu-atmel-maxtouch-touchscreen-1finger-fast-taps.txt")])
        var section = DeviceInputSettings(label: "atmel", nameContains: "maXTouch")
        section.filters = try FilterChainSpec(parsing: "debounce drop_threshold=250")
        let (filtered, _) = try replay(taps, options: InputOptions(devices: [section]))
        #expect(filtered.count { $0.phase == .began } == 1)
        section.nameContains = "ADS7846"
        let (untouched, _) = try replay(taps, options: InputOptions(devices: [section]))
        #expect(untouched.count { $0.phase == .began } == 9)
    }

    /// The eGalax firmware that reports on ABS_Z/ABS_RX, as a pen tablet without INPUT_PROP_DIRECT:
    /// refused as it describes itself, replayed on screen once the shipped quirk corrects it.
    @Test func aQuirkPutsTheEGalaxOnTheScreen() throws {
        let tap = Recording(
            format: .evemu, source: "egalax.evemu", device: egalax,
            events: [
                event(0, EventType.key, KeyCode.touch, 1), event(0, EventType.abs, 0x02, 1024),
                event(0, EventType.abs, 0x03, 2048), event(0, EventType.syn, SynCode.report, 0),
                event(50_000, EventType.key, KeyCode.touch, 0), event(50_000, EventType.syn, SynCode.report, 0),
            ])
        var options = InputOptions(screenWidth: 800, screenHeight: 480)
        let (records, warnings) = try replay([tap], options: options)
        #expect(records.map(\.phase) == [.began, .ended])
        // 1024 of 4096 across 800 points; 2048 of 4096 down 480.
        #expect((records[0].x, records[0].y) == (200, 240))
        #expect(warnings == ["egalax.evemu: 'eGalax Inc. USB TouchController': corrected by the quirk [eGalax USB TouchController]"])
        options.quirks = DeviceQuirks()
        #expect(throws: DeviceError.self) { try replay([tap], options: options) }
    }

    /// Two panels of one file play in time order, even where one's frame means nothing.
    @Test func devicesOfOneFilePlayInTimeOrder() throws {
        func tap(down: Int64, idle: Int64?, up: Int64) -> [InputEvent] {
            [
                event(down, EventType.key, KeyCode.touch, 1), event(down, EventType.abs, 0x02, 1024),
                event(down, EventType.abs, 0x03, 2048), event(down, EventType.syn, SynCode.report, 0),
            ] + (idle.map { [event($0, EventType.syn, SynCode.report, 0)] } ?? [])
                + [event(up, EventType.key, KeyCode.touch, 0), event(up, EventType.syn, SynCode.report, 0)]
        }
        let first = Recording(
            format: .libinputRecord, source: "both.yml#0", eventsSource: "both.yml", device: egalax,
            events: tap(down: 0, idle: 10_000, up: 50_000))
        let second = Recording(
            format: .libinputRecord, source: "both.yml#1", eventsSource: "both.yml", device: egalax,
            events: tap(down: 20_000, idle: nil, up: 30_000))
        let (records, _) = try replay([first, second], options: InputOptions(screenWidth: 800, screenHeight: 480))
        #expect(records.map(\.time.microseconds) == [0, 20_000, 30_000, 50_000])
        #expect(records.map(\.phase) == [.began, .began, .ended, .ended])
    }

    @Test func mapsToScreenPointsAndCarriesForceAndRadius() throws {
        let input = try recording(
            panel + """
                E: 0.000001 0003 0039 0001
                E: 0.000001 0003 0035 0500
                E: 0.000001 0003 0036 0250
                E: 0.000001 0003 003a 0051
                E: 0.000001 0003 0030 0020
                E: 0.000001 0000 0000 0000
                E: 0.010000 0003 0035 0600
                E: 0.010000 0000 0000 0000
                E: 0.020000 0003 0039 -1
                E: 0.020000 0000 0000 0000
                """)
        let (records, warnings) = try replay([input], options: InputOptions(screenWidth: 800, screenHeight: 400))
        #expect(warnings.isEmpty)
        #expect(records.map(\.phase) == [.began, .moved, .ended])
        // (500 - 0) * 800 / 1000 = 400; (250 - 0) * 400 / 1000 = 100.
        #expect((records[0].x, records[0].y) == (400, 100))
        #expect((records[1].x, records[2].x) == (480, 480))
        #expect(records[0].force == 0.2)  // 51 of 0...255
        // 20 units at sqrt(800 * 400 / (1000 * 1000)) points per unit, halved.
        #expect(abs(records[0].majorRadius! - 10 * 0.32.squareRoot()) < 1e-9)
        #expect(records.map(\.frame) == [0, 1, 2])
        #expect(records.allSatisfy { $0.touch == 0 && $0.tapCount == 1 })
    }

    @Test func stationaryTouchesPrintNothingAndTheEndCancels() throws {
        let input = try recording(
            panel + """
                E: 0.000001 0003 0039 0001
                E: 0.000001 0003 0035 0100
                E: 0.000001 0003 0036 0100
                E: 0.000001 0000 0000 0000
                E: 0.010000 0003 003a 0099
                E: 0.010000 0000 0000 0000
                """)
        let (records, _) = try replay([input])
        #expect(records.map(\.phase) == [.began, .cancelled])
        #expect(records[1].time == EventTime(microseconds: 10000))
    }

    @Test func touchNumbersAreUniqueAcrossFiles() throws {
        let file = Fixtures.path("evemu-ep0430m09-touchscreen-2finger-touch-release.txt")
        let recordings = try RecordingReader.load(files: [file, file])
        let (records, _) = try replay(recordings)
        let began = records.filter { $0.phase == .began }
        #expect(began.map(\.touch) == [0, 1, 2, 3])
        #expect(began.map(\.device) == [0, 0, 1, 1])
    }

    @Test func touchpadsAreRefusedUnlessAllowed() throws {
        let touchpad = try recording(
            """
            N: Synaptics TouchPad
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 20 04 00 00 00 00 00 00
            A: 00 0 1000 0 0 0
            A: 01 0 1000 0 0 0
            E: 0.1 0001 014a 0001
            E: 0.1 0000 0000 0000

            """, file: "pad.evemu")
        #expect(touchpad.device?.kind == .touchpad)
        #expect(throws: DeviceError.self) { try replay([touchpad]) }
        do {
            _ = try replay([touchpad])
        } catch let error as DeviceError {
            #expect(error.description.hasPrefix("pad.evemu: 'Synaptics TouchPad' is a touchpad"))
            #expect(error.description.contains("--allow-touchpad"))
        }
        let (records, warnings) = try replay([touchpad], options: InputOptions(allowTouchpads: true))
        #expect(records.map(\.phase) == [.began, .cancelled])
        #expect(warnings.count == 1)
    }

    @Test func anOlderTouchscreenWithoutDirectGetsOneWarning() throws {
        let recordings = try RecordingReader.load(files: [Fixtures.path("evtest-elan-elants-i2c-touchscreen-1finger.txt")])
        let (records, warnings) = try replay(recordings)
        #expect(warnings.count == 1)
        #expect(warnings[0].contains("does not declare INPUT_PROP_DIRECT"))
        #expect(records.filter { $0.phase == .began }.count == 2)
    }

    @Test func fastTapsCountUp() throws {
        let recordings = try RecordingReader.load(files: [Fixtures.path("evemu-atmel-maxtouch-touchscreen-1finger-fast-taps.txt")])
        let (records, _) = try replay(recordings)
        // Nine taps about 0.14 s apart within 30 points of each other.
        #expect(records.filter { $0.phase == .began }.map(\.tapCount) == Array(1...9))
    }

    @Test func separateDragsEachCountOne() throws {
        let recordings = try RecordingReader.load(files: [Fixtures.path("evemu-atmel-maxtouch-touchscreen-4finger-drag.txt")])
        let (records, _) = try replay(recordings)
        #expect(records.filter { $0.phase == .began }.map(\.tapCount) == [1, 1, 1, 1])
    }

    @Test func theSummaryCountsWhatItSaw() throws {
        let recordings = try RecordingReader.load(files: [Fixtures.path("evemu-dell-canvas-advanced-silicon-cooltouch-5finger.txt")])
        var summary = ReplaySummary()
        _ = try TouchReplay(options: InputOptions()).run(recordings, warn: { _ in }, emit: { summary.add($0) })
        #expect(summary.devices[0]?.touches == 12)
        #expect(summary.devices[0]?.maximumSimultaneous == 5)
        #expect(summary.touchesLeftDown == 0)
        #expect(summary.report(for: recordings).hasSuffix("12 touches, at most 5 at once, 0 cancelled, 5363 events\n"))
    }
}

struct RealTouchpadReplayTests {
    @Test func aRealTouchpadRecordingIsRefusedThenForced() throws {
        let path = Fixtures.directory.deletingLastPathComponent()
            .appendingPathComponent("libinput-record/SUBSTITUTE-not-touchscreen_touchpad_ELAN1206-04F3-30F1_elan1206-bug.yml").path
        let recordings = try RecordingReader.load(files: [path])
        #expect(throws: DeviceError.self) { try replay(recordings) }
        let (records, warnings) = try replay(recordings, options: InputOptions(allowTouchpads: true))
        #expect(warnings.count == 1)
        #expect(records.filter { $0.phase == .began }.count == 25)
        #expect(records.filter { $0.phase == .ended }.count == 25)
    }
}

struct OneFrameTapTests {
    /// A finger that lands and lifts between two SYN_REPORTs still prints, began then ended.
    @Test func aTapInsideOneFrameIsNotLost() throws {
        let input = try recording(
            panel + """
                E: 0.000001 0003 0039 0001
                E: 0.000001 0003 0035 0500
                E: 0.000001 0003 0036 0500
                E: 0.000001 0003 0039 -1
                E: 0.000001 0000 0000 0000
                """)
        let (records, _) = try replay([input])
        #expect(records.map(\.phase) == [.began, .ended])
        #expect(records.map(\.touch) == [0, 0])
    }
}
