import KernelInput
import Testing

struct WriterRoundTripTests {
    static let files = SharedRecordingTests.expectations.filter { $0.files.count == 1 }.map { $0.files[0] }

    func reread(_ text: String, file: String) throws -> [Recording] {
        try RecordingReader.read(Array(text.utf8), file: file)
    }

    @Test(arguments: files)
    func evemuRoundTrips(_ file: String) throws {
        for original in try RecordingReader.load(files: [Fixtures.path(file)]) {
            let copy = try #require(try reread(EvemuWriter.write(original), file: "copy").first)
            #expect(copy.events == original.events)
            var expected = try #require(original.device)
            // evemu keeps no current axis values.
            for code in expected.absInfo.keys { expected.absInfo[code]!.value = 0 }
            #expect(copy.device == expected)
        }
    }

    @Test(arguments: files)
    func evtestRoundTrips(_ file: String) throws {
        let originals = try RecordingReader.load(files: [Fixtures.path(file)])
        let text = originals.map(EvtestWriter.write).joined()
        let copies = try reread(text, file: "copy")
        #expect(copies.count == originals.count)
        for (copy, original) in zip(copies, originals) {
            #expect(copy.events == original.events)
            var expected = try #require(original.device)
            expected.ledStates = [:]
            expected.switchStates = [:]
            #expect(copy.device == expected)
        }
    }

    @Test func evemuWriterMatchesEvemuSpelling() {
        var out = ""
        EvemuWriter.appendEvent(InputEvent(time: EventTime(microseconds: 81454), type: 3, code: 0x39, value: -1), to: &out)
        // As the shared Atmel recording spells it.
        #expect(out == "E: 0.081454 0003 0039 -001\t# EV_ABS / ABS_MT_TRACKING_ID   -1\n")
        out = ""
        EvemuWriter.appendEvent(InputEvent(time: EventTime(microseconds: 1), type: 0, code: 0, value: 0), to: &out)
        #expect(out == "E: 0.000001 0000 0000 0000\t# ------------ SYN_REPORT (0) ----------\n")
    }

    @Test func evtestWriterMatchesEvtestSpelling() {
        var out = ""
        let time = EventTime(seconds: 1_587_922_487, microseconds: 77_439)
        EvtestWriter.appendEvent(InputEvent(time: time, type: 3, code: 57, value: 64), to: &out)
        EvtestWriter.appendEvent(InputEvent(time: time, type: 0, code: 0, value: 0), to: &out)
        EvtestWriter.appendEvent(InputEvent(time: time, type: 0, code: 2, value: 0), to: &out)
        EvtestWriter.appendEvent(InputEvent(time: time, type: 0, code: 3, value: 0), to: &out)
        EvtestWriter.appendEvent(InputEvent(time: time, type: 4, code: 4, value: 0x90001), to: &out)
        #expect(
            out == """
                Event: time 1587922487.077439, type 3 (EV_ABS), code 57 (ABS_MT_TRACKING_ID), value 64
                Event: time 1587922487.077439, -------------- SYN_REPORT ------------
                Event: time 1587922487.077439, ++++++++++++++ SYN_MT_REPORT ++++++++++++
                Event: time 1587922487.077439, >>>>>>>>>>>>>> SYN_DROPPED <<<<<<<<<<<<
                Event: time 1587922487.077439, type 4 (EV_MSC), code 4 (MSC_SCAN), value 90001

                """)
    }

    @Test func evtestHeaderMatchesTheRealOne() throws {
        let device = try #require(
            try RecordingReader.read(file: Fixtures.path("evtest-melfas-mms114-touchscreen-1finger-swipe.txt")).first?.device)
        let header = EvtestWriter.header(device)
        #expect(header.contains("    Event code 53 (ABS_MT_POSITION_X)\n      Value      0\n      Min        0\n      Max      719\n"))
        #expect(header.contains("Properties:\n  Property type 1 (INPUT_PROP_DIRECT)\n"))
    }
}
