import KernelInput
import TouchUI

/// Turns each frame's touch records into Touch objects (one per finger for
/// its whole life, updated in place) and one Event, and sends it through
/// the Application: touches are hit-tested once, when they begin.
@MainActor
public final class TouchDispatcher {
    public let application: Application
    /// The window new touches go to; the key window when nil.
    public var window: Window?
    /// With several screens, the window shown on each, by `TouchRecord.screen`
    /// (in place of `window`); touches on a screen with no window go nowhere.
    public var screenWindows: [Window?] = []
    /// Pressure as UIKit scales it: 1.0 is an average touch.
    public static let maximumPossibleForce = 4.0

    private var touches: [Int: Touch] = [:]
    private var order: [Int] = []
    /// The views of the touches in the last frame sent (only that frame's: nothing piles up).
    private var frameViews: [Int: View] = [:]

    public init(application: Application, window: Window? = nil) {
        self.application = application
        self.window = window
    }

    /// Touches down now, oldest first.
    public var activeTouches: [Touch] { order.compactMap { touches[$0] } }

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
        let frames = screenWindows.isEmpty ? frames : frames.map(onScreensWithWindows).filter { !$0.isEmpty }
        var events: [Event] = []
        var index = 0
        while index < frames.count {
            var last = index
            while last + 1 < frames.count && movesOnly(frames[last]) && movesOnly(frames[last + 1]) { last += 1 }
            var samples: [Touch: [Touch]] = [:]
            var lastSeen: [Int: Point] = [:]
            var moved: Set<Int> = []
            for frame in frames[index..<last] {
                for record in frame where lastSeen[record.touch] == nil {
                    lastSeen[record.touch] = touches[record.touch]?.location(in: nil)
                }
                for number in apply(frame) {
                    moved.insert(number)
                    if let touch = touches[number] { samples[touch, default: []].append(touch.snapshot()) }
                }
            }
            if let event = dispatch(frames[last], coalescedSamples: samples, alsoChanged: moved, previous: lastSeen) {
                events.append(event)
            }
            index = last + 1
        }
        return events
    }

    private func onScreensWithWindows(_ records: [TouchRecord]) -> [TouchRecord] {
        guard !screenWindows.isEmpty else { return records }
        return records.filter { $0.screen < screenWindows.count && screenWindows[$0.screen] != nil }
    }

    private func movesOnly(_ records: [TouchRecord]) -> Bool {
        records.allSatisfy { $0.phase == .moved && touches[$0.touch] != nil }
    }

    /// `alsoChanged` and `previous`: touches moved by frames merged into this
    /// one, and where each was when its view last heard of it.
    private func dispatch(
        _ records: [TouchRecord], coalescedSamples: [Touch: [Touch]], alsoChanged: Set<Int> = [],
        previous: [Int: Point] = [:]
    ) -> Event? {
        guard let first = records.first else { return nil }
        let changed = apply(records)
        for number in alsoChanged.subtracting(changed) {
            guard let touch = touches[number] else { continue }
            touch.update(phase: .moved, location: touch.location(in: nil), timestamp: first.time.seconds)
        }
        for (number, location) in previous { touches[number]?.setPreviousLocation(location) }
        let allChanged = changed.union(alsoChanged)
        for number in order where !allChanged.contains(number) { touches[number]?.markStationary() }
        // Loops rather than closures on this per-frame path (see Window.sendEvent).
        var inOrder: [Touch] = []
        inOrder.reserveCapacity(order.count)
        for number in order { if let touch = touches[number] { inOrder.append(touch) } }
        let event = Event(touches: inOrder, timestamp: first.time.seconds, coalescedSamples: coalescedSamples)
        application.sendEvent(event)
        frameViews.removeAll(keepingCapacity: true)
        for number in allChanged { frameViews[number] = touches[number]?.view }
        for number in order where touches[number]?.phase.isFinal == true { touches[number] = nil }
        var kept = 0
        for index in order.indices where touches[order[index]] != nil {
            order[kept] = order[index]
            kept += 1
        }
        order.removeLast(order.count - kept)
        return event
    }

    /// Creates or updates the touches of `records`; returns their numbers.
    private func apply(_ records: [TouchRecord]) -> Set<Int> {
        var changed: Set<Int> = []
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
                touches[record.touch] = touch
                order.append(record.touch)
            case .moved, .stationary:
                touches[record.touch]?.update(
                    phase: .moved, location: location, timestamp: timestamp, majorRadius: record.majorRadius, force: force)
            case .ended, .cancelled:
                touches[record.touch]?.update(
                    phase: record.phase == .ended ? .ended : .cancelled, location: location, timestamp: timestamp,
                    majorRadius: record.majorRadius, force: force)
            }
            changed.insert(record.touch)
        }
        return changed
    }

    /// The class of the view touch `number` is bound to, for the touches of the last frame sent.
    public func viewName(ofTouch number: Int) -> String? { frameViews[number].map { String(describing: type(of: $0)) } }
}
