import Foundation
import Graphics
import Layers
import Testing

/// A transform layer's sublayers share its 3D space (CATransformLayer): each
/// is placed through its own 3D transform and the transform layer's, not
/// flattened into the transform layer's plane, and they are drawn back to
/// front by depth. `isDoubleSided = false` hides a face turned away.
struct TransformLayerTests {
    static let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
    static let white = Color.white.pixel

    /// A 400 x 300 white root and `holder` (a transform layer or a plain one)
    /// centred at (200, 150), 120 x 80.
    static func tree(holder: Layer) -> LayerTree {
        let tree = LayerTree()
        tree.root.bounds = Rect(x: 0, y: 0, width: 400, height: 300)
        tree.root.backgroundColor = .white
        holder.bounds = Rect(x: 0, y: 0, width: 120, height: 80)
        holder.position = Point(x: 200, y: 150)
        tree.root.addSublayer(holder)
        return tree
    }

    /// A face filling the holder, moved `z` towards the viewer (and turned round when `back`).
    static func face(_ color: Color, z: Double, back: Bool = false, size: Double = 0) -> Layer {
        let face = Layer()
        face.bounds = Rect(x: 0, y: 0, width: size > 0 ? size : 120, height: size > 0 ? size : 80)
        face.position = Point(x: 60, y: 40)
        face.backgroundColor = color
        var placed = Transform3D(translationX: 0, y: 0, z: z)
        if back { placed = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0).concatenating(placed) }
        face.transform = placed
        return face
    }

    static func turned(_ degrees: Double) -> Transform3D {
        var eye = Transform3D.identity
        eye.m34 = -1.0 / 500
        return Transform3D(rotationAngle: degrees * .pi / 180, x: 0, y: 1, z: 0).concatenating(eye)
    }

    func draw(_ tree: LayerTree, with compositor: LayerCompositor = LayerCompositor(budget: 0), into bitmap: Bitmap? = nil, everything: Bool = true) throws -> Bitmap {
        let bitmap = try bitmap ?? Bitmap(width: 400, height: 300)
        var damage = tree.takeDamage()
        if everything { damage = Region(PixelRect(x: 0, y: 0, width: 400, height: 300)) }
        let context = GraphicsContext(bitmap: bitmap)
        compositor.composite(tree, region: damage, into: context)
        context.flush()
        return bitmap
    }

    /// A card of two faces, each hidden when turned away: turned less than
    /// 90 degrees it shows its front, more its back, at every angle.
    @Test func aCardShowsTheFaceTurnedTowardsTheViewer() throws {
        let card = TransformLayer()
        let tree = Self.tree(holder: card)
        let front = Self.face(Self.red, z: 0.5), back = Self.face(Self.blue, z: -0.5, back: true)
        for face in [front, back] {
            face.isDoubleSided = false
            card.addSublayer(face)
        }
        for degrees in [0.0, 30, 60, 85, 95, 120, 150, 180, 210, 265, 275, 330] {
            card.transform = Self.turned(degrees)
            let drawn = try draw(tree)
            let facing = cos(degrees * .pi / 180) > 0
            #expect(drawn.pixel(x: 200, y: 150) == (facing ? Self.red.pixel : Self.blue.pixel), "turned \(degrees) degrees")
        }
        // Edge on, neither shows.
        card.transform = Self.turned(90)
        #expect(try draw(tree).pixel(x: 200, y: 150) == Self.white)
    }

    /// In a transform layer the nearer face is drawn over the farther one,
    /// whatever order they were added in; a plain layer flattens them, the later over the earlier.
    @Test func depthNotOrderDecidesWhatIsInFront() throws {
        for transformLayer in [true, false] {
            let holder = transformLayer ? TransformLayer() : Layer()
            let tree = Self.tree(holder: holder)
            holder.addSublayer(Self.face(Self.red, z: 40, size: 60))
            holder.addSublayer(Self.face(Self.blue, z: -40, size: 60))
            holder.transform = Self.turned(10)
            let drawn = try draw(tree)
            #expect(drawn.pixel(x: 200, y: 150) == (transformLayer ? Self.red.pixel : Self.blue.pixel), transformLayer ? "transform layer" : "plain layer")
        }
    }

    /// In a transform layer a sublayer's z position is where it stands in
    /// depth, as in Core Animation: in front while the layer faces the
    /// viewer, behind once it is turned round.
    @Test func zPositionIsDepthInTheSpace() throws {
        let holder = TransformLayer()
        let tree = Self.tree(holder: holder)
        let near = Self.face(Self.red, z: 0, size: 60), far = Self.face(Self.blue, z: 0, size: 60)
        near.zPosition = 40
        holder.addSublayer(near)
        holder.addSublayer(far)
        holder.transform = Self.turned(10)
        #expect(try draw(tree).pixel(x: 200, y: 150) == Self.red.pixel)
        holder.transform = Self.turned(170)
        #expect(try draw(tree).pixel(x: 200, y: 150) == Self.blue.pixel)
    }

    /// A face 50 points in front of a transform layer turned 30 degrees
    /// swings 50 sin 30 = 25 points sideways, as the 4x4 matrices put it; in a
    /// plain layer its depth is dropped before the turn and it stays in the middle.
    @Test func theTransformLayersTurnPlacesItsSublayersIn3D() throws {
        for transformLayer in [true, false] {
            let holder = transformLayer ? TransformLayer() : Layer()
            let tree = Self.tree(holder: holder)
            holder.addSublayer(Self.face(Self.red, z: 50, size: 40))
            holder.transform = Transform3D(rotationAngle: 30 * .pi / 180, x: 0, y: 1, z: 0)
            let drawn = try draw(tree)
            // 40 points wide, seen at 30 degrees: 34.6 wide, about 225 or about 200.
            let middle = transformLayer ? 225 : 200
            #expect(drawn.pixel(x: middle, y: 150) == Self.red.pixel && drawn.pixel(x: middle + 15, y: 150) == Self.red.pixel)
            #expect(drawn.pixel(x: middle + 19, y: 150) == Self.white && drawn.pixel(x: middle - 19, y: 150) == Self.white)
        }
    }

    /// Turning the card, turning a face in it, fading and hiding it: each frame
    /// repaints only its damage, and the result is what a whole repaint gives.
    @Test func everyChangeRepaintsExactly() throws {
        let card = TransformLayer()
        let tree = Self.tree(holder: card)
        let front = Self.face(Self.red, z: 20), back = Self.face(Self.blue, z: -20, back: true)
        back.isDoubleSided = false
        card.addSublayer(front)
        card.addSublayer(back)
        let compositor = LayerCompositor()
        let kept = try draw(tree, with: compositor)
        let changes: [(String, () -> Void)] = [
            ("turned", { card.transform = Self.turned(40) }),
            ("turned further", { card.transform = Self.turned(160) }),
            ("moved", { card.position = Point(x: 230, y: 120) }),
            ("a face turned inside", { front.transform = Transform3D(rotationAngle: 0.5, x: 1, y: 0, z: 0).concatenating(Transform3D(translationX: 0, y: 0, z: 20)) }),
            ("a face's colour", { back.backgroundColor = Color(red: 0, green: 0.7, blue: 0) }),
            ("faded", { card.opacity = 0.5 }),
            ("a face hidden", { back.isHidden = true }),
            ("turned back", { card.transform = .identity; card.opacity = 1 }),
        ]
        for (what, change) in changes {
            change()
            _ = try draw(tree, with: compositor, into: kept, everything: false)
            let difference = kept.firstDifference(from: try draw(tree))
            #expect(difference == nil, "\(what): \(difference ?? "")")
        }
    }

    /// Faded, a transform layer is no group: each face fades alone, so the
    /// face behind shows through the one in front (Core Animation's rule).
    /// A plain layer fades its sublayers as one picture, hiding the one behind.
    @Test(arguments: [true, false]) func aFadedTransformLayerFadesEachFaceAlone(transformLayer: Bool) throws {
        let holder = transformLayer ? TransformLayer() : Layer()
        let tree = Self.tree(holder: holder)
        holder.addSublayer(Self.face(Self.blue, z: -10))
        holder.addSublayer(Self.face(Self.red, z: 10))
        holder.opacity = 0.5
        let pixel = try draw(tree).pixel(x: 200, y: 150)
        let (red, green, blue) = (Int(pixel.red), Int(pixel.green), Int(pixel.blue))
        if transformLayer {
            // Blue at half over white (128, 128, 255), then red at half over that: (191, 64, 128) give or take rounding.
            #expect(abs(red - 191) <= 2 && abs(green - 64) <= 2 && abs(blue - 128) <= 2, "\(pixel)")
        } else {
            // Red over blue is red; at half over white, (255, 128, 128).
            #expect(abs(red - 255) <= 1 && abs(green - 128) <= 2 && abs(blue - 128) <= 2, "\(pixel)")
        }
    }

    /// A plain layer turned round shows its back mirrored, unless it is not double-sided.
    @Test func aLayerNotDoubleSidedHidesItsBack() throws {
        let card = Layer()
        let tree = Self.tree(holder: card)
        card.backgroundColor = Self.red
        card.transform = Self.turned(150)
        #expect(try draw(tree).pixel(x: 200, y: 150) == Self.red.pixel)
        card.isDoubleSided = false
        #expect(try draw(tree).pixel(x: 200, y: 150) == Self.white)
        card.transform = Self.turned(30)
        #expect(try draw(tree).pixel(x: 200, y: 150) == Self.red.pixel)
        // Mirrored flat, it shows its back too.
        card.transform = Transform3D(scaleX: -1, y: 1, z: 1)
        #expect(try draw(tree).pixel(x: 200, y: 150) == Self.white)
    }
}
