import Testing
import TouchUI

/// CASpringAnimation: a mass on a damped spring carries the value, with
/// the overshoot and settling its numbers give.
@MainActor
struct SpringAnimationTests {
    let stage = LayerStage()
    let card = CALayer()

    init() {
        card.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        card.backgroundColor = .blue
        card.position = CGPoint(x: 100, y: 80)
        stage.holder.layer.addSublayer(card)
    }

    /// Core Animation's defaults (mass 1, stiffness 100, damping 10) are a
    /// damping ratio of a half: one overshoot of 16.3% at 0.363 s, settled
    /// (within a thousandth) in about 1.3 s.
    @Test func theDefaultSpringOvershootsOnceAndSettles() throws {
        let drop = CASpringAnimation(keyPath: "position.x")
        drop.fromValue = 0
        drop.toValue = 100
        #expect(drop.settlingDuration > 1.1 && drop.settlingDuration < 1.45, "\(drop.settlingDuration)")
        drop.duration = drop.settlingDuration
        var ended: [Bool] = []
        drop.completion = { ended.append($0) }
        card.add(drop, forKey: "drop")
        var peak = 0.0
        var time = 0.0
        while time < 0.9 {
            time += 0.01
            stage.at(time)
            peak = max(peak, card.position.x)
        }
        #expect(abs(peak - 116.3) < 0.6, "the peak: \(peak)")
        let kept = try stage.window.drawnAfresh()
        stage.at(0.95)
        #expect(try stage.window.repaintDifference(in: kept) == nil)
        stage.at(1.5)
        #expect(card.position.x == 100 && ended == [true])
    }

    /// Damping of 2√(stiffness × mass) or more never passes the end;
    /// a speed towards the end at the start gets further sooner.
    @Test func criticalDampingNeverOvershootsAndAFlickLeadsTheWay() {
        let settle = CASpringAnimation(keyPath: "position.y")
        settle.fromValue = 0
        settle.toValue = 100
        settle.damping = 20
        settle.duration = settle.settlingDuration
        card.add(settle, forKey: "settle")
        var highest = 0.0
        var time = 0.0
        while time < settle.duration {
            time += 0.01
            stage.at(time)
            highest = max(highest, card.position.y)
        }
        #expect(highest <= 100.0001 && highest > 99, "\(highest)")

        let still = CASpringAnimation(keyPath: "opacity")
        still.fromValue = 0
        still.toValue = 1
        still.duration = 2
        let flicked = CASpringAnimation(keyPath: "borderWidth")
        flicked.fromValue = 0
        flicked.toValue = 1
        flicked.initialVelocity = 10
        flicked.duration = 2
        card.add(still, forKey: "still")
        card.add(flicked, forKey: "flicked")
        stage.at(time + 0.05)
        #expect(card.borderWidth > card.opacity + 0.1, "flicked \(card.borderWidth), still \(card.opacity)")
    }
}
