import Testing
import TouchUI

/// Spec §4: one call per phase per view; isMultipleTouchEnabled; isExclusiveTouch.
@MainActor
struct TouchDeliveryTests {
    final class Recorder: View {
        var calls: [String] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { calls.append("began \(touches.count)") }
        override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { calls.append("moved \(touches.count)") }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { calls.append("ended \(touches.count)") }
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
            calls.append("cancelled \(touches.count)")
        }
    }

    let app = Application()
    let window: Window
    let left = Recorder(frame: Rect(x: 0, y: 0, width: 100, height: 200))
    let right = Recorder(frame: Rect(x: 100, y: 0, width: 100, height: 200))

    init() {
        window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200), application: app)
        window.makeKeyAndVisible()
        window.addSubview(left)
        window.addSubview(right)
    }

    func touch(_ x: Double, _ y: Double, at time: Double = 0) -> Touch {
        Touch(timestamp: time, location: Point(x: x, y: y), window: window)
    }

    func send(_ touches: [Touch], at time: Double = 0) { app.sendEvent(Event(touches: touches, timestamp: time)) }

    @Test func twoFingersInOneFrameMakeOneCall() {
        left.isMultipleTouchEnabled = true
        let a = touch(10, 10), b = touch(20, 20)
        send([a, b])
        #expect(left.calls == ["began 2"])
        #expect(a.view === left && b.view === left)
        a.update(phase: .ended, location: Point(x: 10, y: 10), timestamp: 1)
        b.update(phase: .ended, location: Point(x: 20, y: 20), timestamp: 1)
        send([a, b], at: 1)
        #expect(left.calls == ["began 2", "ended 2"])
    }

    @Test func withoutMultipleTouchOnlyTheFirstIsDelivered() {
        let a = touch(10, 10), b = touch(20, 20)
        send([a, b])
        #expect(left.calls == ["began 1"])
        b.update(phase: .moved, location: Point(x: 30, y: 30), timestamp: 1)
        a.markStationary()
        send([a, b], at: 1)
        #expect(left.calls == ["began 1"])  // b's moves never reach it
        let c = touch(150, 10)
        send([a, b, c], at: 2)
        #expect(right.calls == ["began 1"])  // another view is not affected
    }

    @Test func anExclusiveViewBlocksTheOthers() {
        left.isExclusiveTouch = true
        let a = touch(10, 10)
        send([a])
        let b = touch(150, 10, at: 1)
        a.markStationary()
        send([a, b], at: 1)
        #expect(left.calls == ["began 1"])
        #expect(right.calls.isEmpty)
        // Once the exclusive view's touch ends, others get touches again.
        a.update(phase: .ended, location: Point(x: 10, y: 10), timestamp: 2)
        send([a], at: 2)
        let c = touch(150, 10, at: 3)
        send([c], at: 3)
        #expect(right.calls == ["began 1"])
    }

    @Test func anExclusiveViewGetsNothingWhileOthersTrack() {
        right.isExclusiveTouch = true
        let a = touch(10, 10)
        send([a])
        let b = touch(150, 10, at: 1)
        a.markStationary()
        send([a, b], at: 1)
        #expect(left.calls == ["began 1"])
        #expect(right.calls.isEmpty)
        // The blocked touch's end never reaches the view either.
        b.update(phase: .ended, location: Point(x: 150, y: 10), timestamp: 2)
        a.markStationary()
        send([a, b], at: 2)
        #expect(right.calls.isEmpty)
    }

    /// Fingers landing in one frame are weighed against those bound before
    /// them in it: beside an exclusive view's, another view's finger is not
    /// delivered, whichever of the two is listed first; a finger outside
    /// every view counts for nothing.
    @Test func anExclusiveViewAndAnotherLandedOnInOneFrame() {
        left.isExclusiveTouch = true
        left.isMultipleTouchEnabled = true
        let outside = touch(500, 500), a = touch(10, 10), b = touch(150, 10), c = touch(20, 20)
        send([outside, a, b, c])
        #expect(left.calls == ["began 2"])
        #expect(right.calls.isEmpty)
        for finger in [outside, a, b, c] {
            finger.update(phase: .ended, location: finger.location(in: nil), timestamp: 1)
        }
        send([outside, a, b, c], at: 1)
        #expect(left.calls == ["began 2", "ended 2"])
        // Listed the other way round: the other view's finger comes first and is delivered, the exclusive view's is not.
        let d = touch(150, 10, at: 2), e = touch(10, 10, at: 2)
        send([d, e], at: 2)
        #expect(right.calls == ["began 1"])
        #expect(left.calls == ["began 2", "ended 2"])
    }

    /// Each finger of a frame is given the recognizers of its own view's
    /// chain: a view without any, met first, leaves the next finger's view
    /// its own, and each finger on that view gets them.
    @Test func eachFingerOfAFrameGetsItsOwnChainsRecognizers() {
        let tap = TapGestureRecognizer()
        right.addGestureRecognizer(tap)
        let a = touch(10, 10), b = touch(20, 20), c = touch(150, 10), d = touch(160, 20)
        send([a, b, c, d])
        #expect(a.gestureRecognizers.isEmpty && b.gestureRecognizers.isEmpty)
        #expect(c.gestureRecognizers.count == 1 && c.gestureRecognizers.first === tap)
        #expect(d.gestureRecognizers.count == 1 && d.gestureRecognizers.first === tap)
    }

    /// No touch is left dangling when its view leaves the window mid-touch.
    @Test func aViewRemovedMidTouchGetsTouchesCancelled() {
        let a = touch(10, 10)
        send([a])
        left.removeFromSuperview()
        #expect(left.calls == ["began 1", "cancelled 1"])
        a.update(phase: .ended, location: Point(x: 10, y: 10), timestamp: 1)
        send([a], at: 1)
        #expect(left.calls == ["began 1", "cancelled 1"])
        #expect(window.trackedTouches.isEmpty)
    }

    /// A view is handed a set per phase; the window reuses last frame's set
    /// when the touches are the same, so a set of as many other touches
    /// must not pass for it.
    @Test func eachFrameHandsAViewTheTouchesItHasNow() {
        final class Keeper: View {
            var moved: [Set<Touch>] = []
            override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { moved.append(touches) }
        }
        let keeper = Keeper(frame: Rect(x: 0, y: 0, width: 100, height: 200))
        keeper.isMultipleTouchEnabled = true
        left.addSubview(keeper)
        let a = touch(10, 10), b = touch(20, 20)
        send([a, b])
        for time in 1...2 {
            a.update(phase: .moved, location: Point(x: 10, y: 10 + Double(time)), timestamp: Double(time))
            b.update(phase: .moved, location: Point(x: 20, y: 20 + Double(time)), timestamp: Double(time))
            send([a, b], at: Double(time))
        }
        // a lifts as c lands; then b and c move: two touches again, not the same two.
        let c = touch(30, 30, at: 3)
        a.update(phase: .ended, location: Point(x: 10, y: 12), timestamp: 3)
        b.markStationary()
        send([a, b, c], at: 3)
        b.update(phase: .moved, location: Point(x: 20, y: 25), timestamp: 4)
        c.update(phase: .moved, location: Point(x: 30, y: 35), timestamp: 4)
        send([b, c], at: 4)
        #expect(keeper.moved == [[a, b], [a, b], [b, c]])
    }

    /// Once no finger is down, the window holds no touch, so a view taken out meanwhile is let go.
    @Test func aViewTakenOutIsLetGoOnceTheFingersLift() {
        weak var weakView: View?
        do {
            let view = Recorder(frame: Rect(x: 0, y: 0, width: 100, height: 200))
            left.addSubview(view)
            weakView = view
            let a = touch(10, 10)
            send([a])
            a.update(phase: .moved, location: Point(x: 12, y: 10), timestamp: 1)
            send([a], at: 1)
            a.update(phase: .ended, location: Point(x: 12, y: 10), timestamp: 2)
            send([a], at: 2)
            view.removeFromSuperview()
            #expect(view.calls == ["began 1", "moved 1", "ended 1"])
        }
        #expect(weakView == nil)
    }

    /// A finger resting on one view does not keep alive a touch that ended on another.
    @Test func aLiftedTouchIsLetGoWhileAnotherFingerStaysDown() {
        let a = touch(10, 10)
        send([a])
        weak var weakTouch: Touch?
        do {
            let b = touch(150, 10, at: 1)
            weakTouch = b
            a.markStationary()
            send([a, b], at: 1)
            b.update(phase: .ended, location: Point(x: 150, y: 10), timestamp: 2)
            a.markStationary()
            send([a, b], at: 2)
        }
        a.update(phase: .moved, location: Point(x: 12, y: 10), timestamp: 3)
        send([a], at: 3)
        #expect(right.calls == ["began 1", "ended 1"])
        #expect(weakTouch == nil)
    }

    @Test func windowsDoNotKeepTheirApplicationAlive() {
        weak var weakApp: Application?
        do {
            let app = Application()
            let window = Window(frame: Rect(x: 0, y: 0, width: 10, height: 10), application: app)
            window.makeKeyAndVisible()
            weakApp = app
            #expect(app.windows.count == 1)
        }
        #expect(weakApp == nil)
    }

    /// The application holds its windows unretained (not weakly), so a window that goes takes itself out.
    @Test func aWindowThatGoesIsForgottenByItsApplication() {
        weak var weakWindow: Window?
        do {
            let other = Window(frame: Rect(x: 0, y: 0, width: 10, height: 10), application: app)
            other.makeKeyAndVisible()
            weakWindow = other
            #expect(app.windows.count == 2 && app.keyWindow === other)
        }
        #expect(weakWindow == nil)
        #expect(app.windows.count == 1 && app.windows[0] === window)
        #expect(app.keyWindow == nil)
    }

    /// A weak reference to an object gives it a side table for good, and
    /// every retain and release of it then takes Swift's slow path. Nothing
    /// on the way of a touch makes one to the window or the markers' view.
    @Test func deliveringTouchesGivesTheWindowNoSideTable() {
        app.timeline = VirtualTimeline()
        let markers = TouchMarkersView(frame: window.bounds)
        window.addSubview(markers)
        let a = touch(10, 10), b = touch(150, 10)
        send([a, b])
        markers.show([.init(id: 1, location: Point(x: 10, y: 10)), .init(id: 2, location: Point(x: 150, y: 10))])
        // The markers' view makes the next stamps between frames.
        (app.timeline as! VirtualTimeline).advance(to: 1)
        a.update(phase: .moved, location: Point(x: 12, y: 10), timestamp: 1)
        b.update(phase: .ended, location: Point(x: 150, y: 10), timestamp: 1)
        send([a, b], at: 1)
        markers.show([.init(id: 1, location: Point(x: 12, y: 10))])
        #expect(!Self.hasSideTable(window))
        #expect(!Self.hasSideTable(markers))
        #expect(!Self.hasSideTable(left) && !Self.hasSideTable(a))
        // The check can fail: a weak reference makes one.
        weak let weakLeft = left
        #expect(weakLeft != nil && Self.hasSideTable(left))
    }

    /// Whether Swift gave `object` a side table: the two top bits of its
    /// inline reference count (slow reference counting, and the side-table mark) are set.
    static func hasSideTable(_ object: AnyObject) -> Bool {
        Unmanaged.passUnretained(object).toOpaque().load(fromByteOffset: 8, as: UInt64.self) >> 62 == 0b11
    }

    @Test func locationsInViewsAndTheWindow() {
        let a = touch(150, 50)
        send([a])
        #expect(a.location(in: nil) == Point(x: 150, y: 50))
        #expect(a.location(in: right) == Point(x: 50, y: 50))
        a.update(phase: .moved, location: Point(x: 160, y: 70), timestamp: 1)
        #expect(a.previousLocation(in: right) == Point(x: 50, y: 50))
        #expect(a.location(in: right) == Point(x: 60, y: 70))
    }

    @Test func eventTouchesByViewAndWindow() {
        left.isMultipleTouchEnabled = true
        let a = touch(10, 10), b = touch(150, 10)
        let event = Event(touches: [a, b], timestamp: 0)
        app.sendEvent(event)
        #expect(event.allTouches == [a, b])
        #expect(event.touches(for: left) == [a])
        #expect(event.touches(for: window) == [a, b])
        #expect(event.coalescedTouches(for: a) == [a])
    }
}
