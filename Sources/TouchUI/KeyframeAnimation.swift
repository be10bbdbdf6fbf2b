import Glibc

/// One property of a layer animated through a list of values, as
/// CAKeyframeAnimation: a shake of `position.x` through 0, 10, -10, 10, 0
/// (`isAdditive`, so it shakes wherever the layer is), a pulse of
/// `transform.scale` out, back past its size and settling, a colour through
/// three. Its timing, and what it may animate, are `PropertyAnimation`'s.
@MainActor
public final class KeyframeAnimation: PropertyAnimation {
    /// The values passed through, in order; one alone is held throughout.
    public var values: [Any]?
    /// When each value is reached, as fractions of the duration from 0 to
    /// 1, rising: one per value (with `.discrete`, one more, the last 1).
    /// nil, or a list that does not fit the values, spreads them evenly.
    /// `.paced` and `.cubicPaced` ignore it.
    public var keyTimes: [Double]?
    /// How progress follows time from each value to the next, one fewer
    /// than the values; nil is linear. The animation's `timingFunction`
    /// shapes the whole over these.
    public var timingFunctions: [MediaTimingFunction]?
    /// How the values between the keyframes are found; `.linear` until set.
    public var calculationMode = AnimationCalculationMode.linear
    /// A path for a point (`position`) to follow, in place of `values`: a
    /// card flying along a curve into a basket. Each line, curve or arc of
    /// it is a keyframe's way to the next, taking an even share of the
    /// time, or the share `keyTimes` gives (one per end of each, and one for
    /// the start); `timingFunctions` shape each. `.paced` keeps an even
    /// speed over the whole; `.discrete` jumps from end to end.
    public var path: Path?
    /// With a `path`, turns the layer to face the way it goes (`.rotateAuto`),
    /// or the opposite way (`.rotateAutoReverse`): a car on a road. It sets
    /// the layer's transform to that turn, as a `transform.rotation.z`
    /// animation would. Nil (the default) leaves it as it is.
    public var rotationMode: AnimationRotationMode?

    public override init(keyPath: String?) { super.init(keyPath: keyPath) }
    public init() { super.init(keyPath: nil) }

    override func track(of property: LayerProperty, current: AnimatedValue) -> AnimationTrack {
        let name = keyPath ?? ""
        if let path {
            guard property.kind == .point else { fatalError("a keyframe animation's path is for a point; \"\(name)\" takes a \(property.kind)") }
            if let track = track(along: path) { return track }
        }
        let frames = (values ?? []).enumerated().map { index, value in property.value(of: value, keyPath: name, role: "values[\(index)]") }
        guard frames.count > 1 else { return .between(frames.first ?? current, frames.first ?? current) }
        let discrete = calculationMode == .discrete
        let segments = discrete ? frames.count : frames.count - 1
        var times: [Double]
        switch calculationMode {
        case .paced, .cubicPaced:
            // Each value reached in proportion to the way travelled to it.
            let steps = (1..<frames.count).map { frames[$0 - 1].distance(to: frames[$0]) }
            let total = steps.reduce(0, +)
            var gone = 0.0
            times = [0] + steps.map { step in
                gone += step
                return total > 0 ? gone / total : 0
            }
            if total == 0 { times = Self.even(segments) }
        default:
            times = keyTimes ?? []
            if times.count != segments + 1 || !Self.rising(times) { times = Self.even(segments) }
        }
        let paced = calculationMode == .paced || calculationMode == .cubicPaced
        var curves = paced ? [] : (timingFunctions ?? []).map(\.curve)
        if curves.count != segments { curves = [] }
        return .keyframes(frames, times: times, curves: curves, mode: calculationMode)
    }

    private static func even(_ segments: Int) -> [Double] { (0...segments).map { Double($0) / Double(segments) } }

