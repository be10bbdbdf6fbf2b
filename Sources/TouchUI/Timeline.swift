/// Time and timers for the UI model, on the main actor: what views,
/// recognizers and animations schedule their work on
/// (`Application.timeline`).
///
/// Live, it is the host's loop (the daemon's main loop, whose timers wait
/// in the same epoll set as the touchscreens), or `DispatchTimeline` on the
/// main dispatch queue. A replay or a test gives the application a
/// `VirtualTimeline`, on the recording's own clock, which it moves on frame
/// by frame, so that timers fire at their recorded moments.
@MainActor
public protocol Timeline: AnyObject {
    /// The current time, in seconds. Live, CLOCK_MONOTONIC, the clock evdev
    /// stamps events with once a reader asks for it.
    var now: Double { get }
    /// Runs `action` on the main actor `delay` seconds from now; timers due
    /// at the same moment run in the order they were set.
    @discardableResult
    func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> TimerID
    /// Stops a timer that has not fired; nothing when it has.
    func cancel(_ id: TimerID)
    /// Timers waiting to fire.
    var pendingTimerCount: Int { get }
}

/// A timer set on a `Timeline`, to cancel it by. It names its timeline
/// too, so that an ID kept across a change of timeline (a replay taking
/// over the application) cannot cancel another timeline's timer.
public struct TimerID: Hashable, Sendable {
    public let timeline: ObjectIdentifier
    public let value: Int
    public init(_ value: Int, on timeline: some Timeline) {
        self.timeline = ObjectIdentifier(timeline)
        self.value = value
    }

    /// Whether it was set on `timeline`.
    public func belongs(to timeline: some Timeline) -> Bool { self.timeline == ObjectIdentifier(timeline) }
}
