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
    /// Pressure as UIKit scales it: 1.0 is an average touch.
    public static let maximumPossibleForce = 4.0

    private var touches: [Int: Touch] = [:]
    private var order: [Int] = []
    private var boundViews: [Int: View] = [:]

    public init(application: Application, window: Window? = nil) {
        self.application = application
        self.window = window
    }

    /// Touches down now, oldest first.
    public var activeTouches: [Touch] { order.compactMap { touches[$0] } }

    /// Sends one frame's records as one Event; returns it.
    @discardableResult
    public func dispatch(_ records: [TouchRecord]) -> Event? {
        guard let first = records.first else { return nil }
        let timestamp = first.time.seconds
        var changed: Set<Int> = []
        for record in records {
            let location = Point(x: record.x, y: record.y)
            let force = record.force.map { $0 * Self.maximumPossibleForce }
            switch record.phase {
            case .began:
                let touch = Touch(
                    phase: .began, timestamp: timestamp, location: location, window: window ?? application.keyWindow,
                    tapCount: record.tapCount,
                    majorRadius: record.majorRadius ?? 0, force: force ?? 0,
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
        for number in order where !changed.contains(number) { touches[number]?.markStationary() }
        let event = Event(touches: order.compactMap { touches[$0] }, timestamp: timestamp)
        application.sendEvent(event)
        for number in changed { if let view = touches[number]?.view { boundViews[number] = view } }
        for number in order where touches[number]?.phase.isFinal == true { touches[number] = nil }
        order.removeAll { touches[$0] == nil }
        return event
    }

    /// The view touch `number` was bound to when it began (kept after it ends).
    public func view(ofTouch number: Int) -> View? { boundViews[number] }
}
