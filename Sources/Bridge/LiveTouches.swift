import KernelInput

/// Touches from a live device: its events, as libevdev delivers them
/// (SYN_DROPPED followed by a resync), become TouchRecords. A lift lost in
/// an overflow comes out as `cancelled`; so does every touch still down when
/// the device goes away or the feed stops.
///
/// Used from one queue at a time (the one that reads the device).
public final class LiveTouches: @unchecked Sendable {
    private var device: TouchDevice
    private var numbering = TouchNumbering()
    private var lastTime = EventTime.zero
    private let node: String
    private let warn: (String) -> Void

    public init(
        _ description: DeviceDescription, node: String, options: ReplayOptions,
        warn: @escaping (String) -> Void
    ) throws {
        device = try TouchDevice(
            description, index: 0, source: node, options: options, dropPolicy: .resyncFollows, warn: warn)
        self.node = node
        self.warn = warn
    }

    public func handle(_ events: [InputEvent], emit: (TouchRecord) -> Void) {
        guard let last = events.last else { return }
        lastTime = last.time
        if events.contains(where: { $0.type == EventType.syn && $0.code == SynCode.dropped }) {
            warn("\(node): the kernel's buffer overflowed (SYN_DROPPED); resynchronized through libevdev")
        }
        var frames: [ContactFrame] = []
        device.tracker.process(events) { frames.append($0) }
        for frame in frames { numbering.report(frame, from: device, emit: emit) }
    }

    /// The device went away, or the feed stops: whatever is down is cancelled.
    public func finish(emit: (TouchRecord) -> Void) {
        if device.tracker.finish(at: lastTime) { numbering.report(device.tracker.frame, from: device, emit: emit) }
    }
}
