import KernelInput

/// Plays recordings through the contact tracker and the screen mapping and
/// hands out one TouchRecord per touch that changed in a frame.
public struct TouchReplay {
    public var options: InputOptions

    public init(options: InputOptions) { self.options = options }

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
        // The dispatches keep `warn`, and end with this call.
        try withoutActuallyEscaping(warn) { warn in try play(recordings, warn: warn, onFrame: onFrame, onKeys: onKeys) }
    }

    private func play(
        _ recordings: [Recording], warn: @escaping (String) -> Void, onFrame: ([TouchRecord]) -> Void,
        onKeys: ([KeyRecord]) -> Void
    ) throws {
        let numbering = SharedTouchNumbering()
        var devices: [RecordedDevice] = []
        var warned: Set<String> = []
        let warnOnce = { (message: String) in if warned.insert(message).inserted { warn(message) } }
        var keymap: Keymap?
        for (index, recording) in recordings.enumerated() {
            guard let device = recording.device else { continue }
            var context = DispatchContext(
                node: recording.source, index: index, options: options, numbering: numbering,
                keymap: {
                    if let keymap { return keymap }
                    do throws(KeymapError) {
                        keymap = try Keymap(options.keymap)
                        return keymap!
                    } catch {
                        throw RecordingError(file: recording.source, "'\(device.name)' is a keyboard, and \(error.message)")
                    }
                }, warn: warnOnce)
            context.dropPolicy = .discardAndCancel
            let dispatch = try context.dispatch(for: device) { .of($0) }
            devices.append(RecordedDevice(dispatch: dispatch, recording: recording))
        }
        var start = 0
        while start < devices.count {
            var end = start + 1
            while end < devices.count, devices[end].recording.eventsSource == devices[start].recording.eventsSource {
                end += 1
            }
            playMerged(&devices[start..<end]) { output in
                switch output {
                case .frame(let records): onFrame(records)
                case .keys(let records): onKeys(records)
                case .scanned, .note: break
                }
            }
            start = end
        }
    }

    private func playMerged(_ group: inout ArraySlice<RecordedDevice>, post: (InputHubOutput) -> Void) {
        while true {
            var next: Int?
            for index in group.indices where !group[index].isFinished {
                if next == nil || group[index].nextTime < group[next!].nextTime { next = index }
            }
            guard let index = next else { return }
            group[index].step(post: post)
        }
    }
}

/// A recording's events on their way through its device's dispatch, a frame at a time.
struct RecordedDevice {
    let dispatch: any DeviceDispatch
    let recording: Recording
    var position = 0
    var isFinished: Bool

    init(dispatch: any DeviceDispatch, recording: Recording) {
        self.dispatch = dispatch
        self.recording = recording
        isFinished = recording.events.isEmpty
    }

    /// The time of the next event; at the end, the last one's (when what is still down gets cancelled).
    var nextTime: EventTime { recording.events[min(position, recording.events.count - 1)].time }

    /// Feeds the next frame; at the end of the events, cancels what is still down.
    /// One frame a step, so that devices of one file play in time order even
    /// where a frame means nothing.
    mutating func step(post: (InputHubOutput) -> Void) {
        let events = recording.events
        guard position < events.count else {
            isFinished = true
            dispatch.finish(post: post)
            return
        }
        var end = position
        while end < events.count - 1 && !events[end].isFrameEnd { end += 1 }
        dispatch.process(events[position...end], post: post)
        position = end + 1
    }
}
