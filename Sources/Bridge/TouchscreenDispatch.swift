import KernelInput

/// Touch numbers shared by several devices, so that touches from
/// different devices never share an identity. Used on one thread.
final class SharedTouchNumbering {
    // @exclusivity(unchecked), as on the views' hot properties (TouchUI/View.swift, above View.superview): one thread, plain assignments.
    @exclusivity(unchecked) var numbering = TouchNumbering()
}

/// A touchscreen's events, as libevdev delivers them (SYN_DROPPED followed by
/// a resync) or as a recording plays them, become TouchRecords through its
/// contact tracker and the screen mapping. A lift lost in an overflow comes
/// out as `cancelled`; so does every touch still down when the device goes
/// away or the feed stops.
///
/// Used from one thread at a time (the one that reads the device).
public final class TouchscreenDispatch: DeviceDispatch {
    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (TouchUI/View.swift).
    @exclusivity(unchecked) private var device: TouchDevice
    private let numbering: SharedTouchNumbering
    private let resyncs: Bool
    @exclusivity(unchecked) private var lastTime = EventTime.zero
    private let node: String
    private let warn: (String) -> Void
    /// SYN_DROPPED seen so far.
    @exclusivity(unchecked) public private(set) var overflows = 0
    /// A read's contact frames, kept between reads so that one allocates no list for them
    /// (taken while in use, so a read nested in another makes its own).
    @exclusivity(unchecked) private var contactFrames: [ContactFrame] = []
    /// The records last posted: once their taker has let them go, the next frame's are
    /// written in the same room rather than a new list.
    @exclusivity(unchecked) private var lastRecords: [TouchRecord] = []

    /// A live touchscreen of its own (its touches numbered apart from any other's).
    public convenience init(
        _ description: DeviceDescription, node: String, options: InputOptions,
        warn: @escaping (String) -> Void
    ) throws {
        try self.init(description, node: node, options: options, index: 0, numbering: SharedTouchNumbering(), warn: warn)
    }

    /// `dropPolicy`: live devices resynchronize after SYN_DROPPED; a recording
    /// has no device to ask, so what the overflow lost is cancelled.
    init(
        _ description: DeviceDescription, node: String, options: InputOptions, index: Int, screen: Int = 0,
        numbering: SharedTouchNumbering, dropPolicy: DropPolicy = .resyncFollows, warn: @escaping (String) -> Void
    ) throws {
        device = try TouchDevice(
            description, index: index, source: node, options: options, dropPolicy: dropPolicy, screen: screen, warn: warn)
        self.numbering = numbering
        resyncs = dropPolicy == .resyncFollows
        self.node = node
        self.warn = warn
    }

    /// Touches of this device that are down now.
    public var touchesDown: Int { device.contactsDown }

    public func process(_ events: ArraySlice<InputEvent>, post: (InputHubOutput) -> Void) {
        guard let last = events.last else { return }
        lastTime = last.time
        if resyncs {
            let dropped = events.count { $0.type == EventType.syn && $0.code == SynCode.dropped }
            if dropped > 0 {
                overflows += dropped
                let total = overflows > 1 ? " (\(overflows) overflows so far)" : ""
                warn("\(node): the kernel's buffer overflowed (SYN_DROPPED); resynchronized through libevdev\(total)")
                post(.note(.resynced(devnode: node, dropped: dropped)))
            }
        }
        // Frames first, then delivered: delivering reads the device the tracker belongs to.
        var frames = contactFrames
        contactFrames = []
        defer {
            frames.removeAll(keepingCapacity: true)
            contactFrames = frames
        }
        events.withUnsafeBufferPointer { device.tracker.process($0) { frames.append($0) } }
        for frame in frames {
            device.deliver(frame) { frame, device in
                var records = lastRecords
                lastRecords = []
                records.removeAll(keepingCapacity: true)
                numbering.numbering.report(frame, from: device) { records.append($0) }
                if !records.isEmpty { post(.frame(records)) }
                lastRecords = records
            }
        }
    }

    @discardableResult
    public func finish(post: (InputHubOutput) -> Void) -> Int {
        guard device.tracker.finish(at: lastTime) else { return 0 }
        var records: [TouchRecord] = []
        device.deliver(device.tracker.frame) { numbering.numbering.report($0, from: $1) { records.append($0) } }
        if !records.isEmpty { post(.frame(records)) }
        return records.count
    }
}
