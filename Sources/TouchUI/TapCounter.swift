/// Counts repeated taps the way Touch.tapCount does: a touch that begins
/// soon after a tap ended, close to where it was, continues its count.
public struct TapCounter: Sendable {
    /// Longest pause, in seconds, from one tap's end to the next touch's start.
    public var maximumInterval: Double
    /// Furthest, in points, a tap may move, and the next tap may land from it.
    public var maximumDistance: Double

    private var lastTap: (location: Point, time: Double, count: Int)?

    /// Defaults close to UIKit's: a third of a second and about a fingertip's width.
    public init(maximumInterval: Double = 0.35, maximumDistance: Double = 45) {
        self.maximumInterval = maximumInterval
        self.maximumDistance = maximumDistance
    }

    /// The tap count of a touch beginning at `location` at `time` (seconds).
    public mutating func touchBegan(at location: Point, time: Double) -> Int {
        guard let last = lastTap, time - last.time <= maximumInterval,
            location.distance(to: last.location) <= maximumDistance
        else {
            lastTap = nil
            return 1
        }
        return last.count + 1
    }

    /// A touch lifted; it counts as a tap when it stayed near where it began.
    public mutating func touchEnded(tapCount: Int, beganAt start: Point, endedAt end: Point, time: Double) {
        if start.distance(to: end) <= maximumDistance {
            lastTap = (end, time, tapCount)
        } else {
            lastTap = nil
        }
    }

    /// A cancelled touch was no tap, and breaks a run of taps.
    public mutating func touchCancelled() { lastTap = nil }
}
