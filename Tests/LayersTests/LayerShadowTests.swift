import Graphics
@testable import Layers
import Testing

/// A layer's shadow, as CALayer's: cast by its path or by what it draws,
/// offset and blurred, under the layer; blurred once and kept while what
/// casts it holds; hidden by masking to the bounds; counted in its extent.
struct LayerShadowTests {
    static let red = Color(red: 1, green: 0, blue: 0)

    /// A 40 x 40 black card at (30, 30) with a hard red shadow 10 right and 10 down, in a 100 x 100 tree.
    final class Scene {
        let tree = LayerTree()
        let card = Layer()
        init() {
            tree.root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
            tree.root.backgroundColor = .white
            card.frame = Rect(x: 30, y: 30, width: 40, height: 40)
            card.backgroundColor = .black
            card.shadowColor = LayerShadowTests.red
            card.shadowOpacity = 1
            card.shadowRadius = 0
            card.shadowOffset = Size(width: 10, height: 10)
            tree.root.addSublayer(card)
        }
    }

    func frame(_ scene: Scene, _ compositor: LayerCompositor, into bitmap: Bitmap) {
        _ = scene.tree.takeDamage()
        let context = GraphicsContext(bitmap: bitmap)
        compositor.composite(scene.tree, region: Region(PixelRect(x: 0, y: 0, width: 100, height: 100)), into: context)
        context.flush()
    }

    @Test func theShadowFallsUnderTheLayerWhereItsOffsetSays() throws {
        let scene = Scene(), compositor = LayerCompositor()
        let bitmap = try Bitmap(width: 100, height: 100)
        frame(scene, compositor, into: bitmap)
        #expect(bitmap.pixel(x: 75, y: 75) == Self.red.pixel, "past the card, inside its shadow")
        #expect(bitmap.pixel(x: 50, y: 50) == Color.black.pixel, "the card over its shadow")
        #expect(bitmap.pixel(x: 35, y: 75) == Color.white.pixel, "below the card, left of the shadow")
        #expect(bitmap.pixel(x: 75, y: 35) == Color.white.pixel, "right of the card, above the shadow")
        #expect(scene.tree.extent == Rect(x: 30, y: 30, width: 50, height: 50), "the extent reaches the shadow")
        // Blurred, it spreads past its shape, and the extent with it.
        scene.card.shadowRadius = 4
        frame(scene, compositor, into: bitmap)
        let reach = Double(Bitmap.shadowReach(radius: 4))
        #expect(reach > 0 && scene.tree.extent == Rect(x: 30, y: 30, width: 50 + reach, height: 50 + reach))
        let edge = bitmap.pixel(x: 81, y: 60)
        #expect(edge != Color.white.pixel && edge != Self.red.pixel, "a soft edge past the shape")
    }

    @Test func theShadowIsBlurredOnceWhileWhatCastsItHolds() throws {
        let scene = Scene(), compositor = LayerCompositor()
        let bitmap = try Bitmap(width: 100, height: 100)
        frame(scene, compositor, into: bitmap)
        #expect(compositor.shadowBlurs == 1)
        scene.card.position = Point(x: 40, y: 40)
        scene.card.opacity = 0.5
        frame(scene, compositor, into: bitmap)
        #expect(compositor.shadowBlurs == 1, "moved and faded: composited as it was")
        let sublayer = Layer()
        sublayer.frame = Rect(x: 30, y: 30, width: 20, height: 20)
        sublayer.backgroundColor = .black
        scene.card.addSublayer(sublayer)
        frame(scene, compositor, into: bitmap)
        #expect(compositor.shadowBlurs == 2, "what casts it changed: blurred again")
        scene.card.shadowOffset = Size(width: 5, height: 5)
        frame(scene, compositor, into: bitmap)
        #expect(compositor.shadowBlurs == 3, "a new offset")
    }

    /// A sublayer past the layer's bounds casts its part of the shadow too,
    /// and a shadow path casts its own shape whatever the layer draws.
    @Test func theShadowIsCastByWhatTheLayerDrawsOrByItsPath() throws {
        let scene = Scene(), compositor = LayerCompositor()
        let bitmap = try Bitmap(width: 100, height: 100)
        let tab = Layer()
        tab.frame = Rect(x: 40, y: 0, width: 10, height: 10)
        tab.backgroundColor = .black
        scene.card.addSublayer(tab)
        frame(scene, compositor, into: bitmap)
        #expect(bitmap.pixel(x: 85, y: 45) == Self.red.pixel, "the tab past the card casts too")
        scene.card.shadowPath = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))
        frame(scene, compositor, into: bitmap)
        #expect(bitmap.pixel(x: 75, y: 75) == Color.white.pixel, "only the path casts now")
        #expect(bitmap.pixel(x: 85, y: 45) == Color.white.pixel, "the tab no longer casts")
        #expect(bitmap.pixel(x: 45, y: 45) == Color.black.pixel, "the path's shadow lies under the card")
        #expect(scene.tree.extent == Rect(x: 30, y: 30, width: 50, height: 40), "the card and its tab's reach, and the path's shadow inside them")
    }

    /// A shadow no longer shown (masked, or its opacity 0) lets its blurred picture go.
    @Test func aShadowTakenAwayLetsItsPictureGo() throws {
        let scene = Scene(), compositor = LayerCompositor()
        let bitmap = try Bitmap(width: 100, height: 100)
        frame(scene, compositor, into: bitmap)
        #expect(scene.card.shadowPicture != nil)
        scene.card.masksToBounds = true
        #expect(scene.card.shadowPicture == nil)
        scene.card.masksToBounds = false
        frame(scene, compositor, into: bitmap)
        #expect(scene.card.shadowPicture != nil)
        scene.card.shadowOpacity = 0
        #expect(scene.card.shadowPicture == nil)
    }

    @Test func maskingToTheBoundsHidesTheShadow() throws {
        let scene = Scene(), compositor = LayerCompositor()
        let bitmap = try Bitmap(width: 100, height: 100)
        scene.card.masksToBounds = true
        frame(scene, compositor, into: bitmap)
        #expect(bitmap.pixel(x: 75, y: 75) == Color.white.pixel)
        #expect(scene.tree.extent == Rect(x: 30, y: 30, width: 40, height: 40))
        #expect(compositor.shadowBlurs == 0)
    }

    /// Changing the shadow damages where it was and where it is.
    @Test func aShadowChangeDamagesBothPlaces() {
        let scene = Scene()
        _ = scene.tree.takeDamage()
        scene.card.shadowOffset = Size(width: -10, height: 10)
        let damaged = scene.tree.takeDamage().bounds
        #expect(damaged == PixelRect(x: 20, y: 30, width: 60, height: 50))
        scene.card.shadowOpacity = 0
        #expect(scene.tree.takeDamage().bounds == PixelRect(x: 20, y: 30, width: 50, height: 50), "hidden: where it was")
        #expect(scene.tree.extent == Rect(x: 30, y: 30, width: 40, height: 40))
    }
}
