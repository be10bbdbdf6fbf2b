/// A view that turns touches into control events (touch down, drag
/// inside/outside, touch up inside/outside, value changed...) and sends
/// them to targets, as UIControl. Its touches stop here: they are not
/// passed to `next`.
@MainActor
open class Control: View {
    /// The events a control sends.
    public struct Events: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let touchDown = Events(rawValue: 1 << 0)
        public static let touchDownRepeat = Events(rawValue: 1 << 1)
        public static let touchDragInside = Events(rawValue: 1 << 2)
        public static let touchDragOutside = Events(rawValue: 1 << 3)
        public static let touchDragEnter = Events(rawValue: 1 << 4)
        public static let touchDragExit = Events(rawValue: 1 << 5)
        public static let touchUpInside = Events(rawValue: 1 << 6)
        public static let touchUpOutside = Events(rawValue: 1 << 7)
        public static let touchCancel = Events(rawValue: 1 << 8)
        public static let valueChanged = Events(rawValue: 1 << 12)
        public static let primaryActionTriggered = Events(rawValue: 1 << 13)
        /// A text field became first responder.
        public static let editingDidBegin = Events(rawValue: 1 << 16)
        /// A text field's text changed as the user edited it.
        public static let editingChanged = Events(rawValue: 1 << 17)
        public static let editingDidEnd = Events(rawValue: 1 << 18)
        /// Return ended the editing.
        public static let editingDidEndOnExit = Events(rawValue: 1 << 19)
        public static let allTouchEvents = Events(rawValue: 0x1ff)
        public static let allEditingEvents = Events(rawValue: 0xf0000)
        public static let allEvents = Events(rawValue: -1)

