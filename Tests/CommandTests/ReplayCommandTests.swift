import Foundation
import Testing

struct ReplayCommandTests {
    /// Every key of the contract, and values read off the recording by hand:
    /// N-Trig's first contact at (1588, 6097) on a 0...9600 x 0...7200 panel,
    /// on a 960 x 720 screen: 1588 * 960 / 9601 = 158.78, 6097 * 720 / 7201 = 609.615.
    @Test func jsonlOnTheProtocolARecording() throws {
        let result = try touchbridge(
            "replay", Fixtures.path("evemu-ntrig-multitouch-protoA.desc.txt"),
            Fixtures.path("evemu-ntrig-multitouch-protoA-2finger-touch-release.events.txt"), "--screen", "960x720",
            "--format", "jsonl")
        #expect(result.status == 0)
        let first = try JSONSerialization.jsonObject(with: Data(result.lines[0].utf8)) as? [String: Any]
        #expect(first?["time"] as? Double == 1357751031.716015)
        #expect(first?["touch"] as? Int == 0)
        #expect(first?["phase"] as? String == "began")
        #expect(first?["x"] as? Double == 158.78)
        #expect(first?["y"] as? Double == 609.62)
        #expect(first?["tapCount"] as? Int == 1)
        #expect(result.lines[0].hasPrefix(#"{"time": 1357751031.716015, "touch": 0, "phase": "began", "x": 158.78, "y": 609.62, "tapCount": 1"#))
        // It is a protocol-A device without INPUT_PROP_DIRECT: one warning, on stderr.
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test(arguments: [
        "evemu-atmel-maxtouch-touchscreen-1finger-drag.txt", "evemu-atmel-maxtouch-touchscreen-1finger-fast-taps.txt",
        "evemu-atmel-maxtouch-touchscreen-2finger-touch-release.txt", "evemu-atmel-maxtouch-touchscreen-4finger-drag.txt",
        "evemu-dell-canvas-advanced-silicon-cooltouch-5finger.txt", "evemu-ep0430m09-touchscreen-1finger-drag.txt",
        "evemu-ep0430m09-touchscreen-2finger-scroll.txt", "evemu-ep0430m09-touchscreen-2finger-touch-release.txt",
        "evemu-ep0430m09-touchscreen-4finger-drag.txt", "evtest-elan-elants-i2c-touchscreen-1finger.txt",
        "evtest-melfas-mms114-touchscreen-1finger-swipe.txt",
    ])
    func everyRecordingReplaysToTheContract(_ file: String) throws {
        let result = try touchbridge("replay", Fixtures.path(file), "--screen", "800x480", "--format", "jsonl")
        #expect(result.status == 0)
        var down: Set<Int> = []
        var everBegan: Set<Int> = []
        var lastTime = -Double.infinity
        for line in result.lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let touch = try #require(object["touch"] as? Int)
            let phase = try #require(object["phase"] as? String)
            let time = try #require(object["time"] as? Double)
            let x = try #require(object["x"] as? Double)
            let y = try #require(object["y"] as? Double)
            #expect((object["tapCount"] as? Int ?? 0) >= 1)
            #expect(time >= lastTime)
            lastTime = time
            #expect((0...800).contains(x) && (0...480).contains(y))
            switch phase {
            case "began":
                #expect(!everBegan.contains(touch), "a touch number was reused")
                everBegan.insert(touch)
                down.insert(touch)
            case "moved": #expect(down.contains(touch))
            case "ended", "cancelled": #expect(down.remove(touch) != nil)
            default: Issue.record("unexpected phase \(phase)")
            }
        }
        #expect(down.isEmpty, "touches left down: \(down)")
        #expect(!everBegan.isEmpty)
    }

    @Test func withNoFileItReplaysTheBundledRecording() throws {
        let result = try touchbridge("replay")
        #expect(result.status == 0)
        #expect(result.stdout.contains("EP0430M09: 2 touches, at most 2 at once, 0 cancelled, 695 events"))
    }

    @Test func badInputIsOneClearMessageAndStatusOne() throws {
        let path = temporaryPath("bad.evemu")
        try "N: x\nA: 00 0 10 0 0 0\nA: 01 0 10 0 0 0\nE: 0.1 0003 0000 1\nE: 0.1 0003 0099 1\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try touchbridge("replay", path, "--format", "jsonl")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "Error: \(path):5: unknown event code: type 0x03 code 0x99\n")
    }

    @Test func mappingOptionsReachTheOutput() throws {
        let file = Fixtures.path("evemu-atmel-maxtouch-touchscreen-1finger-drag.txt")
        let plain = try touchbridge("replay", file, "--screen", "800x480", "--format", "jsonl")
        let turned = try touchbridge("replay", file, "--screen", "800x480", "--format", "jsonl", "--rotate", "180")
        #expect(plain.lines[0].contains(#""x": 361.0, "y": 379.0"#))
        #expect(turned.lines[0].contains(#""x": 439.0, "y": 101.0"#))
        let calibrated = try touchbridge(
            "replay", file, "--screen", "800x480", "--format", "jsonl", "--calibration", "1 0 0.1 0 1 0")
        #expect(calibrated.lines[0].contains(#""x": 441.0, "y": 379.0"#))
    }
}
