import Glibc
import Testing
import TouchUI

/// CAKeyframeAnimation on an app's own layers: values passed through at
/// their key times, each mode of finding those between, additive shakes
/// over wherever the layer is, and the app's value shown after.
@MainActor
struct KeyframeAnimationTests {
    let stage = LayerStage()
    var window: Window { stage.window }
    let badge = CAShapeLayer()

    init() {
        badge.position = CGPoint(x: 100, y: 80)
        badge.path = BezierPath(roundedRect: CGRect(x: -20, y: -12, width: 40, height: 24), cornerRadius: 12).cgPath
        badge.fillColor = .red
        badge.strokeColor = .black
        badge.lineWidth = 2
        stage.holder.layer.addSublayer(badge)
    }

    func at(_ time: Double) { stage.at(time) }

    /// Within `within` of `b`: what is drawn is the value at the last display tick (a sixtieth of a second) before now.
    func near(_ a: Double, _ b: Double, within: Double = 0.3) -> Bool { abs(a - b) <= within }

    /// The shake of a field that refused its input: through 0, 10, -10, 10
    /// and 0 added to wherever the badge is, even when the app moves it.
    @Test func anAdditiveShakeFollowsTheAppsPosition() throws {
        let shake = CAKeyframeAnimation(keyPath: "position.x")
        shake.values = [0, 10, -10, 10, 0]
        shake.keyTimes = [0, 0.25, 0.5, 0.75, 1]
        shake.duration = 1
        shake.isAdditive = true
        var ended: [Bool] = []
        shake.completion = { ended.append($0) }
        badge.add(shake, forKey: "shake")
        at(0.25)
        #expect(near(badge.position.x, 110))
        at(0.375)
        #expect(near(badge.position.x, 100, within: 1.4), "halfway from 10 to -10 (80 points a second)")
        // The kept screen matches a fresh one while it shakes.
        let kept = try window.drawnAfresh()
        at(0.45)
        #expect(try window.repaintDifference(in: kept) == nil)
        at(0.5)
        #expect(near(badge.position.x, 90))
        badge.position.x = 150
        at(0.75)
        #expect(near(badge.position.x, 160, within: 1.4), "added to the app's new place")
        at(1.1)
        #expect(badge.position.x == 150 && ended == [true] && badge.animationKeys() == nil)
    }

    /// Discrete: each colour held until the next one's time; one more key time than values.
    @Test func discreteHoldsEachValueUntilTheNext() {
        let blink = CAKeyframeAnimation(keyPath: "fillColor")
        blink.values = [Color.red, Color.green, Color.blue]
        blink.keyTimes = [0, 0.2, 0.9, 1]
        blink.calculationMode = .discrete
        blink.duration = 1
        badge.add(blink, forKey: nil)
        at(0.1)
        #expect(badge.fillColor == .red)
        at(0.5)
        #expect(badge.fillColor == .green)
        at(0.95)
        #expect(badge.fillColor == .blue)
        at(1.2)
        #expect(badge.fillColor == .red, "the app's own again")
    }

    /// Uneven key times, and a timing function for each segment.
    @Test func keyTimesAndTimingFunctionsShapeEachSegment() {
        let pulse = CAKeyframeAnimation(keyPath: "lineWidth")
        pulse.values = [2, 10, 4]
        pulse.keyTimes = [0, 0.8, 1]
        pulse.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
        pulse.duration = 1
        badge.add(pulse, forKey: "pulse")
        at(0.4)
        // Half of the first segment, eased in: a third of the way, not half.
        #expect(badge.lineWidth > 4 && badge.lineWidth < 5.2, "\(badge.lineWidth)")
        at(0.8)
        #expect(near(badge.lineWidth, 10, within: 0.5))
        at(0.9)
        #expect(near(badge.lineWidth, 7, within: 0.6))
        at(1.1)
        #expect(badge.lineWidth == 2)
    }

    /// Paced: an even speed over the whole way, whatever the key times say.
    @Test func pacedGoesAtAnEvenSpeed() {
        badge.position.y = 0
        let slide = CAKeyframeAnimation(keyPath: "position.y")
        slide.values = [0, 30, 40]
        slide.keyTimes = [0, 0.1, 1]
        slide.calculationMode = .paced
        slide.duration = 1
        badge.add(slide, forKey: nil)
        at(0.5)
        #expect(near(badge.position.y, 20))
        at(0.875)
        #expect(near(badge.position.y, 35, within: 0.7))
    }

    /// Cubic: a curve through the values, which it still passes exactly.
    @Test func cubicCurvesThroughTheValues() {
        let bob = CAKeyframeAnimation(keyPath: "transform.translation.y")
        bob.values = [0, 10, 0]
        bob.calculationMode = .cubic
        bob.duration = 1
        badge.add(bob, forKey: nil)
        at(0.25)
        // Catmull-Rom at the middle of 0 to 10, between 0 (held before) and 0 after: 5.625, where a line gives 5.
        #expect(near(badge.affineTransform().ty, 5.625, within: 0.2), "\(badge.affineTransform().ty)")
        at(0.5)
        #expect(near(badge.affineTransform().ty, 10, within: 0.1))
        at(1.1)
        #expect(badge.transform == .identity)
    }

