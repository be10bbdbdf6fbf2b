import Bridge
import Foundation
import KernelInput
import Testing

/// `touchbridge calibrate --replay`: taps on the five crosses, played from a
/// recording made on the EP0430M09's description (1280 x 768 device units),
/// through the real command on an offscreen 800x480 display.
struct CalibrateCommandTests {
    /// The crosses `calibrate` shows on 800x480: 48 points in from each corner, then the centre.
    static let crosses: [(Double, Double)] = [(48, 48), (752, 48), (752, 432), (48, 432), (400, 240)]

    /// A recording of one tap on each of `points` (screen points of 800x480), a second apart.
    func taps(at points: [(Double, Double)]) throws -> String {
        let description = try String(contentsOfFile: Fixtures.path("evemu-ep0430m09-touchscreen.desc.txt"), encoding: .utf8)
        var text = description.split(separator: "\n").filter { !$0.hasPrefix("E:") }.joined(separator: "\n") + "\n"
        for (index, point) in points.enumerated() {
            let x = Int((point.0 * 1280 / 800).rounded()), y = Int((point.1 * 768 / 480).rounded())
            let down = String(format: "%d.000001", index + 1), up = String(format: "%d.100001", index + 1)
            text += "E: \(down) 0003 002f 0000\nE: \(down) 0003 0039 \(index + 10)\nE: \(down) 0003 0035 \(x)\n"
            text += "E: \(down) 0003 0036 \(y)\nE: \(down) 0001 014a 0001\nE: \(down) 0000 0000 0000\n"
            text += "E: \(up) 0003 0039 -1\nE: \(up) 0001 014a 0000\nE: \(up) 0000 0000 0000\n"
        }
        let path = temporaryPath("calibration-\(UUID().uuidString).evemu")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func matrix(in output: String) throws -> CalibrationMatrix {
        let line = try #require(output.split(separator: "\n").first { $0.hasPrefix("Calibration matrix") })
        return try #require(CalibrationMatrix(parsing: String(line.split(separator: ":").last!)))
    }

    @Test func aSkewedPanelIsCalibratedAndTheRuleAndConfigurationWritten() throws {
        // The panel reports a touch at (x, y) as (0.9x + 30, 1.1y - 12).
        let recording = try taps(at: Self.crosses.map { (0.9 * $0.0 + 30, 1.1 * $0.1 - 12) })
        let rule = temporaryPath("99-calibration.rules"), config = temporaryPath("calibrated.conf")
        try "# a kiosk\nscene = \"demo\"\n[input]\ngrab = true\n".write(toFile: config, atomically: true, encoding: .utf8)
        defer { for path in [recording, rule, config] { try? FileManager.default.removeItem(atPath: path) } }
        let result = try touchbridge(
            "calibrate", "--replay", recording, "--display", "memory", "--screen", "800x480", "--config", "/dev/null",
            "--write-udev-rule", rule, "--write-config", config)
        #expect(result.status == 0, "\(result.stderr)")
        let found = try matrix(in: result.stdout)
        // Normalized: x = (x' - 30/800) / 0.9, y = (y' + 12/480) / 1.1.
        let expected = CalibrationMatrix(1 / 0.9, 0, -30.0 / 800 / 0.9, 0, 1 / 1.1, 12.0 / 480 / 1.1)
        for (got, want) in zip([found.a, found.b, found.c, found.d, found.e, found.f], [expected.a, expected.b, expected.c, expected.d, expected.e, expected.f]) {
            #expect(abs(got - want) < 0.005, "\(found) against \(expected)")
        }
        let ruleText = try String(contentsOfFile: rule, encoding: .utf8)
        #expect(ruleText.contains("ATTRS{name}==\"EP0430M09\", ENV{LIBINPUT_CALIBRATION_MATRIX}=\"\(found)\""))
        let settings = try Bridge.Configuration.load(path: config, required: true)
        #expect(settings.calibration == found)
        #expect(settings.grab && settings.app == "demo")
    }

    @Test func pointsOnALineAreRefusedAndNothingIsWritten() throws {
        let recording = try taps(at: Self.crosses.indices.map { i in (100 + 100 * Double(i), 80 + 60 * Double(i)) })
        let rule = temporaryPath("99-collinear.rules")
        defer { try? FileManager.default.removeItem(atPath: recording) }
        let result = try touchbridge(
            "calibrate", "--replay", recording, "--display", "memory", "--screen", "800x480", "--config", "/dev/null",
            "--write-udev-rule", rule)
        #expect(result.status == 1)
        #expect(result.stderr.contains("lie on one line"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: rule))
    }

    /// The third cross touched 60 px off: the fit is refused and that cross asked again; the
    /// recording's sixth tap answers it where it is, and the calibration is taken.
    @Test func aBadlyTouchedCrossIsAskedAgain() throws {
        var points = Self.crosses
        points[2] = (points[2].0 - 50, points[2].1 - 33)
        let recording = try taps(at: points + [Self.crosses[2]])
        defer { try? FileManager.default.removeItem(atPath: recording) }
        let result = try touchbridge(
            "calibrate", "--replay", recording, "--display", "memory", "--screen", "800x480", "--config", "/dev/null")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("px off at cross 3 (the limit is 10 px)"), "\(result.stderr)")
        #expect(result.stdout.contains("Cross 3 at (752, 432): touched at (751.9, 431.9), 0.0 px off after the fit"), "\(result.stdout)")
        #expect(result.stdout.contains("largest error 0.0 px, mean 0.0 px, 1 asked again"), "\(result.stdout)")
    }

