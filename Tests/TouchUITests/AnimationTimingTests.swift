import Testing
@testable import TouchUI

/// The timing of an animation inside a group, at the exact instants a
/// display tick seldom lands on (so the stage-level tests may not reach them).
@MainActor
struct AnimationTimingTests {
    /// At a repeating group's turn, the animation inside is at its end, not over: no frame of the app's own value.
    @Test func anAnimationInAGroupDrawsItsEndAtTheGroupsTurn() throws {
        let dot = CAShapeLayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.8
        fade.toValue = 0.0
        let pulse = CAAnimationGroup()
        pulse.animations = [fade]
        pulse.duration = 0.5
        pulse.repeatCount = 3
        let property = try #require(LayerProperty(keyPath: "opacity", layer: dot))
        let entry = LayerAnimator.Running(
            fade, in: pulse, timings: [.init(pulse), .init(fade, in: 0.5)], target: dot, key: "pulse", property: property)
        #expect(entry.value(at: 0.5).0 == .number(0), "the end of the first play")
        #expect(entry.value(at: 1.0).0 == .number(0))
        #expect(entry.value(at: 0.25).0 == .number(0.4))
        let (last, done) = entry.value(at: 1.5)
        #expect(last == .number(0) && done, "the end of the last, and the group is over")
    }
}