    /// The turn of the way along `path` at each of its points, at the same times:
    /// the second track a `rotationMode` adds (nil without one, or with nowhere to go).
    func rotationTrack() -> AnimationTrack? {
        guard let rotationMode, let path, case .keyframes(let values, let times, _, .linear)? = track(along: path) else {
            return nil
        }
        let points = values.compactMap { value -> Point? in
            if case .point(let point) = value { return point }
            return nil
        }
        guard points.count > 1 else { return nil }
        // Each step of the way faces its own direction from its start to its end (a corner turns at once),
        // unwound so a turn goes the short way round; a step of no length keeps the way before it.
        var angles: [AnimatedValue] = []
        var stepTimes: [Double] = []
        var previous: Double?
        for index in 1..<points.count {
            let from = points[index - 1], to = points[index]
            guard from != to || previous == nil else { continue }
            var angle = from == to ? 0 : atan2(to.y - from.y, to.x - from.x) + (rotationMode == .rotateAutoReverse ? .pi : 0)
            if let previous {
                while angle - previous > .pi { angle -= 2 * .pi }
                while angle - previous < -.pi { angle += 2 * .pi }
            }
            previous = angle
            angles += [.number(angle), .number(angle)]
            stepTimes += [times[index - 1], times[index]]
        }
        return .keyframes(angles, times: stepTimes, curves: [], mode: .linear)
    }

    /// The points along `path` and when each is reached (nil for a path with nowhere to go).
    private func track(along path: Path) -> AnimationTrack? {
        guard let (start, pieces) = path.walked() else { return nil }
        let vertices = [start] + pieces.map { $0[$0.count - 1] }
        if calculationMode == .discrete {
            var times = keyTimes ?? []
            if times.count != vertices.count + 1 || !Self.rising(times) { times = Self.even(vertices.count) }
            return .keyframes(vertices.map { .point($0) }, times: times, curves: [], mode: .discrete)
        }
        func length(_ a: Point, _ b: Point) -> Double { ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }
        // Each piece's steps, as lengths along it.
        var from = start
        let lengths = pieces.map { piece in
            piece.map { point in
                defer { from = point }
                return length(from, point)
            }
        }
        var points = [AnimatedValue.point(start)]
        var times = [0.0]
        if calculationMode == .paced || calculationMode == .cubicPaced {
            let total = lengths.joined().reduce(0, +)
            var gone = 0.0
            for (piece, steps) in zip(pieces, lengths) {
                for (point, step) in zip(piece, steps) {
                    gone += step
                    points.append(.point(point))
                    times.append(total > 0 ? gone / total : 1)
                }
            }
            return .keyframes(points, times: times, curves: [], mode: .linear)
        }
        var vertexTimes = keyTimes ?? []
        if vertexTimes.count != vertices.count || !Self.rising(vertexTimes) { vertexTimes = Self.even(pieces.count) }
        var curves = (timingFunctions ?? []).map(\.curve)
        if curves.count != pieces.count { curves = [] }
        for (index, (piece, steps)) in zip(pieces, lengths).enumerated() {
            let begins = vertexTimes[index], ends = vertexTimes[index + 1]
            let total = steps.reduce(0, +)
            var gone = 0.0
            for (point, step) in zip(piece, steps) {
                gone += step
                // The share of the piece's way, reached when its timing function gets there.
                let share = total > 0 ? gone / total : 1
                let when = curves.isEmpty ? share : Self.time(reaching: share, on: curves[index])
                points.append(.point(point))
                times.append(begins + (ends - begins) * when)
            }
        }
        return .keyframes(points, times: times, curves: [], mode: .linear)
    }

