import KernelInput
import Testing

struct EvtestReaderTests {
    static let header = """
        Input driver version is 1.0.1
        Input device ID: bus 0x18 vendor 0x0 product 0x0 version 0x0
        Input device name: "Panel"
        Supported events:
          Event type 0 (EV_SYN)
          Event type 1 (EV_KEY)
            Event code 330 (BTN_TOUCH)
          Event type 3 (EV_ABS)
            Event code 47 (ABS_MT_SLOT)
              Value      3
              Min        0
              Max        9
            Event code 53 (ABS_MT_POSITION_X)
              Value      0
              Min        0
              Max     1279
              Fuzz       4
              Flat       2
              Resolution      12
            Event code 54 (ABS_MT_POSITION_Y)
              Value      0
              Min        0
              Max     2111
            Event code 57 (ABS_MT_TRACKING_ID)
              Value      0
              Min        0
              Max    65535
          Event type 4 (EV_MSC)
            Event code 4 (MSC_SCAN)
        Properties:
          Property type 1 (INPUT_PROP_DIRECT)
        Testing ... (interrupt to exit)

        """

    @Test func readsTheHeader() throws {
        let recordings = try evtest(Self.header)
        #expect(recordings.count == 1)
        let device = try #require(recordings[0].device)
        #expect(device.name == "Panel")
        #expect(device.id.bustype == 0x18)
        #expect(device.properties == [InputProperty.direct])
        #expect(device.types == [0, 1, 3, 4])
        #expect(device.codes[EventType.abs] == [47, 53, 54, 57])
        #expect(device.absInfo[AbsCode.mtSlot] == AbsInfo(value: 3, minimum: 0, maximum: 9))
        #expect(
            device.absInfo[AbsCode.mtPositionX]
                == AbsInfo(value: 0, minimum: 0, maximum: 1279, fuzz: 4, flat: 2, resolution: 12))
        #expect(device.multitouchProtocol == .slots(count: 10))
    }

    @Test func readsEventLinesAndMarkers() throws {
        let recordings = try evtest(
            Self.header + """
                Event: time 1587922487.077439, type 3 (EV_ABS), code 57 (ABS_MT_TRACKING_ID), value 64
                Event: time 1587922487.077439, type 3 (EV_ABS), code 57 (ABS_MT_TRACKING_ID), value -1
                Event: time 1587922487.077439, type 4 (EV_MSC), code 4 (MSC_SCAN), value 90001
                Event: time 1587922487.077439, -------------- SYN_REPORT ------------
                Event: time 1587922487.089144, ++++++++++++++ SYN_MT_REPORT ++++++++++++
                Event: time 1587922487.089144, >>>>>>>>>>>>>> SYN_DROPPED <<<<<<<<<<<<
                Event: time 1587922487.1, type 0 (EV_SYN), code 0 (SYN_REPORT), value 0
                """)
        let t1 = EventTime(seconds: 1_587_922_487, microseconds: 77_439)
        let t2 = EventTime(seconds: 1_587_922_487, microseconds: 89_144)
        #expect(
            recordings[0].events == [
                InputEvent(time: t1, type: 3, code: 57, value: 64),
                InputEvent(time: t1, type: 3, code: 57, value: -1),
                // evtest prints MSC_SCAN in hex.
                InputEvent(time: t1, type: 4, code: 4, value: 0x90001),
                InputEvent(time: t1, type: 0, code: SynCode.report, value: 0),
                InputEvent(time: t2, type: 0, code: SynCode.mtReport, value: 0),
                InputEvent(time: t2, type: 0, code: SynCode.dropped, value: 0),
                InputEvent(time: EventTime(seconds: 1_587_922_487, microseconds: 100_000), type: 0, code: 0, value: 0),
            ])
        #expect(recordings[0].eventLines.first == 33)
    }

    @Test func olderEvtestNamesAndAPreamble() throws {
        let recordings = try evtest(
            """
            No device specified, trying to scan all of /dev/input/event*
            Available devices:
            /dev/input/event0:\tPanel
            Select the device event number [0-0]: 0
            Input driver version is 1.0.0
            Input device ID: bus 0x3 vendor 0x1 product 0x2 version 0x3
            Input device name: "Old"
            Supported events:
              Event type 0 (Sync)
              Event type 3 (Absolute)
                Event code 0 (X)
                  Value    358
                  Min        0
                  Max      799
                Event code 1 (Y)
                  Value    383
                  Min        0
                  Max      479
            Testing ... (interrupt to exit)
            Event: time 1.000001, type 3 (Absolute), code 0 (X), value 5
            Event: time 1.000001, -------------- Report Sync ------------

            """)
        let device = try #require(recordings[0].device)
        #expect(device.id == InputID(bustype: 3, vendor: 1, product: 2, version: 3))
        #expect(device.absInfo[AbsCode.x]?.value == 358)
        #expect(recordings[0].events.map(\.code) == [0, SynCode.report])
    }

    @Test func severalSessionsGiveSeveralRecordings() throws {
        let event = "Event: time 1.000001, type 3 (EV_ABS), code 57 (ABS_MT_TRACKING_ID), value 1\n"
        let recordings = try evtest(Self.header + event + "\n" + Self.header + event + event)
        #expect(recordings.map(\.events.count) == [1, 2])
    }

    @Test func theSharedElanFileHoldsTwoSessions() throws {
        let recordings = try RecordingReader.read(file: Fixtures.path("evtest-elan-elants-i2c-touchscreen-1finger.txt"))
        #expect(recordings.count == 2)
        #expect(recordings[0].device?.absInfo[AbsCode.x] == nil)
        #expect(recordings[1].device?.absInfo[AbsCode.x]?.maximum == 1279)
        #expect(recordings[0].device?.absInfo[AbsCode.mtTouchMajor]?.resolution == 1)
        #expect(recordings.map(\.events.count) == [41, 14])
    }
}
