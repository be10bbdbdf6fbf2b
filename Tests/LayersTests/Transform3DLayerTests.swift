import Graphics
import Layers
import Testing

/// An app's own layers turned in depth (`transform` as a CATransform3D) and
/// sharing a vanishing point (`sublayerTransform`): each lands where the
/// 4x4 matrices put it, flattened into its superlayer's plane with its
/// sublayers, and every change repaints exactly.
struct Transform3DLayerTests {
    static let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
    static let white = Color.white.pixel

    /// A 400 x 300 white root; a 120 x 80 card centred at (200, 150), red
    /// with a blue right half (a sublayer, flattened with it), drawn by `draw`.
    final class Scene {
        let tree = LayerTree()
        let card = Layer()
        var draws = 0
        /// What the card's `draw` fills it with.
        var fill = red
        init() {
            tree.root.bounds = Rect(x: 0, y: 0, width: 400, height: 300)
            tree.root.backgroundColor = .white
            card.bounds = Rect(x: 0, y: 0, width: 120, height: 80)
            card.position = Point(x: 200, y: 150)
            card.draw = { [unowned self] context in
                draws += 1
                context.fill(Rect(x: 0, y: 0, width: 120, height: 80), with: fill)
            }
            let half = Layer()
            half.frame = Rect(x: 60, y: 0, width: 60, height: 80)
            half.backgroundColor = blue
            card.addSublayer(half)
            tree.root.addSublayer(card)
        }
    }

    /// Turned 50 degrees about its vertical centre line, seen from 300 points away.
    static let turn: Transform3D = {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 300
        return perspective.rotated(by: 50 * .pi / 180, x: 0, y: 1, z: 0)
    }()

    /// Where a point of the card lands on the root, by the matrix: (x, y, 0, 1) times it, over w.
    static func landed(_ x: Double, _ y: Double, through t: Transform3D = turn) -> Point {
        let px = x - 60, py = y - 40
        let w = px * t.m14 + py * t.m24 + t.m44
        return Point(x: (px * t.m11 + py * t.m21 + t.m41) / w + 200, y: (px * t.m12 + py * t.m22 + t.m42) / w + 150)
    }

