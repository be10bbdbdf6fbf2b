/// One finger on the screen, for its whole life: the same object is updated
/// in place on every frame, as UITouch.
@MainActor
public final class Touch: Hashable {
    public enum Phase: Int, Sendable, CustomStringConvertible {
        case began, moved, stationary, ended, cancelled

        public var description: String {
            switch self {
            case .began: "began"
            case .moved: "moved"
            case .stationary: "stationary"
            case .ended: "ended"
            case .cancelled: "cancelled"
            }
        }

        public var isFinal: Bool { self == .ended || self == .cancelled }
    }

    // @exclusivity(unchecked): why, when it is safe, and why what other modules read is a
    // computed property over marked storage, is said once, above View.superview (TouchUI/View.swift).
    public internal(set) var phase: Phase {
        get { phaseStorage }
        set {
            phaseStorage = newValue
            Touch.generation &+= 1
        }
    }
    @exclusivity(unchecked) private var phaseStorage: Phase
    /// Seconds, on the clock of the event that last changed the touch.
    public internal(set) var timestamp: Double {
        get { timestampStorage }
        set { timestampStorage = newValue }
    }
    @exclusivity(unchecked) private var timestampStorage: Double
    public internal(set) var tapCount: Int {
        get { tapCountStorage }
        set { tapCountStorage = newValue }
    }
    @exclusivity(unchecked) private var tapCountStorage: Int
    /// Half the contact's major axis, in points; 0 when the device does not say.
    public internal(set) var majorRadius: Double {
        get { majorRadiusStorage }
        set { majorRadiusStorage = newValue }
    }
    @exclusivity(unchecked) private var majorRadiusStorage: Double
    @exclusivity(unchecked) public internal(set) var majorRadiusTolerance: Double
    /// Pressure, 1.0 being an average touch; 0 when the device does not say.
    public internal(set) var force: Double {
        get { forceStorage }
        set { forceStorage = newValue }
    }
    @exclusivity(unchecked) private var forceStorage: Double
    @exclusivity(unchecked) public internal(set) var maximumPossibleForce: Double
    /// The view the touch was bound to when it began (the hit-test view).
    public internal(set) var view: View? {
        get { viewStorage }
        set { viewStorage = newValue }
    }
    @exclusivity(unchecked) private var viewStorage: View?
    /// Held, as UITouch holds its window: a weak reference would give the
    /// window a side table and slow every retain and release of it. The
    /// window lets go of its touches as they end; a touch that never ends
    /// (its host gone with the finger down), or one an app keeps, keeps its window too.
    @exclusivity(unchecked) public internal(set) var window: Window?

    @exclusivity(unchecked) var locationInWindow: Point {
        didSet { Touch.generation &+= 1 }
    }
    /// Counts changes of any touch's phase or location, so that what is
    /// derived from them (a recognizer's centroid) is computed once per change.
    /// Unchecked as the stored properties are (View.superview says why): each
    /// touch's move counts here, and a checked global costs a call to Swift's runtime each time.
    @exclusivity(unchecked) static var generation = 0
    @exclusivity(unchecked) var previousLocationInWindow: Point
    /// False when the exclusive-touch rule keeps the touch from its view and its recognizers.
    @exclusivity(unchecked) var isDelivered = true
    /// The recognizers of the touch's view and its ancestors, outermost first.
    @exclusivity(unchecked) public internal(set) var gestureRecognizers: [GestureRecognizer] = []
    /// The view has had touchesBegan for this touch.
    @exclusivity(unchecked) var viewHasBegun = false
    /// A recognizer that delays touchesBegan is still deciding: the view has not heard of the touch yet.
    @exclusivity(unchecked) var beganIsHeld = false
    /// The touch ended or was cancelled, but a recognizer that delays touchesEnded is still deciding.
    @exclusivity(unchecked) var heldEnd: Phase?
    /// Its view hears nothing (more) of it, though recognizers still do: a
    /// recognizer took it, the view was already touched and is not
    /// multiple-touch enabled, or a scroll view's touchesShouldBegin said no.
    @exclusivity(unchecked) var isWithheldFromView = false
    /// Every sample of the touch, for `Event.predictedTouches(for:)`.
    @exclusivity(unchecked) var predictor = TouchPredictor()

    /// A new touch at `location` in `window`'s coordinates (nil: the key window's).
    public init(
        phase: Phase = .began, timestamp: Double, location: Point, window: Window? = nil, tapCount: Int = 1,
        majorRadius: Double = 0, force: Double = 0, maximumPossibleForce: Double = 0
    ) {
        self.window = window
        self.phaseStorage = phase
        self.timestampStorage = timestamp
        self.locationInWindow = location
        self.previousLocationInWindow = location
        self.tapCountStorage = tapCount
        self.majorRadiusStorage = majorRadius
        self.majorRadiusTolerance = majorRadius > 0 ? majorRadius / 4 : 0
        self.forceStorage = force
        self.maximumPossibleForce = maximumPossibleForce
        predictor.add(location, at: timestamp)
    }

    /// Where the touch is, in `view`'s coordinates; nil means the window's.
    public func location(in view: View?) -> Point {
        guard let view else { return locationInWindow }
        return view.convert(locationInWindow, from: nil)
    }

    /// Where the touch was before its last move, in `view`'s coordinates; nil means the window's.
    public func previousLocation(in view: View?) -> Point {
        guard let view else { return previousLocationInWindow }
        return view.convert(previousLocationInWindow, from: nil)
    }

    /// Moves the touch to a new sample; the old location becomes the previous one.
    public func update(phase: Phase, location: Point, timestamp: Double, majorRadius: Double? = nil, force: Double? = nil) {
        previousLocationInWindow = locationInWindow
        locationInWindow = location
        self.phase = phase
        self.timestamp = timestamp
        if let majorRadius {
            self.majorRadius = majorRadius
            majorRadiusTolerance = majorRadius / 4
        }
        if let force { self.force = force }
        // A finger the kernel said nothing of in a frame comes with its old place and
        // the frame's time: a true sample, since the kernel reports only changes.
        if phase.isFinal { predictor.reset() } else { predictor.add(location, at: timestamp) }
    }

    /// After several samples were merged into one event: the previous
    /// location is where the touch was when its view last heard of it.
    public func setPreviousLocation(_ location: Point) { previousLocationInWindow = location }

    /// The touch did not change in this frame (another finger did).
    public func markStationary() {
        previousLocationInWindow = locationInWindow
        phase = .stationary
    }

    /// Where the touch will be `interval` seconds after its last sample, in
    /// the window's coordinates; nil when that cannot be predicted (see TouchPredictor).
    func predictedLocationInWindow(after interval: Double) -> Point? { predictor.location(after: interval) }

    func removeRecognizer(_ recognizer: GestureRecognizer) { gestureRecognizers.removeAll { $0 === recognizer } }

    /// A frozen copy of the touch as it is now, for coalescedTouches.
    public func snapshot() -> Touch {
        let copy = Touch(
            phase: phase, timestamp: timestamp, location: locationInWindow, tapCount: tapCount,
            majorRadius: majorRadius, force: force, maximumPossibleForce: maximumPossibleForce)
        copy.previousLocationInWindow = previousLocationInWindow
        copy.view = view
        copy.window = window
        return copy
    }

    public nonisolated static func == (a: Touch, b: Touch) -> Bool { a === b }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
