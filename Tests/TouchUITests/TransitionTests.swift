import Testing
import TouchUI

/// `View.transition(with:...)` and `transition(from:to:...)` with
/// `.transitionCrossDissolve`: the view changes at once, and what is drawn
/// is exactly its picture before mixed with its picture after.
@MainActor
struct TransitionTests {
    let stage = LayerStage()
    var window: Window { stage.window }
    let label = Label(frame: CGRect(x: 20, y: 20, width: 160, height: 60))

    init() {
        label.text = "Before"
        label.font = .boldSystemFont(ofSize: 30)
        label.textColor = .systemRed
        label.backgroundColor = .systemYellow
        stage.holder.addSubview(label)
    }

    func at(_ time: Double) { stage.at(time) }

    /// Every pixel of `mixed` is `before` taken `t` of the way to `after`, within a level or two of rounding.
    func largestMixError(_ mixed: Bitmap, _ before: Bitmap, _ after: Bitmap, _ t: Double) -> Int {
        var worst = 0
        var worstAt = (0, 0)
        defer { if worst > 2 { Issue.record("worst \(worst) at \(worstAt): \(mixed.pixel(x: worstAt.0, y: worstAt.1)) from \(before.pixel(x: worstAt.0, y: worstAt.1)) to \(after.pixel(x: worstAt.0, y: worstAt.1))") } }
        for y in 0..<mixed.height {
            for x in 0..<mixed.width {
                let m = mixed.pixel(x: x, y: y), b = before.pixel(x: x, y: y), a = after.pixel(x: x, y: y)
                func off(_ m: UInt8, _ b: UInt8, _ a: UInt8) -> Int { abs(Int(m) - Int((Double(b) + (Double(a) - Double(b)) * t).rounded())) }
                let here = max(off(m.red, b.red, a.red), off(m.green, b.green, a.green), off(m.blue, b.blue, a.blue))
                if here > worst { (worst, worstAt) = (here, (x, y)) }
            }
        }
        return worst
    }

    @Test func aLabelsTextDissolvesIntoTheNewOne() throws {
        let before = try window.drawnAfresh()
        var ended: [Bool] = []
        View.transition(with: label, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: {
            label.text = "After"
            label.backgroundColor = .systemTeal
        }, completion: { ended.append($0) })
        #expect(label.text == "After" && label.backgroundColor == .systemTeal, "the model changes at once")
        let kept = try window.drawnAfresh()
        at(0.25)
        #expect(try window.repaintDifference(in: kept) == nil, "the damage repainted is the screen drawn afresh")
        let quarter = try window.drawnAfresh()
        at(1.1)
        #expect(ended == [true])
        #expect(try window.repaintDifference(in: kept) == nil)
        let after = try window.drawnAfresh()
        #expect(largestMixError(quarter, before, after, 0.25) <= 2)
        #expect(after.firstDifference(from: before) != nil)
        #expect(!stage.app.hasRunningAnimations)
    }

    /// One view put in another's place, the superview dissolving from the old to the new.
    @Test func fromOneViewToAnother() throws {
        let card = View(frame: CGRect(x: 30, y: 90, width: 80, height: 50))
        card.backgroundColor = .systemBlue
        stage.holder.addSubview(card)
        let other = View(frame: CGRect(x: 50, y: 80, width: 100, height: 60))
        other.backgroundColor = .systemGreen
        other.layer.cornerRadius = 10
        let before = try window.drawnAfresh()
        View.transition(from: card, to: other, duration: 0.5, options: [.transitionCrossDissolve, .curveLinear])
        #expect(card.superview == nil && other.superview === stage.holder)
        #expect(stage.holder.subviews.firstIndex { $0 === other } == 1, "where the old one was")
        at(0.25)
        let half = try window.drawnAfresh()
        at(0.6)
        let after = try window.drawnAfresh()
        #expect(largestMixError(half, before, after, 0.5) <= 2)
    }

    /// Without `.allowAnimatedContent` a frame changed in the block is not
    /// animated on its own; with it, it moves as in `animate`.
    @Test func animatedContentOnlyWhenAsked() {
        View.transition(with: stage.holder, duration: 0.5, options: .transitionCrossDissolve, animations: { label.center.x += 10 })
        #expect(!label.isAnimating)
        View.transition(with: stage.holder, duration: 0.5, options: [.transitionCrossDissolve, .allowAnimatedContent], animations: { label.center.x += 10 })
        #expect(label.isAnimating)
    }

    /// A new transition of the same view ends the one under way, whose completion hears false.
    @Test func aSecondTransitionEndsTheFirst() throws {
        var ended: [String] = []
        View.transition(with: label, duration: 1, options: .transitionCrossDissolve, animations: { label.text = "One" }, completion: { ended.append("one \($0)") })
        at(0.5)
        let mixed = try window.drawnAfresh()
        View.transition(with: label, duration: 1, options: .transitionCrossDissolve, animations: { label.text = "Two" }, completion: { ended.append("two \($0)") })
        #expect(ended == ["one false"])
        // It starts from the mix on screen, with no jump.
        #expect(largestMixError(try window.drawnAfresh(), mixed, mixed, 0) <= 2)
        at(1.6)
        #expect(ended == ["one false", "two true"])
    }

    /// CATransition's fade, added to the label's layer before its text changes.
    @Test func aFadeTransitionOnTheLayer() throws {
        let before = try window.drawnAfresh()
        let fade = CATransition()
        fade.type = .fade
        fade.duration = 0.5
        var ended: [Bool] = []
        fade.completion = { ended.append($0) }
        label.layer.add(fade, forKey: kCATransition)
        label.text = "After"
        stage.at(0.25)
        let half = try window.drawnAfresh()
        stage.at(0.6)
        let after = try window.drawnAfresh()
        #expect(largestMixError(half, before, after, 0.5) <= 2 && ended == [true])
    }
}
