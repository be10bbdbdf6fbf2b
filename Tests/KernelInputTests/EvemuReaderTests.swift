import KernelInput
import Testing

struct EvemuReaderTests {
    static let description13 = """
        # EVEMU 1.3
        # Input device name: "Panel"
        N: Panel
        I: 0018 0eef 7224 0100
        P: 02 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 04 00 00 00 00 00 00
        B: 03 03 00 00 00 00 80 60 02
        A: 00 0 1023 0 0 10
        A: 01 0 599 0 0 12
        A: 2f 0 9 0 0 0
        A: 35 0 1023 0 0 10
        A: 36 0 599 0 0 12
        A: 39 0 65535 0 0 0

        """

    @Test func readsTheDescription() throws {
        let recording = try evemu(Self.description13)
        let device = try #require(recording.device)
        #expect(device.name == "Panel")
        #expect(device.id == InputID(bustype: 0x18, vendor: 0x0eef, product: 0x7224, version: 0x100))
        #expect(device.properties == [InputProperty.direct])
        #expect(device.types == [EventType.syn, EventType.key, EventType.abs])
        // B: 01 line 6 (bits 320...383), byte 1 = 0x04: bit 330, BTN_TOUCH.
        #expect(device.codes[EventType.key] == [KeyCode.touch])
        #expect(device.codes[EventType.abs] == [0, 1, 47, 53, 54, 57])
        #expect(device.absInfo[AbsCode.x] == AbsInfo(minimum: 0, maximum: 1023, resolution: 10))
        #expect(device.multitouchProtocol == .slots(count: 10))
        #expect(device.kind == .touchscreen)
        // 1024 units at 10 per mm, 600 at 12 per mm.
        #expect(device.sizeMillimetres?.width == 102.4)
        #expect(device.sizeMillimetres?.height == 50)
        #expect(recording.events.isEmpty)
    }

    @Test func readsEventsWithEveryValueSpelling() throws {
        let recording = try evemu(
            Self.description13 + """
                E: 0.000001 0003 0039 0006\t# EV_ABS / ABS_MT_TRACKING_ID   6
                E: 0.000001 0003 0035 0361
                E: 0.000001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms
                E: 0.081454 0003 0039 -001
                E: 0.081454 0003 0039 -1
                E: 12.5 0000 0000 0
                """)
        #expect(
            recording.events == [
                InputEvent(time: EventTime(microseconds: 1), type: 3, code: 0x39, value: 6),
                InputEvent(time: EventTime(microseconds: 1), type: 3, code: 0x35, value: 361),
                InputEvent(time: EventTime(microseconds: 1), type: 0, code: 0, value: 0),
                InputEvent(time: EventTime(microseconds: 81454), type: 3, code: 0x39, value: -1),
                InputEvent(time: EventTime(microseconds: 81454), type: 3, code: 0x39, value: -1),
                InputEvent(time: EventTime(microseconds: 12_500_000), type: 0, code: 0, value: 0),
            ])
        #expect(recording.eventLines.first == 20)
    }

    @Test func readsVersion11AbsLinesWithFourNumbersAndNoHeader() throws {
        let recording = try evemu(
            """
            N: Old
            I: 0003 1b96 0001 0000
            P: 00 00 00 00 00 00 00 00
            B: 03 03 00 00 00 00 00 00 00
            A: 00 0 9600 3 4
            A: 01 0 7200 0 0
            E: 1357751031.716015 0003 0000 1588

            """)
        let device = try #require(recording.device)
        #expect(device.absInfo[AbsCode.x] == AbsInfo(minimum: 0, maximum: 9600, fuzz: 3, flat: 4, resolution: 0))
        #expect(device.multitouchProtocol == .singleTouch)
        #expect(recording.events[0].time == EventTime(seconds: 1_357_751_031, microseconds: 716_015))
    }

    @Test func readsLedAndSwitchStates() throws {
        let device = try #require(try evemu("N: Keys\nL: 01 1\nS: 00 0\n").device)
        #expect(device.ledStates == [1: 1])
        #expect(device.switchStates == [0: 0])
    }

    @Test func anEventsOnlyFileHasNoDevice() throws {
        let recording = try evemu("E: 0.000001 0003 0000 1588\nE: 0.000001 0000 0000 0\n")
        #expect(recording.device == nil)
        #expect(recording.events.count == 2)
    }
}
