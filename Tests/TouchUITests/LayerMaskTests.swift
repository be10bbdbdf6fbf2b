import Testing
import TouchUI

/// `view.layer.mask`: the view and its subviews seen through the mask layer's alpha.
@MainActor
struct LayerMaskTests {
    let stage = LayerStage()
    var window: Window { stage.window }
    let photo = View(frame: CGRect(x: 40, y: 20, width: 100, height: 100))
    let white = PixelColor(red: 255, green: 255, blue: 255)

    init() {
        photo.backgroundColor = .systemRed
        // Past the photo's sides: the mask crops what the bounds do not.
        let stripe = View(frame: CGRect(x: -20, y: 40, width: 140, height: 20))
        stripe.backgroundColor = .systemBlue
        photo.addSubview(stripe)
        stage.holder.addSubview(photo)
    }

    /// A point of the photo, in the window's pixels.
    func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> PixelColor { bitmap.pixel(x: 20 + 40 + x, y: 20 + 20 + y) }

    @Test func aCircleCropsTheViewAndItsSubviews() throws {
        let plain = try window.drawnAfresh()
        let circle = CAShapeLayer()
        circle.path = BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 100)).cgPath
        photo.layer.mask = circle
        #expect(photo.layer.mask === circle)
        let cropped = try window.drawnAfresh()
        #expect(pixel(cropped, 50, 20) == pixel(plain, 50, 20), "inside the circle, the photo")
        #expect(pixel(cropped, 50, 50) == pixel(plain, 50, 50), "and its subview")
        #expect(pixel(cropped, 3, 3) == white, "outside it, what lies under")
        #expect(pixel(plain, -10, 50) != white && pixel(cropped, -10, 50) == white, "the subview is cropped too")
        // The edge is smooth: a pixel part in the circle is part red.
        let edge = pixel(cropped, 14, 14)
        #expect(edge != white && edge != pixel(plain, 14, 14), "\(edge)")
        // Touches go by the bounds, as on iOS.
        #expect(window.hitTest(CGPoint(x: 20 + 40 + 2, y: 20 + 20 + 2), with: nil) === photo)
    }

    /// The mask's changes show where they change; removed, the view is whole again.
    @Test func aChangedMaskRepaints() throws {
        let circle = CAShapeLayer()
        circle.path = BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 100)).cgPath
        photo.layer.mask = circle
        let kept = try window.drawnAfresh()
        circle.path = BezierPath(rect: CGRect(x: 0, y: 0, width: 50, height: 100)).cgPath
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(pixel(kept, 10, 2) != white && pixel(kept, 60, 50) == white)
        circle.position = CGPoint(x: 50, y: 0)
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(pixel(kept, 10, 2) == white && pixel(kept, 60, 50) != white)
        photo.layer.mask = nil
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(pixel(kept, 10, 2) != white)
    }

    /// A gradient from opaque to clear fades the view out, level by level.
    @Test func aGradientFadesTheView() throws {
        let plain = try window.drawnAfresh()
        let fade = CAGradientLayer()
        fade.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        fade.colors = [Color.black, Color.black.withAlphaComponent(0)]
        fade.startPoint = CGPoint(x: 0, y: 0.5)
        fade.endPoint = CGPoint(x: 1, y: 0.5)
        photo.layer.mask = fade
        photo.alpha = 0.5
        let faded = try window.drawnAfresh()
        // Half way across, a quarter of the red (half the mask, at half alpha) over white.
        let middle = pixel(faded, 50, 10), red = pixel(plain, 50, 10)
        let expected = 255 - (255 - Int(red.green)) / 4
        #expect(abs(Int(middle.green) - expected) <= 3, "\(middle) against green \(expected)")
        #expect(pixel(faded, 98, 10) == white || pixel(faded, 98, 10).distance(to: white) <= 4)
    }

    /// A circular reveal: the mask's path animated from a dot to a circle round the whole view.
    @Test func aRevealAnimatesTheMasksPath() throws {
        let circle = CAShapeLayer()
        let small = BezierPath(ovalIn: CGRect(x: 50, y: 50, width: 0, height: 0)).cgPath
        let large = BezierPath(ovalIn: CGRect(x: -21, y: -21, width: 142, height: 142)).cgPath
        circle.path = large
        photo.layer.mask = circle
        let reveal = CABasicAnimation(keyPath: "path")
        reveal.fromValue = small
        reveal.toValue = large
        reveal.duration = 1
        var ended: [Bool] = []
        reveal.completion = { ended.append($0) }
        circle.add(reveal, forKey: "reveal")
        let kept = try window.drawnAfresh()
        #expect(pixel(kept, 50, 20) == white, "nothing shows at first")
        stage.at(0.5)
        #expect(try window.repaintDifference(in: kept) == nil)
        // Half way: a circle of radius 35 about the middle.
        #expect(pixel(kept, 50, 20) != white && pixel(kept, 50, 5) == white, "\(pixel(kept, 50, 20)) \(pixel(kept, 50, 5))")
        stage.at(1.1)
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(pixel(kept, 1, 1) != white && ended == [true] && circle.path == large)
    }

    /// A mask far larger than the view (a reveal's circle grown past a big screen) still shows it.
    @Test func aHugeMaskStillShowsTheView() throws {
        let circle = CAShapeLayer()
        circle.path = BezierPath(ovalIn: CGRect(x: 50 - 5000, y: 50 - 5000, width: 10000, height: 10000)).cgPath
        photo.layer.mask = circle
        let drawn = try window.drawnAfresh()
        #expect(pixel(drawn, 50, 20) != white && pixel(drawn, 1, 1) != white)
    }
}
