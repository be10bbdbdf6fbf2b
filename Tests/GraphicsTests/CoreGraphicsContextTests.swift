import Graphics
import Testing

/// CGContext's own calls: the state's colours and line width, saved and restored.
struct CoreGraphicsContextTests {
    @Test func fillAndStrokeWithTheContextsColours() throws {
        let bitmap = try Bitmap(width: 40, height: 40)
        let context: CGContext = GraphicsContext(bitmap: bitmap)
        context.setFillColor(.white)
        context.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        context.saveGState()
        context.setFillColor(Color(red: 1, green: 0, blue: 0))
        context.fillEllipse(in: CGRect(x: 10, y: 10, width: 20, height: 20))
        context.restoreGState()
        #expect(bitmap.pixel(x: 20, y: 20) == PixelColor(red: 255, green: 0, blue: 0), "the ellipse in the saved colour")
        #expect(bitmap.pixel(x: 11, y: 11) == PixelColor(red: 255, green: 255, blue: 255), "outside the ellipse's curve")
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(bitmap.pixel(x: 1, y: 1) == PixelColor(red: 255, green: 255, blue: 255), "the fill colour came back with the state")
        context.setStrokeColor(Color(red: 0, green: 0, blue: 1))
        context.setLineWidth(4)
        context.strokeLineSegments(between: [CGPoint(x: 0, y: 36), CGPoint(x: 40, y: 36)])
        #expect(bitmap.pixel(x: 20, y: 35) == PixelColor(red: 0, green: 0, blue: 255) && bitmap.pixel(x: 20, y: 37) == PixelColor(red: 0, green: 0, blue: 255))
        #expect(bitmap.pixel(x: 20, y: 32) == PixelColor(red: 255, green: 255, blue: 255), "four points wide, no wider")
    }
}
