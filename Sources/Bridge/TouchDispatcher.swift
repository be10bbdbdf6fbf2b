import KernelInput
import TouchUI

/// Turns each frame's touch records into Touch objects (one per finger for
/// its whole life, updated in place) and one Event, and sends it through
/// the Application: touches are hit-tested once, when they begin.
@MainActor
public final class TouchDispatcher {
    public let application: Application
    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (TouchUI/View.swift).
    /// The window new touches go to; the key window when nil.
    @exclusivity(unchecked) public var window: Window?
    /// With several screens, the window shown on each, by `TouchRecord.screen`
    /// (in place of `window`); touches on a screen with no window go nowhere.
    @exclusivity(unchecked) public var screenWindows: [Window?] = []
    /// Pressure as UIKit scales it: 1.0 is an average touch.
    public static let maximumPossibleForce = 4.0

    /// The touches down now, oldest first, by the numbers their records
    /// give them. A list rather than a dictionary: a frame holds a handful
    /// of fingers, and comparing a few numbers costs less than hashing them.
    @exclusivity(unchecked) private var down: [(number: Int, touch: Touch)] = []
    /// The views of the touches in the last frame sent (only that frame's: nothing piles up).
    @exclusivity(unchecked) private var frameViews: [(number: Int, view: View?)] = []
    /// Touches whose number began again while they were down (their lift was
    /// lost): cancelled in the frame that replaces them, then let go.
    @exclusivity(unchecked) private var replaced: [Touch] = []
    /// The last frame's event, reused for the next while only this holds it.
    @exclusivity(unchecked) private var lastEvent: Event?
    /// The numbers a frame changed, kept between frames so that one allocates
    /// no list for them. Taken while in use (left empty), so a dispatch nested in another makes its own.
    @exclusivity(unchecked) private var changedNumbers: [Int] = []

    public init(application: Application, window: Window? = nil) {
        self.application = application
        self.window = window
        // Room for a hand, so the first to land does not grow the lists finger by finger.
        down.reserveCapacity(10)
        frameViews.reserveCapacity(10)
    }

    /// Touches down now, oldest first.
    public var activeTouches: [Touch] { down.map(\.touch) }

    /// The touch down with this number.
    private func touch(numbered number: Int) -> Touch? {
        for entry in down where entry.number == number { return entry.touch }
        return nil
    }

    /// Sends one frame's records as one Event; returns it.
    @discardableResult
    public func dispatch(_ records: [TouchRecord]) -> Event? {
        dispatch(onScreensWithWindows(records), coalescedSamples: [:])
    }

    /// Frames that piled up while the main actor was busy: a run of frames
    /// that only move touches already down becomes one Event, whose
    /// coalescedTouches keep the samples in between. Other frames go one Event each.
    @discardableResult
    public func dispatch(pending frames: [[TouchRecord]]) -> [Event] {
        var events: [Event]? = []
        dispatch(pending: frames, into: &events)
        return events ?? []
    }

    /// `dispatch(pending:)` for the feed, which keeps no events: no list of them made each frame.
    func deliver(pending frames: [[TouchRecord]]) {
        var none: [Event]? = nil
        dispatch(pending: frames, into: &none)
    }

    /// Dispatches the frames, appending each event to `events` unless it is nil.
    private func dispatch(pending frames: [[TouchRecord]], into events: inout [Event]?) {
        let frames = screenWindows.isEmpty ? frames : frames.map(onScreensWithWindows).filter { !$0.isEmpty }
        var index = 0
        while index < frames.count {
            var last = index
            while last + 1 < frames.count && movesOnly(frames[last]) && movesOnly(frames[last + 1]) { last += 1 }
            var samples: [Touch: [Touch]] = [:]
            var lastSeen: [Int: Point] = [:]
            var moved: [Int] = []
            for frame in frames[index..<last] {
                for record in frame where lastSeen[record.touch] == nil {
                    lastSeen[record.touch] = touch(numbered: record.touch)?.location(in: nil)
                }
                var changed: [Int] = []
                apply(frame, into: &changed)
                for number in changed {
                    if !moved.contains(number) { moved.append(number) }
                    if let touch = touch(numbered: number) { samples[touch, default: []].append(touch.snapshot()) }
                }
            }
            if let event = dispatch(frames[last], coalescedSamples: samples, alsoChanged: moved, previous: lastSeen) {
                events?.append(event)
            }
            index = last + 1
        }
    }

    private func onScreensWithWindows(_ records: [TouchRecord]) -> [TouchRecord] {
        guard !screenWindows.isEmpty else { return records }
        return records.filter { $0.screen < screenWindows.count && screenWindows[$0.screen] != nil }
    }

