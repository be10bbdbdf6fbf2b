import Testing
import TouchUI

/// `View.transition(with:...)` with the flips: the view's picture from
/// before turns away in depth until it is edge on half-way, then the view
/// as it is now turns in from the other edge; every frame repaints exactly.
@MainActor
struct FlipTransitionTests {
    let stage = LayerStage()
    var window: Window { stage.window }
    // The holder is at (20, 20): the card's centre is at (120, 100) in the window.
    let card = View(frame: CGRect(x: 40, y: 40, width: 120, height: 80))
    let white = PixelColor(red: 255, green: 255, blue: 255)

    init() {
        card.backgroundColor = .red
        stage.holder.addSubview(card)
    }

    func at(_ time: Double) { stage.at(time) }

    /// The card's horizontal extent along its middle row, in window pixels.
    func span(_ bitmap: Bitmap, row: Int = 100) -> (first: Int, last: Int, colour: PixelColor)? {
        let drawn = (0..<bitmap.width).filter { bitmap.pixel(x: $0, y: row) != white }
        guard let first = drawn.first, let last = drawn.last else { return nil }
        return (first, last, bitmap.pixel(x: 120, y: row))
    }

    @Test func flipFromLeftShowsTheOldSideThenTheNew() throws {
        let kept = try window.drawnAfresh()
        var ended: [Bool] = []
        View.transition(with: card, duration: 1, options: [.transitionFlipFromLeft, .curveLinear], animations: {
            card.backgroundColor = .blue
        }, completion: { ended.append($0) })
        #expect(card.backgroundColor == .blue, "the model changes at once")
        var widths: [Int] = []
        for (time, colour) in [(0.2, Color.red), (0.4, .red), (0.5, nil), (0.6, .blue), (0.8, .blue)] {
            at(time)
            #expect(try window.repaintDifference(in: kept) == nil, "at \(time), the damage repainted is the screen drawn afresh")
            guard let colour else {
                // Edge on, half-way: nothing of the card but a line.
                #expect(kept.pixel(x: 110, y: 100) == white && kept.pixel(x: 130, y: 100) == white)
                continue
            }
            let (first, last, middle) = try #require(span(kept))
            #expect(middle.distance(to: colour.pixel) <= 8, "at \(time)")
            widths.append(last - first)
        }
        // Narrowing to edge on, then widening, as cos of the angle (seen in perspective, so roughly).
        #expect(widths[0] > widths[1] && widths[2] < widths[3] && widths[1] < 100 && widths[0] < 120)
        at(1.1)
        #expect(ended == [true])
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect(kept.pixel(x: 61, y: 61) == Color.blue.pixel && kept.pixel(x: 179, y: 139) == Color.blue.pixel)
        #expect(!stage.app.hasRunningAnimations)
    }

    /// From the left, the left side comes forward: taller than the right while the old side shows.
    @Test func theSideNamedComesForward() throws {
        for (options, nearLeft) in [(View.AnimationOptions.transitionFlipFromLeft, true), (.transitionFlipFromRight, false)] {
            let kept = try window.drawnAfresh()
            View.transition(with: card, duration: 1, options: [options, .curveLinear], animations: {})
            at(stage.app.timeline.now + 0.25)
            #expect(try window.repaintDifference(in: kept) == nil)
            let (first, last, _) = try #require(span(kept))
            func height(_ x: Int) -> Int { (0..<kept.height).filter { kept.pixel(x: x, y: $0) != white }.count }
            let left = height(first + 2), right = height(last - 2)
            #expect(nearLeft ? left > right + 4 : right > left + 4, "\(options.rawValue): left \(left), right \(right)")
            // The near edge reaches past the card's own 80 points.
            #expect(max(left, right) > 80)
            at(stage.app.timeline.now + 1)
        }
    }

    @Test func flipFromTopTurnsAboutTheHorizontalAxis() throws {
        let kept = try window.drawnAfresh()
        View.transition(with: card, duration: 1, options: [.transitionFlipFromTop, .curveLinear], animations: {})
        at(0.3)
        #expect(try window.repaintDifference(in: kept) == nil)
        // Shorter than 80, and the top (coming forward) wider than the bottom.
        let rows = (0..<kept.height).filter { kept.pixel(x: 120, y: $0) != white }
        let top = try #require(rows.first), bottom = try #require(rows.last)
        #expect(bottom - top < 70)
        func width(_ y: Int) -> Int { (0..<kept.width).filter { kept.pixel(x: $0, y: y) != white }.count }
        #expect(width(top + 2) > width(bottom - 2) + 4)
    }

    /// The cross-dissolve's bits are inside a flip from the bottom's: a flip is still a flip.
    @Test func aFlipFromTheBottomIsNotADissolve() throws {
        let kept = try window.drawnAfresh()
        View.transition(with: card, duration: 1, options: [.transitionFlipFromBottom, .curveLinear], animations: { card.backgroundColor = .blue })
        at(0.3)
        #expect(try window.repaintDifference(in: kept) == nil)
        let rows = (0..<kept.height).filter { kept.pixel(x: 120, y: $0) != white }
        #expect(rows.count < 70, "turned, not mixed in place")
        #expect(kept.pixel(x: 120, y: 100).distance(to: Color.red.pixel) <= 8, "the old side still shows")
    }
}
