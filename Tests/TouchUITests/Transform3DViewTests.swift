import Testing
@testable import TouchUI

/// A view turned in depth (`transform3D`, `layer.transform`): drawn in
/// perspective where the matrix puts it, repainted exactly, and hit where it is drawn.
@MainActor
struct Transform3DViewTests {
    let stage = LayerStage()
    var window: Window { stage.window }
    // In the holder at (20, 20): the card's centre is at (120, 100) in the window.
    let card = View(frame: CGRect(x: 40, y: 40, width: 120, height: 80))
    let white = PixelColor(red: 255, green: 255, blue: 255)

    init() {
        card.backgroundColor = .red
        let right = View(frame: CGRect(x: 60, y: 0, width: 60, height: 80))
        right.backgroundColor = .blue
        card.addSubview(right)
        stage.holder.addSubview(card)
    }

    /// Turned 50 degrees about its vertical centre line, seen from 300 points away.
    var turn: Transform3D {
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 300
        return CATransform3DRotate(t, 50 * .pi / 180, 0, 1, 0)
    }

    /// Where a point of the card lands in the window, by the matrix: (x, y, 0, 1) times it, over w.
    func landed(_ x: Double, _ y: Double, through t: Transform3D? = nil) -> Point {
        let t = t ?? turn, px = x - 60, py = y - 40
        let w = px * t.m14 + py * t.m24 + t.m44
        return Point(x: (px * t.m11 + py * t.m21 + t.m41) / w + 120, y: (px * t.m12 + py * t.m22 + t.m42) / w + 100)
    }

    @Test func drawnWhereTheMatrixPutsIt() throws {
        card.layer.transform = turn
        #expect(card.transform3D == turn && !CATransform3DIsAffine(card.layer.transform))
        let drawn = try window.drawnAfresh()
        for (x, y) in [(10.0, 10.0), (30, 60), (50, 40), (70, 20), (90, 70), (110, 40)] {
            let p = landed(x, y)
            let expected = x < 60 ? Color.red.pixel : Color.blue.pixel
            #expect(drawn.pixel(x: Int(p.x), y: Int(p.y)).distance(to: expected) <= 24, "card point \(x), \(y)")
        }
        // Beyond its turned edges, the window shows through.
        #expect(drawn.pixel(x: Int(landed(0, 40).x) - 3, y: 100) == white)
        #expect(drawn.pixel(x: Int(landed(120, 40).x) + 3, y: 100) == white)
        // The frame is the box around what is drawn.
        let frame = card.frame
        #expect(abs(frame.minX - (landed(0, 0).x - 20)) < 1e-6 || abs(frame.minX - (landed(0, 80).x - 20)) < 1e-6)
        #expect(frame.height > 80, "the near edge is taller than the card")
    }

    @Test func turningAndTurningBackRepaintsExactly() throws {
        let kept = try window.drawnAfresh()
        card.transform3D = turn
        #expect(try window.repaintDifference(in: kept) == nil)
        // Only the perspective changes: the plane part stays, and it still repaints.
        var nearer = turn
        nearer.m34 = -1.0 / 150
        card.transform3D = nearer
        #expect(try window.repaintDifference(in: kept) == nil)
        card.transform = .identity
        #expect(card.transform3D == CATransform3DIdentity)
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(kept.pixel(x: 61, y: 61) == Color.red.pixel)
    }

    @Test func touchesFindItWhereItIsDrawn() throws {
        card.transform3D = turn
        // Points of the card, where they land, hit the half they belong to.
        let left = landed(20, 40), right = landed(100, 40)
        #expect(window.hitTest(left, with: nil) === card)
        #expect(window.hitTest(right, with: nil) === card.subviews[0])
        // Where the flat card was but the turned one is not: the holder.
        let outside = Point(x: landed(120, 40).x + 4, y: 100)
        #expect(window.hitTest(outside, with: nil) === stage.holder)
        // A point converted in and out comes back.
        let local = card.convert(right, from: nil)
        #expect(abs(local.x - 100) < 1e-6 && abs(local.y - 40) < 1e-6)
        let back = card.convert(local, to: nil)
        #expect(abs(back.x - right.x) < 1e-6 && abs(back.y - right.y) < 1e-6)
    }

    @Test func withoutPerspectiveATurnIsASquash() throws {
        let turn = CATransform3DMakeRotation(60 * .pi / 180, 0, 1, 0)
        card.layer.transform = turn
        // It keeps its depth terms, for what is concatenated with it later...
        #expect(!CATransform3DIsAffine(card.transform3D) && card.transform3D == turn)
        // ...and is drawn as its plane part: half as wide.
        #expect(abs(card.transform.a - 0.5) < 1e-12 && abs(card.frame.width - 60) < 1e-9)
        let drawn = try window.drawnAfresh()
        #expect(drawn.pixel(x: 120 - 28, y: 100) == Color.red.pixel && drawn.pixel(x: 120 + 28, y: 100) == Color.blue.pixel)
        #expect(drawn.pixel(x: 120 - 32, y: 100) == white)
    }

