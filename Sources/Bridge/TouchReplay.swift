import KernelInput

/// Plays recordings through the contact tracker and the screen mapping and
/// hands out one TouchRecord per touch that changed in a frame.
public struct TouchReplay {
    public var options: InputMapping

    public init(options: InputMapping) { self.options = options }

    /// Recordings from one file (several devices of one libinput record, or
    /// evtest sessions) play merged by time; separate files play one after another.
    public func run(
        _ recordings: [Recording], warn: (String) -> Void, emit: (TouchRecord) -> Void
    ) throws {
        try run(recordings, warn: warn, onFrame: { $0.forEach(emit) })
    }

    /// As `run(_:warn:emit:)`, a frame at a time: the records of the touches
    /// that changed in one frame of one device (never empty). A keyboard's
    /// keys, read through `options.keymap`, go to `onKeys` a frame at a time,
    /// in time order with the touches of the same file.
    public func run(
        _ recordings: [Recording], warn: (String) -> Void, onFrame: ([TouchRecord]) -> Void,
        onKeys: ([KeyRecord]) -> Void = { _ in }
    ) throws {
        var touches = TouchNumbering()
        var devices: [RecordedDevice] = []
        var warned: Set<String> = []
        let warnOnce = { (message: String) in if warned.insert(message).inserted { warn(message) } }
        var keymap: Keymap?
        for (index, recording) in recordings.enumerated() {
            guard let device = recording.device else { continue }
            if device.kind == .keyboard {
                if keymap == nil {
                    do throws(KeymapError) {
                        keymap = try Keymap(options.keymap)
                    } catch {
                        throw RecordingError(file: recording.source, "'\(device.name)' is a keyboard, and \(error.message)")
                    }
                }
                devices.append(RecordedDevice(keys: KeyDevice(index: index, keymap: keymap!, turnsKnob: device.isKnob), recording: recording))
                continue
            }
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
            playMerged(&devices[start..<end], touches: &touches, onFrame: onFrame, onKeys: onKeys)
            start = end
        }
    }

    private func playMerged(
        _ group: inout ArraySlice<RecordedDevice>, touches: inout TouchNumbering, onFrame: ([TouchRecord]) -> Void,
        onKeys: ([KeyRecord]) -> Void
    ) {
        while true {
            var next: Int?
            for index in group.indices where !group[index].isFinished {
                if next == nil || group[index].nextTime < group[next!].nextTime { next = index }
            }
            guard let index = next else { return }
            switch group[index].step() {
            case .contacts(let frame):
                group[index].device!.deliver(frame) { frame, device in
                    var records: [TouchRecord] = []
                    touches.report(frame, from: device) { records.append($0) }
                    if !records.isEmpty { onFrame(records) }
                }
            case .keys(let records): onKeys(records)
            case nil: break
            }
        }
    }
}

/// A recording's events on their way through its device's tracker (or,
/// for a keyboard, its keymap), a frame at a time.
struct RecordedDevice {
    enum Step {
        case contacts(ContactFrame)
        case keys([KeyRecord])
    }

    var device: TouchDevice?
    let keys: KeyDevice?
    let recording: Recording
    var position = 0
    var isFinished: Bool
    private var frameIndex = 0

    init(device: TouchDevice, recording: Recording) {
        self.device = device
        keys = nil
        var recording = recording
        if let remap = device.remap { remap.apply(&recording.events) }
        self.recording = recording
        isFinished = recording.events.isEmpty
    }

    init(keys: KeyDevice, recording: Recording) {
        device = nil
        self.keys = keys
        self.recording = recording
        isFinished = recording.events.isEmpty
    }

    /// The time of the next event; at the end, the last one's (when what is still down gets cancelled).
    var nextTime: EventTime { recording.events[min(position, recording.events.count - 1)].time }

    /// Feeds events up to the next frame; at the end of the events, cancels what is still down.
    mutating func step() -> Step? {
        if let keys { return stepKeys(keys) }
        return stepContacts().map(Step.contacts)
    }

    private mutating func stepKeys(_ keys: KeyDevice) -> Step? {
        let events = recording.events
        while position < events.count {
            var end = position
            while end < events.count - 1 && !events[end].isFrameEnd { end += 1 }
            let records = keys.records(for: events[position...end], frame: frameIndex)
            frameIndex += 1
            position = end + 1
            if !records.isEmpty { return .keys(records) }
        }
        isFinished = true
        let cancelled = keys.cancelAll(at: events.last?.time ?? .zero, frame: frameIndex)
        return cancelled.isEmpty ? nil : .keys(cancelled)
    }

    private mutating func stepContacts() -> ContactFrame? {
        let events = recording.events
        while position < events.count {
            var end = position
            while end < events.count - 1 && !events[end].isFrameEnd { end += 1 }
            var completed: ContactFrame?
            events.withUnsafeBufferPointer { all in
                device!.tracker.process(UnsafeBufferPointer(rebasing: all[position...end])) { completed = $0 }
            }
            position = end + 1
            if let completed { return completed }
        }
        isFinished = true
        let lastTime = recording.events.last?.time ?? .zero
        return device!.tracker.finish(at: lastTime) ? device!.tracker.frame : nil
    }
}
