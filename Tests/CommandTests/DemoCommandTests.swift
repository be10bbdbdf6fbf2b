import Foundation
import Graphics
import Testing

/// `touchbridge demo`: the bundled real recordings played into the demo app,
/// with the screen written after each frame.
struct DemoCommandTests {
    @Test func theBundledRecordingsTapBluePaintAndMoveThePhoto() throws {
        let out = temporaryPath("demo-frames")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try touchbridge("demo", "--out", out)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Last button tapped: Blue"))
        let screen = try Bitmap.readPNG(at: out + "/screen.png")
        #expect(screen.width == 800 && screen.height == 480)
        let selected = PixelColor(red: 255, green: 204, blue: 0)
        #expect(screen.pixel(x: 340, y: 385).distance(to: selected) <= 2, "the Blue button is selected")
        #expect(screen.pixel(x: 240, y: 385) == PixelColor(red: 255, green: 255, blue: 255), "Red is not")
        // The scroll's left finger ended at (254.38, 191.25): its stroke is blue there.
        let blue = PixelColor(red: 0, green: 122, blue: 255)
        #expect(screen.pixel(x: 254, y: 191).distance(to: blue) <= 30)
        // The right finger dragged the photo up by about 200 points, off its starting place.
        let sky = PixelColor(red: 140, green: 204, blue: 242)
        #expect(screen.pixel(x: 655, y: 330).distance(to: sky) > 30)
        // Mid-scroll (frame 59: fingers at (568.75, 218.75) and (266.25, 266.25)), a
        // marker rings each finger 21 points out: touches 1 and 2 of the run.
        let midScroll = try Bitmap.readPNG(at: out + "/device1-frame-000059.png")
        let orange = PixelColor(red: 255, green: 128, blue: 0), green = PixelColor(red: 52, green: 199, blue: 89)
        #expect(midScroll.pixel(x: 569, y: 197).distance(to: orange) <= 30, "marker 1's ring")
        #expect(midScroll.pixel(x: 266, y: 245).distance(to: green) <= 30, "marker 2's ring")
        let frames = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".png") }
        #expect(frames.count > 200)
    }

    @Test func aMissingRecordingIsNamed() throws {
        let result = try touchbridge("demo", "/nonexistent.evemu", "--out", temporaryPath("demo-missing"))
        #expect(result.status != 0)
        #expect(result.stderr.contains("/nonexistent.evemu"))
    }
}
