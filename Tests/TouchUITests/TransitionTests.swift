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

    /// Push, move in and reveal: the old picture and the new slide, within the bounds.
    @Test func pushMoveInAndReveal() throws {
        let tile = View(frame: CGRect(x: 40, y: 100, width: 100, height: 40))
        tile.clipsToBounds = true
        let left = View(frame: CGRect(x: 0, y: 0, width: 50, height: 40)), right = View(frame: CGRect(x: 50, y: 0, width: 50, height: 40))
        left.backgroundColor = .systemRed
        right.backgroundColor = .systemBlue
        tile.addSubview(left)
        tile.addSubview(right)
        stage.holder.addSubview(tile)
        func at(_ x: Int, _ y: Int, in bitmap: Bitmap) -> PixelColor { bitmap.pixel(x: 20 + 40 + x, y: 20 + 100 + y) }
        let kept = try window.drawnAfresh()
        func slide(_ type: CATransitionType, from side: CATransitionSubtype, until time: Double) throws -> Bitmap {
            let transition = CATransition()
            transition.type = type
            transition.subtype = side
            transition.duration = 1
            tile.layer.add(transition, forKey: kCATransition)
            // The change: green all over.
            left.backgroundColor = left.backgroundColor == .systemGreen ? .systemRed : .systemGreen
            right.backgroundColor = right.backgroundColor == .systemGreen ? .systemBlue : .systemGreen
            stage.at(time)
            #expect(try window.repaintDifference(in: kept) == nil, "only the damage repainted")
            return try window.drawnAfresh()
        }
        // Pushed from the right, half way: the old right half on the left, the new left half on the right.
        var frame = try slide(.push, from: .fromRight, until: 0.5)
        #expect(at(25, 20, in: frame) == Color.systemBlue.pixel && at(75, 20, in: frame) == Color.systemGreen.pixel)
        #expect(at(-5, 20, in: frame) == PixelColor(red: 255, green: 255, blue: 255), "nothing slides out of the bounds")
        stage.at(1.6)
        // Moved in from the top, a quarter way: the new (red and blue again) bottom quarter over the old green.
        frame = try slide(.moveIn, from: .fromTop, until: 1.6 + 0.25)
        #expect(at(25, 5, in: frame) == Color.systemRed.pixel && at(25, 20, in: frame) == Color.systemGreen.pixel)
        stage.at(3.2)
        // Revealed toward the right, half way: the new green under, the old's red left half slid onto the right.
        frame = try slide(.reveal, from: .fromLeft, until: 3.2 + 0.5)
        #expect(at(25, 20, in: frame) == Color.systemGreen.pixel && at(75, 20, in: frame) == Color.systemRed.pixel)
    }

    /// A see-through view in front of the one dissolving is not in its old
    /// picture (or it would show twice): the screen is still the exact mix.
    @Test func aViewInFrontIsNotPartOfTheOldPicture() throws {
        let veil = View(frame: CGRect(x: 0, y: 30, width: 200, height: 40))
        veil.backgroundColor = Color.systemPurple.withAlphaComponent(0.5)
        stage.holder.addSubview(veil)
        let before = try window.drawnAfresh()
        View.transition(with: label, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: { label.text = "After" })
        at(0.5)
        let half = try window.drawnAfresh()
        at(1.1)
        #expect(largestMixError(half, before, try window.drawnAfresh(), 0.5) <= 2)
    }

    /// A see-through view dissolves exactly too.
    @Test func aFadedViewDissolvesExactly() throws {
        label.alpha = 0.5
        let before = try window.drawnAfresh()
        View.transition(with: label, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: { label.text = "After" })
        #expect(largestMixError(try window.drawnAfresh(), before, before, 0) <= 2, "no jump at the start")
        at(0.5)
        let half = try window.drawnAfresh()
        at(1.1)
        #expect(largestMixError(half, before, try window.drawnAfresh(), 0.5) <= 2)
    }
}
