import Graphics
import Layers
import Testing

/// A tree composited over a base picture, a rectangle at a time, as the
/// compositor puts the finger markers over the views' frame.
struct OverTests {
    /// A base of vertical stripes, so a pixel taken from the wrong place shows.
    func base() throws -> Bitmap {
        let bitmap = try Bitmap(width: 120, height: 80)
        let context = GraphicsContext(bitmap: bitmap)
        for x in stride(from: 0, to: 120, by: 6) {
            context.fill(Rect(x: Double(x), y: 0, width: 3, height: 80), with: Color(red: Double(x) / 120, green: 0.4, blue: 0.6))
        }
        context.flush()
        return bitmap
    }

    /// A half-transparent square picture.
    func picture(_ size: Int, _ color: Color) throws -> Image {
        let bitmap = try Bitmap(width: size, height: size, opaque: false)
        let context = GraphicsContext(bitmap: bitmap)
        context.fill(Rect(x: 0, y: 0, width: Double(size), height: Double(size)), with: color.withAlphaComponent(0.5))
        context.flush()
        return Image(bitmap: bitmap)
    }

    /// Two pictures in a container (what TouchMarkersView makes), one overlapping the other.
    func markers() throws -> LayerTree {
        let tree = LayerTree(), container = Layer()
        tree.root.addSublayer(container)
        for (index, color) in [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)].enumerated() {
            let layer = Layer()
            layer.anchorPoint = .zero
            layer.contents = try picture(20, color)
            layer.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
            layer.position = Point(x: 30 + Double(index) * 10, y: 20 + Double(index) * 10)
            container.addSublayer(layer)
        }
        return tree
    }

    func differing(_ a: Bitmap, _ b: Bitmap) -> Int {
        var count = 0
        for y in 0..<a.height { for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { count += 1 } }
        return count
    }

    /// The base with the tree composited over all of it the general way.
    func expected(_ tree: LayerTree, base: Bitmap) throws -> Bitmap {
        let bitmap = try Bitmap(width: 120, height: 80)
        bitmap.copy(PixelRect(x: 0, y: 0, width: 120, height: 80), from: base)
        let context = GraphicsContext(bitmap: bitmap)
        LayerCompositor().composite(tree, region: Region(PixelRect(x: 0, y: 0, width: 120, height: 80)), into: context)
        context.flush()
        return bitmap
    }

    /// A rectangle composited again over pictures already there starts from the base: nothing is blended twice.
    @Test func compositingAgainBlendsOnce() throws {
        let tree = try markers(), base = try base()
        let result = try Bitmap(width: 120, height: 80)
        let context = GraphicsContext(bitmap: result)
        let compositor = LayerCompositor()
        compositor.composite(tree, over: base, region: Region(PixelRect(x: 0, y: 0, width: 120, height: 80)), into: context)
        compositor.composite(tree, over: base, region: Region(PixelRect(x: 28, y: 18, width: 30, height: 30)), into: context)
        context.flush()
        #expect(differing(result, try expected(tree, base: base)) == 0)
    }

    /// Only the rectangles given change; the pictures there are exactly as the general path draws them.
    @Test func onlyTheRegionIsPainted() throws {
        let tree = try markers(), base = try base()
        let result = try Bitmap(width: 120, height: 80)
        let context = GraphicsContext(bitmap: result)
        context.fill(Rect(x: 0, y: 0, width: 120, height: 80), with: .black)
        LayerCompositor().composite(tree, over: base, region: Region(PixelRect(x: 30, y: 20, width: 30, height: 30)), into: context)
        context.flush()
        let expected = try expected(tree, base: base)
        #expect(result.pixel(x: 5, y: 5) == Color.black.pixel)
        for (x, y) in [(31, 21), (45, 35), (59, 49), (35, 45)] { #expect(result.pixel(x: x, y: y) == expected.pixel(x: x, y: y), "\(x),\(y)") }
    }

    /// Pictures in a container whose bounds do not start at zero, a root that fades, a picture
    /// masked round: each composites over the base exactly as the general path draws it.
    @Test func shiftedContainersFadingRootsAndRoundMasksAsTheGeneralPath() throws {
        let base = try base()
        func check(_ tree: LayerTree, _ comment: Comment) throws {
            let result = try Bitmap(width: 120, height: 80)
            let context = GraphicsContext(bitmap: result)
            LayerCompositor().composite(tree, over: base, region: Region(PixelRect(x: 0, y: 0, width: 120, height: 80)), into: context)
            context.flush()
            #expect(differing(result, try expected(tree, base: base)) == 0, comment)
        }
        let shifted = try markers()
        shifted.root.sublayers[0].bounds = Rect(x: 7, y: 5, width: 0, height: 0)
        try check(shifted, "a container's bounds shifted")
        let faded = try markers()
        faded.root.opacity = 0.5
        try check(faded, "a root at half opacity")
        let round = try markers()
        round.root.sublayers[0].sublayers[0].cornerRadius = 8
        round.root.sublayers[0].sublayers[0].masksToBounds = true
        try check(round, "a picture masked round")
    }

    /// A tree that is more than plain pictures (one fades) takes the general path, with the same result.
    @Test func aFadingLayerIsCompositedTheGeneralWay() throws {
        let tree = try markers(), base = try base()
        tree.root.sublayers[0].sublayers[1].opacity = 0.5
        let result = try Bitmap(width: 120, height: 80)
        let context = GraphicsContext(bitmap: result)
        LayerCompositor().composite(tree, over: base, region: Region(PixelRect(x: 0, y: 0, width: 120, height: 80)), into: context)
        context.flush()
        #expect(differing(result, try expected(tree, base: base)) == 0)
        // And it differs from the tree at full opacity: the fade was applied.
        tree.root.sublayers[0].sublayers[1].opacity = 1
        #expect(differing(result, try expected(tree, base: base)) > 0)
    }
}
