/// What happened at one moment: for touches, everything one kernel frame said.
@MainActor
public final class Event {
    public enum EventType: Sendable { case touches, presses, motion, remoteControl }

    public enum Subtype: Sendable {
        case none
        case motionShake
        case remoteControlPlay, remoteControlPause, remoteControlStop, remoteControlTogglePlayPause
        case remoteControlNextTrack, remoteControlPreviousTrack
        case remoteControlBeginSeekingBackward, remoteControlEndSeekingBackward
        case remoteControlBeginSeekingForward, remoteControlEndSeekingForward
        /// A keyboard's or remote's volume keys. Not in UIKit, which keeps
        /// them for the system: a kiosk app sets its own volume.
        case remoteControlVolumeUp, remoteControlVolumeDown, remoteControlMute
    }

    public let type: EventType
    public let subtype: Subtype
    // Set again when a touch event is reused for the next frame (`refill`).
    @exclusivity(unchecked) public private(set) var timestamp: Double
    @exclusivity(unchecked) private var touchesInEvent: [Touch]
    public let presses: Set<Press>
    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (TouchUI/View.swift).
    @exclusivity(unchecked) private var coalesced: [ObjectIdentifier: [Touch]] = [:]

    /// A touch event; `coalescedSamples` holds, for touches whose moves were
    /// merged into this event, the samples before the current one, oldest first.
    public init(touches: [Touch], timestamp: Double, coalescedSamples: [Touch: [Touch]] = [:]) {
        type = .touches
        subtype = .none
        self.timestamp = timestamp
        touchesInEvent = touches
        presses = []
        for (touch, samples) in coalescedSamples { coalesced[ObjectIdentifier(touch)] = samples }
    }

    /// Takes the event's list of touches out, for the host to refill in
    /// place and hand back with `refill`: a frame's event, reused when
    /// nothing holds it, makes no list either.
    package func takeTouches() -> [Touch] {
        var touches: [Touch] = []
        swap(&touches, &touchesInEvent)
        return touches
    }

    /// Makes this touch event the next frame's, as UIKit reuses its
    /// UIEvent: for the host, once nothing else holds the event.
    package func refill(touches: [Touch], timestamp: Double, coalescedSamples: [Touch: [Touch]]) {
        self.timestamp = timestamp
        touchesInEvent = touches
        if !coalesced.isEmpty { coalesced.removeAll() }
        for (touch, samples) in coalescedSamples { coalesced[ObjectIdentifier(touch)] = samples }
    }

    public init(presses: Set<Press>, timestamp: Double) {
        type = .presses
        subtype = .none
        self.timestamp = timestamp
        touchesInEvent = []
        self.presses = presses
    }

    public init(type: EventType, subtype: Subtype, timestamp: Double) {
        self.type = type
        self.subtype = subtype
        self.timestamp = timestamp
        touchesInEvent = []
        presses = []
    }

    /// Every touch of the event, changed or not; nil for events without touches.
    public var allTouches: Set<Touch>? { type == .touches ? Set(touchesInEvent) : nil }

    /// The touches in the order the kernel reported them.
    public var orderedTouches: [Touch] { touchesInEvent }

    public func touches(for view: View) -> Set<Touch>? {
        guard type == .touches else { return nil }
        return Set(touchesInEvent.filter { $0.view === view && $0.isDelivered })
    }

    public func touches(for window: Window) -> Set<Touch>? {
        guard type == .touches else { return nil }
        return Set(touchesInEvent.filter { $0.window === window })
    }

    /// The samples of `touch` merged into this event when frames came faster
    /// than they were handled, oldest first, ending with the touch as it is now.
    public func coalescedTouches(for touch: Touch) -> [Touch]? {
        guard touchesInEvent.contains(touch) else { return nil }
        return (coalesced[ObjectIdentifier(touch)] ?? []) + [touch]
    }

    /// Where `touch` is expected to be one display frame (1/60 s) after its
    /// last sample, as UIEvent.predictedTouches(for:): nil when the touch is
    /// not in the event; empty when nothing can be predicted (the touch
    /// ended or was cancelled, it has held still for longer than
    /// TouchPredictor.window, or it has too few recent samples); otherwise one
    /// predicted touch, phase moved, whose previous location is the touch's
    /// real one (a stationary touch, one another finger's frame lists, gets
    /// none). Draw ink to it to keep up with the finger, and replace it
    /// when the next event comes: it is a guess, never a sample.
    public func predictedTouches(for touch: Touch) -> [Touch]? {
        guard touchesInEvent.contains(touch) else { return nil }
        guard !touch.phase.isFinal, touch.phase != .stationary,
            timestamp - touch.timestamp <= TouchPredictor.window,
            let location = touch.predictedLocationInWindow(after: Self.predictionInterval)
        else { return [] }
        let predicted = touch.snapshot()
        predicted.update(phase: .moved, location: location, timestamp: touch.timestamp + Self.predictionInterval)
        return [predicted]
    }

    /// How far ahead predictedTouches(for:) looks: one frame of a 60 Hz display, in seconds.
    public static let predictionInterval = 1.0 / 60
}
