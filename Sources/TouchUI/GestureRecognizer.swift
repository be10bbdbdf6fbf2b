/// What a gesture recognizer's delegate may decide, as UIGestureRecognizerDelegate.
/// Every method is optional: the defaults are UIKit's.
@MainActor
public protocol GestureRecognizerDelegate: AnyObject {
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer)
        -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    public func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer)
        -> Bool
    { false }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer)
        -> Bool
    { false }
}

/// Recognizes a gesture from the touches on its view and the view's
/// subviews, as UIGestureRecognizer. Actions are closures.
///
/// Subclasses override the touches methods (calling super) and set `state`;
/// the window's arbitration decides which recognizer wins.
@MainActor
open class GestureRecognizer {
    public enum State: Int, Sendable, CustomStringConvertible {
        case possible, began, changed, ended, cancelled, failed

        /// A discrete recognizer's success.
        public static let recognized = State.ended

        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }
    }

    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (TouchUI/View.swift).
    /// Set by subclasses as they recognize; the window's arbitration may
    /// overrule a move out of `.possible` (to `.failed`).
    @exclusivity(unchecked) public var state: State = .possible {
        didSet {
            // Every `.changed` counts, even after another: each one runs the actions.
            guard state != oldValue || state == .changed else { return }
            stateChanged = true
            if isFinished { view?.window?.recognizersMayNeedReset = true }
            // A change between events (a timer's) is settled at once.
            if let window = view?.window, !window.isDispatching { window.recognizersChangedOutsideEvent() }
        }
    }

    // Not weak, as a view's superview is not (View.swift): the view keeps
    // its recognizers and clears this when it lets one go or goes itself.
    @exclusivity(unchecked) public internal(set) unowned(unsafe) var view: View?
    @exclusivity(unchecked) public var isEnabled = true {
        didSet { if !isEnabled && state != .possible { state = state == .began || state == .changed ? .cancelled : .failed } }
    }
    @exclusivity(unchecked) public var cancelsTouchesInView = true
    @exclusivity(unchecked) public var delaysTouchesBegan = false
    @exclusivity(unchecked) public var delaysTouchesEnded = true
    @exclusivity(unchecked) public weak var delegate: (any GestureRecognizerDelegate)?
    /// Touches the recognizer ignores (`ignore(_:for:)`) are not counted.
    @exclusivity(unchecked) public private(set) var touches: [Touch] = [] {
        didSet { fingers.generation = -1 }
    }
    /// numberOfTouches and the centroid, as of `Touch.generation`: recognizers
    /// ask for them several times per event.
    @exclusivity(unchecked) private var fingers = (generation: -1, down: 0, centroid: Point.zero)

    @exclusivity(unchecked) private var actions: [(GestureRecognizer) -> Void] = []
    @exclusivity(unchecked) var requiredToFail: [WeakRecognizer] = []
    @exclusivity(unchecked) var stateChanged = false
    /// Which event delivery `eventTouchCount` and `eventPhasesDelivered` belong to.
    @exclusivity(unchecked) static var deliveryStamp = 0
    @exclusivity(unchecked) var eventStamp = -1
    /// This event's touches for the recognizer, and a bit per Touch.Phase it has been given.
    @exclusivity(unchecked) var eventTouchCount = 0
    @exclusivity(unchecked) var eventPhasesDelivered = 0
    /// The last set of touches handed to the recognizer: a finger moving
    /// frame after frame is the same set, so it is built once.
    @exclusivity(unchecked) private var lastTouchList: [Touch] = []
    @exclusivity(unchecked) private var lastTouchSet: Set<Touch> = []

    func touchSet(for touch: Touch) -> Set<Touch> {
        if lastTouchList.count != 1 || lastTouchList[0] !== touch {
            lastTouchList = [touch]
            lastTouchSet = [touch]
        }
        return lastTouchSet
    }

    func touchSet(for touches: [Touch]) -> Set<Touch> {
        var same = touches.count == lastTouchList.count
        if same {
            for index in touches.indices where touches[index] !== lastTouchList[index] {
                same = false
                break
            }
        }
        if !same {
            lastTouchList = touches
            lastTouchSet = Set(touches)
        }
        return lastTouchSet
    }
    /// Won: began (continuous) or recognized (discrete), past arbitration.
    @exclusivity(unchecked) var hasBegun = false
    /// Recognized, but waiting for the recognizers it requires to fail.
    @exclusivity(unchecked) var awaitingFailures = false

    public init(action: ((GestureRecognizer) -> Void)? = nil) {
        if let action { actions.append(action) }
    }

    public func addAction(_ action: @escaping (GestureRecognizer) -> Void) { actions.append(action) }

    /// A recognizer that calls a method of `target`, UIKit's `init(target:action:)`
    /// with a method reference in place of `#selector`:
    /// `TapGestureRecognizer(target: self, action: TicketController.tapped)`.
    public convenience init<Target: AnyObject, Recognizer: GestureRecognizer>(
        target: Target, action: @escaping (Target) -> (Recognizer) -> Void
    ) {
        self.init()
        addTarget(target, action: action)
    }

    /// The same for a method that takes no argument.
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> () -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// Calls a method of `target`, held weakly, each time the recognizer sends its action.
    public func addTarget<Target: AnyObject, Recognizer: GestureRecognizer>(_ target: Target, action: @escaping (Target) -> (Recognizer) -> Void) {
        addAction { [weak target] recognizer in
            guard let target, let recognizer = recognizer as? Recognizer else { return }
            action(target)(recognizer)
        }
    }

    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void) {
        addAction { [weak target] _ in
            if let target { action(target)() }
        }
    }

    /// Fingers down: the recognizer's touches that have not ended.
    public var numberOfTouches: Int { summarizeFingers().down }

    /// The centroid of the recognizer's fingers still down (of all its
    /// touches, once every one has lifted), in `view`'s coordinates (nil: the window's).
    open func location(in view: View?) -> Point {
        let centroid = summarizeFingers().centroid
        guard let view else { return centroid }
        return view.convert(centroid, from: nil)
    }

    @inline(__always)
    private func summarizeFingers() -> (generation: Int, down: Int, centroid: Point) {
        fingers.generation == Touch.generation ? fingers : recountFingers()
    }

    private func recountFingers() -> (generation: Int, down: Int, centroid: Point) {
        var down = Point(x: 0.0, y: 0.0)
        var all = Point(x: 0.0, y: 0.0)
        var downCount = 0
        // By index, not by iterator: the touches are read in place, with no
        // retain and release of each (half the cost of a pan's move, measured).
        let count = touches.count
        for index in 0..<count {
            let location = touches[index].locationInWindow
            all.x += location.x
            all.y += location.y
            if !touches[index].phase.isFinal {
                down.x += location.x
                down.y += location.y
                downCount += 1
            }
        }
        let (sum, total) = downCount > 0 ? (down, downCount) : (all, count)
        let centroid = total > 0 ? Point(x: sum.x / Double(total), y: sum.y / Double(total)) : Point(x: 0.0, y: 0.0)
        fingers = (Touch.generation, downCount, centroid)
        return fingers
    }

    public func location(ofTouch index: Int, in view: View?) -> Point {
        precondition(touches.indices.contains(index), "touch index \(index) out of range")
        return touches[index].location(in: view)
    }

    /// This recognizer may not recognize until `other` has failed.
    public func require(toFail other: GestureRecognizer) { requiredToFail.append(WeakRecognizer(other)) }

    /// Stops tracking `touch`; its events no longer reach this recognizer.
    public func ignore(_ touch: Touch, for event: Event) {
        touches.removeAll { $0 === touch }
        touch.removeRecognizer(self)
    }

    // MARK: Overridable, as UIGestureRecognizerSubclass

    open func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    open func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    open func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        if state == .began || state == .changed { state = .cancelled } else if state == .possible { state = .failed }
    }

    /// Back to `.possible` after a gesture, ready for the next.
    open func reset() {}

    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    /// The timeline timers go on (delays, tap windows).
    public var timeline: (any Timeline)? { view?.window?.hostApplication.timeline }

    // MARK: For the window

    func track(_ touch: Touch) { if !touches.contains(where: { $0 === touch }) { touches.append(touch) } }

    func forget(_ touch: Touch) { touches.removeAll { $0 === touch } }

    /// Began or changed: the gesture is under way.
    public var isActive: Bool { state == .began || state == .changed }
    var isFinished: Bool { state == .ended || state == .cancelled || state == .failed }

    func sendActions() {
        if !actions.isEmpty, let trace = view?.window?.hostApplication.actionTrace {
            trace("\(type(of: self)) \(state) on \(view.map { "\(type(of: $0))" } ?? "-")")
        }
        for action in actions { action(self) }
    }

    /// Whether this recognizer must wait for `other` to fail before it may recognize.
    func requiresFailure(of other: GestureRecognizer) -> Bool {
        requiredToFail.contains { $0.recognizer === other }
            || shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: self)
            || delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true
    }

    func recognizesSimultaneously(with other: GestureRecognizer) -> Bool {
        delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
    }

    func forgetFinishedTouches() { touches.removeAll { $0.phase.isFinal } }

    func resetForNextGesture() {
        state = .possible
        stateChanged = false
        hasBegun = false
        awaitingFailures = false
        touches.removeAll()
        lastTouchList.removeAll()
        lastTouchSet.removeAll()
        reset()
    }
}

struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
    init(_ recognizer: GestureRecognizer) { self.recognizer = recognizer }
}