    private static func rising(_ times: [Double]) -> Bool {
        times.allSatisfy { (0...1).contains($0) } && zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }
    }

    /// When (0 to 1) `curve` reaches `progress`: timing functions rise, so halving finds it.
    private static func time(reaching progress: Double, on curve: TimingCurve) -> Double {
        var low = 0.0, high = 1.0
        for _ in 0..<40 {
            let middle = (low + high) / 2
            if curve.progress(middle, duration: 1) < progress { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}

/// CAAnimationCalculationMode: how a keyframe animation finds the values between its keyframes.
public enum AnimationCalculationMode: Sendable {
    /// Straight from each value to the next.
    case linear
    /// Each value held until the next one's time, with no values between.
    case discrete
    /// Straight from each to the next at an even speed: the key times and timing functions are ignored.
    case paced
    /// A smooth curve through the values (Catmull-Rom) for numbers and points; other values go straight.
    case cubic
    /// `cubic` at the key times `paced` would give.
    case cubicPaced
}

/// CAAnimationRotationMode: how a layer moving along a path turns.
public enum AnimationRotationMode: Sendable {
    /// Facing the way it goes.
    case rotateAuto
    /// Facing the way it came.
    case rotateAutoReverse
}

/// The turn a keyframe animation's `rotationMode` gives, run beside it on
/// the layer's transform with the same timing.
@MainActor
final class PathRotation: PropertyAnimation {
    private let track: AnimationTrack

    init?(following animation: KeyframeAnimation) {
        guard let track = animation.rotationTrack() else { return nil }
        self.track = track
        super.init(keyPath: "transform.rotation.z")
        duration = animation.duration
        durationIsSet = animation.durationIsSet
        timingFunction = animation.timingFunction
        repeatCount = animation.repeatCount
        autoreverses = animation.autoreverses
        beginTime = animation.beginTime
        fillMode = animation.fillMode
    }

    override func track(of property: LayerProperty, current: AnimatedValue) -> AnimationTrack { track }
}

public typealias CAKeyframeAnimation = KeyframeAnimation
public typealias CAAnimationRotationMode = AnimationRotationMode
public typealias CAAnimationCalculationMode = AnimationCalculationMode

/// The values an animation draws over one play, by its progress from 0 to 1.
enum AnimationTrack {
    case between(AnimatedValue, AnimatedValue)
    /// Values reached at `times` (one more than the values when discrete), with a curve per segment (none: linear).
    case keyframes([AnimatedValue], times: [Double], curves: [TimingCurve], mode: AnimationCalculationMode)

    /// The value where the animation starts.
    var first: AnimatedValue {
        switch self {
        case .between(let from, _): from
        case .keyframes(let values, _, _, _): values[0]
        }
    }

    func value(at progress: Double) -> AnimatedValue {
        switch self {
        case .between(let from, let to):
            return from.interpolated(to: to, progress)
        case .keyframes(let values, let times, let curves, let mode):
            // The segment the progress is in: the last whose start it has reached.
            var segment = 0
            while segment + 2 < times.count && progress >= times[segment + 1] { segment += 1 }
            if mode == .discrete {
                return progress >= 1 ? values[values.count - 1] : values[min(segment, values.count - 1)]
            }
            let start = times[segment], end = times[segment + 1]
            var local = end > start ? (progress - start) / (end - start) : 1
            local = min(max(local, 0), 1)
            if !curves.isEmpty { local = curves[segment].progress(local, duration: 1) }
            let before = values[max(segment - 1, 0)], from = values[segment], to = values[segment + 1]
            let after = values[min(segment + 2, values.count - 1)]
            if mode == .cubic || mode == .cubicPaced, let smooth = AnimatedValue.catmullRom(before, from, to, after, local) { return smooth }
            return from.interpolated(to: to, local)
        }
    }
}

extension AnimatedValue {
    /// How far apart two values are, for paced keyframes: numbers and points by distance, others one step each.
    func distance(to other: AnimatedValue) -> Double {
        switch (self, other) {
        case (.number(let a), .number(let b)): abs(b - a)
        case (.point(let a), .point(let b)): ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        default: 1
        }
    }

    /// The point `t` of the way from `p1` to `p2` on a Catmull-Rom curve through `p0` to `p3`; nil for values other than numbers and points.
    static func catmullRom(_ p0: AnimatedValue, _ p1: AnimatedValue, _ p2: AnimatedValue, _ p3: AnimatedValue, _ t: Double) -> AnimatedValue? {
        func curve(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
            0.5 * (2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) * t * t + (3 * b - a - 3 * c + d) * t * t * t)
        }
        switch (p0, p1, p2, p3) {
        case (.number(let a), .number(let b), .number(let c), .number(let d)):
            return .number(curve(a, b, c, d))
        case (.point(let a), .point(let b), .point(let c), .point(let d)):
            return .point(Point(x: curve(a.x, b.x, c.x, d.x), y: curve(a.y, b.y, c.y, d.y)))
        default:
            return nil
        }
    }
}
