import Testing
import TouchUI

@MainActor
struct TimelineTests {
    @Test func virtualTimersFireInOrderAtTheirMoments() {
        let loop = VirtualTimeline(startingAt: 100)
        #expect(loop.now == 100)
        var fired: [String] = []
        loop.schedule(after: 0.3) { fired.append("c \(loop.now)") }
        loop.schedule(after: 0.1) { fired.append("a \(loop.now)") }
        let cancelled = loop.schedule(after: 0.2) { fired.append("never") }
        loop.schedule(after: 0.1) { fired.append("b \(loop.now)") }
        loop.cancel(cancelled)
        loop.advance(to: 100.25)
        #expect(fired == ["a 100.1", "b 100.1"])
        #expect(loop.now == 100.25)
        #expect(loop.runPendingTimers(limit: 1))
        #expect(fired.last == "c 100.3")
    }

    @Test func aTimerCanSetAnother() {
        let loop = VirtualTimeline()
        var count = 0
        func again() {
            count += 1
            if count < 5 { loop.schedule(after: 1, again) }
        }
        loop.schedule(after: 1, again)
        #expect(!loop.runPendingTimers(limit: 3.5))
        #expect(count == 3)
        #expect(loop.runPendingTimers(limit: 10))
        #expect(count == 5)
    }

    /// Live, on the main dispatch queue: a timer fires no sooner than asked,
    /// and a cancelled one never does.
    @Test func dispatchTimersFireOnTheMainQueue() async {
        let timeline = DispatchTimeline()
        let start = timeline.now
        let cancelled = timeline.schedule(after: 0.01) { Issue.record("a cancelled timer fired") }
        timeline.cancel(cancelled)
        let firedAt: Double = await withCheckedContinuation { done in
            timeline.schedule(after: 0.02) { done.resume(returning: timeline.now) }
        }
        #expect(firedAt - start >= 0.02)
        #expect(timeline.pendingTimerCount == 0)
    }

    /// An ID kept from one timeline cancels nothing on another, though both number from 0.
    @Test func anIDCancelsOnlyOnItsOwnTimeline() {
        let old = VirtualTimeline(), new = VirtualTimeline()
        let stale = old.schedule(after: 1) {}
        var fired = false
        let fresh = new.schedule(after: 1) { fired = true }
        #expect(stale.value == fresh.value)
        new.cancel(stale)
        new.advance(to: 2)
        #expect(fired)
        #expect(stale.belongs(to: old) && !stale.belongs(to: new))
    }
}