        static let names: [(Events, String)] = [
            (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"), (.touchDragInside, "touchDragInside"),
            (.touchDragOutside, "touchDragOutside"), (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
            (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel"),
            (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primaryActionTriggered"),
            (.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"), (.editingDidEnd, "editingDidEnd"),
            (.editingDidEndOnExit, "editingDidEndOnExit"),
        ]
    }

    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let normal: State = []
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }

    /// A control whose primary action (a tap that lifts inside it, return in
    /// a text field) runs `primaryAction`, as UIControl's
    /// `init(frame:primaryAction:)`.
    public convenience init(frame: Rect = .zero, primaryAction: Action?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsDisplay()
    }

    /// Enabled, selected or highlighted changed: redraw (a button with a
    /// configuration also updates it).
    func stateDidChange() { setNeedsDisplay() }

    public var isEnabled = true {
        didSet { if oldValue != isEnabled { stateDidChange() } }
    }
    public var isSelected = false {
        didSet { if oldValue != isSelected { stateDidChange() } }
    }
    public var isHighlighted = false {
        didSet { if oldValue != isHighlighted { stateDidChange() } }
    }
    public private(set) var isTracking = false
    public private(set) var isTouchInside = false
    /// How far outside its bounds, in points, a finger still counts as inside (UIKit uses about 70).
    public var touchSlop = 70.0

    /// A closure, or a target-action (an action, and a target unless it goes up the responder chain).
    private struct Handler {
        var events: Events
        let run: ((Control, Event?) -> Void)?
        /// Added with addAction(_:for:), found again by its identifier.
        var registered: Action? = nil
        let action: Selector?
        let hasTarget: Bool
        weak var target: Responder?
        /// The target of a method reference (addTarget(self, action: Type.method, for:)).
        weak var methodTarget: AnyObject? = nil
    }
    private var handlers: [Handler] = []

    public var state: State {
        var state: State = []
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// Runs `handler` when the control sends any of `events`.
    public func addAction(for events: Events, handler: @escaping (Control, Event?) -> Void) {
        handlers.append(Handler(events: events, run: handler, action: nil, hasTarget: false, target: nil))
    }

    /// Runs `action`'s handler when the control sends any of `events`, as
    /// UIControl's `addAction(_:for:)`. An action with the same identifier
    /// already there for these events is replaced.
    public func addAction(_ action: Action, for events: Events) {
        removeAction(identifiedBy: action.identifier, for: events)
        var handler = Handler(events: events, run: nil, action: nil, hasTarget: false, target: nil)
        handler.registered = action
        handlers.append(handler)
    }

    public func removeAction(_ action: Action, for events: Events) { removeAction(identifiedBy: action.identifier, for: events) }

    public func removeAction(identifiedBy identifier: Action.Identifier, for events: Events) {
        for index in handlers.indices where handlers[index].registered?.identifier == identifier {
            handlers[index].events.subtract(events)
        }
        handlers.removeAll { $0.events.isEmpty }
    }

    /// Sends `action` through the application to `target`, or with a nil
    /// target along the responder chain, when the control sends `events`.
    public func addTarget(_ target: Responder?, action: Selector, for events: Events) {
        handlers.append(Handler(events: events, run: nil, action: action, hasTarget: target != nil, target: target))
    }

    /// Calls a method of `target` when the control sends `events`: UIKit's
    /// target-action with a method reference in place of `#selector`,
    /// `addTarget(self, action: PayController.pay, for: .touchUpInside)`.
    /// The target is held weakly, as UIKit holds targets; `removeAllActions` removes it.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void, for events: Events) {
        addMethod(of: target, for: events) { [weak target] _ in
            if let target { action(target)() }
        }
    }

    /// The same for a method that takes the sender, `func pay(_ sender: Button)`.
    public func addTarget<Target: AnyObject, Sender: Control>(
        _ target: Target, action: @escaping (Target) -> (Sender) -> Void, for events: Events
    ) {
        addMethod(of: target, for: events) { [weak target] control in
            guard let target, let sender = control as? Sender else { return }
            action(target)(sender)
        }
    }

    /// A method reference's entry: a closure, found again by its target in `removeTarget`.
    private func addMethod(of target: AnyObject, for events: Events, run: @escaping (Control) -> Void) {
        handlers.append(Handler(events: events, run: { control, _ in run(control) }, action: nil, hasTarget: true, target: nil, methodTarget: target))
    }

    /// Stops sending `action` (any action when nil) to `target` (any
    /// target, nil ones included, when nil) for `events`, as UIControl does;
    /// closures added with addAction stay.
    public func removeTarget(_ target: AnyObject?, action: Selector?, for events: Events) {
        for index in handlers.indices {
            let entry = handlers[index]
            if let entryAction = entry.action {
                guard target == nil || entry.target === target, action == nil || entryAction == action else { continue }
            } else if entry.hasTarget {
                // A method reference has no selector: it goes when any action of its target (or of any target) does.
                guard action == nil, target == nil || entry.methodTarget === target else { continue }
            } else {
                continue
            }
            handlers[index].events.subtract(events)
        }
        handlers.removeAll { $0.events.isEmpty }
    }

    /// The events some target-action or closure is registered for.
    public var allControlEvents: Events { handlers.reduce([]) { $0.union($1.events) } }

    public func removeAllActions() { handlers.removeAll() }

    /// How a trace names this control: its class, and a button's title.
    var traceName: String {
        if let title = (self as? Button)?.title { return "\(type(of: self)) \"\(title)\"" }
        return "\(type(of: self))"
    }

    /// Sends `events` to every handler registered for one of them.
    open func sendActions(for events: Events, with event: Event? = nil) {
        if let trace = application?.actionTrace { trace("\(traceName) \(events)") }
        for entry in handlers where !entry.events.intersection(events).isEmpty {
            if let run = entry.run {
                run(self, event)
            } else if let registered = entry.registered {
                registered.perform(from: self)
            } else if let action = entry.action, !entry.hasTarget || entry.target != nil {
                // A target that has gone away is not replaced by the responder chain.
                application?.sendAction(action, to: entry.target, from: self, for: event)
            }
        }
    }

    // MARK: Tracking, as UIControl's subclassing methods

    /// A tap is the primary action of most controls; a text field's is Return.
    var triggersPrimaryActionOnTap: Bool { true }

    open func beginTracking(_ touch: Touch, with event: Event?) -> Bool { true }
    open func continueTracking(_ touch: Touch, with event: Event?) -> Bool { true }
    open func endTracking(_ touch: Touch?, with event: Event?) {}
    open func cancelTracking(with event: Event?) {}

    /// A disabled control takes no touches: they go to what is under it.
    open override func hitTest(_ point: Point, with event: Event?) -> View? {
        isEnabled ? super.hitTest(point, with: event) : nil
    }

    /// An ancestor's single-tap recognizer does not take this control's own
    /// taps (docs/event-delivery.md §6); other recognizers, and taps on plain subviews, may.
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        if let tap = recognizer as? TapGestureRecognizer, tap.view !== self, tap.numberOfTapsRequired == 1 {
            return false
        }
        return true
    }

    private func isInside(_ touch: Touch) -> Bool {
        let point = touch.location(in: self)
        return self.point(inside: point, with: nil) || bounds.insetBy(dx: -touchSlop, dy: -touchSlop).contains(point)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchUI.Event?) {
        guard isEnabled, !isTracking, let touch = touches.first else { return }
        isTracking = beginTracking(touch, with: event)
        isTouchInside = true
        isHighlighted = isTracking
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown, with: event)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchUI.Event?) {
        guard isTracking, let touch = touches.first else { return }
        let inside = isInside(touch)
        let wasInside = isTouchInside
        isTouchInside = inside
        isHighlighted = inside
        if inside != wasInside { sendActions(for: inside ? .touchDragEnter : .touchDragExit, with: event) }
        sendActions(for: inside ? .touchDragInside : .touchDragOutside, with: event)
        if !continueTracking(touch, with: event) { finishTracking(touch, with: event) }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: TouchUI.Event?) {
        guard isTracking, let touch = touches.first else { return }
        finishTracking(touch, with: event)
    }

    private func finishTracking(_ touch: Touch, with event: TouchUI.Event?) {
        let inside = isInside(touch)
        isTracking = false
        isHighlighted = false
        isTouchInside = false
        endTracking(touch, with: event)
        if inside {
            sendActions(for: .touchUpInside, with: event)
            if triggersPrimaryActionOnTap { sendActions(for: .primaryActionTriggered, with: event) }
        } else {
            sendActions(for: .touchUpOutside, with: event)
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchUI.Event?) {
        guard isTracking else { return }
        isTracking = false
        isHighlighted = false
        isTouchInside = false
        cancelTracking(with: event)
        sendActions(for: .touchCancel, with: event)
    }
}

extension Control.Events: CustomStringConvertible {
    public var description: String {
        Self.names.filter { contains($0.0) }.map(\.1).joined(separator: ",")
    }
}
