import KernelInput

/// What a replay decoded, for people: per device, how many touches, how
/// many at once, where each began and ended.
public struct ReplaySummary: Sendable {
    public struct DeviceTotals: Sendable {
        public var touches = 0
        public var maximumSimultaneous = 0
        public var cancelled = 0
        public var frames = 0
        /// Keys pressed, for a keyboard.
        public var keys = 0
        var down: Set<Int> = []
    }

    public private(set) var devices: [Int: DeviceTotals] = [:]

    public init() {}

    public mutating func add(_ record: TouchRecord) {
        var totals = devices[record.device] ?? DeviceTotals()
        switch record.phase {
        case .began:
            totals.touches += 1
            totals.down.insert(record.touch)
            totals.maximumSimultaneous = max(totals.maximumSimultaneous, totals.down.count)
        case .ended:
            totals.down.remove(record.touch)
        case .cancelled:
            totals.down.remove(record.touch)
            totals.cancelled += 1
        case .moved, .stationary:
            break
        }
        totals.frames = max(totals.frames, record.frame + 1)
        devices[record.device] = totals
    }

    public mutating func add(_ record: KeyRecord) {
        var totals = devices[record.device] ?? DeviceTotals()
        if record.phase == .began { totals.keys += 1 }
        if record.phase == .cancelled { totals.cancelled += 1 }
        totals.frames = max(totals.frames, record.frame + 1)
        devices[record.device] = totals
    }

    /// Touches still down: after a replay ends, always zero.
    public var touchesLeftDown: Int { devices.values.reduce(0) { $0 + $1.down.count } }

    /// One line per recording: "NAME: 2 touches, at most 2 at once, 0 cancelled, 695 events".
    public func report(for recordings: [Recording]) -> String {
        var out = ""
        for (index, recording) in recordings.enumerated() {
            let totals = devices[index] ?? DeviceTotals()
            if recording.device?.kind == .keyboard {
                out += "\(recording.device?.name ?? "?"): \(totals.keys) key\(totals.keys == 1 ? "" : "s") pressed, "
                out += "\(totals.cancelled) cancelled, \(recording.events.count) events\n"
                continue
            }
            out += "\(recording.device?.name ?? "?"): \(totals.touches) touches, "
            out += "at most \(totals.maximumSimultaneous) at once, \(totals.cancelled) cancelled, "
            out += "\(recording.events.count) events\n"
        }
        return out
    }

    /// "  12.345678  touch 3  began     at (120.5, 33.0)  taps 1"
    public static func textLine(_ record: TouchRecord) -> String {
        let phase = "\(record.phase)".padded(to: 9)
        return "  \(record.time)  touch \(record.touch)  \(phase) at (\(TouchRecord.rounded(record.x)), "
            + "\(TouchRecord.rounded(record.y)))  taps \(record.tapCount)"
    }
}