    /// Inside `View.animate`, it turns through the transforms between, as
    /// Core Animation turns a layer: half-way through a turn of 0.8 radians
    /// it is drawn as at 0.4, and every frame repaints exactly.
    @Test func aTurnAnimates() throws {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 300
        card.transform3D = perspective
        let kept = try window.drawnAfresh()
        var ended: [Bool] = []
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            card.transform3D = CATransform3DRotate(perspective, 0.8, 0, 1, 0)
        }, completion: { ended.append($0) })
        #expect(card.transform3D == CATransform3DRotate(perspective, 0.8, 0, 1, 0), "the model changes at once")
        stage.at(0.5)
        #expect(try window.repaintDifference(in: kept) == nil)
        // The same card, still, at the angle half-way.
        #expect(kept.firstDifference(from: try stillCard(CATransform3DRotate(perspective, 0.4, 0, 1, 0))) == nil)
        stage.at(1.1)
        #expect(ended == [true])
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(kept.firstDifference(from: try stillCard(CATransform3DRotate(perspective, 0.8, 0, 1, 0))) == nil)
    }

    /// The card as the tests draw it, held still at `transform` in a stage of its own.
    func stillCard(_ transform: Transform3D) throws -> Bitmap {
        let stillStage = LayerStage()
        let twin = View(frame: CGRect(x: 40, y: 40, width: 120, height: 80))
        twin.backgroundColor = .red
        let twinRight = View(frame: CGRect(x: 60, y: 0, width: 60, height: 80))
        twinRight.backgroundColor = .blue
        twin.addSubview(twinRight)
        stillStage.holder.addSubview(twin)
        twin.transform3D = transform
        return try stillStage.window.drawnAfresh()
    }

    /// A spin in depth, as iOS code writes it: the layer keeps its perspective,
    /// `transform.rotation.y` turns it before that; the app's transform is left alone.
    @Test func aLayerAnimationOfRotationAboutY() throws {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 300
        card.layer.transform = perspective
        let kept = try window.drawnAfresh()
        let spin = BasicAnimation(keyPath: "transform.rotation.y")
        spin.fromValue = 0.0
        spin.toValue = 0.9
        spin.duration = 1
        spin.timingFunction = MediaTimingFunction(name: .linear)
        card.layer.add(spin, forKey: "spin")
        stage.at(0.5)
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(kept.firstDifference(from: try stillCard(CATransform3DRotate(perspective, 0.45, 0, 1, 0))) == nil)
        #expect(card.layer.transform == perspective, "the model stays the app's")
        stage.at(1.2)
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(kept.firstDifference(from: try stillCard(perspective)) == nil, "back to the model when it ends")
    }

    /// `transform` with CATransform3D values, mixed as Core Animation mixes them; and a keyframe block turning it.
    @Test func wholeTransformsAnimateIn3D() throws {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 300
        let kept = try window.drawnAfresh()
        let turn = BasicAnimation(keyPath: "transform")
        turn.fromValue = perspective
        turn.toValue = CATransform3DRotate(perspective, 1.0, 0, 1, 0)
        turn.duration = 1
        turn.timingFunction = MediaTimingFunction(name: .linear)
        card.layer.add(turn, forKey: "turn")
        stage.at(0.5)
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(kept.firstDifference(from: try stillCard(CATransform3DRotate(perspective, 0.5, 0, 1, 0))) == nil)
        stage.at(1.2)
        card.transform3D = perspective
        View.animateKeyframes(withDuration: 1, delay: 0, options: .calculationModeLinear, animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) {
                card.transform3D = CATransform3DRotate(perspective, -0.6, 1, 0, 0)
            }
        })
        let start = stage.app.timeline.now
        stage.at(start + 0.5)
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(kept.firstDifference(from: try stillCard(perspective)) != nil, "half-way, turning")
        stage.at(start + 1.5)
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(kept.firstDifference(from: try stillCard(CATransform3DRotate(perspective, -0.6, 1, 0, 0))) == nil)
    }

    /// Counts its draws; red, or green once told.
    final class Counter: View {
        var draws = 0
        var green = false
        override func draw(_ rect: CGRect) {
            draws += 1
            GraphicsGetCurrentContext()?.fill(bounds.insetBy(dx: 4, dy: 4), with: green ? .green : .red)
        }
    }

    /// Turning a card again resamples the picture kept of it; a change
    /// inside draws it again, and every frame repaints exactly.
    @Test func turningAgainDrawsNothingAgain() throws {
        let counter = Counter(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        card.addSubview(counter)
        let kept = try window.drawnAfresh()
        card.transform3D = turn
        #expect(try window.repaintDifference(in: kept) == nil)
        let draws = counter.draws
        for degrees in [40.0, 30, 20, 35] {
            var t = CATransform3DIdentity
            t.m34 = -1.0 / 300
            card.transform3D = CATransform3DRotate(t, degrees * .pi / 180, 0, 1, 0)
            window.render(window.takeDamage(), in: GraphicsContext(bitmap: kept))
        }
        #expect(counter.draws == draws, "four turns, no drawing")
        #expect(try window.repaintDifference(in: kept) == nil)
        // Inside, a change of content and a move: the picture is made again.
        counter.green = true
        counter.setNeedsDisplay()
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(counter.draws > draws)
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 300
        let inside = landed(30, 30, through: CATransform3DRotate(t, 35 * .pi / 180, 0, 1, 0))
        #expect(kept.pixel(x: Int(inside.x), y: Int(inside.y)).distance(to: Color.green.pixel) <= 24, "the new content shows")
        counter.center = CGPoint(x: 40, y: 50)
        #expect(try window.repaintDifference(in: kept) == nil)
        // Flat again, the picture is let go.
        card.transform3D = CATransform3DIdentity
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(card.projectedPicture == nil)
    }
}
