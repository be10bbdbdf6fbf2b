import Foundation
import Graphics
import Testing

/// `touchbridge snapshot` against PNGs committed in Tests/Fixtures/snapshots,
/// and `replay --frames` writing the screen after each frame.
struct SnapshotCommandTests {
    static let snapshots = Fixtures.directory.deletingLastPathComponent().appendingPathComponent("snapshots")

    /// Antialiasing may differ by a few levels on edges; anything more is a change.
    func expectSimilar(_ path: String, _ reference: String) throws {
        let got = try Bitmap.readPNG(at: path)
        let expected = try Bitmap.readPNG(at: reference)
        try #require(got.width == expected.width && got.height == expected.height)
        var differing = 0
        for y in 0..<got.height {
            for x in 0..<got.width where got.pixel(x: x, y: y).distance(to: expected.pixel(x: x, y: y)) > 40 { differing += 1 }
        }
        #expect(differing * 1000 <= got.width * got.height, "\(differing) pixels differ from \(reference)")
    }

    @Test(arguments: ["E1", "E3", "E4", "E8", "E12", "controls"])
    func aSceneLooksAsCommitted(scene: String) throws {
        let out = temporaryPath("snapshot-\(scene).png")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try touchbridge("snapshot", "--scene", scene, "--screen", "375x667", "--out", out)
        #expect(result.status == 0, "\(result.stderr)")
        try expectSimilar(out, Self.snapshots.appendingPathComponent("\(scene).png").path)
    }

    @Test func e1HasUIKitsColoursOnAWhiteRoot() throws {
        let out = temporaryPath("snapshot-e1-colours.png")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(try touchbridge("snapshot", "--scene", "E1", "--screen", "375x667", "--out", out).status == 0)
        let picture = try Bitmap.readPNG(at: out)
        #expect(picture.pixel(x: 50, y: 50) == PixelColor(red: 255, green: 255, blue: 255))
        #expect(picture.pixel(x: 250, y: 400).distance(to: PixelColor(red: 128, green: 128, blue: 128)) <= 1)  // gray
        #expect(picture.pixel(x: 150, y: 250) == PixelColor(red: 255, green: 0, blue: 0))  // red at (100, 200) in gray
        #expect(picture.pixel(x: 250, y: 550) == PixelColor(red: 0, green: 0, blue: 255))  // blue
        #expect(picture.pixel(x: 200, y: 640) == PixelColor(red: 255, green: 255, blue: 0))  // yellow
    }

    @Test func aScreenSmallerThanTheSceneIsRefused() throws {
        let result = try touchbridge("snapshot", "--scene", "E1", "--screen", "320x480", "--out", temporaryPath("small.png"))
        #expect(result.status != 0)
        #expect(result.stderr.contains("smaller than the 375x667 the scene needs"))
    }

    @Test func anUnwritableOutputIsNamed() throws {
        let result = try touchbridge("snapshot", "--scene", "E1", "--out", "/nonexistent-dir/e1.png")
        #expect(result.status != 0)
        #expect(result.stderr.contains("/nonexistent-dir/e1.png: cannot write PNG"))
    }

    @Test func replayWritesAPictureAfterEachFrameThatChangedPixelsWithMarkers() throws {
        let directory = temporaryPath("frames")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let recording = Fixtures.directory.deletingLastPathComponent().appendingPathComponent("scenes/drag-150-150-to-200-180.evemu").path
        let result = try touchbridge(
            "replay", recording, "--screen", "375x667", "--scene", "E14", "--frames", directory, "--show-touches")
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(files.first == "frame-000000.png")
        #expect(files.count >= 3)
        // In the first frame the finger is down at (150, 150) on E14's red view: a marker is drawn there.
        let first = try Bitmap.readPNG(at: directory + "/frame-000000.png")
        let marker = first.pixel(x: 150 - 21, y: 150)
        #expect(marker != PixelColor(red: 255, green: 0, blue: 0), "the marker's ring is drawn over the red view")
        // The red view follows the finger (E14): in the last picture it has moved by (50, 30).
        let last = try Bitmap.readPNG(at: directory + "/" + files.last!)
        #expect(last.pixel(x: 240, y: 220) == PixelColor(red: 255, green: 0, blue: 0))
        #expect(last.pixel(x: 110, y: 110) == PixelColor(red: 255, green: 255, blue: 255))
        // Without --show-touches the same frame has no marker.
        let plain = temporaryPath("frames-plain")
        defer { try? FileManager.default.removeItem(atPath: plain) }
        #expect(try touchbridge("replay", recording, "--screen", "375x667", "--scene", "E14", "--frames", plain).status == 0)
        #expect(try Bitmap.readPNG(at: plain + "/frame-000000.png").pixel(x: 150 - 21, y: 150) == PixelColor(red: 255, green: 0, blue: 0))
    }

    @Test func aSnapshotAfterARecordingIsTheScreenTheReplayEndsOn() throws {
        let recording = Fixtures.directory.deletingLastPathComponent().appendingPathComponent("scenes/drag-150-150-to-200-180.evemu").path
        let before = temporaryPath("snapshot-e14.png"), after = temporaryPath("snapshot-e14-after.png"), frames = temporaryPath("frames-e14")
        defer { for path in [before, after, frames] { try? FileManager.default.removeItem(atPath: path) } }
        #expect(try touchbridge("snapshot", "--scene", "E14", "--screen", "375x667", "--out", before).status == 0)
        let result = try touchbridge("snapshot", "--scene", "E14", "--screen", "375x667", "--after", recording, "--out", after)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try touchbridge("replay", recording, "--screen", "375x667", "--scene", "E14", "--frames", frames).status == 0)
        let last = try #require(try FileManager.default.contentsOfDirectory(atPath: frames).sorted().last)
        // The dragged red view, moved by (50, 30): as in the replay's last frame, not where it started.
        #expect(try bytes(after) == bytes(frames + "/" + last))
        #expect(try bytes(after) != bytes(before))
        #expect(try Bitmap.readPNG(at: after).pixel(x: 240, y: 220) == PixelColor(red: 255, green: 0, blue: 0))
    }

    func bytes(_ path: String) throws -> Data {
        let picture = try Bitmap.readPNG(at: path)
        return Data(bytes: picture.pixels, count: picture.stride * picture.height)
    }

    @Test func aSnapshotAfterAMissingRecordingNamesIt() throws {
        let result = try touchbridge("snapshot", "--after", "/nonexistent/tap.evemu", "--out", temporaryPath("never.png"))
        #expect(result.status != 0)
        #expect(result.stderr.contains("/nonexistent/tap.evemu"))
    }
}