    func composite(_ tree: LayerTree, _ compositor: LayerCompositor, into bitmap: Bitmap, everything: Bool) {
        var damage = tree.takeDamage()
        if everything { damage = Region(PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height)) }
        let context = GraphicsContext(bitmap: bitmap)
        compositor.composite(tree, region: damage, into: context)
        context.flush()
    }

    func afresh(_ tree: LayerTree) throws -> Bitmap {
        let bitmap = try Bitmap(width: 400, height: 300)
        composite(tree, LayerCompositor(), into: bitmap, everything: true)
        return bitmap
    }

    @Test func aTurnedLayerLandsWhereTheMatrixPutsIt() throws {
        let scene = Scene()
        scene.card.transform = Self.turn
        let drawn = try afresh(scene.tree)
        for (x, y) in [(10.0, 10.0), (30, 60), (50, 40), (70, 20), (90, 70), (110, 40)] {
            let p = Self.landed(x, y)
            let expected = x < 60 ? Self.red.pixel : Self.blue.pixel
            #expect(drawn.pixel(x: Int(p.x), y: Int(p.y)).distance(to: expected) <= 24, "card point \(x), \(y) at \(p)")
        }
        // Beyond its turned edges the root shows, where the flat card was.
        #expect(drawn.pixel(x: Int(Self.landed(0, 40).x) - 3, y: 150) == Self.white)
        #expect(drawn.pixel(x: Int(Self.landed(120, 40).x) + 3, y: 150) == Self.white)
        // The near edge is taller than the card; the far one shorter.
        let near = Self.landed(0, 0), far = Self.landed(120, 0)
        #expect(near.y < 110 - 1 && far.y > 110 + 1, "near top \(near.y), far top \(far.y)")
        #expect(drawn.pixel(x: Int(near.x) + 2, y: Int(near.y) + 3).distance(to: Self.red.pixel) <= 24)
        // Its frame is the box around where it lands.
        #expect(abs(scene.card.frame.minX - min(near.x, Self.landed(0, 80).x)) < 1e-6)
        #expect(scene.card.affineTransform() == Self.turn.affineTransform)
    }

    @Test func turningIsCompositedNotDrawnAgain() throws {
        let scene = Scene(), compositor = LayerCompositor()
        let bitmap = try Bitmap(width: 400, height: 300)
        composite(scene.tree, compositor, into: bitmap, everything: true)
        #expect(scene.draws == 1)
        for degrees in stride(from: 10.0, through: 80, by: 10) {
            var t = Transform3D.identity
            t.m34 = -1.0 / 300
            scene.card.transform = t.rotated(by: degrees * .pi / 180, x: 0, y: 1, z: 0)
            composite(scene.tree, compositor, into: bitmap, everything: false)
        }
        #expect(scene.draws == 1, "eight turns, one drawing of the card")
    }

    /// A card seen in perspective is painted flat once, and that picture is
    /// turned after: turning, moving and fading the card paint nothing again,
    /// while any change inside it shows in the next frame, exactly.
    @Test func aTurnedCardKeepsItsFlattenedPicture() throws {
        let scene = Scene(), compositor = LayerCompositor()
        // Drawn afresh by a compositor that keeps nothing, so the reference is not the kept picture.
        func uncached() throws -> Bitmap {
            let bitmap = try Bitmap(width: 400, height: 300)
            composite(scene.tree, LayerCompositor(budget: 0), into: bitmap, everything: true)
            return bitmap
        }
        let kept = try Bitmap(width: 400, height: 300)
        scene.card.transform = Self.turn
        composite(scene.tree, compositor, into: kept, everything: true)
        #expect(compositor.flattenings == 1)
        // The store of the card's own drawing and its flattened picture, 120 x 80 each.
        #expect(compositor.storedBytes == 2 * 120 * 80 * 4)
        for degrees in stride(from: 20.0, through: 70, by: 10) {
            var t = Transform3D.identity
            t.m34 = -1.0 / 300
            scene.card.transform = t.rotated(by: degrees * .pi / 180, x: 0, y: 1, z: 0)
            composite(scene.tree, compositor, into: kept, everything: false)
        }
        scene.card.position = Point(x: 180, y: 140)
        composite(scene.tree, compositor, into: kept, everything: false)
        scene.card.opacity = 0.6
        composite(scene.tree, compositor, into: kept, everything: false)
        #expect(compositor.flattenings == 1, "placing and fading the card paints it flat no more")
        #expect(kept.firstDifference(from: try uncached()) == nil)

        let dot = Layer()
        dot.frame = Rect(x: 10, y: 10, width: 20, height: 20)
        dot.backgroundColor = Self.blue
        let inside: [(String, () -> Void)] = [
            ("a sublayer's colour", { scene.card.sublayers[0].backgroundColor = Color(red: 0, green: 0.8, blue: 0) }),
            ("a sublayer moved", { scene.card.sublayers[0].position.x -= 20 }),
            ("its own drawing again", { scene.fill = Color(red: 0.9, green: 0.6, blue: 0); scene.card.setNeedsDisplay() }),
            ("a border", { scene.card.borderColor = Self.blue; scene.card.borderWidth = 4 }),
            ("a sublayer added", { scene.card.addSublayer(dot) }),
            ("a sublayer's sublayer", { scene.card.sublayers[0].addSublayer(Layer()); scene.card.sublayers[0].sublayers[0].frame = Rect(x: 5, y: 5, width: 10, height: 10); scene.card.sublayers[0].sublayers[0].backgroundColor = Self.red }),
            ("a sublayer hidden", { dot.isHidden = true }),
            ("a sublayer taken out", { scene.card.sublayers[0].removeFromSuperlayer() }),
        ]
        for (what, change) in inside {
            let before = compositor.flattenings
            change()
            composite(scene.tree, compositor, into: kept, everything: false)
            #expect(compositor.flattenings == before + 1, "\(what): painted flat again")
            let difference = kept.firstDifference(from: try uncached())
            #expect(difference == nil, "\(what): \(difference ?? "")")
        }
        // Flat again, the picture is not needed; turned again, it is painted anew only if something changed.
        scene.card.transform = .identity
        composite(scene.tree, compositor, into: kept, everything: false)
        let flat = compositor.flattenings
        scene.card.transform = Self.turn
        composite(scene.tree, compositor, into: kept, everything: false)
        #expect(compositor.flattenings == flat)
        #expect(kept.firstDifference(from: try uncached()) == nil)
    }

    /// Under a budget smaller than the picture, nothing is kept, nothing fails:
    /// the card is painted flat for each frame, and lands as before.
    @Test func aPictureOverTheBudgetIsPaintedEachTime() throws {
        let scene = Scene(), compositor = LayerCompositor(budget: 1000)
        let kept = try Bitmap(width: 400, height: 300)
        scene.card.transform = Self.turn
        composite(scene.tree, compositor, into: kept, everything: true)
        for degrees in [30.0, 40, 60] {
            var t = Transform3D.identity
            t.m34 = -1.0 / 300
            scene.card.transform = t.rotated(by: degrees * .pi / 180, x: 0, y: 1, z: 0)
            composite(scene.tree, compositor, into: kept, everything: false)
        }
        #expect(compositor.flattenings == 4)
        #expect(compositor.storedBytes == 0)
        #expect(kept.firstDifference(from: try afresh(scene.tree)) == nil)
    }

    /// The container's `sublayerTransform` puts the eye over the container's
    /// middle: a card brought 100 points nearer, 100 points right of the
    /// middle, grows by 1.25 about the middle, not about itself.
    @Test func aSublayerTransformGivesOneVanishingPoint() throws {
        let tree = LayerTree()
        tree.root.bounds = Rect(x: 0, y: 0, width: 400, height: 300)
        tree.root.backgroundColor = .white
        let shelf = Layer()
        shelf.frame = Rect(x: 0, y: 0, width: 400, height: 300)
        var eye = Transform3D.identity
        eye.m34 = -1.0 / 500
        shelf.sublayerTransform = eye
        let card = Layer()
        card.bounds = Rect(x: 0, y: 0, width: 50, height: 50)
        card.position = Point(x: 300, y: 150)
        card.backgroundColor = Self.red
        card.transform = Transform3D(translationX: 0, y: 0, z: 100)
        shelf.addSublayer(card)
        tree.root.addSublayer(shelf)
        let drawn = try afresh(tree)
        // w = 1 - 100/500 = 0.8: the card spans 200 + (75...125) x 1.25 = 293.75...356.25, and 118.75...181.25 high.
        #expect(drawn.pixel(x: 296, y: 150) == Self.red.pixel && drawn.pixel(x: 354, y: 150) == Self.red.pixel)
        #expect(drawn.pixel(x: 291, y: 150) == Self.white && drawn.pixel(x: 359, y: 150) == Self.white)
        #expect(drawn.pixel(x: 320, y: 120) == Self.red.pixel && drawn.pixel(x: 320, y: 116) == Self.white)
        // Its own perspective instead would grow it about itself: 268.75...331.25.
        shelf.sublayerTransform = .identity
        card.transform = Transform3D(translationX: 0, y: 0, z: 100).concatenating(eye)
        let own = try afresh(tree)
        #expect(own.pixel(x: 272, y: 150) == Self.red.pixel && own.pixel(x: 329, y: 150) == Self.red.pixel)
        #expect(own.pixel(x: 335, y: 150) == Self.white)
    }

    @Test func everyChangeRepaintsExactly() throws {
        let scene = Scene(), compositor = LayerCompositor()
        let kept = try Bitmap(width: 400, height: 300)
        composite(scene.tree, compositor, into: kept, everything: true)
        var eye = Transform3D.identity
        eye.m34 = -1.0 / 400
        let changes: [(String, () -> Void)] = [
            ("turned", { scene.card.transform = Self.turn }),
            ("moved while turned", { scene.card.position = Point(x: 150, y: 120) }),
            ("its sublayer turned", { scene.card.sublayers[0].transform = Transform3D(rotationAngle: 0.7, x: 1, y: 0, z: 0) }),
            ("a vanishing point for the card's sublayer", { scene.card.sublayerTransform = eye }),
            ("and none again", { scene.card.sublayerTransform = .identity }),
            ("a vanishing point for the root's sublayers", { scene.tree.root.sublayerTransform = eye }),
            ("turned back", { scene.card.transform = .identity }),
            ("faded", { scene.card.transform = Self.turn; scene.card.opacity = 0.5 }),
            ("no vanishing point", { scene.tree.root.sublayerTransform = .identity }),
            ("flat again", { scene.card.transform = .identity; scene.card.sublayers[0].transform = .identity; scene.card.opacity = 1 }),
        ]
        for (what, change) in changes {
            change()
            composite(scene.tree, compositor, into: kept, everything: false)
            let difference = kept.firstDifference(from: try afresh(scene.tree))
            #expect(difference == nil, "\(what): \(difference ?? "")")
        }
        #expect(kept.pixel(x: 120, y: 120) == Self.red.pixel)
    }

    @Test func edgeOnItShowsNothingAndBehindTheEyeNothingIsDrawn() throws {
        let scene = Scene()
        scene.card.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0)
        let edgeOn = try afresh(scene.tree)
        #expect(edgeOn.pixel(x: 180, y: 150) == Self.white && edgeOn.pixel(x: 220, y: 150) == Self.white)
        // Brought past the eye (z beyond 1 / -m34): nothing of it lands.
        var eye = Transform3D.identity
        eye.m34 = -1.0 / 300
        scene.card.transform = Transform3D(translationX: 0, y: 0, z: 400).concatenating(eye)
        let drawn = try afresh(scene.tree)
        #expect(drawn.firstDifference(from: try afresh(LayerTree(root: { let root = Layer(); root.bounds = scene.tree.root.bounds; root.backgroundColor = .white; return root }()))) == nil)
    }
}
