/// Guesses where a moving finger will be a moment from now, from where it
/// has just been: what `Event.predictedTouches(for:)` answers with.
///
/// Why: a frame reaches the screen at least one display frame after the
/// touch sample it was drawn from, so ink drawn only to the real samples
/// trails the finger. A drawing app draws a short tail to the predicted
/// point and replaces it when the next real sample comes, which hides most
/// of that frame of lag.
///
/// How: the finger's velocity is the least-squares slope of its position
/// over the samples of the last `window` (50 ms), and the prediction moves
/// the newest sample on at that velocity. Fitting several samples rather
/// than the last two averages out the panel's jitter; 50 ms is short
/// enough that a turn or a stop shows up within a few samples. This method
/// was chosen by measuring it against no prediction, two-point linear
/// extrapolation and a constant-velocity Kalman filter on every stroke of
/// the shared real kernel recordings (BENCHMARKS.md, "Predicted touches"). One
/// display frame ahead it had the lowest median and p95 error of them
/// (0.82 and 3.87 points, against 0.96 and 4.31 for two-point extrapolation,
/// 0.88 and 4.22 for the Kalman filter, 4.49 and 15.29 with no prediction).
/// A 30 ms window scored about the same, but would predict nothing on a
/// panel that reports at 60 Hz or slower.
///
/// It predicts nothing (nil) until there are `minimumSamples` samples in the
/// window: too early in a stroke, and when the finger has rested (the
/// kernel sends nothing while a finger holds still, so the samples age out).
/// The predicted distance is capped at `maximumDistance` so that a noisy
/// sample or a sudden stop cannot throw the tail far off.
///
/// Costs nothing to keep: a fixed ring of the last `capacity` samples, no
/// allocation per sample.
public struct TouchPredictor: Sendable {
    /// How far back samples count towards the velocity, in seconds.
    public static let window = 0.050
    /// Fewer samples than this in the window: no prediction.
    public static let minimumSamples = 3
    /// The most a prediction moves away from the newest sample, in points.
    public static let maximumDistance = 32.0
    /// How many samples the ring keeps: 50 ms at up to 160 samples a second.
    public static let capacity = 8

    private var times = InlineArray<8, Double>(repeating: 0)
    private var xs = InlineArray<8, Double>(repeating: 0)
    private var ys = InlineArray<8, Double>(repeating: 0)
    /// Where the newest sample is in the ring.
    private var newest = 7
    /// How many of the ring's entries hold samples.
    public private(set) var count = 0

    public init() {}

    /// Adds a sample; `timestamp` in seconds, `location` in points. A sample
    /// no later than the newest replaces it.
    public mutating func add(_ location: Point, at timestamp: Double) {
        if count > 0 && timestamp <= times[newest] {
            xs[newest] = location.x
            ys[newest] = location.y
            return
        }
        newest = newest == Self.capacity - 1 ? 0 : newest + 1
        times[newest] = timestamp
        xs[newest] = location.x
        ys[newest] = location.y
        count = min(count + 1, Self.capacity)
    }

    /// Forgets every sample: the finger lifted.
    public mutating func reset() { count = 0 }

    /// The newest sample, if any.
    public var latest: (location: Point, timestamp: Double)? {
        count > 0 ? (Point(x: xs[newest], y: ys[newest]), times[newest]) : nil
    }

    /// The finger's velocity in points per second over the last `window`;
    /// nil with fewer than `minimumSamples` samples in it.
    public var velocity: Point? {
        guard count >= Self.minimumSamples else { return nil }
        let latestTime = times[newest]
        // Times relative to the newest sample, so that large clock values lose no precision.
        var n = 0.0, sumT = 0.0, sumX = 0.0, sumY = 0.0, sumTT = 0.0, sumTX = 0.0, sumTY = 0.0
        var index = newest
        for _ in 0..<count {
            let t = times[index] - latestTime
            guard t >= -Self.window else { break }
            n += 1
            sumT += t
            sumX += xs[index]
            sumY += ys[index]
            sumTT += t * t
            sumTX += t * xs[index]
            sumTY += t * ys[index]
            index = index == 0 ? Self.capacity - 1 : index - 1
        }
        guard n >= Double(Self.minimumSamples) else { return nil }
        let spread = n * sumTT - sumT * sumT
        guard spread > 0 else { return nil }
        return Point(x: (n * sumTX - sumT * sumX) / spread, y: (n * sumTY - sumT * sumY) / spread)
    }

    /// Where the finger will be `interval` seconds after its newest sample,
    /// at most `maximumDistance` away from it; nil when nothing can be
    /// predicted (too few recent samples).
    public func location(after interval: Double) -> Point? {
        guard let velocity, let latest else { return nil }
        let location = latest.location
        var dx = velocity.x * interval, dy = velocity.y * interval
        let distance = (dx * dx + dy * dy).squareRoot()
        if distance > Self.maximumDistance {
            dx *= Self.maximumDistance / distance
            dy *= Self.maximumDistance / distance
        }
        return Point(x: location.x + dx, y: location.y + dy)
    }
}