    private func movesOnly(_ records: [TouchRecord]) -> Bool {
        records.allSatisfy { $0.phase == .moved && touch(numbered: $0.touch) != nil }
    }

    /// `alsoChanged` and `previous`: touches moved by frames merged into this
    /// one, and where each was when its view last heard of it.
    private func dispatch(
        _ records: [TouchRecord], coalescedSamples: [Touch: [Touch]], alsoChanged: [Int] = [],
        previous: [Int: Point] = [:]
    ) -> Event? {
        guard let first = records.first else { return nil }
        // Loops over short lists rather than sets or closures: this runs for every frame (see Window.sendEvent).
        var changed = changedNumbers
        changedNumbers = []
        defer {
            changed.removeAll(keepingCapacity: true)
            changedNumbers = changed
        }
        apply(records, into: &changed)
        for number in alsoChanged where !changed.contains(number) {
            changed.append(number)
            guard let touch = touch(numbered: number) else { continue }
            touch.update(phase: .moved, location: touch.location(in: nil), timestamp: first.time.seconds)
        }
        for (number, location) in previous { touch(numbered: number)?.setPreviousLocation(location) }
        // Last frame's event again when nothing else holds it, as UIKit reuses its
        // UIEvent: no event and no list of touches made each frame.
        let reusable = isKnownUniquelyReferenced(&lastEvent)
        var inOrder = reusable ? lastEvent!.takeTouches() : []
        inOrder.removeAll(keepingCapacity: true)
        if !replaced.isEmpty {
            inOrder.append(contentsOf: replaced)
            replaced.removeAll(keepingCapacity: true)
        }
        inOrder.reserveCapacity(inOrder.count + down.count)
        for (number, touch) in down {
            if !changed.contains(number) { touch.markStationary() }
            inOrder.append(touch)
        }
        let event: Event
        if reusable, let used = lastEvent {
            used.refill(touches: inOrder, timestamp: first.time.seconds, coalescedSamples: coalescedSamples)
            event = used
        } else {
            event = Event(touches: inOrder, timestamp: first.time.seconds, coalescedSamples: coalescedSamples)
            lastEvent = event
        }
        application.sendEvent(event)
        frameViews.removeAll(keepingCapacity: true)
        for number in changed { if let touch = touch(numbered: number) { frameViews.append((number, touch.view)) } }
        var kept = 0
        for index in down.indices where !down[index].touch.phase.isFinal {
            down[kept] = down[index]
            kept += 1
        }
        down.removeLast(down.count - kept)
        // No finger down: the event and the touches it lists are let go.
        if down.isEmpty { lastEvent = nil }
        return event
    }

    /// Creates or updates the touches of `records`; adds their numbers to `changed`, each once.
    private func apply(_ records: [TouchRecord], into changed: inout [Int]) {
        changed.reserveCapacity(changed.count + records.count)
        for record in records {
            let timestamp = record.time.seconds
            let location = Point(x: record.x, y: record.y)
            let force = record.force.map { $0 * Self.maximumPossibleForce }
            switch record.phase {
            case .began:
                let touch = Touch(
                    phase: .began, timestamp: timestamp, location: location,
                    window: screenWindows.isEmpty ? window ?? application.keyWindow : screenWindows[record.screen],
                    tapCount: record.tapCount, majorRadius: record.majorRadius ?? 0, force: force ?? 0,
                    maximumPossibleForce: record.force == nil ? 0 : Self.maximumPossibleForce)
                // A number begun again while down (a lost lift) names the new touch from now on, the
                // newest; the touch it named is cancelled in this event, so its view and recognizers let it go.
                var index = 0
                while index < down.count && down[index].number != record.touch { index += 1 }
                if index < down.count {
                    let lost = down.remove(at: index).touch
                    // Ended earlier in this very frame, it keeps its end, which this event still carries.
                    if !lost.phase.isFinal { lost.update(phase: .cancelled, location: lost.location(in: nil), timestamp: timestamp) }
                    replaced.append(lost)
                }
                down.append((record.touch, touch))
            case .moved, .stationary:
                touch(numbered: record.touch)?.update(
                    phase: .moved, location: location, timestamp: timestamp, majorRadius: record.majorRadius, force: force)
            case .ended, .cancelled:
                touch(numbered: record.touch)?.update(
                    phase: record.phase == .ended ? .ended : .cancelled, location: location, timestamp: timestamp,
                    majorRadius: record.majorRadius, force: force)
            }
            if !changed.contains(record.touch) { changed.append(record.touch) }
        }
    }

    /// The class of the view touch `number` is bound to, for the touches of the last frame sent.
    public func viewName(ofTouch number: Int) -> String? {
        for entry in frameViews where entry.number == number { return entry.view.map { String(describing: type(of: $0)) } }
        return nil
    }
}
