import KernelInput

/// Plays recordings through the contact tracker and the screen mapping and
/// hands out one TouchRecord per touch that changed in a frame.
public struct TouchReplay {
    public var options: ReplayOptions

    public init(options: ReplayOptions) { self.options = options }

    /// Recordings from one file (several devices of one libinput record, or
    /// evtest sessions) play merged by time; separate files play one after another.
    public func run(
        _ recordings: [Recording], warn: (String) -> Void, emit: (TouchRecord) -> Void
    ) throws {
        try run(recordings, warn: warn, onFrame: { $0.forEach(emit) })
    }

    /// As `run(_:warn:emit:)`, a frame at a time: the records of the touches
    /// that changed in one frame of one device (never empty).
    public func run(
        _ recordings: [Recording], warn: (String) -> Void, onFrame: ([TouchRecord]) -> Void
    ) throws {
        var touches = TouchNumbering()
        var devices: [RecordedDevice] = []
        var warned: Set<String> = []
        let warnOnce = { (message: String) in if warned.insert(message).inserted { warn(message) } }
        for (index, recording) in recordings.enumerated() {
            guard let device = recording.device else { continue }
            let touchDevice = try TouchDevice(
                device, index: index, source: recording.source, options: options, dropPolicy: .discardAndCancel,
                warn: warnOnce)
            devices.append(RecordedDevice(device: touchDevice, recording: recording))
        }
        var start = 0
        while start < devices.count {
            var end = start + 1
            while end < devices.count, devices[end].recording.eventsSource == devices[start].recording.eventsSource {
                end += 1
            }
            playMerged(&devices[start..<end], touches: &touches, onFrame: onFrame)
            start = end
        }
    }

    private func playMerged(
        _ group: inout ArraySlice<RecordedDevice>, touches: inout TouchNumbering, onFrame: ([TouchRecord]) -> Void
    ) {
        while true {
            var next: Int?
            for index in group.indices where !group[index].isFinished {
                if next == nil || group[index].nextTime < group[next!].nextTime { next = index }
            }
            guard let index = next else { return }
            if let frame = group[index].step() {
                group[index].device.deliver(frame) { frame, device in
                    var records: [TouchRecord] = []
                    touches.report(frame, from: device) { records.append($0) }
                    if !records.isEmpty { onFrame(records) }
                }
            }
        }
    }
}

/// A recording's events on their way through its device's tracker, a frame at a time.
struct RecordedDevice {
    var device: TouchDevice
    let recording: Recording
    var position = 0
    var isFinished: Bool

    init(device: TouchDevice, recording: Recording) {
        self.device = device
        var recording = recording
        if let remap = device.remap { remap.apply(&recording.events) }
        self.recording = recording
        isFinished = recording.events.isEmpty
    }

    /// The time of the next event; at the end, the last one's (when what is still down gets cancelled).
    var nextTime: EventTime { recording.events[min(position, recording.events.count - 1)].time }

    /// Feeds events up to the next frame; at the end of the events, cancels what is still down.
    mutating func step() -> ContactFrame? {
        let events = recording.events
        while position < events.count {
            var end = position
            while end < events.count - 1 && !events[end].isFrameEnd { end += 1 }
            var completed: ContactFrame?
            events.withUnsafeBufferPointer { all in
                device.tracker.process(UnsafeBufferPointer(rebasing: all[position...end])) { completed = $0 }
            }
            position = end + 1
            if let completed { return completed }
        }
        isFinished = true
        let lastTime = recording.events.last?.time ?? .zero
        return device.tracker.finish(at: lastTime) ? device.tracker.frame : nil
    }
}
