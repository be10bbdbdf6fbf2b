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

    private struct Key: Equatable {
        var device: Int
        var contact: Int
    }

    private var nextTouch = 0
    // Short lists searched in turn, not dictionaries: a screen has a handful of contacts
    // and devices, and a frame of moves then hashes nothing (three hashes a contact before).
    private var live: [(key: Key, state: Live)] = []
    private var tapCounters: [(device: Int, counter: TapCounter)] = []

    mutating func report(_ frame: ContactFrame, from device: TouchDevice, emit: (TouchRecord) -> Void) {
        for contact in frame.contacts where contact.phase != .stationary {
            let key = Key(device: device.index, contact: contact.id)
            let (x, y) = device.mapping.map(x: contact.x, y: contact.y)
            let location = Point(x: x, y: y)
            let seconds = frame.time.seconds
            let state: Live
            switch contact.phase {
            case .began:
                let taps = tapCounterIndex(for: device.index)
                state = Live(touch: nextTouch, tapCount: tapCounters[taps].counter.touchBegan(at: location, time: seconds), began: location)
                nextTouch += 1
                if let index = liveIndex(key) { live[index].state = state } else { live.append((key, state)) }
            case .moved, .stationary:
                guard let index = liveIndex(key) else { continue }
                state = live[index].state
            case .ended:
                guard let index = liveIndex(key) else { continue }
                state = live.remove(at: index).state
                let taps = tapCounterIndex(for: device.index)
                tapCounters[taps].counter.touchEnded(tapCount: state.tapCount, beganAt: state.began, endedAt: location, time: seconds)
            case .cancelled:
                guard let index = liveIndex(key) else { continue }
                state = live.remove(at: index).state
                tapCounters[tapCounterIndex(for: device.index)].counter.touchCancelled()
            }
            emit(
                TouchRecord(
                    time: frame.time, touch: state.touch, phase: contact.phase, x: x, y: y, tapCount: state.tapCount,
                    force: device.force(contact), majorRadius: device.majorRadius(contact), device: device.index,
                    frame: frame.index, screen: device.screen))
        }
    }

    private func liveIndex(_ key: Key) -> Int? {
        for index in live.indices where live[index].key == key { return index }
        return nil
    }

    /// The device's tap counter's place in the list, made on the device's first touch.
    private mutating func tapCounterIndex(for device: Int) -> Int {
        for index in tapCounters.indices where tapCounters[index].device == device { return index }
        tapCounters.append((device, TapCounter()))
        return tapCounters.count - 1
    }
}
