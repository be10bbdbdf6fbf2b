/// A timeline whose time moves only when its driver says so: a replay moves
/// it to each recorded frame (`advance(to:)`), and the timers due on the way
/// fire in order at their moments, as fast as the machine allows. So a
/// replay is deterministic, and a test waits no real time.
@MainActor
public final class VirtualTimeline: Timeline {
    public private(set) var now: Double
    private var nextID = 0
    /// Soonest first; equal deadlines keep the order they were set in.
    private var pending: [(id: TimerID, fireAt: Double, action: @MainActor () -> Void)] = []

    public init(startingAt start: Double = 0) {
        now = start
    }

    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> TimerID {
        let id = TimerID(nextID, on: self)
        nextID += 1
        let fireAt = now + max(0, delay)
        let index = pending.firstIndex { $0.fireAt > fireAt } ?? pending.count
        pending.insert((id, fireAt, action), at: index)
        return id
    }

    public func cancel(_ id: TimerID) {
        guard id.belongs(to: self) else { return }
        pending.removeAll { $0.id == id }
    }

    public var pendingTimerCount: Int { pending.count }

    /// Fires the timers due up to `time`, each at its moment, then stands at `time`.
    public func advance(to time: Double) {
        while let first = pending.first, first.fireAt <= time {
            pending.removeFirst()
            now = max(now, first.fireAt)
            first.action()
        }
        now = max(now, time)
    }

    /// Lets pending timers (and those they set) run out, for at most
    /// `limit` seconds. True when none is left.
    @discardableResult
    public func runPendingTimers(limit: Double) -> Bool {
        advance(to: now + limit)
        return pending.isEmpty
    }
}
