import Testing
import TouchUI

/// `layer.sublayerTransform` with perspective: the subviews of a view, or
/// the sublayers of an app's layer, share one vanishing point, the middle
/// of their superview or superlayer, as the cards of a cover flow do.
@MainActor
struct SublayerTransformTests {
    let stage = LayerStage()
    var window: Window { stage.window }
    /// 50 points right of the holder's middle (100, 80), brought 100 points nearer.
    let card = View(frame: CGRect(x: 130, y: 60, width: 40, height: 40))
    let white = PixelColor(red: 255, green: 255, blue: 255)

    /// Seen from 500 points away.
    static let eye: Transform3D = {
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        return t
    }()

    init() {
        card.backgroundColor = .red
        card.transform3D = CATransform3DMakeTranslation(0, 0, 100)
        stage.holder.addSubview(card)
    }

    /// w = 1 - 100/500 = 0.8: the card grows by 1.25 about the holder's
    /// middle, to 137.5...187.5 across and 55...105 down in the holder.
    @Test func subviewsGrowAboutTheSuperviewsMiddle() throws {
        #expect(card.frame == CGRect(x: 130, y: 60, width: 40, height: 40), "a move in depth alone is not seen without perspective")
        stage.holder.layer.sublayerTransform = Self.eye
        #expect(CATransform3DEqualToTransform(stage.holder.layer.sublayerTransform, Self.eye))
        let frame = card.frame
        #expect(abs(frame.minX - 137.5) < 1e-9 && abs(frame.maxX - 187.5) < 1e-9, "\(frame)")
        #expect(abs(frame.minY - 55) < 1e-9 && abs(frame.maxY - 105) < 1e-9, "\(frame)")
        // Drawn there, in the window (the holder is at 20, 20), and touched there.
        let drawn = try window.drawnAfresh()
        #expect(drawn.pixel(x: 205, y: 100) == Color.red.pixel && drawn.pixel(x: 159, y: 100) == Color.red.pixel)
        #expect(drawn.pixel(x: 209, y: 100) == white && drawn.pixel(x: 155, y: 100) == white)
        #expect(window.hitTest(Point(x: 205, y: 100), with: nil) === card, "beyond its model frame, where it is drawn")
        #expect(window.hitTest(Point(x: 154, y: 100), with: nil) === stage.holder, "inside its model frame, where it is not")
        // Taken out, it is flat; put back, the holder's perspective holds it again.
        card.removeFromSuperview()
        #expect(card.frame == CGRect(x: 130, y: 60, width: 40, height: 40))
        stage.holder.addSubview(card)
        #expect(card.frame == frame)
        let local = card.convert(Point(x: 205, y: 100), from: nil)
        // 85 right of the holder's middle is 68 before the eye's divide: 38 into the card.
        #expect(abs(local.x - 38) < 1e-6 && abs(local.y - 20) < 1e-6, "\(local)")
    }

    /// A layer added to the view shares the subviews' vanishing point,
    /// whether it was added before the sublayer transform was set or after.
    @Test func addedLayersShareTheVanishingPoint() throws {
        card.removeFromSuperview()
        let kept = try window.drawnAfresh()
        stage.holder.layer.sublayerTransform = Self.eye
        let tile = CALayer()
        tile.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        tile.position = CGPoint(x: 150, y: 80)
        tile.backgroundColor = .red
        tile.transform = CATransform3DMakeTranslation(0, 0, 100)
        stage.holder.layer.addSublayer(tile)
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(kept.pixel(x: 205, y: 100) == Color.red.pixel && kept.pixel(x: 159, y: 100) == Color.red.pixel)
        #expect(kept.pixel(x: 209, y: 100) == white && kept.pixel(x: 155, y: 100) == white)
        // Without it, the move in depth is not seen: 130...170 across in the holder.
        stage.holder.layer.sublayerTransform = CATransform3DIdentity
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(kept.pixel(x: 151, y: 100) == Color.red.pixel && kept.pixel(x: 192, y: 100) == white)
        // Set again after the layer is there; the holder's middle moves with its bounds.
        stage.holder.layer.sublayerTransform = Self.eye
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(kept.pixel(x: 205, y: 100) == Color.red.pixel)
        stage.holder.bounds.size = CGSize(width: 160, height: 160)
        #expect(try window.repaintDifference(in: kept) == nil)
    }

