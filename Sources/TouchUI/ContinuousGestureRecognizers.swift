import Glibc

/// A finger (or several) held still long enough, as UILongPressGestureRecognizer.
/// Continuous: began once the press has lasted, changed as it moves, ended on lift.
@MainActor
open class LongPressGestureRecognizer: GestureRecognizer {
    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (TouchUI/View.swift).
    @exclusivity(unchecked) public var minimumPressDuration = 0.5
    /// How far, in points, the fingers may move before the press begins.
    @exclusivity(unchecked) public var allowableMovement = 10.0
    @exclusivity(unchecked) public var numberOfTouchesRequired = 1

    @exclusivity(unchecked) private var start: Point?
    @exclusivity(unchecked) private var timer: TimerID?

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        super.touchesBegan(touches, with: event)
        if numberOfTouches > numberOfTouchesRequired {
            fail()
            return
        }
        guard numberOfTouches == numberOfTouchesRequired else { return }
        start = location(in: nil)
        timer = timeline?.schedule(after: minimumPressDuration) { [weak self] in
            guard let self, self.state == .possible else { return }
            self.state = .began
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        super.touchesMoved(touches, with: event)
        if state == .possible, let start, location(in: nil).distance(to: start) > allowableMovement {
            fail()
        } else if isActive {
            state = .changed
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        super.touchesEnded(touches, with: event)
        if isActive { state = .ended } else { fail() }
    }

    private func fail() {
        if let timer { timeline?.cancel(timer) }
        timer = nil
        if state == .possible { state = .failed }
    }

    open override func reset() {
        super.reset()
        if let timer { timeline?.cancel(timer) }
        timer = nil
        start = nil
    }
}

/// Fingers dragging, as UIPanGestureRecognizer: began once the centroid has
/// moved `minimumDistance`, changed with every move, ended when they lift.
/// A finger landing or lifting mid-gesture does not make the translation jump.
@MainActor
open class PanGestureRecognizer: GestureRecognizer {
    @exclusivity(unchecked) public var minimumNumberOfTouches = 1
    @exclusivity(unchecked) public var maximumNumberOfTouches = Int.max
    /// How far, in points, the fingers move before a pan begins.
    @exclusivity(unchecked) public var minimumDistance = 10.0

    /// Translation so far, in window coordinates, and where it is measured from.
    @exclusivity(unchecked) private var translationSoFar = Point.zero
    @exclusivity(unchecked) private var anchor: Point?
    @exclusivity(unchecked) private var lastCount = 0
    @exclusivity(unchecked) private var lastCentroid: Point?
    /// Translations of the last 0.15 s from `freshSample` on; older ones are
    /// dropped in batches, not one shift of the array per move.
    @exclusivity(unchecked) private var samples: [(time: Double, point: Point)] = []
    @exclusivity(unchecked) private var freshSample = 0

    /// How far the fingers moved since the pan began, in `view`'s coordinate space.
    public func translation(in view: View?) -> Point {
        let t = currentTranslation
        guard let view else { return t }
        let origin = view.convert(Point.zero, from: nil)
        let moved = view.convert(t, from: nil)
        return Point(x: moved.x - origin.x, y: moved.y - origin.y)
    }

    /// Makes the translation `translation` (in `view`'s space) from now on.
    public func setTranslation(_ translation: Point, in view: View?) {
        var t = translation
        if let view {
            let origin = view.convert(Point.zero, to: nil)
            let moved = view.convert(translation, to: nil)
            t = Point(x: moved.x - origin.x, y: moved.y - origin.y)
        }
        translationSoFar = t
        anchor = location(in: nil)
    }

    /// Points per second in `view`'s space, over the last 0.15 s of movement; zero when there is none.
    public func velocity(in view: View?) -> Point {
        guard freshSample < samples.count, let last = samples.last else { return .zero }
        let first = samples[freshSample]
        guard last.time > first.time else { return .zero }
        let dt = last.time - first.time
        let v = Point(x: (last.point.x - first.point.x) / dt, y: (last.point.y - first.point.y) / dt)
        guard let view else { return v }
        let origin = view.convert(Point.zero, from: nil)
        let moved = view.convert(v, from: nil)
        return Point(x: moved.x - origin.x, y: moved.y - origin.y)
    }

    private var currentTranslation: Point { translation(toCentroid: location(in: nil)) }

    /// The translation with the fingers' centroid at `here` (window coordinates).
    private func translation(toCentroid here: Point) -> Point {
        guard let anchor else { return translationSoFar }
        return Point(x: translationSoFar.x + here.x - anchor.x, y: translationSoFar.y + here.y - anchor.y)
    }

