import Testing
import TouchUI

/// View.animate as UIKit documents it: the model changes at once, what is
/// drawn follows over the duration on the display tick; curves, springs,
/// interruption, completion, and hit-testing on model values.
@MainActor
struct AnimationTests {
    let app = Application()
    let window: Window
    let bitmap: Bitmap
    let context: GraphicsContext
    let box = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))

    init() throws {
        window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 100), application: app)
        app.timeline = VirtualTimeline()
        window.backgroundColor = .white
        window.makeKeyAndVisible()
        box.backgroundColor = .red
        window.addSubview(box)
        bitmap = try Bitmap(width: 200, height: 100)
        context = GraphicsContext(bitmap: bitmap)
        render()
    }

    /// Repaints what changed, as the compositor does at a display tick.
    func render() { window.render(window.takeDamage(), in: context) }

    /// The left edge of the red box on row 10, as drawn.
    func drawnLeftEdge() -> Int? {
        render()
        return (0..<200).first { bitmap.pixel(x: $0, y: 10) == Color.red.pixel }
    }

    func at(_ time: Double) { app.virtualTimeline.advance(to: time) }

    @Test func theModelChangesAtOnceAndTheDrawingFollows() {
        var finished: [Bool] = []
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            box.center = Point(x: 110, y: 10)
        }, completion: { finished.append($0) })
        #expect(box.frame.minX == 100)  // the model
        #expect(drawnLeftEdge() == 0)
        at(0.5)
        #expect(abs((drawnLeftEdge() ?? -1) - 50) <= 1)
        #expect(finished.isEmpty)
        at(1.02)
        #expect(drawnLeftEdge() == 100)
        #expect(finished == [true])
        #expect(!box.isAnimating)
        // Nothing is left where it was drawn on the way: the damage covered it.
        #expect(bitmap.pixel(x: 55, y: 10) == Color.white.pixel)
    }

    @Test func curvesShapeTheWay() {
        func edge(at t: Double, _ options: View.AnimationOptions) -> Int {
            let app = Application()
            app.timeline = VirtualTimeline()
            let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 100), application: app)
            let box = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
            box.backgroundColor = .red
            window.addSubview(box)
            View.animate(withDuration: 1, delay: 0, options: options, animations: { box.center.x = 110 }, completion: nil)
            app.virtualTimeline.advance(to: t)
            let bitmap = try! Bitmap(width: 200, height: 100)
            window.render(window.takeDamage(), in: GraphicsContext(bitmap: bitmap))
            return (0..<200).first { bitmap.pixel(x: $0, y: 10) == Color.red.pixel } ?? -1
        }
        #expect(abs(edge(at: 0.25, .curveLinear) - 25) <= 1)
        #expect(edge(at: 0.25, .curveEaseIn) < 15)
        #expect(edge(at: 0.25, .curveEaseOut) > 35)
        #expect(edge(at: 0.25, .curveEaseInOut) < 25)
        #expect(abs(edge(at: 0.5, .curveEaseInOut) - 50) <= 1)
        #expect(edge(at: 0.75, .curveEaseInOut) > 75)
    }

    @Test func aSpringOvershootsAndSettles() {
        var edges: [Int] = []
        View.animate(withDuration: 1, usingSpringWithDamping: 0.3, initialSpringVelocity: 0, animations: {
            box.center.x = 110
        })
        for tick in 1...61 {
            at(Double(tick) / 60)
            edges.append(drawnLeftEdge() ?? -1)
        }
        #expect(edges.max()! > 105)  // past the target
        #expect(edges.last == 100)
        // Critically damped: no overshoot.
        edges.removeAll()
        View.animate(withDuration: 1, usingSpringWithDamping: 1, initialSpringVelocity: 0, animations: { box.center.x = 10 })
        for tick in 62...122 {
            at(Double(tick) / 60)
            edges.append(drawnLeftEdge() ?? -1)
        }
        #expect(edges.min()! >= 0 && edges.last == 0)
    }

    @Test func aNewAnimationTakesOverFromWhereTheOldOneWas() {
        var first: [Bool] = [], second: [Bool] = []
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { box.center.x = 110 },
                     completion: { first.append($0) })
        at(0.5)
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { box.center.x = 10 },
                     completion: { second.append($0) })
        #expect(first == [false])
        #expect(abs((drawnLeftEdge() ?? -1) - 50) <= 1)  // no jump
        at(1.0)
        #expect(abs((drawnLeftEdge() ?? -1) - 25) <= 1)  // halfway back from 50
        at(1.6)
        #expect(drawnLeftEdge() == 0 && second == [true])
    }

    @Test func settingThePropertyOutsideABlockEndsItsAnimation() {
        var finished: [Bool] = []
        View.animate(withDuration: 1, delay: 0, options: [], animations: { box.center.x = 110 },
                     completion: { finished.append($0) })
        at(0.3)
        box.center.x = 60
        #expect(finished == [false])
        #expect(drawnLeftEdge() == 50)
    }

    @Test func aDelayHoldsTheOldValue() {
        View.animate(withDuration: 0.5, delay: 0.5, options: .curveLinear, animations: { box.center.x = 110 }, completion: nil)
        at(0.4)
        #expect(drawnLeftEdge() == 0)
        at(0.75)
        #expect(abs((drawnLeftEdge() ?? -1) - 50) <= 4)  // a display tick moves it 3.3
    }

    @Test func alphaAndColourAnimate() {
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            box.backgroundColor = .blue
        }, completion: nil)
        at(0.5)
        render()
        let mid = bitmap.pixel(x: 10, y: 10)
        #expect(mid.distance(to: Color(red: 0.5, green: 0, blue: 0.5).pixel) <= 2)
        at(1.1)
        render()
        #expect(bitmap.pixel(x: 10, y: 10) == Color.blue.pixel)
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { box.alpha = 0 }, completion: nil)
        at(1.6)
        render()
        #expect(bitmap.pixel(x: 10, y: 10).distance(to: Color(red: 0.5, green: 0.5, blue: 1).pixel) <= 3)
        #expect(box.alpha == 0)
    }

    @Test func completionRunsEvenWithNothingToAnimate() {
        var finished: [Bool] = []
        // A change undone within the block leaves nothing to animate.
        View.animate(withDuration: 1, delay: 0, options: [], animations: {
            box.center.x = 110
            box.center.x = 10
        }, completion: { finished.append($0) })
        #expect(!box.isAnimating)
        #expect(finished.isEmpty)  // on the next turn of the loop, as in UIKit
        at(0.01)
        #expect(finished == [true])
    }

    /// Hit-testing uses the model: an animating view is where it is going,
    /// and takes no touches unless the animation allows user interaction.
    @Test func hitTestingUsesTheModelAndHonoursAllowUserInteraction() {
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { box.center.x = 110 }, completion: nil)
        at(0.5)
        #expect(window.hitTest(Point(x: 105, y: 10), with: nil) === window)  // not while it animates
        at(1.1)
        #expect(window.hitTest(Point(x: 105, y: 10), with: nil) === box)
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear, .allowUserInteraction], animations: { box.center.x = 10 },
                     completion: nil)
        at(1.6)
        #expect(window.hitTest(Point(x: 5, y: 10), with: nil) === box)  // its model place
        #expect(window.hitTest(Point(x: 55, y: 10), with: nil) === window)  // where it is drawn
    }

    @Test func repeatingAutoreversingRunsUntilRemoved() {
        var finished: [Bool] = []
        View.animate(withDuration: 0.5, delay: 0, options: [.curveLinear, .repeat, .autoreverse], animations: {
            box.center.x = 110
        }, completion: { finished.append($0) })
        at(0.75)
        #expect(abs((drawnLeftEdge() ?? -1) - 50) <= 4)  // on the way back (a display tick moves it 3.3)
        at(5)
        #expect(finished.isEmpty && box.isAnimating)
        box.removeAllAnimations()
        #expect(finished == [false])
        #expect(drawnLeftEdge() == 100)
    }
}
