import Glibc
import Testing
@testable import Graphics

/// The blur under CALayer-style shadows: three box passes standing in for
/// a Gaussian whose standard deviation is the shadow's radius.
struct ShadowBlurTests {
    /// An opaque rectangle `width` x `height` at the origin of a clear picture.
    func block(width: Int, height: Int) throws -> Bitmap {
        let bitmap = try Bitmap(width: width, height: height, opaque: false)
        GraphicsContext(bitmap: bitmap).fill(Rect(x: 0, y: 0, width: width, height: height), with: .black)
        return bitmap
    }

    @Test func anEdgeFadesAsAGaussianDoes() throws {
        // A half plane's edge, blurred, is the Gaussian's cumulative distribution across it.
        let sigma = 6.0
        let shadow = try block(width: 100, height: 200).shadow(color: .black, radius: sigma)
        let reach = Bitmap.shadowReach(radius: sigma)
        #expect(shadow.width == 100 + 2 * reach && shadow.height == 200 + 2 * reach)
        let row = reach + 100
        for distance in -12...12 {
            // The pixel whose centre lies `distance` + 0.5 outside the edge.
            let x = reach + 100 + distance
            let expected = 255 * 0.5 * erfc((Double(distance) + 0.5) / (sigma * 2.0.squareRoot()))
            let alpha = Double(shadow.pixel(x: x, y: row).alpha)
            #expect(abs(alpha - expected) <= 6, "\(distance) px from the edge: \(alpha), a Gaussian gives \(expected)")
        }
        #expect(shadow.pixel(x: 0, y: row).alpha == 0, "nothing past the reach")
    }

    @Test func theBlurKeepsTheShapesCoverage() throws {
        let shadow = try block(width: 20, height: 20).shadow(color: .black, radius: 4)
        var total = 0
        for y in 0..<shadow.height { for x in 0..<shadow.width { total += Int(shadow.pixel(x: x, y: y).alpha) } }
        let expected = 20 * 20 * 255
        #expect(abs(total - expected) < expected / 100, "coverage \(total), the square's \(expected)")
    }

    @Test func aRadiusOfZeroIsTheShapeItselfInTheColour() throws {
        let shadow = try block(width: 10, height: 10).shadow(color: Color(red: 1, green: 0, blue: 0, alpha: 0.5), radius: 0)
        #expect(Bitmap.shadowReach(radius: 0) == 0)
        #expect(shadow.width == 10 && shadow.height == 10)
        let pixel = shadow.pixel(x: 5, y: 5)
        #expect(pixel.alpha == 128 && pixel.red == 255 && pixel.green == 0 && pixel.blue == 0)
    }

    @Test func anOpaquePictureCastsItsWholeRectangle() throws {
        let opaque = try Bitmap(width: 8, height: 8, opaque: true)
        let shadow = try opaque.shadow(color: .black, radius: 0)
        #expect(shadow.pixel(x: 0, y: 0).alpha == 255 && shadow.pixel(x: 7, y: 7).alpha == 255)
    }

    @Test func aPathsBoundingBoxHoldsItsCurves() {
        let oval = Path(ovalIn: Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(oval.boundingBox == Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(Path().boundingBox.isNull)
        let card = Path(roundedRect: Rect(x: 0, y: 0, width: 50, height: 30), cornerRadius: 8)
        #expect(card.boundingBox == Rect(x: 0, y: 0, width: 50, height: 30))
    }
}