    @Test func aFitTooPoorIsRefusedAndNothingIsWritten() throws {
        var points = Self.crosses
        points[2] = (points[2].0 - 50, points[2].1 - 33)
        let recording = try taps(at: points)
        let rule = temporaryPath("99-poor.rules"), config = temporaryPath("poor.conf")
        defer { try? FileManager.default.removeItem(atPath: recording) }
        let result = try touchbridge(
            "calibrate", "--replay", recording, "--display", "memory", "--screen", "800x480", "--config", "/dev/null",
            "--write-udev-rule", rule, "--write-config", config)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("calibration failed: the fit is 21 px off at cross 3 (the limit is 10 px); the recording has no more touches; nothing was written"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: rule) && !FileManager.default.fileExists(atPath: config))
        // A looser limit takes the same touches.
        let loose = try touchbridge(
            "calibrate", "--replay", recording, "--display", "memory", "--screen", "800x480", "--config", "/dev/null",
            "--max-error", "30")
        #expect(loose.status == 0, "\(loose.stderr)")
    }

    /// Nine taps on the skewed panel: nine crosses, each with its own line.
    @Test func nineCrossesAreShownAndEachErrorPrinted() throws {
        let nine: [(Double, Double)] = [(48, 48), (400, 48), (752, 48), (752, 240), (752, 432), (400, 432), (48, 432), (48, 240), (400, 240)]
        let recording = try taps(at: nine.map { (0.9 * $0.0 + 30, 1.1 * $0.1 - 12) })
        defer { try? FileManager.default.removeItem(atPath: recording) }
        let result = try touchbridge(
            "calibrate", "--replay", recording, "--display", "memory", "--screen", "800x480", "--config", "/dev/null",
            "--points", "9")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count { $0.hasPrefix("Cross ") } == 9, "\(result.stdout)")
        #expect(result.stdout.contains("Cross 9 at (400, 240)"))
        let seven = try touchbridge(
            "calibrate", "--replay", recording, "--display", "memory", "--screen", "800x480", "--config", "/dev/null",
            "--points", "7")
        #expect(seven.status != 0 && seven.stderr.contains("--points must be 5 or 9"), "\(seven.stderr)")
    }

    /// tslib's fast-taps recording: nine quick taps all near one place. No calibration can come
    /// of it, and none is written (it once wrote a fit 384 px off and exited 0).
    @Test func quickTapsInOnePlaceAreRefused() throws {
        let rule = temporaryPath("99-taps.rules")
        let result = try touchbridge(
            "calibrate", "--replay", Fixtures.path("evemu-atmel-maxtouch-touchscreen-1finger-fast-taps.txt"), "--display", "memory",
            "--screen", "800x480", "--config", "/dev/null", "--write-udev-rule", rule)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stderr.contains("nothing was written"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: rule))
    }

    /// --verify: after the fit, a touch is shown where the new calibration puts it, and the
    /// calibration is taken when Accept is tapped; Redo starts the crosses again. The panel is
    /// skewed, so a tap meant for Accept is reported elsewhere and must be mapped to hit it.
    @Test func aVerifiedCalibrationIsTakenOnlyWhenAccepted() throws {
        let skew = { (p: (Double, Double)) in (0.9 * p.0 + 30, 1.1 * p.1 - 12) }
        let accept = (480.0, 382.0), redo = (320.0, 382.0)
        let accepted = try taps(at: (Self.crosses + [(400, 240), accept]).map(skew))
        let redone = try taps(at: (Self.crosses + [redo] + Self.crosses + [accept]).map(skew))
        let unanswered = try taps(at: (Self.crosses + [(100, 100)]).map(skew))
        defer { for path in [accepted, redone, unanswered] { try? FileManager.default.removeItem(atPath: path) } }
        let arguments = ["calibrate", "--display", "memory", "--screen", "800x480", "--config", "/dev/null", "--verify", "--log-level", "info"]
        let first = try touchbridge(arguments + ["--replay", accepted])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("calibration accepted"), "\(first.stderr)")
        let again = try touchbridge(arguments + ["--replay", redone])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("calibration redone") && again.stderr.contains("calibration accepted"), "\(again.stderr)")
        let none = try touchbridge(arguments + ["--replay", unanswered])
        #expect(none.status == 1)
        #expect(none.stderr.contains("the calibration was neither accepted nor redone"), "\(none.stderr)")
    }

    @Test func tooFewTouchesAreNamed() throws {
        let recording = try taps(at: Array(Self.crosses.prefix(3)))
        defer { try? FileManager.default.removeItem(atPath: recording) }
        let result = try touchbridge("calibrate", "--replay", recording, "--display", "memory", "--screen", "800x480", "--config", "/dev/null")
        #expect(result.status == 1)
        #expect(result.stderr.contains("the recording touched 3 of the 5 crosses"), "\(result.stderr)")
    }
}
