/// The timers a timeline has set, soonest first; equal deadlines keep the
/// order they were set in. The one ordering rule every `Timeline` keeps,
/// whether its clock is virtual or the kernel's.
public struct TimerQueue {
    public struct Timer {
        public let id: TimerID
        public let deadline: Double
        public let fire: @MainActor () -> Void
    }

    private var timers: [Timer] = []

    public init() {}

    public var count: Int { timers.count }
    /// The soonest deadline, if any timer is set.
    public var nextDeadline: Double? { timers.first?.deadline }

    public mutating func insert(_ id: TimerID, at deadline: Double, _ fire: @escaping @MainActor () -> Void) {
        let index = timers.firstIndex { $0.deadline > deadline } ?? timers.count
        timers.insert(Timer(id: id, deadline: deadline, fire: fire), at: index)
    }

    public mutating func remove(_ id: TimerID) {
        timers.removeAll { $0.id == id }
    }

    /// Takes out the soonest timer if it is due by `time`. Call it again after
    /// firing that one: a timer may set others, due at once.
    public mutating func popDue(by time: Double) -> Timer? {
        guard let first = timers.first, first.deadline <= time else { return nil }
        return timers.removeFirst()
    }
}