    /// The fingers changed: keep the translation where it was with the old
    /// fingers, and measure on from the new ones' centroid.
    private func rebase() {
        if let anchor, let lastCentroid {
            translationSoFar = Point(
                x: translationSoFar.x + lastCentroid.x - anchor.x, y: translationSoFar.y + lastCentroid.y - anchor.y)
        }
        anchor = numberOfTouches > 0 ? location(in: nil) : nil
        lastCount = numberOfTouches
    }

    private func sample(_ event: Event, _ translation: Point) {
        samples.append((event.timestamp, translation))
        while freshSample < samples.count && event.timestamp - samples[freshSample].time > 0.15 { freshSample += 1 }
        if freshSample >= 64 {
            samples.removeFirst(freshSample)
            freshSample = 0
        }
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        super.touchesBegan(touches, with: event)
        if anchor == nil {
            anchor = location(in: nil)
            lastCount = numberOfTouches
        } else {
            rebase()
        }
        lastCentroid = location(in: nil)
        if numberOfTouches > maximumNumberOfTouches {
            state = isActive ? .ended : .failed
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        super.touchesMoved(touches, with: event)
        if numberOfTouches != lastCount { rebase() }
        // The centroid once for the move, its translation once: a pan hears every move of its fingers.
        let here = location(in: nil)
        let t = translation(toCentroid: here)
        sample(event, t)
        lastCentroid = here
        if state == .possible {
            guard numberOfTouches >= minimumNumberOfTouches, numberOfTouches <= maximumNumberOfTouches else { return }
            if (t.x * t.x + t.y * t.y).squareRoot() >= minimumDistance { state = .began }
        } else if isActive {
            state = .changed
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        super.touchesEnded(touches, with: event)
        if numberOfTouches < max(1, minimumNumberOfTouches) {
            // The lift is a sample too: a finger that rested before lifting
            // (a panel sends nothing while it is still) has no speed left.
            sample(event, currentTranslation)
            if isActive { state = .ended } else if state == .possible { state = .failed }
        } else {
            rebase()
            lastCentroid = location(in: nil)
        }
    }

    open override func reset() {
        super.reset()
        translationSoFar = .zero
        anchor = nil
        lastCentroid = nil
        lastCount = 0
        samples.removeAll()
        freshSample = 0
    }
}

/// A quick stroke in a direction, as UISwipeGestureRecognizer. Discrete.
@MainActor
open class SwipeGestureRecognizer: GestureRecognizer {
    public struct Direction: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1)
        public static let left = Direction(rawValue: 2)
        public static let up = Direction(rawValue: 4)
        public static let down = Direction(rawValue: 8)
    }

    @exclusivity(unchecked) public var direction: Direction = .right
    @exclusivity(unchecked) public var numberOfTouchesRequired = 1
    /// Points the stroke must cover, within `maximumDuration` seconds.
    @exclusivity(unchecked) public var minimumDistance = 50.0
    @exclusivity(unchecked) public var maximumDuration = 0.5
    /// How far off its axis, as a fraction of its length, the stroke may wander.
    @exclusivity(unchecked) public var maximumDeviation = 0.5

    @exclusivity(unchecked) private var start: (time: Double, point: Point)?
    @exclusivity(unchecked) private var fingers = 0

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        super.touchesBegan(touches, with: event)
        fingers = max(fingers, numberOfTouches)
        if fingers > numberOfTouchesRequired { state = .failed }
        if start == nil { start = (event.timestamp, location(in: nil)) }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        super.touchesMoved(touches, with: event)
        guard state == .possible, let start else { return }
        if event.timestamp - start.time > maximumDuration {
            state = .failed
            return
        }
        let here = location(in: nil)
        let dx = here.x - start.point.x
        let dy = here.y - start.point.y
        let horizontal = abs(dx) >= abs(dy)
        let along = horizontal ? abs(dx) : abs(dy)
        let across = horizontal ? abs(dy) : abs(dx)
        guard along >= minimumDistance else { return }
        let stroke: Direction = horizontal ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)
        if fingers == numberOfTouchesRequired && direction.contains(stroke) && across <= along * maximumDeviation {
            state = .recognized
        } else {
            state = .failed
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        super.touchesEnded(touches, with: event)
        if state == .possible { state = .failed }
    }

    open override func reset() {
        super.reset()
        start = nil
        fingers = 0
    }
}

