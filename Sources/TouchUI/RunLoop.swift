import Dispatch

/// Time and timers for the UI model, on the main actor.
///
/// Live input runs on the kernel's monotonic clock, with timers on the main
/// dispatch queue. A replay runs on the recording's own timeline: its driver
/// moves virtual time to each frame (`advance(to:)`), and the timers due on
/// the way fire in order at their recorded moments, as fast as the machine
/// allows, so a replay is deterministic.
@MainActor
public final class RunLoop {
    /// Where live timers wait when a host's own loop takes them (Bridge's
    /// MainLoop does, with a timerfd beside the input devices); the main
    /// dispatch queue when nil.
    public static var liveTimerHost: (any LiveTimerHost)?

    public enum Clock: Sendable {
        /// CLOCK_MONOTONIC, as evdev stamps events once a reader asks for it.
        case monotonic
        /// Time only moves when the driver says so.
        case virtual
    }

    public struct TimerID: Hashable, Sendable { let value: Int }

    public let clock: Clock
    private var virtualNow: Double
    private var nextID = 0
    private var pending: [(id: TimerID, fireAt: Double, action: @MainActor () -> Void)] = []
    private var liveTimers: [TimerID: DispatchWorkItem] = [:]
    private var hostedTimers: [TimerID: Int] = [:]

    public init(clock: Clock, startingAt start: Double = 0) {
        self.clock = clock
        virtualNow = start
    }

    /// The current time, in seconds.
    public var now: Double {
        switch clock {
        case .monotonic:
            // Dispatch's uptime clock is CLOCK_MONOTONIC on Linux, the clock evdev stamps events with.
            return Double(DispatchTime.now().uptimeNanoseconds) / 1e9
        case .virtual:
            return virtualNow
        }
    }

    /// Runs `action` on the main actor `delay` seconds from now.
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> TimerID {
        let id = TimerID(value: nextID)
        nextID += 1
        switch clock {
        case .virtual:
            let fireAt = virtualNow + max(0, delay)
            // After every timer due at the same moment: timers keep the order they were set in.
            let index = pending.firstIndex { $0.fireAt > fireAt } ?? pending.count
            pending.insert((id, fireAt, action), at: index)
        case .monotonic:
            if let host = Self.liveTimerHost {
                hostedTimers[id] = host.addTimer(at: now + max(0, delay)) { [weak self] in
                    self?.hostedTimers[id] = nil
                    action()
                }
                return id
            }
            let item = DispatchWorkItem { [weak self] in
                MainActor.assumeIsolated {
                    self?.liveTimers[id] = nil
                    action()
                }
            }
            liveTimers[id] = item
            DispatchQueue.main.asyncAfter(deadline: .now() + max(0, delay), execute: item)
        }
        return id
    }

    public func cancel(_ id: TimerID) {
        pending.removeAll { $0.id == id }
        liveTimers.removeValue(forKey: id)?.cancel()
        if let token = hostedTimers.removeValue(forKey: id) { Self.liveTimerHost?.removeTimer(token) }
    }

    /// Timers waiting to fire.
    public var pendingTimerCount: Int { clock == .virtual ? pending.count : liveTimers.count + hostedTimers.count }

    /// Virtual time: fires the timers due up to `time`, each at its moment, then stands at `time`.
    public func advance(to time: Double) {
        precondition(clock == .virtual, "only a virtual clock is advanced by hand")
        while let first = pending.first, first.fireAt <= time {
            pending.removeFirst()
            virtualNow = max(virtualNow, first.fireAt)
            first.action()
        }
        virtualNow = max(virtualNow, time)
    }

    /// Virtual time: lets pending timers (and those they set) run out, for
    /// at most `limit` seconds of virtual time. True when none is left.
    @discardableResult
    public func runPendingTimers(limit: Double) -> Bool {
        advance(to: virtualNow + limit)
        return pending.isEmpty
    }
}

/// A loop that runs live timers itself (see `RunLoop.liveTimerHost`).
/// Deadlines are seconds on CLOCK_MONOTONIC, as `RunLoop.now` gives them.
@MainActor
public protocol LiveTimerHost: AnyObject {
    /// Runs `fire` at `deadline`; the token cancels it.
    func addTimer(at deadline: Double, _ fire: @escaping @MainActor () -> Void) -> Int
    func removeTimer(_ token: Int)
}
