import Testing
@testable import Graphics

/// CGContext's gradients: linear and radial, with or without their ends carried on.
struct GradientTests {
    func canvas() throws -> (Bitmap, GraphicsContext) {
        let bitmap = try Bitmap(width: 120, height: 20)
        let context = GraphicsContext(bitmap: bitmap)
        context.fill(Rect(x: 0, y: 0, width: 120, height: 20), with: Color(red: 1, green: 0, blue: 0, alpha: 1))
        return (bitmap, context)
    }

    @Test func aLinearGradientBlendsFromStartToEndAndStopsThere() throws {
        let (bitmap, context) = try canvas()
        let gradient = try #require(Gradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [.black, .white], locations: [0, 1]))
        context.drawLinearGradient(gradient, start: Point(x: 10, y: 0), end: Point(x: 110, y: 0), options: [])
        context.flush()
        #expect(bitmap.pixel(x: 10, y: 10).green <= 3)
        #expect(abs(Int(bitmap.pixel(x: 60, y: 10).green) - 128) <= 3, "halfway grey: \(bitmap.pixel(x: 60, y: 10))")
        #expect(bitmap.pixel(x: 109, y: 10).green >= 252)
        #expect(bitmap.pixel(x: 5, y: 10) == PixelColor(red: 255, green: 0, blue: 0), "nothing before the start")
        #expect(bitmap.pixel(x: 115, y: 10) == PixelColor(red: 255, green: 0, blue: 0), "nor past the end")
    }

    @Test func theOptionsCarryTheEndColoursOn() throws {
        let gradient = try #require(Gradient(colors: [.black, .white]))
        for (options, before, after) in [
            (Gradient.DrawingOptions([.drawsBeforeStartLocation, .drawsAfterEndLocation]), true, true),
            ([.drawsBeforeStartLocation], true, false), ([.drawsAfterEndLocation], false, true),
        ] {
            let (bitmap, context) = try canvas()
            context.drawLinearGradient(gradient, start: Point(x: 10, y: 0), end: Point(x: 110, y: 0), options: options)
            context.flush()
            #expect((bitmap.pixel(x: 5, y: 10) == PixelColor(red: 0, green: 0, blue: 0)) == before, "\(options.rawValue) before")
            #expect((bitmap.pixel(x: 115, y: 10) == PixelColor(red: 255, green: 255, blue: 255)) == after, "\(options.rawValue) after")
            #expect(abs(Int(bitmap.pixel(x: 60, y: 10).green) - 128) <= 3)
        }
    }

    @Test func aRadialGradientGoesFromTheInnerCircleToTheOuter() throws {
        let (bitmap, context) = try canvas()
        let gradient = try #require(Gradient(colors: [.white, .black]))
        context.drawRadialGradient(gradient, startCenter: Point(x: 60, y: 10), startRadius: 0, endCenter: Point(x: 60, y: 10), endRadius: 40)
        context.flush()
        #expect(bitmap.pixel(x: 60, y: 10).green >= 250)
        #expect(abs(Int(bitmap.pixel(x: 80, y: 10).green) - 128) <= 6)
        #expect(bitmap.pixel(x: 110, y: 10) == PixelColor(red: 255, green: 0, blue: 0), "nothing past the outer circle")
        #expect(Gradient(colors: [.white]) == nil)
        #expect(Gradient(colors: [.white, .black], locations: [0]) == nil)
    }
}
