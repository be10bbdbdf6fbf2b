import TouchUI

extension Application {
    /// A finger down on `point` of `window` at `time` and up 50 ms later, the clock moved on with it.
    func tap(_ point: Point, in window: Window, at time: Double) {
        virtualTimeline.advance(to: time)
        let finger = Touch(timestamp: time, location: point, window: window)
        sendEvent(Event(touches: [finger], timestamp: time))
        finger.update(phase: .ended, location: point, timestamp: time + 0.05)
        virtualTimeline.advance(to: time + 0.05)
        sendEvent(Event(touches: [finger], timestamp: time + 0.05))
    }
}
