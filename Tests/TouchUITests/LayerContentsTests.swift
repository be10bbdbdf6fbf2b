import Testing
import TouchUI

/// `view.layer.contents`: an image the view's layer shows, placed by `contentsGravity`.
@MainActor
struct LayerContentsTests {
    let stage = LayerStage()
    var window: Window { stage.window }
    let tile = View(frame: CGRect(x: 20, y: 20, width: 120, height: 60))
    let white = PixelColor(red: 255, green: 255, blue: 255)

    init() { stage.holder.addSubview(tile) }

    /// A 40x20 picture, blue.
    func picture() throws -> Image {
        let bitmap = try Bitmap(width: 40, height: 20)
        GraphicsContext(bitmap: bitmap).fill(Rect(x: 0, y: 0, width: 40, height: 20), with: .blue)
        return Image(bitmap: bitmap)
    }

    /// A point of the tile, in the window's pixels.
    func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> PixelColor { bitmap.pixel(x: 20 + 20 + x, y: 20 + 20 + y) }

    @Test func contentsFillTheBoundsThenFollowTheGravity() throws {
        let image = try picture()
        tile.layer.contents = image.cgImage
        #expect(tile.layer.contents as? Image === image && tile.layer.contentsGravity == .resize)
        let kept = try window.drawnAfresh()
        #expect(pixel(kept, 1, 1) == Color.blue.pixel && pixel(kept, 118, 58) == Color.blue.pixel, "stretched to the bounds")
        tile.layer.contentsGravity = .center
        #expect(tile.contentMode == .center)
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(pixel(kept, 1, 1) == white && pixel(kept, 60, 30) == Color.blue.pixel && pixel(kept, 39, 30) == white && pixel(kept, 40, 30) == Color.blue.pixel)
        tile.layer.contentsScale = 2
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(pixel(kept, 49, 30) == white && pixel(kept, 50, 30) == Color.blue.pixel, "20x10 points at 2 pixels a point")
        tile.layer.contentsGravity = .bottomRight
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(pixel(kept, 119, 59) == Color.blue.pixel && pixel(kept, 99, 59) == white)
        tile.layer.contents = nil
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(pixel(kept, 119, 59) == white)
    }

    /// Over the background, under what the view draws.
    @Test func betweenTheBackgroundAndDraw() throws {
        tile.backgroundColor = .systemYellow
        tile.layer.contents = try picture()
        tile.layer.contentsGravity = .topLeft
        let drawn = try window.drawnAfresh()
        #expect(pixel(drawn, 5, 5) == Color.blue.pixel && pixel(drawn, 100, 50) == Color.systemYellow.pixel)
    }

    /// `contentsScale` is the layer's own, set before the contents or after, and kept when they go.
    @Test func contentsScaleIsItsOwn() throws {
        tile.layer.contentsScale = 2
        tile.layer.contentsGravity = .topLeft
        tile.layer.contents = try picture()
        let drawn = try window.drawnAfresh()
        #expect(pixel(drawn, 19, 9) == Color.blue.pixel && pixel(drawn, 21, 5) == white, "20x10 points")
        tile.layer.contents = nil
        #expect(tile.layer.contentsScale == 2)
    }
}
