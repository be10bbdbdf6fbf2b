import Dispatch
import Glibc
import Synchronization

/// Why a live capture stopped.
public enum CaptureEnd: Equatable, Sendable {
    case frameLimit
    case timeLimit
    case interrupted
    /// The device went away (unplugged, or a virtual device destroyed).
    case removed(reason: String)
}

/// Reads a live device from a DispatchSource until a limit, a signal
/// (SIGINT, SIGTERM) or the device's removal, handing each batch of events
/// to `onEvents` on the reading queue. Blocks the caller until then, so
/// `onEvents` need not be Sendable: it runs on that queue alone (checked)
/// while its owner waits.
///
/// `readingDelay` leaves the device unread for that many seconds first: the
/// kernel keeps queueing its events meanwhile, and when they are more than
/// its buffer holds, reading starts with SYN_DROPPED and libevdev's resync.
public func captureEvents(
    from device: InputDevice, frameLimit: Int? = nil, timeLimit: Double? = nil, readingDelay: Double = 0,
    onEvents: @escaping ([InputEvent]) -> Void
) -> CaptureEnd {
    let queue = DispatchQueue(label: "touchbridge.capture")
    let onEvents = OnQueue(onEvents, queue)
    let finished = DispatchSemaphore(value: 0)
    let state = Mutex<(frames: Int, end: CaptureEnd?)>((0, nil))
    let finish: @Sendable (CaptureEnd) -> Void = { end in
        let first = state.withLock { state -> Bool in
            guard state.end == nil else { return false }
            state.end = end
            return true
        }
        if first { finished.signal() }
    }

    var signalSources: [any DispatchSourceSignal] = []
    for number in [SIGINT, SIGTERM] {
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        source.setEventHandler { finish(.interrupted) }
        source.resume()
        signalSources.append(source)
    }
    let handle = { @Sendable (update: InputDeviceUpdate) in
        switch update {
        case .events(let events):
            onEvents.value(events)
            let frames = events.reduce(0) { $0 + ($1.isFrameEnd ? 1 : 0) }
            let total = state.withLock { state -> Int in
                state.frames += frames
                return state.frames
            }
            if let frameLimit, total >= frameLimit { finish(.frameLimit) }
        case .removed(let errno):
            finish(.removed(reason: errno.removalReason))
        }
    }
    let startReading = { @Sendable in
        // Ended before reading began (a signal, a time limit within the delay): nothing to start.
        guard state.withLock({ $0.end == nil }) else { return }
        do {
            try device.startReading(on: queue, handler: handle)
        } catch {
            finish(.removed(reason: "\(error)"))
        }
    }
    queue.asyncAfter(deadline: .now() + max(0, readingDelay), execute: startReading)
    if let timeLimit {
        queue.asyncAfter(deadline: .now() + timeLimit) { finish(.timeLimit) }
    }
    finished.wait()
    queue.sync {
        device.stopReading()
        for source in signalSources { source.cancel() }
    }
    for number in [SIGINT, SIGTERM] { signal(number, SIG_DFL) }
    return state.withLock { $0.end ?? .interrupted }
}

/// A value handed to closures that run on one serial queue, and used there
/// only: `value` checks it.
private final class OnQueue<Value>: @unchecked Sendable {
    private let wrapped: Value
    private let queue: DispatchQueue

    init(_ value: Value, _ queue: DispatchQueue) { (wrapped, self.queue) = (value, queue) }

    var value: Value {
        dispatchPrecondition(condition: .onQueue(queue))
        return wrapped
    }
}
