import Foundation
import Testing

/// Spec §8's experiments from recordings written for them (Tests/Fixtures/scenes),
/// replayed by the command with --scene and --trace.
struct SceneCommandTests {
    static func scenes(_ name: String) -> String {
        Fixtures.directory.deletingLastPathComponent().appendingPathComponent("scenes/\(name)").path
    }

    func trace(_ scene: String, _ recording: String, keeping kinds: [String]) throws -> [String] {
        let result = try touchbridge("replay", Self.scenes(recording), "--screen", "375x667", "--scene", scene, "--trace")
        #expect(result.status == 0, "\(result.stderr)")
        return result.lines.filter { line in kinds.contains { kind in callKind(line, is: kind) } }
    }

    @Test func e1() throws {
        #expect(
            try trace("E1", "tap-140-260.evemu", keeping: ["hitTest", "pointInside"]) == [
                "LMYellowView.hitTest", "LMYellowView.pointInside", "LMGrayView.hitTest", "LMGrayView.pointInside",
                "LMBlueView.hitTest", "LMBlueView.pointInside", "LMRedView.hitTest", "LMRedView.pointInside",
            ])
    }

    @Test func e2() throws {
        #expect(
            try trace("E2", "tap-140-260.evemu", keeping: ["touches"]) == [
                "LMRedView.touchesBegan", "LMGrayView.touchesBegan", "ViewController.touchesBegan",
                "LMRedView.touchesEnded", "LMGrayView.touchesEnded", "ViewController.touchesEnded",
            ])
    }

    @Test func e10() throws {
        #expect(try trace("E10", "tap-225-325.evemu", keeping: ["touches"]) == ["LMRedView.touchesBegan", "LMRedView.touchesEnded"])
    }

    @Test func e13() throws {
        #expect(
            try trace("E13", "two-fingers-one-frame-then-two-frames.evemu", keeping: ["touchesBegan"]) == [
                "LMGrayView.touchesBegan touches=2", "LMGrayView.touchesBegan touches=1",
                "LMGrayView.touchesBegan touches=1",
            ])
    }

    @Test func e14() throws {
        #expect(
            try trace("E14", "drag-150-150-to-200-180.evemu", keeping: ["touchesEnded"]) == [
                "LMRedView.touchesEnded frame=(150.0, 130.0, 100.0, 100.0)"
            ])
    }

    @Test(arguments: ["E15a", "E15b", "E15c"])
    func e15(_ scene: String) throws {
        #expect(try trace(scene, "tap-200-300.evemu", keeping: ["touches"]) == ["LMGrayView.touchesBegan", "LMGrayView.touchesEnded"])
    }

    @Test func e3() throws {
        #expect(
            try trace("E3", "tap-140-260.evemu", keeping: ["touches"]) == [
                "LMRedView.touchesBegan", "LMButton.touchesBegan", "LMRedView.touchesEnded", "LMButton.touchesEnded",
            ])
    }

    @Test func e5() throws {
        #expect(
            try trace("E5", "tap-140-260.evemu", keeping: ["touches", "Click"]) == [
                "LMGrayGestureRecognizer.touchesBegan", "LMRedGestureRecognizer.touchesBegan", "LMRedView.touchesBegan",
                "LMGrayView.touchesBegan", "ViewController.touchesBegan", "LMGrayGestureRecognizer.touchesEnded",
                "LMRedGestureRecognizer.touchesEnded", "ViewController.redViewClick", "LMRedView.touchesCancelled",
                "LMGrayView.touchesCancelled", "ViewController.touchesCancelled",
            ])
    }

    @Test func e6() throws {
        #expect(
            try trace("E6", "tap-140-260.evemu", keeping: ["touches", "Click"]) == [
                "LMGrayGestureRecognizer.touchesBegan", "LMButton.touchesBegan", "LMGrayGestureRecognizer.touchesEnded",
                "LMButton.touchesEnded", "ViewController.buttonClick",
            ])
    }

    @Test func e7() throws {
        #expect(
            try trace("E7", "tap-120-220.evemu", keeping: ["touches", "Click"]) == [
                "LMGrayGestureRecognizer.touchesBegan", "LMBlueView.touchesBegan", "LMButton.touchesBegan",
                "LMGrayGestureRecognizer.touchesEnded", "ViewController.grayViewClick", "LMBlueView.touchesCancelled",
                "LMButton.touchesCancelled",
            ])
    }

    @Test func e9() throws {
        #expect(try trace("E9", "taps-165-325-then-150-325.evemu", keeping: ["Click"]) == ["ViewController.buttonClick"])
    }

    @Test func e11() throws {
        #expect(
            try trace("E11", "taps-150-250-then-150-375.evemu", keeping: ["touches", "Click"]) == [
                "ViewController.buttonClick", "LMRedView.touchesBegan", "LMRedView.touchesEnded",
            ])
    }

    @Test func e4() throws {
        #expect(
            try trace("E4", "tap-140-260.evemu", keeping: ["touches"]) == [
                "LMRedView.touchesBegan", "LMScrollView.touchesBegan", "LMRedView.touchesEnded", "LMScrollView.touchesEnded",
            ])
    }

    @Test func e8() throws {
        #expect(
            try trace("E8", "tap-140-230.evemu", keeping: ["touches", "Click", "didSelectRow"]) == [
                "LMGrayGestureRecognizer.touchesBegan", "LMGrayGestureRecognizer.touchesEnded", "ViewController.grayViewClick",
            ])
        #expect(
            try trace("E8b", "tap-140-230.evemu", keeping: ["touches", "Click", "didSelectRow"]) == [
                "LMTableView.touchesBegan", "LMTableView.touchesEnded", "ViewController.didSelectRow row=0",
            ])
        let both = try trace("E8c", "tap-140-230.evemu", keeping: ["Click", "didSelectRow"])
        #expect(Set(both) == ["ViewController.grayViewClick", "ViewController.didSelectRow row=0"])
    }

    @Test func e12() throws {
        #expect(
            try trace("E12", "drag-355-275-to-155-275.evemu", keeping: ["scrollViewDidEndDecelerating"]) == [
                "ViewController.scrollViewDidEndDecelerating page=1"
            ])
    }

    @Test func jsonlNamesTheHitView() throws {
        let result = try touchbridge(
            "replay", Self.scenes("tap-140-260.evemu"), "--screen", "375x667", "--scene", "E2", "--format", "jsonl")
        #expect(result.lines.count == 2)
        #expect(result.lines.allSatisfy { $0.contains(#""tapCount": 1, "view": "LMRedView", "device": 0"#) })
        let outside = try touchbridge(
            "replay", Self.scenes("tap-140-260.evemu"), "--screen", "375x667", "--scene", "E14", "--format", "jsonl")
        #expect(outside.lines.first?.contains(#""view": "View""#) == true)  // the controller's root view
    }

    @Test func unknownScenesAreNamed() throws {
        let result = try touchbridge("replay", Self.scenes("tap-140-260.evemu"), "--scene", "E99")
        #expect(result.status == 64)
        #expect(result.stderr.contains("no scene 'E99'; the scenes are E1, E2, E3, E4, E5, E6, E7, E8, E8b, E8c, E9, E10, E11, E12, E13, E14, E15a, E15b, E15c, gestures"))
    }
}

