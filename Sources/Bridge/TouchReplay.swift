import KernelInput
import TouchUI

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
        var touches = TouchIdentities()
        var devices: [DeviceStream] = []
        var warned: Set<String> = []
        let warnOnce = { (message: String) in if warned.insert(message).inserted { warn(message) } }
        for (index, recording) in recordings.enumerated() {
            guard let stream = try DeviceStream(recording, index: index, options: options, warn: warnOnce) else {
                continue
            }
            devices.append(stream)
        }
        var start = 0
        while start < devices.count {
            var end = start + 1
            while end < devices.count, devices[end].source == devices[start].source { end += 1 }
            playMerged(&devices[start..<end], touches: &touches, emit: emit)
            start = end
        }
    }

    private func playMerged(
        _ group: inout ArraySlice<DeviceStream>, touches: inout TouchIdentities, emit: (TouchRecord) -> Void
    ) {
        while true {
            var next: Int?
            for index in group.indices where !group[index].isFinished {
                if next == nil || group[index].nextTime < group[next!].nextTime { next = index }
            }
            guard let index = next else { return }
            if let frame = group[index].step() {
                touches.report(frame, from: group[index], emit: emit)
            }
        }
    }
}

/// One device's events on their way through its own tracker.
struct DeviceStream {
    let index: Int
    let source: String
    let recording: Recording
    let mapping: ScreenMapping
    let pressureAxis: AbsInfo?
    let hasTouchMajor: Bool
    var tracker: ContactTracker
    var position = 0
    var isFinished = false

    init?(_ recording: Recording, index: Int, options: ReplayOptions, warn: (String) -> Void) throws {
        guard let device = recording.device else { return nil }
        let place = recording.source
        switch device.kind {
        case .touchscreen, .tablet:
            break
        case .probableTouchscreen:
            warn(
                "\(place): warning: '\(device.name)' does not declare INPUT_PROP_DIRECT; "
                    + "replaying it as a touchscreen")
        case .touchpad:
            guard options.allowTouchpads else {
                throw RecordingError(
                    file: place,
                    "'\(device.name)' is a touchpad (no INPUT_PROP_DIRECT), not a touchscreen: its positions are "
                        + "not screen positions; pass --allow-touchpad to replay it anyway")
            }
            warn("\(place): warning: '\(device.name)' is a touchpad; replaying it as a touchscreen")
        case .other:
            throw RecordingError(file: place, "'\(device.name)' has no absolute X/Y axes: it is not a touch device")
        }
        guard let mapping = options.mapping(for: device) else {
            throw RecordingError(file: place, "'\(device.name)' has no absolute X/Y axes: it is not a touch device")
        }
        self.index = index
        self.source = recording.eventsSource
        self.recording = recording
        self.mapping = mapping
        let multitouch = device.multitouchProtocol != .singleTouch
        pressureAxis = device.absInfo[multitouch ? AbsCode.mtPressure : AbsCode.pressure]
        hasTouchMajor = multitouch && device.absInfo[AbsCode.mtTouchMajor] != nil
        tracker = ContactTracker(device: device, dropPolicy: .discardAndCancel)
        isFinished = recording.events.isEmpty
    }

    /// The time of the next event; at the end, the last one's (when what is still down gets cancelled).
    var nextTime: EventTime { recording.events[min(position, recording.events.count - 1)].time }

    /// Feeds events up to the next frame; at the end of the events, cancels what is still down.
    mutating func step() -> ContactFrame? {
        while position < recording.events.count {
            let event = recording.events[position]
            position += 1
            if tracker.process(event) { return tracker.frame }
        }
        isFinished = true
        let lastTime = recording.events.last?.time ?? .zero
        return tracker.finish(at: lastTime) ? tracker.frame : nil
    }

    func force(_ contact: Contact) -> Double? {
        guard let axis = pressureAxis else { return nil }
        return Double(Int64(contact.pressure) - Int64(axis.minimum)) / Double(Int64(axis.maximum) - Int64(axis.minimum))
    }
}

/// Gives touches their run-wide numbers and tap counts.
struct TouchIdentities {
    private struct Live {
        var touch: Int
        var tapCount: Int
        var began: Point
    }

    private var nextTouch = 0
    private var live: [TouchKey: Live] = [:]
    private var tapCounters: [Int: TapCounter] = [:]

    private struct TouchKey: Hashable {
        var device: Int
        var contact: Int
    }

    mutating func report(_ frame: ContactFrame, from stream: DeviceStream, emit: (TouchRecord) -> Void) {
        for contact in frame.contacts where contact.phase != .stationary {
            let key = TouchKey(device: stream.index, contact: contact.id)
            let (x, y) = stream.mapping.map(x: contact.x, y: contact.y)
            let location = Point(x: x, y: y)
            let seconds = frame.time.seconds
            var taps = tapCounters[stream.index] ?? TapCounter()
            let state: Live
            switch contact.phase {
            case .began:
                state = Live(touch: nextTouch, tapCount: taps.touchBegan(at: location, time: seconds), began: location)
                nextTouch += 1
                live[key] = state
            case .moved, .stationary:
                guard let known = live[key] else { continue }
                state = known
            case .ended:
                guard let known = live.removeValue(forKey: key) else { continue }
                state = known
                taps.touchEnded(tapCount: known.tapCount, beganAt: known.began, endedAt: location, time: seconds)
            case .cancelled:
                guard let known = live.removeValue(forKey: key) else { continue }
                state = known
                taps.touchCancelled()
            }
            tapCounters[stream.index] = taps
            emit(
                TouchRecord(
                    time: frame.time, touch: state.touch, phase: contact.phase, x: x, y: y, tapCount: state.tapCount,
                    force: stream.force(contact),
                    majorRadius: stream.hasTouchMajor ? stream.mapping.scaleX(Double(contact.touchMajor)) / 2 : nil,
                    device: stream.index, frame: frame.index))
        }
    }
}
