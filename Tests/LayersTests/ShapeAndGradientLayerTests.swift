import Graphics
import Layers
import Testing

/// CAShapeLayer and CAGradientLayer: drawn straight into the frame each
/// time they are composited, their extent and damage following what they draw.
struct ShapeAndGradientLayerTests {
    static let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)

    /// A white 100 x 100 root, and a picture of the whole tree.
    func picture(_ tree: LayerTree) throws -> Bitmap {
        let bitmap = try Bitmap(width: 100, height: 100)
        let context = GraphicsContext(bitmap: bitmap)
        context.fill(Rect(x: 0, y: 0, width: 100, height: 100), with: .white)
        LayerCompositor().composite(tree, region: Region(PixelRect(x: 0, y: 0, width: 100, height: 100)), into: context)
        context.flush()
        return bitmap
    }

    /// The same drawing made with the context's own calls.
    func drawn(_ draw: (GraphicsContext) -> Void) throws -> Bitmap {
        let bitmap = try Bitmap(width: 100, height: 100)
        let context = GraphicsContext(bitmap: bitmap)
        context.fill(Rect(x: 0, y: 0, width: 100, height: 100), with: .white)
        draw(context)
        context.flush()
        return bitmap
    }

    func sameEverywhere(_ a: Bitmap, _ b: Bitmap) -> Bool {
        (0..<100).allSatisfy { y in (0..<100).allSatisfy { x in a.pixel(x: x, y: y) == b.pixel(x: x, y: y) } }
    }

    /// A progress ring: a circle stroked to 60%, in a layer of no size whose
    /// path lies around its position, as apps often make them.
    @Test func aShapeIsFilledAndStrokedWhereItsPathLies() throws {
        let tree = LayerTree()
        let ring = ShapeLayer()
        ring.position = Point(x: 50, y: 50)
        ring.path = Path(ovalIn: Rect(x: -30, y: -30, width: 60, height: 60))
        ring.fillColor = nil
        ring.strokeColor = Self.red
        ring.lineWidth = 8
        ring.lineCap = .round
        ring.strokeEnd = 0.6
        tree.root.addSublayer(ring)
        let expected = try drawn { context in
            context.translateBy(x: 50, y: 50)
            context.stroke(
                Path(ovalIn: Rect(x: -30, y: -30, width: 60, height: 60)), with: Self.red,
                style: .init(lineWidth: 8, lineCap: .round, end: 0.6))
        }
        #expect(sameEverywhere(try picture(tree), expected))
        // Its extent is the stroke's, though its bounds are empty: moving it repaints where it was.
        // The circle grown by half the stroke: it has no corners for a mitre to reach past.
        #expect(tree.extent == Rect(x: 16, y: 16, width: 68, height: 68))
        _ = tree.takeDamage()
        ring.strokeEnd = 0.9
        #expect(tree.takeDamage().bounds == PixelRect(enclosing: tree.extent), "a changed stroke repaints what it covers")
        ring.path = Path(rect: Rect(x: -30, y: -30, width: 60, height: 60))
        #expect(abs(tree.extent.minX - (20 - 4 * 2.0.squareRoot())) < 1e-9, "a square's mitred corners reach further")
    }

    @Test func aFillCanBeEvenOdd() throws {
        let tree = LayerTree()
        let shape = ShapeLayer()
        shape.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        var rings = Path(ovalIn: Rect(x: 10, y: 10, width: 80, height: 80))
        rings.append(Path(ovalIn: Rect(x: 30, y: 30, width: 40, height: 40)))
        shape.path = rings
        shape.fillRule = .evenOdd
        tree.root.addSublayer(shape)
        let bitmap = try picture(tree)
        #expect(bitmap.pixel(x: 20, y: 50) == Color.black.pixel, "black until a fill colour is set, as CAShapeLayer's")
        #expect(bitmap.pixel(x: 50, y: 50) == Color.white.pixel, "the hole")
    }

    @Test func aShapeWithNothingToDrawShowsNothing() {
        let tree = LayerTree()
        let shape = ShapeLayer()
        tree.root.addSublayer(shape)
        #expect(!tree.showsAnything && tree.extent.isNull)
        shape.path = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(tree.showsAnything)
        shape.fillColor = nil
        #expect(!tree.showsAnything, "no fill and no stroke colour")
    }

    @Test func anAxialGradientRunsFromStartToEnd() throws {
        let tree = LayerTree()
        let gradient = GradientLayer()
        gradient.frame = Rect(x: 10, y: 10, width: 80, height: 80)
        gradient.colors = [Self.red, Self.blue]
        gradient.startPoint = Point(x: 0, y: 0.5)
        gradient.endPoint = Point(x: 1, y: 0.5)
        tree.root.addSublayer(gradient)
        let expected = try drawn { context in
            context.clip(to: Rect(x: 10, y: 10, width: 80, height: 80))
            context.drawLinearGradient(
                Gradient(colors: [Self.red, Self.blue])!, start: Point(x: 10, y: 50), end: Point(x: 90, y: 50),
                options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        let bitmap = try picture(tree)
        #expect(sameEverywhere(bitmap, expected))
        #expect(bitmap.pixel(x: 5, y: 50) == Color.white.pixel, "nothing outside the bounds")
        // Top to bottom until set, as CAGradientLayer's.
        let fresh = GradientLayer()
        #expect(fresh.startPoint == Point(x: 0.5, y: 0) && fresh.endPoint == Point(x: 0.5, y: 1))
    }

    @Test func aRadialGradientFillsAnEllipseThroughTheEndPoint() throws {
        let tree = LayerTree()
        let gradient = GradientLayer()
        gradient.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        gradient.type = .radial
        gradient.colors = [Self.red, Self.blue]
        gradient.startPoint = Point(x: 0.5, y: 0.5)
        gradient.endPoint = Point(x: 1, y: 1)
        tree.root.addSublayer(gradient)
        let bitmap = try picture(tree)
        #expect(bitmap.pixel(x: 50, y: 50).distance(to: Self.red.pixel) <= 4, "the start colour at the centre")
        #expect(bitmap.pixel(x: 99, y: 50).distance(to: Self.blue.pixel) <= 8, "the end colour at the ellipse")
        #expect(bitmap.pixel(x: 1, y: 1) == Self.blue.pixel, "past the ellipse, the end colour")
    }

    @Test func oneColourFillsAndMismatchedLocationsSpreadEvenly() throws {
        let tree = LayerTree()
        let gradient = GradientLayer()
        gradient.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        gradient.colors = [Self.red]
        tree.root.addSublayer(gradient)
        #expect(try picture(tree).pixel(x: 50, y: 90) == Self.red.pixel)
        gradient.colors = [Self.red, Self.blue]
        gradient.locations = [0, 0.5, 1]
        let spread = try picture(tree)
        gradient.locations = nil
        #expect(sameEverywhere(spread, try picture(tree)))
    }

    /// A shape under a half-transparent layer fades with it as one picture.
    @Test func opacityFadesAShapeAsOnePicture() throws {
        let tree = LayerTree()
        let shape = ShapeLayer()
        shape.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        shape.path = Path(rect: Rect(x: 20, y: 20, width: 60, height: 60))
        shape.fillColor = Self.red
        shape.strokeColor = Self.red
        shape.lineWidth = 10
        shape.opacity = 0.5
        tree.root.addSublayer(shape)
        let bitmap = try picture(tree)
        // Where fill and stroke overlap, the red is not blended twice.
        #expect(bitmap.pixel(x: 22, y: 50) == bitmap.pixel(x: 50, y: 50))
        #expect(bitmap.pixel(x: 50, y: 50).distance(to: PixelColor(red: 255, green: 128, blue: 128)) <= 2)
        // Over its own blue background, the opaque fill hides the blue: the layer fades as one picture.
        shape.backgroundColor = Self.blue
        let faded = try picture(tree)
        #expect(faded.pixel(x: 50, y: 50).distance(to: PixelColor(red: 255, green: 128, blue: 128)) <= 2)
        #expect(faded.pixel(x: 5, y: 5).distance(to: PixelColor(red: 128, green: 128, blue: 255)) <= 2)
    }
}
