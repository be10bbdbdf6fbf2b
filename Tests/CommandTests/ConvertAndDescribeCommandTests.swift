import Foundation
import Testing

struct ConvertAndDescribeCommandTests {
    @Test(arguments: ["evemu", "evtest"])
    func convertRoundTrips(_ format: String) throws {
        let original = Fixtures.path("evemu-atmel-maxtouch-touchscreen-2finger-touch-release.txt")
        let once = temporaryPath("once.\(format)")
        let twice = temporaryPath("twice.\(format)")
        defer {
            try? FileManager.default.removeItem(atPath: once)
            try? FileManager.default.removeItem(atPath: twice)
        }
        #expect(try touchbridge("convert", original, "--to", format, "-o", once).status == 0)
        #expect(try touchbridge("convert", once, "--to", format, "-o", twice).status == 0)
        #expect(try String(contentsOfFile: once, encoding: .utf8) == String(contentsOfFile: twice, encoding: .utf8))
        let a = try touchbridge("replay", original, "--format", "jsonl")
        let b = try touchbridge("replay", twice, "--format", "jsonl")
        #expect(a.stdout == b.stdout)
        #expect(a.lines.count == 18)  // counted by hand from the recording
    }

    @Test func aDescriptionAndItsEventsConvertAsOneRecording() throws {
        let description = Fixtures.path("evemu-ntrig-multitouch-protoA.desc.txt")
        let events = Fixtures.path("evemu-ntrig-multitouch-protoA-2finger-touch-release.events.txt")
        let joined = try touchbridge("convert", description, events, "--to", "evemu")
        #expect(joined.status == 0)
        #expect(joined.stdout.contains("N: N-Trig MultiTouch"))
        #expect(joined.stdout.contains("\nE: "))
        // What the joined file replays to is what the pair replays to.
        let file = temporaryPath("ntrig.evemu")
        defer { try? FileManager.default.removeItem(atPath: file) }
        try joined.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let pair = try touchbridge("replay", description, events, "--format", "jsonl")
        let single = try touchbridge("replay", file, "--format", "jsonl")
        #expect(pair.lines.count > 0)
        #expect(pair.stdout == single.stdout)
        // The events alone still say what is missing.
        let alone = try touchbridge("convert", events, "--to", "evemu")
        #expect(alone.status == 1)
        #expect(alone.stderr.contains("give the device's description file first"))
    }

    @Test func describeARecording() throws {
        let result = try touchbridge("describe", Fixtures.path("evemu-dell-canvas-advanced-silicon-cooltouch-5finger.txt"))
        #expect(result.status == 0)
        #expect(result.stdout.contains("Device:      Advanced Silicon S.A. CoolTouch® System\n"))
        #expect(result.stdout.contains("ID:          bus 0x0003 vendor 0x2575 product 0x0204 version 0x0111\n"))
        #expect(result.stdout.contains("Kind:        touchscreen\n"))
        #expect(result.stdout.contains("Properties:  INPUT_PROP_DIRECT\n"))
        #expect(result.stdout.contains("Multitouch:  protocol B, 5 slots\n"))
        #expect(result.stdout.contains("Size:        595.8 x 334.4 mm\n"))
        #expect(result.stdout.contains("  ABS_MT_POSITION_X    min 0 max 32767 fuzz 0 flat 0 resolution 55 (595.8 mm)\n"))
    }

    @Test func describeAMissingNode() throws {
        let result = try touchbridge("describe", "/dev/input/event99")
        #expect(result.status == 1)
        #expect(result.stderr == "Error: /dev/input/event99: cannot open: No such file or directory\n")
    }
}

struct CommandEdgeTests {
    @Test func convertingSeveralDevicesToEvemuAsksWhichOne() throws {
        let file = Fixtures.path("evtest-elan-elants-i2c-touchscreen-1finger.txt")
        let refused = try touchbridge("convert", file, "--to", "evemu")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("holds 2 devices and an evemu file holds one: choose with --device 0...1"))
        let second = try touchbridge("convert", file, "--to", "evemu", "--device", "1")
        #expect(second.status == 0)
        #expect(second.stdout.contains("E: 1587922846.464426 0001 014a 0000"))
        let both = try touchbridge("convert", file, "--to", "evtest")
        #expect(both.status == 0)
        #expect(both.stdout.components(separatedBy: "Input driver version").count == 3)
    }

    @Test func outlandishNumbersAreRefusedNotTrapped() throws {
        let file = Fixtures.path("evemu-atmel-maxtouch-touchscreen-1finger-drag.txt")
        let screen = try touchbridge("replay", file, "--screen", "1e20x480")
        #expect(screen.status == 64)
        #expect(screen.stderr.contains("--screen"))
        let delay = try touchbridge("replay", file, "--uinput", "--start-delay", "inf")
        #expect(delay.status == 64)
    }
}
