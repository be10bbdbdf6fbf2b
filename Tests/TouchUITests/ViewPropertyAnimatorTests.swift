import Testing
import TouchUI

/// UIViewPropertyAnimator: started, paused and scrubbed, reversed, stopped
/// where it is, with what is drawn and the views' values at each step.
@MainActor
struct ViewPropertyAnimatorTests {
    let stage = LayerStage()
    var window: Window { stage.window }
    let card = View(frame: CGRect(x: 20, y: 40, width: 60, height: 40))

    init() {
        card.backgroundColor = .systemIndigo
        stage.holder.addSubview(card)
    }

    func at(_ time: Double) { stage.at(time) }
    func near(_ a: Double, _ b: Double, within: Double = 0.6) -> Bool { abs(a - b) <= within }
    var drawnX: Double { card.layer.presentation()?.position.x ?? .nan }

    @Test func itRunsItsAnimationsWhenStartedAndFinishesAtTheEnd() throws {
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { card.center.x += 100 }
        var finished: [ViewAnimatingPosition] = []
        animator.addCompletion { finished.append($0) }
        #expect(card.center.x == 50 && animator.state == .inactive, "nothing happens before it starts")
        let kept = try window.drawnAfresh()
        animator.startAnimation()
        #expect(card.center.x == 150 && animator.state == .active && animator.isRunning)
        at(0.5)
        #expect(near(drawnX, 100) && near(animator.fractionComplete, 0.5, within: 0.02))
        #expect(try window.repaintDifference(in: kept) == nil)
        at(1.05)
        #expect(finished == [.end] && animator.state == .inactive && !animator.isRunning)
        #expect(card.center.x == 150 && drawnX == 150)
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(!stage.app.hasRunningAnimations)
    }

    /// A drag scrubs it evenly while paused; let go, it finishes from there along its curve in the time left.
    @Test func pausedItFollowsFractionCompleteThenContinues() {
        let animator = ViewPropertyAnimator(duration: 1, curve: .easeInOut) { card.alpha = 0 }
        var finished: [ViewAnimatingPosition] = []
        animator.addCompletion { finished.append($0) }
        animator.pauseAnimation()
        #expect(animator.state == .active && !animator.isRunning && card.alpha == 0)
        animator.fractionComplete = 0.3
        #expect(near(Double(card.layer.presentation()?.opacity ?? -1), 0.7, within: 0.001), "scrubbed evenly")
        at(0.5)
        #expect(near(Double(card.layer.presentation()?.opacity ?? -1), 0.7, within: 0.001), "held while paused")
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        at(0.85)
        let opacity = Double(card.layer.presentation()?.opacity ?? -1)
        #expect(opacity < 0.7 && opacity > 0, "on its way from where it was: \(opacity)")
        at(1.25)
        #expect(finished == [.end] && card.alpha == 0 && card.layer.presentation()?.opacity == 0)
    }

    /// Reversed mid-way, it goes back, and the view's value is what it was before.
    @Test func reversedItEndsAtTheStartWithTheOldValues() {
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { card.center.x += 100 }
        var finished: [ViewAnimatingPosition] = []
        animator.addCompletion { finished.append($0) }
        animator.startAnimation()
        at(0.5)
        animator.isReversed = true
        at(0.75)
        #expect(near(drawnX, 75, within: 1.8), "half way back (at the last tick): \(drawnX)")
        at(1.05)
        #expect(finished == [.start] && card.center.x == 50 && drawnX == 50)
    }

    /// Stopped, the values drawn become the views'; finishing then runs the completions.
    @Test func stoppedWhereItIs() {
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { card.center.x += 100 }
        var finished: [ViewAnimatingPosition] = []
        animator.addCompletion { finished.append($0) }
        animator.startAnimation()
        at(0.25)
        animator.stopAnimation(false)
        #expect(animator.state == .stopped && near(card.center.x, 75) && drawnX == card.center.x && finished.isEmpty)
        animator.finishAnimation(at: .current)
        #expect(finished == [.current] && animator.state == .inactive)

        let other = ViewPropertyAnimator(duration: 1, curve: .linear) { card.alpha = 0 }
        other.addCompletion { _ in Issue.record("no completion when stopped without finishing") }
        other.startAnimation()
        at(0.75)
        other.stopAnimation(true)
        #expect(other.state == .inactive && near(card.alpha, 0.5, within: 0.02))
        at(2)
        #expect(!card.isAnimating)
        // Started again, it has nothing of before.
        other.startAnimation()
        at(2.5)
        #expect(near(card.alpha, 0.5, within: 0.02) && !card.isAnimating)

        // Stopped, then finished at its end: the views go to its end after all.
        let third = ViewPropertyAnimator(duration: 1, curve: .linear) { card.center.y += 40 }
        third.startAnimation()
        at(2.75)
        third.stopAnimation(false)
        #expect(near(card.center.y, 40 + 20 + 10))
        third.finishAnimation(at: .end)
        #expect(card.center.y == 100 && card.layer.presentation()?.position.y == 100)
    }

    /// Animations added while it runs arrive with the rest; `pausesOnCompletion` holds it at the end.
    @Test func addedWhileRunningAndPausedAtTheEnd() {
        let animator = ViewPropertyAnimator(duration: 1, dampingRatio: 1) { card.center.x += 100 }
        animator.pausesOnCompletion = true
        var finished: [ViewAnimatingPosition] = []
        animator.addCompletion { finished.append($0) }
        animator.startAnimation()
        at(0.5)
        animator.addAnimations { card.backgroundColor = .systemOrange }
        #expect(card.layer.presentation()?.backgroundColor == .systemIndigo, "begins where it is")
        at(1.05)
        #expect(card.layer.presentation()?.backgroundColor == .systemOrange && drawnX == 150)
        #expect(finished.isEmpty && animator.state == .active && animator.fractionComplete == 1)
        animator.isReversed = true
        animator.pausesOnCompletion = false
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 0.5)
        at(1.6)
        #expect(finished == [.start] && card.center.x == 50 && card.backgroundColor == .systemIndigo)
    }

    @Test func runningPropertyAnimatorStartsAtOnce() {
        var finished: [ViewAnimatingPosition] = []
        let animator = ViewPropertyAnimator.runningPropertyAnimator(
            withDuration: 0.5, delay: 0.25, options: .curveLinear, animations: { card.center.y += 40 }, completion: { finished.append($0) })
        #expect(animator.isRunning)
        at(0.2)
        #expect(card.layer.presentation()?.position.y == 60, "waiting out its delay")
        at(0.5)
        #expect(near(card.layer.presentation()?.position.y ?? 0, 80))
        at(0.8)
        #expect(finished == [.end] && card.center.y == 100)
    }

    /// Ending on its own, it leaves a value the app set meanwhile.
    @Test func aValueSetMeanwhileStays() {
        let animator = ViewPropertyAnimator(duration: 0.5, curve: .linear) { card.center.x += 100 }
        animator.startAnimation()
        at(0.2)
        View.performWithoutAnimation { card.center.x = 10 }
        at(0.6)
        #expect(animator.state == .inactive && card.center.x == 10)
    }
}