struct RealtimeCommandTests {
    @Test func realtimePlaysAtTheRecordedPace() throws {
        let file = SceneCommandTests.scenes("two-fingers-one-frame-then-two-frames.evemu")  // 0.8 s long
        let start = Date()
        let result = try touchbridge("replay", file, "--screen", "375x667", "--scene", "E13", "--trace", "--realtime")
        #expect(result.status == 0)
        #expect(Date().timeIntervalSince(start) >= 0.75)
        #expect(result.lines.first == "LMGrayView.touchesBegan touches=2")
    }
}

/// Whether a trace line's method ("LMRedView.touchesBegan", "ViewController.redViewClick")
/// is of `kind`: it starts with it ("touches", "hitTest") or ends with it ("Click").
func callKind(_ line: String, is kind: String) -> Bool {
    guard let dot = line.firstIndex(of: ".") else { return false }
    let method = line[line.index(after: dot)...].prefix { $0 != " " }
    return method.hasPrefix(kind) || method.hasSuffix(kind)
}

/// The `gestures` scene reads the real recordings as a person would.
struct GestureReadingTests {
    func read(_ file: String) throws -> [String] {
        let result = try touchbridge("replay", Fixtures.path(file), "--scene", "gestures", "--trace")
        #expect(result.status == 0, "\(result.stderr)")
        return result.lines
    }

    /// Reads "(x, y)" after "translation=".
    func translation(_ line: String) -> (x: Double, y: Double)? {
        guard let start = line.range(of: "translation=(")?.upperBound, let end = line[start...].firstIndex(of: ")") else { return nil }
        let parts = line[start..<end].split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    @Test func theTwoFingerScrollIsATwoFingerPan() throws {
        let lines = try read("evemu-ep0430m09-touchscreen-2finger-scroll.txt")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("PanGestureRecognizer.began touches=2") == true)
        #expect(lines.last?.hasPrefix("PanGestureRecognizer.ended") == true)
        let moved = try #require(lines.last.flatMap(translation))
        #expect(moved.y < -150 && abs(moved.x) < 50)  // about 190 points up, hardly sideways
    }

    @Test func theFastTapsAreTapsWithRisingTapCount() throws {
        #expect(try read("evemu-atmel-maxtouch-touchscreen-1finger-fast-taps.txt") == (1...9).map { "TapGestureRecognizer.ended tapCount=\($0)" })
    }

    @Test func theFourFingerDragsArePans() throws {
        for file in ["evemu-ep0430m09-touchscreen-4finger-drag.txt", "evemu-atmel-maxtouch-touchscreen-4finger-drag.txt"] {
            let lines = try read(file)
            #expect(lines.allSatisfy { $0.hasPrefix("PanGestureRecognizer.") }, "\(file): \(lines)")
            #expect(lines.first?.contains("touches=4") == true || lines.first?.contains("touches=3") == true)
            let moved = try #require(lines.last.flatMap(translation))
            #expect(abs(moved.y) > 100)
        }
    }

    /// The Dell Canvas recording: a one-finger drag joined by a second finger
    /// turning, then five fingers closing together (a pinch in, as they pan),
    /// then a one-finger drag.
    @Test func theDellCanvasFiveFingersPinchIn() throws {
        let lines = try read("evemu-dell-canvas-advanced-silicon-cooltouch-5finger.txt")
        #expect(lines.contains { $0.hasPrefix("PanGestureRecognizer.began touches=5") })
        let pinch = try #require(lines.first { $0.hasPrefix("PinchGestureRecognizer.ended") })
        let scale = try #require(Double(pinch.split(separator: "=").last ?? ""))
        #expect(scale < 0.8)
        #expect(lines.filter { $0.hasPrefix("PanGestureRecognizer.began") }.count == 3)
    }
}
