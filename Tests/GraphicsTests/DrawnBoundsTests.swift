import Graphics
import Testing

/// The drawn part of a picture with room around it, which a cursor plane
/// shows without the room (a finger marker's stamp is larger than its circle).
struct DrawnBoundsTests {
    @Test func anEmptyPictureHasNone() throws {
        #expect(try Bitmap(width: 30, height: 20, opaque: false).drawnBounds().isEmpty)
    }

    @Test func theBoundsHoldEveryPixelNotFullyTransparent() throws {
        let bitmap = try Bitmap(width: 30, height: 20, opaque: false)
        let context = GraphicsContext(bitmap: bitmap)
        context.fill(Rect(x: 5, y: 3, width: 10, height: 4), with: .black)
        // A faint pixel far off counts: its alpha is not zero.
        context.fill(Rect(x: 27, y: 18, width: 1, height: 1), with: Color(red: 1, green: 0, blue: 0, alpha: 0.05))
        context.flush()
        #expect(bitmap.drawnBounds() == PixelRect(x: 5, y: 3, width: 23, height: 16))
    }
}
