import Dispatch

/// A live timeline on the main dispatch queue: the monotonic clock, and
/// timers that libdispatch fires. An application starts with one; a host
/// with a loop of its own (the daemon's) puts its own in its place.
@MainActor
public final class DispatchTimeline: Timeline {
    private var nextID = 0
    private var timers: [TimerID: DispatchWorkItem] = [:]

    public init() {}

    /// Dispatch's uptime clock is CLOCK_MONOTONIC on Linux, the clock evdev stamps events with.
    public var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> TimerID {
        let id = TimerID(nextID, on: self)
        nextID += 1
        let item = DispatchWorkItem { [weak self] in
            MainActor.assumeIsolated {
                self?.timers[id] = nil
                action()
            }
        }
        timers[id] = item
        DispatchQueue.main.asyncAfter(deadline: .now() + max(0, delay), execute: item)
        return id
    }

    public func cancel(_ id: TimerID) {
        timers.removeValue(forKey: id)?.cancel()
    }

    public var pendingTimerCount: Int { timers.count }
}
