import KernelInput

/// Touch numbers shared by several live devices, so that touches from
/// different devices never share an identity. Used on one queue.
final class SharedTouchNumbering {
    var numbering = TouchNumbering()
}

/// Touches from a live device: its events, as libevdev delivers them
/// (SYN_DROPPED followed by a resync), become TouchRecords. A lift lost in
/// an overflow comes out as `cancelled`; so does every touch still down when
/// the device goes away or the feed stops.
///
/// Used from one queue at a time (the one that reads the device).
public final class LiveTouches: @unchecked Sendable {
    private var device: TouchDevice
    private let numbering: SharedTouchNumbering
    private var lastTime = EventTime.zero
    private let node: String
    private let warn: (String) -> Void
    /// SYN_DROPPED seen so far.
    public private(set) var overflows = 0

    public convenience init(
        _ description: DeviceDescription, node: String, options: InputMapping,
        warn: @escaping (String) -> Void
    ) throws {
        try self.init(description, node: node, options: options, index: 0, numbering: SharedTouchNumbering(), warn: warn)
    }

    init(
        _ description: DeviceDescription, node: String, options: InputMapping, index: Int, screen: Int = 0,
        numbering: SharedTouchNumbering, warn: @escaping (String) -> Void
    ) throws {
        device = try TouchDevice(
            description, index: index, source: node, options: options, dropPolicy: .resyncFollows, screen: screen, warn: warn)
        self.numbering = numbering
        self.node = node
        self.warn = warn
    }

    /// Touches of this device that are down now.
    public var touchesDown: Int { device.contactsDown }

    public func handle(_ events: [InputEvent], emit: (TouchRecord) -> Void) {
        handle(events, emitFrame: { records in records.forEach(emit) })
    }

    /// As `handle(_:emit:)`, a frame's records at a time.
    public func handle(_ events: [InputEvent], emitFrame: ([TouchRecord]) -> Void) {
        guard let last = events.last else { return }
        var events = events
        device.remap?.apply(&events)
        lastTime = last.time
        let dropped = events.count { $0.type == EventType.syn && $0.code == SynCode.dropped }
        if dropped > 0 {
            overflows += dropped
            warn("\(node): the kernel's buffer overflowed (SYN_DROPPED); resynchronized through libevdev")
        }
        var frames: [ContactFrame] = []
        device.tracker.process(events) { frames.append($0) }
        for frame in frames {
            device.deliver(frame) { frame, device in
                var records: [TouchRecord] = []
                numbering.numbering.report(frame, from: device) { records.append($0) }
                if !records.isEmpty { emitFrame(records) }
            }
        }
    }

    /// The device went away, or the feed stops: whatever is down is cancelled.
    public func finish(emit: (TouchRecord) -> Void) {
        guard device.tracker.finish(at: lastTime) else { return }
        device.deliver(device.tracker.frame) { numbering.numbering.report($0, from: $1, emit: emit) }
    }
}
