import Testing
import TouchUI

/// Recognizer state machines and arbitration (docs/event-delivery.md §5), driven by touches by hand.
@MainActor
struct GestureTests {
    final class Recorder: View {
        var calls: [String] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { calls.append("began") }
        override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { calls.append("moved") }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { calls.append("ended") }
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { calls.append("cancelled") }
    }

    final class Delegate: GestureRecognizerDelegate {
        var shouldBegin = true
        var shouldReceive = true
        var simultaneous = false
        func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { shouldBegin }
        func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { shouldReceive }
        func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
            simultaneous
        }
    }

    /// A subclass that notes which touches each of its touches methods got.
    final class Listener: GestureRecognizer {
        var heard: [String] = []
        var names: [ObjectIdentifier: String] = [:]
        func note(_ phase: String, _ touches: Set<Touch>) {
            heard.append(phase + " " + touches.map { names[ObjectIdentifier($0)] ?? "?" }.sorted().joined(separator: ","))
        }
        override func touchesBegan(_ touches: Set<Touch>, with event: Event) { note("began", touches) }
        override func touchesMoved(_ touches: Set<Touch>, with event: Event) { note("moved", touches) }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event) { note("ended", touches) }
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { note("cancelled", touches) }
    }

    let app = Application()
    let window: Window
    let outer = Recorder(frame: Rect(x: 0, y: 0, width: 400, height: 400))
    let inner = Recorder(frame: Rect(x: 100, y: 100, width: 100, height: 100))
    var time = 0.0

    init() {
        window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400), application: app)
        window.makeKeyAndVisible()
        app.timeline = VirtualTimeline()
        window.addSubview(outer)
        outer.addSubview(inner)
    }

    mutating func tap(_ x: Double = 150, _ y: Double = 150, moveTo end: Point? = nil) {
        let touch = Touch(timestamp: time, location: Point(x: x, y: y), window: window)
        app.sendEvent(Event(touches: [touch], timestamp: time))
        if let end {
            time += 0.02
            app.virtualTimeline.advance(to: time)
            touch.update(phase: .moved, location: end, timestamp: time)
            app.sendEvent(Event(touches: [touch], timestamp: time))
        }
        time += 0.05
        app.virtualTimeline.advance(to: time)
        touch.update(phase: .ended, location: end ?? Point(x: x, y: y), timestamp: time)
        app.sendEvent(Event(touches: [touch], timestamp: time))
        time += 0.1
        app.virtualTimeline.advance(to: time)
    }

    @Test mutating func aTapIsRecognizedAndTheViewIsCancelled() {
        var fired: [GestureRecognizer.State] = []
        let tap = TapGestureRecognizer { fired.append($0.state) }
        outer.addGestureRecognizer(tap)
        self.tap()
        #expect(fired == [.recognized])
        #expect(inner.calls == ["began", "cancelled"])
        #expect(tap.state == .possible)  // reset for the next gesture
    }

    @Test func aRecognizerHearsEachPhaseOfAnEventSeparatelyWithOnlyThatPhasesTouches() {
        inner.isMultipleTouchEnabled = true
        let listener = Listener()
        let outerListener = Listener()
        inner.addGestureRecognizer(listener)
        outer.addGestureRecognizer(outerListener)
        let a = Touch(timestamp: 0, location: Point(x: 120, y: 120), window: window)
        let b = Touch(timestamp: 0, location: Point(x: 180, y: 180), window: window)
        let c = Touch(timestamp: 0, location: Point(x: 20, y: 20), window: window)  // outer only
        for listener in [listener, outerListener] {
            listener.names = [ObjectIdentifier(a): "a", ObjectIdentifier(b): "b", ObjectIdentifier(c): "c"]
        }
        app.sendEvent(Event(touches: [a, b, c], timestamp: 0))
        a.update(phase: .moved, location: Point(x: 125, y: 120), timestamp: 0.01)
        b.update(phase: .ended, location: Point(x: 180, y: 180), timestamp: 0.01)
        c.markStationary()
        app.sendEvent(Event(touches: [a, b, c], timestamp: 0.01))
        #expect(listener.heard == ["began a,b", "moved a", "ended b"])
        #expect(outerListener.heard == ["began a,b,c", "moved a", "ended b"])
        // The centroid follows the fingers still down.
        #expect(listener.numberOfTouches == 1)
        #expect(listener.location(in: nil) == Point(x: 125, y: 120))
    }

    @Test mutating func aTapThatMovesTooFarFailsAndTheHeldEndIsDelivered() {
        var fired = 0
        outer.addGestureRecognizer(TapGestureRecognizer { _ in fired += 1 })
        self.tap(150, 150, moveTo: Point(x: 190, y: 150))
        #expect(fired == 0)
        #expect(inner.calls == ["began", "moved", "ended"])
    }

    @Test mutating func cancelsTouchesInViewFalseLetsTheViewFinish() {
        let tap = TapGestureRecognizer()
        tap.cancelsTouchesInView = false
        outer.addGestureRecognizer(tap)
        self.tap()
        #expect(inner.calls == ["began", "ended"])
    }

    @Test mutating func delaysTouchesBeganHoldsTheViewBackUntilTheRecognizerDecides() {
        let tap = TapGestureRecognizer()
        tap.delaysTouchesBegan = true
        outer.addGestureRecognizer(tap)
        self.tap()
        #expect(inner.calls.isEmpty)  // recognized: the view never heard of the touch
        self.tap(150, 150, moveTo: Point(x: 190, y: 150))
        #expect(inner.calls == ["began", "ended"])  // failed: began and end delivered late (moves are dropped)
    }

    @Test mutating func aDoubleTapWinsOverASingleTapThatRequiresItToFail() {
        var events: [String] = []
        let single = TapGestureRecognizer { _ in events.append("single") }
        let double = TapGestureRecognizer { _ in events.append("double") }
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        outer.addGestureRecognizer(single)
        outer.addGestureRecognizer(double)
        self.tap()
        #expect(events.isEmpty)  // single waits for double to fail
        self.tap()
        #expect(events == ["double"])
        self.tap()
        app.virtualTimeline.advance(to: time + 1)  // the double tap gives up: the single one recognizes
        #expect(events == ["double", "single"])
    }

    @Test mutating func theDelegateCanVetoAndRefuseTouches() {
        let delegate = Delegate()
        var fired = 0
        let tap = TapGestureRecognizer { _ in fired += 1 }
        tap.delegate = delegate
        outer.addGestureRecognizer(tap)
        delegate.shouldBegin = false
        self.tap()
        #expect(fired == 0)
        #expect(inner.calls == ["began", "ended"])
        delegate.shouldBegin = true
        delegate.shouldReceive = false
        self.tap()
        #expect(fired == 0)
        delegate.shouldReceive = true
        self.tap()
        #expect(fired == 1)
    }

    @Test mutating func simultaneousRecognitionWhenTheDelegateAllowsIt() {
        var fired: [String] = []
        let outerTap = TapGestureRecognizer { _ in fired.append("outer") }
        let innerTap = TapGestureRecognizer { _ in fired.append("inner") }
        outer.addGestureRecognizer(outerTap)
        inner.addGestureRecognizer(innerTap)
        self.tap()
        #expect(fired == ["inner"])  // the deeper view's recognizer wins
        let delegate = Delegate()
        delegate.simultaneous = true
        outerTap.delegate = delegate
        self.tap()
        #expect(fired == ["inner", "inner", "outer"])
    }

    @Test mutating func tooManyFingersFailATap() {
        var fired = 0
        outer.addGestureRecognizer(TapGestureRecognizer { _ in fired += 1 })
        outer.isMultipleTouchEnabled = true
        let a = Touch(timestamp: 0, location: Point(x: 10, y: 10), window: window)
        let b = Touch(timestamp: 0, location: Point(x: 20, y: 20), window: window)
        app.sendEvent(Event(touches: [a, b], timestamp: 0))
        a.update(phase: .ended, location: Point(x: 10, y: 10), timestamp: 0.05)
        b.update(phase: .ended, location: Point(x: 20, y: 20), timestamp: 0.05)
        app.sendEvent(Event(touches: [a, b], timestamp: 0.05))
        #expect(fired == 0)
        #expect(outer.calls == ["began", "ended"])
    }

    @Test mutating func aCancelledTouchFailsTheTapAndEverythingEnds() {
        var fired = 0
        let tap = TapGestureRecognizer { _ in fired += 1 }
        outer.addGestureRecognizer(tap)
        let touch = Touch(timestamp: 0, location: Point(x: 150, y: 150), window: window)
        app.sendEvent(Event(touches: [touch], timestamp: 0))
        touch.update(phase: .cancelled, location: Point(x: 150, y: 150), timestamp: 0.05)
        app.sendEvent(Event(touches: [touch], timestamp: 0.05))
        #expect(fired == 0)
        #expect(inner.calls == ["began", "cancelled"])
        #expect(tap.state == .possible)
        #expect(window.trackedTouches.isEmpty)
    }

    @Test mutating func aDisabledRecognizerSeesNothing() {
        var fired = 0
        let tap = TapGestureRecognizer { _ in fired += 1 }
        tap.isEnabled = false
        outer.addGestureRecognizer(tap)
        self.tap()
        #expect(fired == 0)
        #expect(inner.calls == ["began", "ended"])
        #expect(tap.view === outer)
        outer.removeGestureRecognizer(tap)
        #expect(tap.view == nil && outer.gestureRecognizers.isEmpty)
    }

    @Test mutating func touchesKnowTheirRecognizersOutermostFirst() {
        let outerTap = TapGestureRecognizer()
        let innerTap = TapGestureRecognizer()
        inner.addGestureRecognizer(innerTap)
        outer.addGestureRecognizer(outerTap)
        let touch = Touch(timestamp: 0, location: Point(x: 150, y: 150), window: window)
        app.sendEvent(Event(touches: [touch], timestamp: 0))
        #expect(touch.gestureRecognizers.map(ObjectIdentifier.init) == [outerTap, innerTap].map(ObjectIdentifier.init))
        #expect(outerTap.numberOfTouches == 1)
        #expect(outerTap.location(in: inner) == Point(x: 50, y: 50))
    }
}
