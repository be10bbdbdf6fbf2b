import Testing
import TouchUI

/// `View.animateKeyframes` with `addKeyframe`: each keyframe's changes over
/// its part of the time, one after another, the views' values their last at once.
@MainActor
struct KeyframeBlockAnimationTests {
    let stage = LayerStage()
    var window: Window { stage.window }
    let card = View(frame: CGRect(x: 20, y: 40, width: 60, height: 40))
    let linear = View.KeyframeAnimationOptions(rawValue: View.AnimationOptions.curveLinear.rawValue)

    init() {
        card.backgroundColor = .systemPink
        stage.holder.addSubview(card)
    }

    func at(_ time: Double) { stage.at(time) }
    func near(_ a: Double, _ b: Double, within: Double = 1.8) -> Bool { abs(a - b) <= within }
    var drawn: Point { card.layer.presentation()?.position ?? Point(x: .nan, y: .nan) }

    @Test func keyframesFollowOneAnother() throws {
        var ended: [Bool] = []
        View.animateKeyframes(withDuration: 1, options: linear, animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { card.center.x += 100 }
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { card.center.y += 40 }
            card.alpha = 0
        }, completion: { ended.append($0) })
        #expect(card.center == CGPoint(x: 150, y: 100) && card.alpha == 0, "the last values at once")
        let kept = try window.drawnAfresh()
        at(0.25)
        #expect(near(drawn.x, 100) && drawn.y == 60, "half the first keyframe: \(drawn)")
        #expect(near(Double(card.layer.presentation()?.opacity ?? -1), 0.75, within: 0.02), "the change outside any keyframe goes over the whole")
        at(0.75)
        #expect(drawn.x == 150 && near(drawn.y, 80), "the first done, half the second: \(drawn)")
        #expect(try window.repaintDifference(in: kept) == nil)
        at(1.05)
        #expect(ended == [true] && drawn == CGPoint(x: 150, y: 100) && !card.isAnimating)
    }

    /// By default the whole eases in and out: at half time, half way.
    @Test func theWholeEasesInAndOut() {
        View.animateKeyframes(withDuration: 1, animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { card.center.x += 100 }
        })
        at(0.25)
        #expect(drawn.x < 70, "eased in: well short of a quarter of the way at a quarter of the time: \(drawn.x)")
        at(0.5)
        #expect(near(drawn.x, 100, within: 0.5))
    }

    /// Discrete: each keyframe's value shown whole from its start.
    @Test func discreteJumps() {
        View.animateKeyframes(withDuration: 1, options: [linear, .calculationModeDiscrete], animations: {
            View.addKeyframe(withRelativeStartTime: 0.2, relativeDuration: 0.3) { card.backgroundColor = .systemTeal }
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { card.backgroundColor = .systemGreen }
        })
        at(0.1)
        #expect(card.layer.presentation()?.backgroundColor == .systemPink)
        at(0.3)
        #expect(card.layer.presentation()?.backgroundColor == .systemTeal)
        at(0.6)
        #expect(card.layer.presentation()?.backgroundColor == .systemGreen)
        at(1.1)
        #expect(card.layer.presentation()?.backgroundColor == .systemGreen && card.backgroundColor == .systemGreen)
    }

    /// Outside a keyframe animation, addKeyframe makes its changes at once.
    @Test func addKeyframeAloneChangesAtOnce() {
        View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { card.center.x = 10 }
        #expect(card.center.x == 10 && !card.isAnimating)
    }
}
