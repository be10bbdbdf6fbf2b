import Glibc
import Testing
import TouchUI

@testable import Bridge

/// The main loop's timers on a real timerfd: they fire in deadline order,
/// a cancelled one never does, and nothing is armed once they are all gone.
@MainActor
struct LoopTimersTests {
    func monotonicNow() -> Double {
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        return Double(clock.tv_sec) + Double(clock.tv_nsec) / 1e9
    }

    /// Waits for the timerfd as the main loop does, and fires what is due.
    func runUntil(_ done: () -> Bool, timers: LoopTimers) {
        let end = monotonicNow() + 2
        while !done() && monotonicNow() < end {
            var descriptor = pollfd(fd: timers.descriptor.rawValue, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 100) > 0 { timers.fireDue() }
        }
    }

    @Test func timersFireInDeadlineOrderAndCancelledOnesNever() {
        let timers = LoopTimers()
        var fired: [String] = []
        let now = monotonicNow()
        timers.schedule(after: 0.03) { fired.append("third") }
        timers.schedule(after: 0.01) { fired.append("first") }
        let cancelled = timers.schedule(after: 0.02) { fired.append("cancelled") }
        timers.schedule(after: 0.02) { fired.append("second") }
        timers.cancel(cancelled)
        runUntil({ fired.count == 3 }, timers: timers)
        #expect(fired == ["first", "second", "third"])
        #expect(monotonicNow() - now >= 0.03)
        // Nothing left: the timerfd stays quiet.
        var descriptor = pollfd(fd: timers.descriptor.rawValue, events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 50) == 0)
    }

    @Test func aTimerSetWhileFiringRunsToo() {
        let timers = LoopTimers()
        var fired: [String] = []
        timers.schedule(after: 0.005) {
            fired.append("outer")
            timers.schedule(after: 0.005) { fired.append("inner") }
        }
        runUntil({ fired.count == 2 }, timers: timers)
        #expect(fired == ["outer", "inner"])
    }

    @Test func itIsATimelineOnTheKernelsClock() {
        let timers = LoopTimers()
        let timeline: any Timeline = timers
        #expect(abs(timeline.now - monotonicNow()) < 0.01)
        var fired = false
        timeline.schedule(after: 0.005) { fired = true }
        let cancelled = timeline.schedule(after: 0.005) { Issue.record("a cancelled timer fired") }
        timeline.cancel(cancelled)
        #expect(timeline.pendingTimerCount == 1)
        runUntil({ fired }, timers: timers)
        #expect(fired)
        #expect(timeline.pendingTimerCount == 0)
    }

    /// A timer set with no delay (a repaint the input just asked for) runs
    /// when the loop is about to wait, in the order set, without the timerfd:
    /// nothing is armed, so no wake and no read are spent on it. One set while
    /// they run waits for the next pass, so the devices are looked at between.
    @Test func timersWithNoDelayRunBeforeTheLoopWaitsWithoutTheTimerfd() {
        let timers = LoopTimers()
        var fired: [String] = []
        timers.schedule(after: 0) {
            fired.append("first")
            timers.schedule(after: 0) { fired.append("set while firing") }
        }
        let cancelled = timers.schedule(after: 0) { fired.append("cancelled") }
        timers.schedule(after: -1) { fired.append("second") }
        timers.cancel(cancelled)
        #expect(timers.pendingTimerCount == 2)
        var descriptor = pollfd(fd: timers.descriptor.rawValue, events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 20) == 0)
        timers.fireImmediate()
        #expect(fired == ["first", "second"])
        #expect(timers.hasImmediate)
        timers.fireImmediate()
        #expect(fired == ["first", "second", "set while firing"])
        #expect(!timers.hasImmediate && timers.pendingTimerCount == 0)
    }

    /// One timer of a pass cancelling another of the same pass: that one does not run.
    @Test func aTimerWithNoDelayCancelledInItsPassDoesNotRun() {
        let timers = LoopTimers()
        var fired: [String] = []
        final class Later { var id: TimerID? }
        let later = Later()
        timers.schedule(after: 0) {
            fired.append("first")
            if let id = later.id { timers.cancel(id) }
        }
        later.id = timers.schedule(after: 0) { fired.append("cancelled") }
        timers.schedule(after: 0) { fired.append("third") }
        timers.fireImmediate()
        #expect(fired == ["first", "third"])
        #expect(timers.pendingTimerCount == 0)
    }
}
