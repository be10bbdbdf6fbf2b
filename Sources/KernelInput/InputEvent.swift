import Glibc
/// A kernel event time, kept as whole microseconds so that recordings
/// round-trip exactly and times compare without floating-point surprises.
public struct EventTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var microseconds: Int64

    public init(microseconds: Int64) { self.microseconds = microseconds }

    public init(seconds: Int64, microseconds: Int64) {
        self.microseconds = seconds * 1_000_000 + microseconds
    }

    public static let zero = EventTime(microseconds: 0)

    /// Now on CLOCK_MONOTONIC, the clock evdev stamps events with here
    /// (`InputDevice` sets it): for events a host makes up itself.
    public static func now() -> EventTime {
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        return EventTime(seconds: Int64(clock.tv_sec), microseconds: Int64(clock.tv_nsec / 1000))
    }

    public var seconds: Double { Double(microseconds) / 1_000_000 }
    public var wholeSeconds: Int64 { microseconds / 1_000_000 }
    public var fractionMicroseconds: Int64 { microseconds % 1_000_000 }

    /// "1357751031.716015": the way evtest and evemu print a time.
    public var description: String {
        let fraction = String(fractionMicroseconds)
        return "\(wholeSeconds)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    public static func < (a: EventTime, b: EventTime) -> Bool { a.microseconds < b.microseconds }
}

/// One evdev event, the Swift shape of the kernel's `struct input_event`.
public struct InputEvent: Hashable, Sendable {
    public var time: EventTime
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(time: EventTime, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    public var isFrameEnd: Bool { type == EventType.syn && code == SynCode.report }
}
