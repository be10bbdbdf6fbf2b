/// A timeline whose time moves only when its driver says so: a replay moves
/// it to each recorded frame (`advance(to:)`), and the timers due on the way
/// fire in order at their moments, as fast as the machine allows. So a
/// replay is deterministic, and a test waits no real time.
@MainActor
public final class VirtualTimeline: Timeline {
    public private(set) var now: Double
    private var nextID = 0
    private var pending = TimerQueue()

    public init(startingAt start: Double = 0) {
        now = start
    }

    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> TimerID {
        let id = TimerID(nextID, on: self)
        nextID += 1
        pending.insert(id, at: now + max(0, delay), action)
        return id
    }

    public func cancel(_ id: TimerID) {
        guard id.belongs(to: self) else { return }
        pending.remove(id)
    }

    public var pendingTimerCount: Int { pending.count }

    /// Fires the timers due up to `time`, each at its moment, then stands at `time`.
    public func advance(to time: Double) {
        while let due = pending.popDue(by: time) {
            now = max(now, due.deadline)
            due.fire()
        }
        now = max(now, time)
    }

    /// Lets pending timers (and those they set) run out, for at most
    /// `limit` seconds. True when none is left.
    @discardableResult
    public func runPendingTimers(limit: Double) -> Bool {
        advance(to: now + limit)
        return pending.count == 0
    }
}

extension Application {
    /// The virtual timeline a test gave the application, to move it on (the
    /// package's own tests; an app's go through TouchBridgeTesting's AppDriver).
    package var virtualTimeline: VirtualTimeline { timeline as! VirtualTimeline }
}
