import Foundation
import Testing
import TouchUI

/// The continuous recognizers, and what real devices do to them.
@MainActor
struct ContinuousGestureTests {
    let app = Application()
    let window: Window
    let surface = View(frame: Rect(x: 0, y: 0, width: 800, height: 800))
    var states: [String] = []

    init() {
        window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 800), application: app)
        window.makeKeyAndVisible()
        app.timeline = VirtualTimeline()
        surface.isMultipleTouchEnabled = true
        window.addSubview(surface)
    }

    final class Log { var lines: [String] = [] }

    /// Sends one frame: each pair is (touch, new location or nil for stationary), with a phase.
    func frame(_ time: Double, _ changes: [(Touch, Point, Touch.Phase)], all: [Touch]) {
        app.virtualTimeline.advance(to: time)
        for (touch, point, phase) in changes where phase != .began {
            touch.update(phase: phase, location: point, timestamp: time)
        }
        for touch in all where !changes.contains(where: { $0.0 === touch }) { touch.markStationary() }
        app.sendEvent(Event(touches: all, timestamp: time))
    }

    func touch(_ x: Double, _ y: Double, at time: Double) -> Touch {
        Touch(timestamp: time, location: Point(x: x, y: y), window: window)
    }

    /// Apple: a recognizer removed from its view is no longer attached; it hears no more of a gesture under way.
    @Test func aPanRemovedMidGestureHearsNoMoreOfIt() {
        let log = Log()
        let pan = PanGestureRecognizer { log.lines.append("\($0.state)") }
        surface.addGestureRecognizer(pan)
        let finger = touch(100, 100, at: 0)
        frame(0, [(finger, Point(x: 100, y: 100), .began)], all: [finger])
        frame(0.02, [(finger, Point(x: 140, y: 100), .moved)], all: [finger])
        frame(0.04, [(finger, Point(x: 180, y: 100), .moved)], all: [finger])
        #expect(log.lines.first == "began")
        let heard = log.lines.count
        surface.removeGestureRecognizer(pan)
        #expect(pan.view == nil)
        #expect(pan.state == .possible)
        frame(0.06, [(finger, Point(x: 220, y: 100), .moved)], all: [finger])
        frame(0.08, [(finger, Point(x: 220, y: 100), .ended)], all: [finger])
        #expect(log.lines.count == heard)  // no changed, no ended
        #expect(!finger.gestureRecognizers.contains { $0 === pan })
    }

    @Test func aPanTracksTranslationAndSurvivesAFingerLandingMidGesture() {
        let log = Log()
        let pan = PanGestureRecognizer { recognizer in
            let t = (recognizer as! PanGestureRecognizer).translation(in: nil)
            log.lines.append("\(recognizer.state) \(recognizer.numberOfTouches) \(t.x) \(t.y)")
        }
        surface.addGestureRecognizer(pan)
        let a = touch(100, 100, at: 0)
        frame(0, [(a, a.location(in: nil), .began)], all: [a])
        frame(0.01, [(a, Point(x: 105, y: 100), .moved)], all: [a])  // under 10 points: no pan yet
        frame(0.02, [(a, Point(x: 120, y: 100), .moved)], all: [a])
        let b = touch(300, 300, at: 0.03)
        frame(0.03, [(b, b.location(in: nil), .began)], all: [a, b])  // a second finger: no jump
        frame(0.04, [(a, Point(x: 130, y: 100), .moved), (b, Point(x: 310, y: 300), .moved)], all: [a, b])
        frame(0.05, [(a, Point(x: 130, y: 100), .ended), (b, Point(x: 310, y: 300), .ended)], all: [a, b])
        #expect(log.lines == ["began 1 20.0 0.0", "changed 2 30.0 0.0", "ended 0 30.0 0.0"])
    }

    @Test func panVelocityWithZeroTimeMovesIsFinite() {
        let pan = PanGestureRecognizer()
        surface.addGestureRecognizer(pan)
        let a = touch(100, 100, at: 1)
        frame(1, [(a, a.location(in: nil), .began)], all: [a])
        frame(1, [(a, Point(x: 150, y: 100), .moved)], all: [a])  // zero time
        frame(1, [(a, Point(x: 150, y: 100), .moved)], all: [a])  // zero length
        #expect(pan.state == .changed)
        #expect(pan.velocity(in: nil) == .zero)
        frame(1.1, [(a, Point(x: 200, y: 100), .moved)], all: [a])
        #expect(pan.velocity(in: nil).x.isFinite && pan.velocity(in: nil).x > 0)
    }

    @Test func aPinchScalesWithTheFingersDistance() {
        let log = Log()
        let pinch = PinchGestureRecognizer { recognizer in
            log.lines.append("\(recognizer.state) \((recognizer as! PinchGestureRecognizer).scale)")
        }
        surface.addGestureRecognizer(pinch)
        let a = touch(300, 400, at: 0), b = touch(500, 400, at: 0)
        frame(0, [(a, a.location(in: nil), .began), (b, b.location(in: nil), .began)], all: [a, b])
        frame(0.1, [(a, Point(x: 200, y: 400), .moved), (b, Point(x: 600, y: 400), .moved)], all: [a, b])
        frame(0.2, [(b, Point(x: 600, y: 400), .ended)], all: [a, b])
        #expect(log.lines == ["began 2.0", "ended 2.0"])
        #expect(pinch.state == .ended)  // until every finger is up
        frame(0.3, [(a, Point(x: 200, y: 400), .ended)], all: [a])
        #expect(pinch.state == .possible)
    }

    /// Apple: isMultipleTouchEnabled "does not affect the gesture recognizers
    /// attached to the view". A pinch on a view left at the default gets both
    /// fingers; the view itself hears only the first.
    @Test func aPinchWorksOnAViewThatTakesOneTouch() {
        final class OneFinger: View {
            var began = 0
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { began += touches.count }
        }
        let view = OneFinger(frame: Rect(x: 0, y: 0, width: 800, height: 800))
        #expect(!view.isMultipleTouchEnabled)
        window.addSubview(view)
        let log = Log()
        let pinch = PinchGestureRecognizer { log.lines.append("\($0.state)") }
        pinch.cancelsTouchesInView = false
        view.addGestureRecognizer(pinch)
        let a = touch(300, 400, at: 0)
        frame(0, [(a, a.location(in: nil), .began)], all: [a])
        let b = touch(500, 400, at: 0.05)
        frame(0.05, [(b, b.location(in: nil), .began)], all: [a, b])
        frame(0.1, [(a, Point(x: 200, y: 400), .moved), (b, Point(x: 600, y: 400), .moved)], all: [a, b])
        #expect(log.lines.first == "began")
        #expect(pinch.numberOfTouches == 2)
        #expect(view.began == 1)
    }

    /// A panel sends nothing while a finger rests: a fast drag that stops
    /// for a moment before the lift ends with no speed, so nothing flings.
    @Test func aPanThatRestsBeforeTheLiftHasNoVelocityLeft() {
        var velocities: [Double] = []
        let pan = PanGestureRecognizer { recognizer in
            if recognizer.state == .ended { velocities.append((recognizer as! PanGestureRecognizer).velocity(in: nil).x) }
        }
        surface.addGestureRecognizer(pan)
        for rest in [0.0, 0.5] {
            let start = app.timeline.now + 1
            let finger = touch(100, 100, at: start)
            frame(start, [(finger, Point(x: 100, y: 100), .began)], all: [finger])
            for step in 1...10 {
                frame(start + Double(step) * 0.01, [(finger, Point(x: 100 + Double(step) * 20, y: 100), .moved)], all: [finger])
            }
            frame(start + 0.1 + rest, [(finger, Point(x: 300, y: 100), .ended)], all: [finger])
        }
        #expect(velocities.count == 2)
        #expect(velocities[0] > 1000)  // lifted on the move: a fling
        #expect(velocities[1] == 0)  // rested half a second first
    }

    @Test func aRotationMeasuresTheTurn() {
        let log = Log()
        let rotation = RotationGestureRecognizer { recognizer in
            log.lines.append("\(recognizer.state) \(String(format: "%.3f", (recognizer as! RotationGestureRecognizer).rotation))")
        }
        surface.addGestureRecognizer(rotation)
        let a = touch(300, 400, at: 0), b = touch(500, 400, at: 0)
        frame(0, [(a, a.location(in: nil), .began), (b, b.location(in: nil), .began)], all: [a, b])
        // b goes a quarter turn clockwise about a (y points down).
        frame(0.1, [(b, Point(x: 300, y: 600), .moved)], all: [a, b])
        frame(0.2, [(a, Point(x: 300, y: 400), .cancelled), (b, Point(x: 300, y: 600), .cancelled)], all: [a, b])
        #expect(log.lines == ["began 1.571", "cancelled 1.571"])
    }

    @Test func aLongPressBeginsWhenItHasLasted() {
        let log = Log()
        let press = LongPressGestureRecognizer { log.lines.append("\($0.state)") }
        surface.addGestureRecognizer(press)
        let a = touch(100, 100, at: 0)
        frame(0, [(a, a.location(in: nil), .began)], all: [a])
        frame(0.3, [(a, Point(x: 103, y: 100), .moved)], all: [a])  // within the allowable movement
        app.virtualTimeline.advance(to: 0.6)
        #expect(log.lines == ["began"])
        frame(0.7, [(a, Point(x: 150, y: 100), .moved)], all: [a])
        frame(0.8, [(a, Point(x: 150, y: 100), .ended)], all: [a])
        #expect(log.lines == ["began", "changed", "ended"])
        // A press that moves too soon fails.
        let b = touch(100, 100, at: 1)
        frame(1, [(b, b.location(in: nil), .began)], all: [b])
        frame(1.1, [(b, Point(x: 140, y: 100), .moved)], all: [b])
        app.virtualTimeline.advance(to: 2)
        #expect(log.lines.count == 3)
    }

    @Test func swipesRecognizeTheirDirectionOnly() {
        let log = Log()
        let swipe = SwipeGestureRecognizer { _ in log.lines.append("left") }
        swipe.direction = .left
        surface.addGestureRecognizer(swipe)
        let a = touch(400, 400, at: 0)
        frame(0, [(a, a.location(in: nil), .began)], all: [a])
        frame(0.1, [(a, Point(x: 330, y: 405), .moved)], all: [a])
        frame(0.15, [(a, Point(x: 330, y: 405), .ended)], all: [a])
        #expect(log.lines == ["left"])
        let b = touch(400, 400, at: 1)
        frame(1, [(b, b.location(in: nil), .began)], all: [b])
        frame(1.1, [(b, Point(x: 470, y: 400), .moved)], all: [b])  // right: not this one
        frame(1.15, [(b, Point(x: 470, y: 400), .ended)], all: [b])
        #expect(log.lines == ["left"])
    }

    @Test func tooManyFingersForAPan() {
        let pan = PanGestureRecognizer()
        pan.maximumNumberOfTouches = 1
        surface.addGestureRecognizer(pan)
        let a = touch(100, 100, at: 0), b = touch(200, 100, at: 0)
        frame(0, [(a, a.location(in: nil), .began), (b, b.location(in: nil), .began)], all: [a, b])
        frame(0.1, [(a, Point(x: 150, y: 100), .moved), (b, Point(x: 250, y: 100), .moved)], all: [a, b])
        #expect(pan.state == .failed)
        frame(0.2, [(a, Point(x: 150, y: 100), .ended), (b, Point(x: 250, y: 100), .ended)], all: [a, b])
        #expect(pan.state == .possible)
    }
}
