import Testing
import TouchUI

/// CAAnimationGroup: several animations of one layer on the group's clock,
/// under one key, with one completion.
@MainActor
struct AnimationGroupTests {
    let stage = LayerStage()
    let dot = CAShapeLayer()

    init() {
        dot.position = CGPoint(x: 100, y: 80)
        dot.path = BezierPath(ovalIn: CGRect(x: -10, y: -10, width: 20, height: 20)).cgPath
        dot.fillColor = .systemBlue
        stage.holder.layer.addSublayer(dot)
    }

    func at(_ time: Double) { stage.at(time) }
    func near(_ a: Double, _ b: Double, within: Double = 0.02) -> Bool { abs(a - b) <= within }
    var scale: Double { (dot.affineTransform().a * dot.affineTransform().a + dot.affineTransform().b * dot.affineTransform().b).squareRoot() }

    /// A pulse: its animations take the group's duration when they have
    /// none of their own, and repeat with it; one key, one completion.
    @Test func aPulseScalesAndFadesAsOne() {
        let grow = CABasicAnimation(keyPath: "transform.scale")
        grow.fromValue = 1
        grow.toValue = 2
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        var ended: [Bool] = []
        fade.completion = { _ in Issue.record("an animation's own completion, in a group") }
        let pulse = CAAnimationGroup()
        pulse.animations = [grow, fade]
        pulse.duration = 1
        pulse.repeatCount = 2
        pulse.completion = { ended.append($0) }
        dot.add(pulse, forKey: "pulse")
        #expect(dot.animationKeys() == ["pulse"] && dot.animation(forKey: "pulse") === pulse)
        at(0.5)
        #expect(near(scale, 1.5) && near(dot.opacity, 0.5), "\(scale), \(dot.opacity)")
        at(1.5)
        #expect(near(scale, 1.5) && near(dot.opacity, 0.5), "the second play")
        at(2.1)
        #expect(dot.transform == .identity && dot.opacity == 1 && ended == [true] && dot.animationKeys() == nil)
    }

    /// The group's time clips a longer animation; a `beginTime` inside it is
    /// seconds into the group's time; `.forwards` holds an end till the group's.
    @Test func theGroupsTimeIsItsAnimations() {
        let long = CABasicAnimation(keyPath: "opacity")
        long.fromValue = 1
        long.toValue = 0
        long.duration = 2
        let late = CABasicAnimation(keyPath: "position.x")
        late.byValue = 40
        late.beginTime = 0.5
        late.duration = 0.25
        late.fillMode = .forwards
        let early = CABasicAnimation(keyPath: "lineWidth")
        early.fromValue = 10
        early.toValue = 20
        early.duration = 0.25
        let group = CAAnimationGroup()
        group.animations = [long, late, early]
        group.duration = 1
        dot.add(group, forKey: nil)
        at(0.25)
        #expect(near(dot.opacity, 0.875), "a quarter second of two: \(dot.opacity)")
        #expect(dot.position.x == 100, "not begun")
        at(0.625)
        #expect(near(dot.position.x, 120, within: 1.5), "half of its quarter second (at the last tick): \(dot.position.x)")
        #expect(dot.lineWidth == 1, "over, with no fill: the app's own")
        at(0.9)
        #expect(dot.position.x == 140, "held at its end till the group's")
        #expect(near(dot.opacity, 0.55, within: 0.01), "cut off at half way when the group ends")
        at(1.1)
        #expect(dot.opacity == 1 && dot.position.x == 100)
    }

    /// Removing the key stops every animation in the group, and its completion hears false once.
    @Test func removingTheKeyStopsTheWholeGroup() {
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.byValue = Double.pi
        let tint = CABasicAnimation(keyPath: "fillColor")
        tint.toValue = Color.systemRed
        let group = CAAnimationGroup()
        group.animations = [turn, tint]
        group.duration = 1
        var ended: [Bool] = []
        group.completion = { ended.append($0) }
        dot.add(group, forKey: "wobble")
        at(0.5)
        #expect(dot.transform != .identity && dot.fillColor != .systemBlue)
        dot.removeAnimation(forKey: "wobble")
        #expect(dot.transform == .identity && dot.fillColor == .systemBlue && ended == [false])
    }

    /// A group on a view's own layer: what is drawn moves, the view's properties stay.
    @Test func aGroupOnAViewsLayer() throws {
        let card = View(frame: CGRect(x: 40, y: 40, width: 60, height: 40))
        card.backgroundColor = .systemGreen
        stage.holder.addSubview(card)
        let rise = CABasicAnimation(keyPath: "position.y")
        rise.byValue = -20
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.toValue = 0.0
        let leave = CAAnimationGroup()
        leave.animations = [rise, fade]
        leave.duration = 0.5
        card.layer.add(leave, forKey: "leave")
        stage.at(0.25)
        let drawn = try #require(card.layer.presentation())
        #expect(near(drawn.position.y, 50, within: 0.5) && near(Double(drawn.opacity), 0.5), "\(drawn)")
        #expect(card.center.y == 60 && card.alpha == 1)
    }
}