    @Test func everyChangeRepaintsExactly() throws {
        let kept = try window.drawnAfresh()
        let turn = CATransform3DRotate(CATransform3DMakeTranslation(0, 0, 100), 0.6, 0, 1, 0)
        let changes: [(String, () -> Void)] = [
            ("a vanishing point", { stage.holder.layer.sublayerTransform = Self.eye }),
            ("the card moved, to poke out of the holder when seen nearer", { card.center = CGPoint(x: 170, y: 130) }),
            ("the card turned, still nearer", { card.transform3D = turn }),
            ("a nearer eye", { stage.holder.layer.sublayerTransform.m34 = -1.0 / 250 }),
            ("no vanishing point", { stage.holder.layer.sublayerTransform = CATransform3DIdentity }),
        ]
        for (what, change) in changes {
            change()
            let difference = try window.repaintDifference(in: kept)
            #expect(difference == nil, "\(what): \(difference ?? "")")
        }
    }

    /// A cover flow's spin of an app's own layer: `transform.rotation.y`
    /// under a shelf layer's perspective, half-way through, is the card
    /// held still at half the angle.
    @Test func aLayersTurnAnimatesUnderItsShelfsPerspective() throws {
        card.removeFromSuperview()
        func shelf(in stage: LayerStage) -> CALayer {
            let shelf = CALayer()
            shelf.frame = CGRect(x: 0, y: 0, width: 200, height: 160)
            shelf.sublayerTransform = Self.eye
            let cover = CALayer()
            cover.frame = CGRect(x: 110, y: 40, width: 60, height: 80)
            cover.backgroundColor = .blue
            shelf.addSublayer(cover)
            stage.holder.layer.addSublayer(shelf)
            return cover
        }
        let cover = shelf(in: stage)
        let spin = CABasicAnimation(keyPath: "transform.rotation.y")
        spin.fromValue = 0
        spin.toValue = 1.2
        spin.duration = 1
        cover.add(spin, forKey: "spin")
        stage.at(0.5)
        let halfway = try window.drawnAfresh()
        let still = LayerStage()
        shelf(in: still).transform = CATransform3DMakeRotation(0.6, 0, 1, 0)
        #expect(try halfway.firstDifference(from: still.window.drawnAfresh()) == nil)
        // Turned 0.6 about its middle line, its left edge lands near 115.7 across, where the flat card began at 110.
        #expect(halfway.pixel(x: 20 + 112, y: 20 + 60) == white && halfway.pixel(x: 20 + 118, y: 20 + 60) == Color.blue.pixel)
        stage.at(1.5)
        #expect(CATransform3DIsIdentity(cover.transform), "the app's transform again when it ends")
    }

    /// A card of two faces in a transform layer, added to a view whose
    /// layer gives the perspective, flipped by `transform.rotation.y`: a
    /// quarter of the way it shows its front, three quarters its back, and
    /// each frame drawn from its damage is the frame drawn afresh.
    @Test func aCardOfTwoFacesFlipsInAView() throws {
        card.removeFromSuperview()
        stage.holder.layer.sublayerTransform = Self.eye
        let flip = CATransformLayer()
        flip.frame = CGRect(x: 60, y: 40, width: 80, height: 80)
        for (colour, isBack) in [(Color.red, false), (Color.blue, true)] {
            let face = CALayer()
            face.frame = flip.bounds
            face.backgroundColor = colour
            face.isDoubleSided = false
            if isBack { face.transform = CATransform3DMakeRotation(.pi, 0, 1, 0) }
            flip.addSublayer(face)
        }
        stage.holder.layer.addSublayer(flip)
        let kept = try Bitmap(width: 240, height: 200)
        window.render(window.takeDamage(), in: GraphicsContext(bitmap: kept))
        let turn = CABasicAnimation(keyPath: "transform.rotation.y")
        turn.fromValue = 0
        turn.toValue = Double.pi
        turn.duration = 1
        flip.add(turn, forKey: "flip")
        // The card's middle is the holder's (100, 80): the window's (120, 100).
        for (time, shown) in [(0.25, Color.red), (0.5, nil), (0.75, Color.blue), (1.5, Color.red)] {
            stage.at(time)
            window.render(window.takeDamage(), in: GraphicsContext(bitmap: kept))
            #expect(try kept.firstDifference(from: window.drawnAfresh()) == nil, "at \(time) s")
            let middle = kept.pixel(x: 120, y: 100)
            if let shown { #expect(middle == shown.pixel, "at \(time) s") } else { #expect(middle == white, "edge on at \(time) s") }
        }
    }
}