/// The two fingers a pinch or rotation follows: the first two still down.
/// When one of them lifts and another takes its place, the measure is
/// rebased so the gesture carries on where it was instead of jumping.
@MainActor
struct FingerPair {
    private var identity: (ObjectIdentifier, ObjectIdentifier)?

    /// The pair now, and whether it is not the pair of last time.
    mutating func current(of touches: [Touch]) -> (a: Point, b: Point, changed: Bool)? {
        let live = touches.filter { !$0.phase.isFinal }
        guard live.count >= 2 else { return nil }
        let ids = (ObjectIdentifier(live[0]), ObjectIdentifier(live[1]))
        let changed = identity.map { $0 != ids } ?? true
        identity = ids
        return (live[0].location(in: nil), live[1].location(in: nil), changed)
    }

    mutating func reset() { identity = nil }
}

/// What pinch and rotation share: they measure the first two fingers on
/// every begin and move, and end when fewer than two are left.
@MainActor
open class TwoFingerGestureRecognizer: GestureRecognizer {
    @exclusivity(unchecked) var pair = FingerPair()
    /// What the gesture is measured from; rebased when the finger pair changes.
    @exclusivity(unchecked) var reference: Double?

    /// Measures the fingers now; subclasses override.
    func measure(_ event: Event) {}

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        super.touchesBegan(touches, with: event)
        measure(event)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        super.touchesMoved(touches, with: event)
        measure(event)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        super.touchesEnded(touches, with: event)
        guard numberOfTouches < 2 else { return }
        if isActive { state = .ended } else if state == .possible { state = .failed }
    }

    open override func reset() {
        super.reset()
        pair.reset()
        reference = nil
    }
}

/// Two fingers apart or together, as UIPinchGestureRecognizer: `scale` is
/// their distance now over their distance at the start. It begins once
/// the scale has changed by `minimumScaleChange` (and by
/// `minimumDistanceChange` points), so two fingers scrolling are no pinch.
@MainActor
open class PinchGestureRecognizer: TwoFingerGestureRecognizer {
    @exclusivity(unchecked) public var minimumScaleChange = 0.1
    @exclusivity(unchecked) public var minimumDistanceChange = 8.0
    @exclusivity(unchecked) public var scale = 1.0
    @exclusivity(unchecked) public private(set) var velocity = 0.0

    @exclusivity(unchecked) private var last: (time: Double, scale: Double)?

    override func measure(_ event: Event) {
        guard let (a, b, changed) = pair.current(of: touches) else { return }
        let distance = a.distance(to: b)
        guard distance > 0 else { return }
        if changed || reference == nil { reference = distance / scale }
        guard let reference else { return }
        let newScale = distance / reference
        if let last, event.timestamp > last.time { velocity = (newScale - last.scale) / (event.timestamp - last.time) }
        last = (event.timestamp, newScale)
        if state == .possible {
            if abs(newScale - 1) >= minimumScaleChange && abs(distance - reference) >= minimumDistanceChange {
                scale = newScale
                state = .began
            }
        } else if isActive && newScale != scale {
            scale = newScale
            state = .changed
        }
    }

    open override func reset() {
        super.reset()
        scale = 1
        velocity = 0
        last = nil
    }
}

/// Two fingers turning, as UIRotationGestureRecognizer: `rotation` in
/// radians since the start, clockwise positive (y points down). It begins
/// once the fingers have turned `minimumRotation`.
@MainActor
open class RotationGestureRecognizer: TwoFingerGestureRecognizer {
    @exclusivity(unchecked) public var minimumRotation = 0.2
    @exclusivity(unchecked) public var rotation = 0.0
    @exclusivity(unchecked) public private(set) var velocity = 0.0

    @exclusivity(unchecked) private var last: (time: Double, rotation: Double)?

    override func measure(_ event: Event) {
        guard let (a, b, changed) = pair.current(of: touches), a != b else { return }
        let angle = atan2(b.y - a.y, b.x - a.x)
        if changed || reference == nil { reference = angle - rotation }
        guard let reference else { return }
        var turned = angle - reference
        while turned > .pi { turned -= 2 * .pi }
        while turned < -.pi { turned += 2 * .pi }
        if let last, event.timestamp > last.time { velocity = (turned - last.rotation) / (event.timestamp - last.time) }
        last = (event.timestamp, turned)
        if state == .possible {
            if abs(turned) >= minimumRotation {
                rotation = turned
                state = .began
            }
        } else if isActive && turned != rotation {
            rotation = turned
            state = .changed
        }
    }

    open override func reset() {
        super.reset()
        rotation = 0
        velocity = 0
        last = nil
    }
}
