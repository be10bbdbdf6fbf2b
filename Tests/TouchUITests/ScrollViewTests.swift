import Testing
import TouchUI

/// Scroll views: paging, deceleration, bounce, and the content-touch rules of docs/event-delivery.md §7.
@MainActor
struct ScrollViewTests {
    final class Content: View {
        var calls: [String] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { calls.append("began") }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { calls.append("ended") }
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { calls.append("cancelled") }
    }

    final class Delegate: ScrollViewDelegate {
        var ended = 0
        var began = 0
        var calls: [String] = []
        func scrollViewWillBeginDragging(_ scrollView: ScrollView) {
            began += 1
            calls.append("willBeginDragging")
        }
        func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point) {
            calls.append("willEndDragging")
        }
        func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
            calls.append("didEndDragging decelerate=\(decelerate) isDragging=\(scrollView.isDragging)")
        }
        func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { calls.append("willBeginDecelerating") }
        func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
            ended += 1
            calls.append("didEndDecelerating")
        }
    }

    let app = Application()
    let window: Window
    let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    let content = Content(frame: Rect(x: 0, y: 0, width: 300, height: 100))
    let delegate = Delegate()

    init() {
        window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 300), application: app)
        window.makeKeyAndVisible()
        app.timeline = VirtualTimeline()
        window.addSubview(scroll)
        scroll.addSubview(content)
        scroll.contentSize = Size(width: 300, height: 3000)
        scroll.delegate = delegate
    }

    /// A vertical drag of `distance` points over `duration` seconds from (150, y).
    func drag(_ distance: Double, duration: Double, steps: Int = 10, holdFirst: Double = 0, from y: Double = 250) {
        let touch = Touch(timestamp: app.timeline.now, location: Point(x: 150, y: y), window: window)
        app.sendEvent(Event(touches: [touch], timestamp: app.timeline.now))
        let start = app.timeline.now + holdFirst
        app.virtualTimeline.advance(to: start)
        for step in 1...steps {
            let time = start + duration * Double(step) / Double(steps)
            app.virtualTimeline.advance(to: time)
            touch.update(phase: .moved, location: Point(x: 150, y: y - distance * Double(step) / Double(steps)), timestamp: time)
            app.sendEvent(Event(touches: [touch], timestamp: time))
        }
        touch.update(phase: .ended, location: Point(x: 150, y: y - distance), timestamp: start + duration)
        app.sendEvent(Event(touches: [touch], timestamp: start + duration))
    }

    /// UIScrollViewDelegate's order around a lift: a fling decelerates, a finger that stopped does not.
    @Test func theDelegateHearsUIKitsOrderAroundAFlingAndAStop() {
        drag(200, duration: 0.1)
        app.virtualTimeline.runPendingTimers(limit: 10)
        #expect(delegate.calls == [
            "willBeginDragging", "willEndDragging", "didEndDragging decelerate=true isDragging=false",
            "willBeginDecelerating", "didEndDecelerating",
        ])
        delegate.calls.removeAll()
        // A drag whose finger rests before lifting: nothing goes on moving.
        let finger = Touch(timestamp: app.timeline.now, location: Point(x: 150, y: 250), window: window)
        app.sendEvent(Event(touches: [finger], timestamp: app.timeline.now))
        for step in 1...5 {
            let time = app.timeline.now + 0.02
            app.virtualTimeline.advance(to: time)
            finger.update(phase: .moved, location: Point(x: 150, y: 250 - Double(step) * 10), timestamp: time)
            app.sendEvent(Event(touches: [finger], timestamp: time))
        }
        // Held still before lifting, the panel still reporting (pressure): no velocity left.
        for _ in 1...15 {
            let time = app.timeline.now + 0.02
            app.virtualTimeline.advance(to: time)
            finger.update(phase: .moved, location: Point(x: 150, y: 200), timestamp: time)
            app.sendEvent(Event(touches: [finger], timestamp: time))
        }
        finger.update(phase: .ended, location: Point(x: 150, y: 200), timestamp: app.timeline.now)
        app.sendEvent(Event(touches: [finger], timestamp: app.timeline.now))
        app.virtualTimeline.runPendingTimers(limit: 10)
        #expect(delegate.calls == ["willBeginDragging", "willEndDragging", "didEndDragging decelerate=false isDragging=false"])
        #expect(!scroll.isDecelerating)
    }

    @Test func aFlingDeceleratesAndStops() {
        drag(200, duration: 0.1)
        #expect(delegate.began == 1)
        let afterDrag = scroll.contentOffset.y
        #expect(afterDrag >= 190)
        app.virtualTimeline.runPendingTimers(limit: 10)
        #expect(scroll.contentOffset.y > afterDrag + 100)  // it kept going
        #expect(!scroll.isDecelerating && delegate.ended == 1)
        #expect(app.timeline.pendingTimerCount == 0)
    }

    /// A finger and a fling move the content by whole pixels, so the picture
    /// on screen can slide rather than be drawn again.
    @Test func aDragAndItsFlingLandOnWholePixels() {
        final class Offsets: ScrollViewDelegate {
            var seen: [Double] = []
            func scrollViewDidScroll(_ scrollView: ScrollView) { seen.append(scrollView.contentOffset.y) }
        }
        let offsets = Offsets()
        scroll.delegate = offsets
        drag(123.4, duration: 0.13, steps: 7)
        app.virtualTimeline.runPendingTimers(limit: 10)
        #expect(offsets.seen.count > 20)
        #expect(offsets.seen.allSatisfy { $0 == $0.rounded() }, "\(offsets.seen.filter { $0 != $0.rounded() })")
        #expect(!scroll.isDecelerating && offsets.seen.last! > 300)
        // A slow ease still arrives (its exact position is kept apart from the one shown).
        scroll.setContentOffset(Point(x: 0, y: offsets.seen.last! + 1.5), animated: true)
        app.virtualTimeline.runPendingTimers(limit: 10)
        #expect(app.timeline.pendingTimerCount == 0 && scroll.contentOffset.y == offsets.seen.last!)
    }

    /// An app that moves the content during a fling (a carousel wrapping
    /// round) is not undone: the fling goes on from there.
    @Test func anOffsetTheAppSetsDuringAFlingHolds() {
        final class Wrapper: ScrollViewDelegate {
            var wrapped = false
            func scrollViewDidScroll(_ scrollView: ScrollView) {
                if !wrapped && scrollView.contentOffset.y > 400 {
                    wrapped = true
                    scrollView.contentOffset.y -= 300
                }
            }
        }
        let wrapper = Wrapper()
        scroll.delegate = wrapper
        drag(200, duration: 0.1)
        var afterWrap: [Double] = []
        for _ in 0..<600 where app.timeline.pendingTimerCount > 0 {
            app.virtualTimeline.advance(to: app.timeline.now + 1.0 / 60)
            if wrapper.wrapped { afterWrap.append(scroll.contentOffset.y) }
        }
        #expect(wrapper.wrapped)
        // Each tick moves the content a fling's step (under 40 points here), never back by the 300 the app took off.
        let steps = zip(afterWrap, afterWrap.dropFirst()).map { $1 - $0 }
        #expect(afterWrap.count > 5 && steps.allSatisfy { abs($0) < 40 }, "\(afterWrap.prefix(6))")
    }

    /// Whole pixels never carry the content past an edge it was inside of.
    @Test func roundingDoesNotCrossAnEdge() {
        scroll.bounces = false
        scroll.contentSize = Size(width: 300, height: 1000.6)
        drag(900, duration: 0.3)
        #expect(scroll.contentOffset.y <= scroll.maximumOffset.y)
        app.virtualTimeline.runPendingTimers(limit: 10)
        #expect(scroll.contentOffset.y <= scroll.maximumOffset.y)
    }

    @Test func pagingLandsOnAPageBoundary() {
        scroll.isPagingEnabled = true
        drag(120, duration: 0.1)
        app.virtualTimeline.runPendingTimers(limit: 10)
        #expect(scroll.contentOffset.y == 300)
        drag(40, duration: 1, steps: 20)  // slow and short: back to the nearest page
        app.virtualTimeline.runPendingTimers(limit: 10)
        #expect(scroll.contentOffset.y == 300)
    }

    @Test func pullingPastTheTopBouncesBack() {
        drag(-150, duration: 1, steps: 20)
        #expect(scroll.contentOffset.y < 0 && scroll.contentOffset.y > -150)  // rubber band: less than the finger
        app.virtualTimeline.runPendingTimers(limit: 10)
        #expect(scroll.contentOffset.y == 0)
        scroll.bounces = false
        drag(-150, duration: 1, steps: 20)
        #expect(scroll.contentOffset.y == 0)
    }

    @Test func contentTouchesWaitThenGoThrough() {
        let touch = Touch(timestamp: 0, location: Point(x: 150, y: 50), window: window)
        app.sendEvent(Event(touches: [touch], timestamp: 0))
        #expect(content.calls.isEmpty)  // held for 150 ms
        app.virtualTimeline.advance(to: 0.2)
        #expect(content.calls == ["began"])
        touch.update(phase: .ended, location: Point(x: 150, y: 50), timestamp: 0.3)
        app.sendEvent(Event(touches: [touch], timestamp: 0.3))
        #expect(content.calls == ["began", "ended"])
    }

    @Test func aScrollCancelsContentTouchesItMayCancel() {
        drag(100, duration: 0.5, steps: 10, holdFirst: 0.3, from: 50)  // held past the delay: content got began
        #expect(content.calls == ["began", "cancelled"])
        content.calls.removeAll()
        scroll.canCancelContentTouches = false
        scroll.setContentOffset(.zero, animated: false)
        drag(100, duration: 0.5, steps: 10, holdFirst: 0.3, from: 50)
        #expect(content.calls == ["began", "ended"])  // not cancellable: no scroll either
        #expect(scroll.contentOffset.y == 0)
    }

    @Test func setContentOffsetAnimatedArrives() {
        scroll.setContentOffset(Point(x: 0, y: 500), animated: true)
        app.virtualTimeline.runPendingTimers(limit: 5)
        #expect(scroll.contentOffset == Point(x: 0, y: 500))
        #expect(scroll.maximumOffset == Point(x: 0, y: 2700))
    }

    /// Apple: touchesShouldCancel(in:) is false for a UIControl by default. A
    /// button held past the content delay and then dragged keeps tracking; the content does not scroll.
    @Test func aButtonHeldPastTheDelayKeepsItsTouchWhenDragged() {
        let button = Button(frame: Rect(x: 0, y: 0, width: 300, height: 100), title: "Hold")
        var events: [String] = []
        for kind in [Control.Events.touchDown, .touchDragExit, .touchUpOutside, .touchUpInside, .touchCancel] {
            button.addAction(for: kind) { _, _ in events.append("\(kind)") }
        }
        scroll.addSubview(button)
        drag(200, duration: 0.5, steps: 10, holdFirst: 0.3, from: 50)  // ends 150 points above it: outside
        #expect(scroll.contentOffset.y == 0)
        #expect(events.first == "touchDown")
        #expect(events.contains("touchDragExit") && !events.contains("touchCancel"))
        #expect(events.last == "touchUpOutside")
        // A plain view in the same place is cancelled, and the content scrolls (the rule is per view).
        button.removeFromSuperview()
        scroll.setContentOffset(.zero, animated: false)
        drag(100, duration: 0.5, steps: 10, holdFirst: 0.3, from: 50)
        #expect(content.calls == ["began", "cancelled"])
        #expect(scroll.contentOffset.y > 0)
    }

    /// A subclass may let a scroll take a control's touches after all.
    @Test func aSubclassMayCancelControlsToo() {
        final class Eager: ScrollView {
            override func touchesShouldCancel(in view: View) -> Bool { true }
        }
        let eager = Eager(frame: scroll.frame)
        eager.contentSize = scroll.contentSize
        scroll.removeFromSuperview()
        window.addSubview(eager)
        let button = Button(frame: Rect(x: 0, y: 0, width: 300, height: 100), title: "Hold")
        var events: [String] = []
        for kind in [Control.Events.touchDown, .touchDragExit, .touchUpOutside, .touchUpInside, .touchCancel] {
            button.addAction(for: kind) { _, _ in events.append("\(kind)") }
        }
        eager.addSubview(button)
        let touch = Touch(timestamp: 0, location: Point(x: 150, y: 50), window: window)
        app.sendEvent(Event(touches: [touch], timestamp: 0))
        for step in 1...10 {
            let time = 0.3 + Double(step) * 0.05
            app.virtualTimeline.advance(to: time)
            touch.update(phase: .moved, location: Point(x: 150, y: 50 - Double(step) * 10), timestamp: time)
            app.sendEvent(Event(touches: [touch], timestamp: time))
        }
        #expect(events.first == "touchDown")
        #expect(events.contains("touchCancel"))
        #expect(eager.contentOffset.y > 0)
    }

    /// Apple: touchesShouldBegin(_:with:in:) returning false keeps the touches from that content view.
    @Test func touchesShouldBeginFalseKeepsTouchesFromTheView() {
        final class Picky: ScrollView {
            var asked: [View] = []
            override func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in view: View) -> Bool {
                asked.append(view)
                return !(view is Content)
            }
        }
        let picky = Picky(frame: scroll.frame)
        picky.contentSize = scroll.contentSize
        scroll.removeFromSuperview()
        window.addSubview(picky)
        let refused = Content(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let allowed = ScrollViewTests.Plain(frame: Rect(x: 0, y: 100, width: 300, height: 100))
        picky.addSubview(refused)
        picky.addSubview(allowed)
        // Held past the delay, and a quick tap whose begin and end are let through together.
        for (time, y, hold) in [(0.0, 50.0, 0.3), (1.0, 50.0, 0.05), (2.0, 150.0, 0.05)] {
            app.virtualTimeline.advance(to: time)
            let touch = Touch(timestamp: time, location: Point(x: 150, y: y), window: window)
            app.sendEvent(Event(touches: [touch], timestamp: time))
            app.virtualTimeline.advance(to: time + hold)
            touch.update(phase: .ended, location: Point(x: 150, y: y), timestamp: time + hold)
            app.sendEvent(Event(touches: [touch], timestamp: time + hold))
        }
        #expect(refused.calls.isEmpty)
        #expect(allowed.calls == ["began", "ended"])
        #expect(picky.asked.count == 3)
        #expect(window.trackedTouches.isEmpty)
    }

    final class Plain: View {
        var calls: [String] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { calls.append("began") }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { calls.append("ended") }
    }

    /// UIKit's scroll indicators: shown while the content moves, along the
    /// edge, sized to the visible fraction; faded out once it rests.
    @Test func theIndicatorShowsWhileScrollingAndFadesAtRest() throws {
        scroll.layoutIfNeeded()
        let indicator = try #require(scroll.subviews.last)
        #expect(indicator !== content && indicator.alpha == 0)
        drag(300, duration: 1, steps: 20)
        scroll.layoutIfNeeded()
        #expect(indicator.alpha == 1)
        #expect(abs(indicator.frame.maxX - (scroll.bounds.maxX - 2.5)) < 0.01)
        #expect(indicator.frame.height == max(36, (300 - 5) * 0.1))
        #expect(indicator.frame.minY > scroll.bounds.minY + 2.5)  // moved down the track
        #expect(!indicator.isUserInteractionEnabled)
        app.virtualTimeline.runPendingTimers(limit: 10)
        #expect(indicator.alpha == 0 && !indicator.isAnimating)
        // Content that fits has none.
        scroll.contentSize = Size(width: 300, height: 200)
        scroll.layoutIfNeeded()
        #expect(indicator.superview == nil)
        scroll.contentSize = Size(width: 300, height: 3000)
        scroll.layoutIfNeeded()
        // A flash shows it for a moment (drawn at full alpha while the fade waits), then fades it.
        scroll.flashScrollIndicators()
        #expect(indicator.superview === scroll && indicator.isAnimating)
        app.virtualTimeline.runPendingTimers(limit: 2)
        #expect(!indicator.isAnimating && indicator.alpha == 0)
    }
}
