import Graphics
import Layers
import Testing

/// Layers as Core Animation's: content drawn once into a backing store,
/// then moved, faded and transformed by compositing alone.
struct LayerCompositorTests {
    static let red = Color(red: 1, green: 0, blue: 0), white = Color.white, blue = Color(red: 0, green: 0, blue: 1)

    /// A 100 x 100 white root with one 20 x 20 layer that draws itself red, counting its draws.
    final class Scene {
        let tree = LayerTree()
        let square = Layer()
        var draws = 0
        init() {
            tree.root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
            tree.root.backgroundColor = white
            square.frame = Rect(x: 10, y: 10, width: 20, height: 20)
            square.draw = { [unowned self] context in
                draws += 1
                context.fill(Rect(x: 0, y: 0, width: 20, height: 20), with: red)
            }
            tree.root.addSublayer(square)
        }
    }

    func frame(_ scene: Scene, _ compositor: LayerCompositor, into bitmap: Bitmap, everything: Bool = false) {
        var damage = scene.tree.takeDamage()
        if everything { damage = Region(PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height)) }
        let context = GraphicsContext(bitmap: bitmap)
        compositor.composite(scene.tree, region: damage, into: context)
        context.flush()
    }

    @Test func movingAndFadingALayerDoesNotDrawItAgain() throws {
        let scene = Scene(), compositor = LayerCompositor()
        let bitmap = try Bitmap(width: 100, height: 100)
        frame(scene, compositor, into: bitmap, everything: true)
        #expect(scene.draws == 1 && bitmap.pixel(x: 15, y: 15) == Self.red.pixel)
        scene.square.position = Point(x: 70, y: 70)
        frame(scene, compositor, into: bitmap)
        #expect(bitmap.pixel(x: 15, y: 15) == Self.white.pixel, "the old place is painted over")
        #expect(bitmap.pixel(x: 70, y: 70) == Self.red.pixel, "the new place shows the stored content")
        scene.square.opacity = 0.5
        scene.square.setAffineTransform(AffineTransform(scaleX: 2, y: 2))
        frame(scene, compositor, into: bitmap)
        let faded = bitmap.pixel(x: 55, y: 55)
        #expect(faded.distance(to: PixelColor(red: 255, green: 128, blue: 128)) <= 2, "half red over white, scaled about its centre to 40 x 40")
        #expect(scene.draws == 1, "moved, faded and scaled: composited, never drawn again")
        scene.square.setNeedsDisplay()
        frame(scene, compositor, into: bitmap)
        #expect(scene.draws == 2)
        scene.square.bounds.size = Size(width: 10, height: 10)
        frame(scene, compositor, into: bitmap)
        #expect(scene.draws == 3, "a new size is a new store")
    }

    /// At a contents scale of 2 the store has four pixels a point: drawn
    /// once, composited scaled down, moved without drawing again; back at 1,
    /// drawn again into a store of one pixel a point.
    @Test func theContentsScaleIsTheStoresPixelsAPoint() throws {
        let scene = Scene(), compositor = LayerCompositor()
        scene.square.contentsScale = 2
        let bitmap = try Bitmap(width: 100, height: 100)
        frame(scene, compositor, into: bitmap, everything: true)
        #expect(scene.draws == 1 && compositor.storedBytes == 40 * 40 * 4)
        #expect(bitmap.pixel(x: 20, y: 20) == Self.red.pixel && bitmap.pixel(x: 35, y: 35) == Self.white.pixel)
        scene.square.position = Point(x: 60, y: 60)
        frame(scene, compositor, into: bitmap)
        #expect(scene.draws == 1 && bitmap.pixel(x: 60, y: 60) == Self.red.pixel)
        scene.square.contentsScale = 1
        frame(scene, compositor, into: bitmap)
        #expect(scene.draws == 2 && compositor.storedBytes == 20 * 20 * 4)
    }

    @Test func aChangeDamagesWhereTheLayerWasAndWhereItIs() {
        let scene = Scene()
        _ = scene.tree.takeDamage()
        scene.square.position = Point(x: 60, y: 60)
        let damage = scene.tree.takeDamage()
        #expect(damage.rects.contains { $0.contains(PixelRect(x: 10, y: 10, width: 20, height: 20)) })
        #expect(damage.rects.contains { $0.contains(PixelRect(x: 50, y: 50, width: 20, height: 20)) })
        #expect(damage.area <= 2 * 20 * 20 + 100, "nothing else")
        #expect(scene.tree.takeDamage().isEmpty, "taken once")
    }

    @Test func masksToBoundsCutsSublayersToTheRoundedBounds() throws {
        let tree = LayerTree()
        tree.root.bounds = Rect(x: 0, y: 0, width: 60, height: 60)
        tree.root.backgroundColor = Self.white
        let card = Layer()
        card.frame = Rect(x: 10, y: 10, width: 40, height: 40)
        card.cornerRadius = 10
        card.masksToBounds = true
        let fill = Layer()
        fill.frame = Rect(x: -10, y: -10, width: 80, height: 80)
        fill.backgroundColor = Self.blue
        card.addSublayer(fill)
        tree.root.addSublayer(card)
        let bitmap = try Bitmap(width: 60, height: 60)
        let context = GraphicsContext(bitmap: bitmap)
        LayerCompositor().composite(tree, region: tree.takeDamage(), into: context)
        context.flush()
        #expect(bitmap.pixel(x: 30, y: 30) == Self.blue.pixel)
        #expect(bitmap.pixel(x: 5, y: 30) == Self.white.pixel, "outside the card")
        #expect(bitmap.pixel(x: 11, y: 11) == Self.white.pixel, "outside the rounded corner")
    }

    @Test func overBudgetTheOldestStoreGoesAndIsDrawnAgainWhenNeeded() throws {
        let tree = LayerTree()
        tree.root.bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        var draws = [0, 0]
        let layers = (0..<2).map { index in
            let layer = Layer()
            layer.frame = Rect(x: Double(index) * 50, y: 0, width: 50, height: 50)
            layer.draw = { context in
                draws[index] += 1
                context.fill(Rect(x: 0, y: 0, width: 50, height: 50), with: index == 0 ? Self.red : Self.blue)
            }
            tree.root.addSublayer(layer)
            return layer
        }
        // Room for one store of 50 x 50 (10,000 bytes), not two.
        let compositor = LayerCompositor(budget: 15_000)
        let bitmap = try Bitmap(width: 100, height: 50)
        func paint(_ region: PixelRect) {
            let context = GraphicsContext(bitmap: bitmap)
            compositor.composite(tree, region: Region(region), into: context)
            context.flush()
        }
        paint(PixelRect(x: 0, y: 0, width: 100, height: 50))
        #expect(draws == [1, 1] && compositor.storedBytes <= 15_000)
        #expect(bitmap.pixel(x: 25, y: 25) == Self.red.pixel && bitmap.pixel(x: 75, y: 25) == Self.blue.pixel)
        paint(PixelRect(x: 0, y: 0, width: 100, height: 50))
        #expect(draws.reduce(0, +) == 3, "one of the two was let go, and is drawn again")
        #expect(bitmap.pixel(x: 25, y: 25) == Self.red.pixel && bitmap.pixel(x: 75, y: 25) == Self.blue.pixel, "the picture is whole all the same")
        _ = layers
    }

    /// Two stores that cannot both fit do not take turns: the one kept
    /// stays, and the other is drawn straight into each frame, once a frame.
    @Test func storesThatCannotBothFitDoNotTakeTurns() throws {
        let scene = Scene(), other = Scene()
        other.square.position = Point(x: 60, y: 60)
        scene.tree.root.addSublayer(other.square)
        // Room for one 20 x 20 store (1,600 bytes), not two.
        let compositor = LayerCompositor(budget: 2_000)
        let bitmap = try Bitmap(width: 100, height: 100)
        for _ in 0..<5 { frame(scene, compositor, into: bitmap, everything: true) }
        #expect([scene.draws, other.draws] == [1, 5])
        #expect(compositor.storedBytes == 1_600)
        #expect(bitmap.pixel(x: 15, y: 15) == Self.red.pixel && bitmap.pixel(x: 65, y: 65) == Self.red.pixel)
    }

    /// Compositors sharing a budget share its limit and its order: a store
    /// not used in the frame being drawn gives way to another compositor's,
    /// one used in it does not.
    @Test func compositorsSharingABudgetLetGoOfEachOthersOldestStores() throws {
        let budget = PictureBudget(limit: 2_000)
        let first = Scene(), second = Scene()
        let firstCompositor = LayerCompositor(sharing: budget), secondCompositor = LayerCompositor(sharing: budget)
        let bitmap = try Bitmap(width: 100, height: 100)
        budget.beginFrame()
        frame(first, firstCompositor, into: bitmap, everything: true)
        frame(second, secondCompositor, into: bitmap, everything: true)
        #expect(budget.bytesInUse == 1_600, "the first's store is used in this frame: the second draws straight")
        #expect([first.draws, second.draws] == [1, 1])
        budget.beginFrame()
        frame(second, secondCompositor, into: bitmap, everything: true)
        #expect(budget.bytesInUse == 1_600 && second.draws == 2, "a new frame: the first's store, unused in it, gave way")
        budget.beginFrame()
        frame(first, firstCompositor, into: bitmap, everything: true)
        frame(second, secondCompositor, into: bitmap, everything: true)
        #expect([first.draws, second.draws] == [2, 3], "the first kept again, in the room of the second's, which this frame had not used yet; the second then drawn straight")
        #expect(bitmap.pixel(x: 15, y: 15) == Self.red.pixel)
        budget.limit = 1_000
        #expect(budget.bytesInUse == 0, "a lower limit lets go at once")
    }

    @Test func aLayerLargerThanTheBudgetIsDrawnStraightIntoTheFrame() throws {
        let scene = Scene(), compositor = LayerCompositor(budget: 100)
        let bitmap = try Bitmap(width: 100, height: 100)
        frame(scene, compositor, into: bitmap, everything: true)
        frame(scene, compositor, into: bitmap, everything: true)
        #expect(scene.draws == 2 && compositor.storedBytes == 0)
        #expect(bitmap.pixel(x: 15, y: 15) == Self.red.pixel)
    }

    @Test func zPositionOrdersSiblings() throws {
        let tree = LayerTree()
        tree.root.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        let top = Layer(), bottom = Layer()
        for (layer, color) in [(top, Self.red), (bottom, Self.blue)] {
            layer.frame = tree.root.bounds
            layer.backgroundColor = color
            tree.root.addSublayer(layer)
        }
        top.zPosition = 1
        let bitmap = try Bitmap(width: 10, height: 10)
        let context = GraphicsContext(bitmap: bitmap)
        LayerCompositor().composite(tree, region: Region(PixelRect(x: 0, y: 0, width: 10, height: 10)), into: context)
        context.flush()
        #expect(bitmap.pixel(x: 5, y: 5) == Self.red.pixel, "added first, but higher")
    }

    /// A store moved by a fraction of a pixel is copied to whole pixels, not
    /// smeared; where a layer that is not opaque draws nothing, what is beneath shows.
    @Test func aFractionalMoveLandsOnWholePixelsAndTransparencyShowsThrough() throws {
        let tree = LayerTree()
        tree.root.bounds = Rect(x: 0, y: 0, width: 40, height: 20)
        tree.root.backgroundColor = Self.blue
        let stripe = Layer()
        stripe.frame = Rect(x: 10.4, y: 0, width: 10, height: 20)
        stripe.draw = { context in context.fill(Rect(x: 0, y: 0, width: 5, height: 20), with: Self.red) }
        tree.root.addSublayer(stripe)
        let bitmap = try Bitmap(width: 40, height: 20)
        let context = GraphicsContext(bitmap: bitmap)
        LayerCompositor().composite(tree, region: Region(PixelRect(x: 0, y: 0, width: 40, height: 20)), into: context)
        context.flush()
        #expect(bitmap.pixel(x: 9, y: 10) == Self.blue.pixel)
        #expect(bitmap.pixel(x: 10, y: 10) == Self.red.pixel && bitmap.pixel(x: 14, y: 10) == Self.red.pixel, "whole red pixels from x 10")
        #expect(bitmap.pixel(x: 15, y: 10) == Self.blue.pixel, "the transparent half shows the blue beneath")
    }
}