    /// Key times that do not fit the values spread them evenly; one value is held throughout.
    @Test func keyTimesThatDoNotFitSpreadTheValuesEvenly() {
        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.values = [1.0, 0.0, 1.0]
        fade.keyTimes = [0, 1]
        fade.duration = 1
        badge.add(fade, forKey: "fade")
        at(0.5)
        #expect(near(badge.opacity, 0, within: 0.05))
        let hold = CAKeyframeAnimation(keyPath: "opacity")
        hold.values = [0.5]
        hold.duration = 1
        badge.add(hold, forKey: "fade")
        at(1.0)
        #expect(badge.opacity == 0.5)
        at(2.1)
        #expect(badge.opacity == 1)
    }

    /// A path: each line an even share of the time, or at an even speed when paced.
    @Test func aPathIsFollowedLineByLine() {
        var corner = Path()
        corner.move(to: CGPoint(x: 20, y: 20))
        corner.addLine(to: CGPoint(x: 140, y: 20))
        corner.addLine(to: CGPoint(x: 140, y: 60))
        let follow = CAKeyframeAnimation(keyPath: "position")
        follow.path = corner
        follow.duration = 1
        badge.add(follow, forKey: "follow")
        at(0.25)
        #expect(near(badge.position.x, 80, within: 0.5) && badge.position.y == 20, "half the first line at a quarter: \(badge.position)")
        at(0.75)
        #expect(near(badge.position.x, 140, within: 0.001) && near(badge.position.y, 40, within: 1.4), "half the second at three quarters: \(badge.position)")
        at(1.1)
        #expect(badge.position == CGPoint(x: 100, y: 80), "the app's own again")

        let paced = CAKeyframeAnimation(keyPath: "position")
        paced.path = corner
        paced.calculationMode = .paced
        paced.duration = 1
        badge.add(paced, forKey: "follow")
        at(1.6)
        // 160 points in all: at half the time, 80 along the first line of 120.
        #expect(near(badge.position.x, 100, within: 0.5) && badge.position.y == 20, "\(badge.position)")
    }

    /// Round a circle at an even speed, every drawn position on it; each
    /// curve's timing function shapes its own share of the way.
    @Test func aPathOfCurvesStaysOnTheCurve() {
        let circle = BezierPath(ovalIn: CGRect(x: 40, y: 20, width: 120, height: 120)).cgPath
        let orbit = CAKeyframeAnimation(keyPath: "position")
        orbit.path = circle
        orbit.calculationMode = .paced
        orbit.duration = 2
        badge.add(orbit, forKey: nil)
        var farthestOff = 0.0
        for tick in 1...119 {
            at(Double(tick) / 60)
            let distance = ((badge.position.x - 100) * (badge.position.x - 100) + (badge.position.y - 80) * (badge.position.y - 80)).squareRoot()
            farthestOff = max(farthestOff, abs(distance - 60))
        }
        #expect(farthestOff < 0.5, "\(farthestOff) points off the circle")

        let eased = CAKeyframeAnimation(keyPath: "position")
        eased.path = circle
        eased.timingFunctions = Array(repeating: CAMediaTimingFunction(name: .easeIn), count: 4)
        eased.duration = 4
        badge.add(eased, forKey: nil)
        // Half the first quarter's time (it was added at the last tick): eased in,
        // a third of its way (28 degrees), where evenly it would be half (45).
        at(119.0 / 60 + 0.5)
        let angle = atan2(badge.position.y - 80, badge.position.x - 100) * 180 / .pi
        #expect(angle > 24 && angle < 33, "\(angle) degrees round")
    }

    /// `rotationMode`: the layer turns to face the way the path goes.
    @Test func rotationModeFacesTheWayAlongThePath() {
        var corner = Path()
        corner.move(to: CGPoint(x: 20, y: 20))
        corner.addLine(to: CGPoint(x: 140, y: 20))
        corner.addLine(to: CGPoint(x: 140, y: 140))
        let drive = CAKeyframeAnimation(keyPath: "position")
        drive.path = corner
        drive.rotationMode = .rotateAuto
        drive.duration = 1
        badge.add(drive, forKey: "drive")
        func angle() -> Double { atan2(badge.affineTransform().b, badge.affineTransform().a) }
        at(0.25)
        #expect(abs(angle()) < 0.01, "going right: \(angle())")
        at(0.75)
        #expect(abs(angle() - .pi / 2) < 0.01, "going down: \(angle())")
        #expect(badge.animationKeys() == ["drive"])
        at(1.1)
        #expect(badge.transform == .identity, "the app's own again")
        let back = CAKeyframeAnimation(keyPath: "position")
        back.path = corner
        back.rotationMode = .rotateAutoReverse
        back.duration = 1
        badge.add(back, forKey: "drive")
        at(1.35)
        #expect(abs(abs(angle()) - .pi) < 0.01, "facing back, left: \(angle())")
    }

    /// Another animation of the transform (a pulse) takes over the turn only: the move along the path goes on.
    @Test func aPulseBesideAPathKeepsTheMove() {
        var corner = Path()
        corner.move(to: CGPoint(x: 20, y: 20))
        corner.addLine(to: CGPoint(x: 140, y: 20))
        let drive = CAKeyframeAnimation(keyPath: "position")
        drive.path = corner
        drive.rotationMode = .rotateAuto
        drive.duration = 1
        var ended: [Bool] = []
        drive.completion = { ended.append($0) }
        badge.add(drive, forKey: "drive")
        let pulse = CABasicAnimation(keyPath: "transform.scale")
        pulse.toValue = 1.5
        pulse.duration = 1
        badge.add(pulse, forKey: "pulse")
        at(0.5)
        #expect(badge.animationKeys() == ["drive", "pulse"] && ended.isEmpty)
        #expect(near(badge.position.x, 80, within: 1.5), "\(badge.position)")
        at(1.1)
        #expect(ended == [true])
    }
}
