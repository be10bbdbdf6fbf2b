import KernelInput
import TouchUI

/// Gives touches their run-wide numbers and tap counts, and turns a frame's
/// changed contacts into TouchRecords.
struct TouchNumbering {
    private struct Live {
        var touch: Int
        var tapCount: Int
        var began: Point
    }

    private struct Key: Hashable {
        var device: Int
        var contact: Int
    }

    private var nextTouch = 0
    private var live: [Key: Live] = [:]
    private var tapCounters: [Int: TapCounter] = [:]

    mutating func report(_ frame: ContactFrame, from device: TouchDevice, emit: (TouchRecord) -> Void) {
        for contact in frame.contacts where contact.phase != .stationary {
            let key = Key(device: device.index, contact: contact.id)
            let (x, y) = device.mapping.map(x: contact.x, y: contact.y)
            let location = Point(x: x, y: y)
            let seconds = frame.time.seconds
            var taps = tapCounters[device.index] ?? TapCounter()
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
            tapCounters[device.index] = taps
            emit(
                TouchRecord(
                    time: frame.time, touch: state.touch, phase: contact.phase, x: x, y: y, tapCount: state.tapCount,
                    force: device.force(contact), majorRadius: device.majorRadius(contact), device: device.index,
                    frame: frame.index, screen: device.screen))
        }
    }
}
