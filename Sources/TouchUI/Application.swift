/// The application: the end of the responder chain (before its delegate),
/// the place events enter, and the owner of the first responder, as UIApplication.
@MainActor
open class Application: Responder {
    /// The application most code talks to; tests make their own.
    public static var shared = Application()

    public var delegate: (any ApplicationDelegate)?
    /// The application's windows, visible and hidden, oldest first, as UIApplication's.
    public var windows: [Window] { windowList.map { $0.takeUnretainedValue() } }
    /// Not held, as a window holds its application, and not weakly either: a
    /// weak reference gives the window a side table, and every retain and
    /// release of it (several for each finger of each frame) then takes
    /// Swift's slow path. A window takes itself out as it goes (its deinit,
    /// on the main actor: let go of a window there, as of any view).
    private var windowList: [Unmanaged<Window>] = []
    private var keyWindowRef: Unmanaged<Window>?
    public internal(set) var keyWindow: Window? {
        get { keyWindowRef?.takeUnretainedValue() }
        set { keyWindowRef = newValue.map { .passUnretained($0) } }
    }
    /// Light or dark for every window (the configuration's `appearance`), as
    /// the system setting on iOS; a window, controller or view can override it.
    public var userInterfaceStyle = UserInterfaceStyle.light {
        didSet { if oldValue != userInterfaceStyle { for window in windows { window.refreshScreenTraits() } } }
    }
    public internal(set) weak var firstResponder: Responder?
    /// Time and timers for views, recognizers and animations: the main
    /// dispatch queue's until a host puts its loop's in its place (the
    /// daemon does), a `VirtualTimeline` in a replay or a test.
    @exclusivity(unchecked) public var timeline: any Timeline = DispatchTimeline()
    public internal(set) var state = State.inactive
    /// When set, every control event and recognizer action is described
    /// here as it is sent (`Button "Blue" touchUpInside`): how `replay
    /// --trace` shows what an app made of a recording.
    public var actionTrace: ((String) -> Void)?
    private var queue: [Event] = []
    /// Whether a text field brings up the on-screen keyboard (off where a
    /// hardware keyboard is always there: the host's configuration says).
    public var showsOnScreenKeyboard = true
    /// Whether a text field's caret blinks while it edits. A replay's
    /// frames turn it off (unless asked for), so that an idle caret does not
    /// make a new picture every half second; the caret then stays lit.
    public var caretBlinks = true
    /// How a held key repeats in a text field (the host's configuration says).
    public var keyRepeat = KeyRepeat.standard
    /// The letters of the on-screen keyboard, row by row, as the host's
    /// keyboard layout places them.
    public var keyboardLetterRows = KeyboardView.qwertyRows
    /// The last input was a hardware key: a field focused now needs no
    /// on-screen keyboard (someone is typing on a real one), as iPadOS
    /// hides it while a hardware keyboard is used. A touch sets it back.
    public internal(set) var isTypingOnHardwareKeyboard = false
    /// Moves view animations on, a display tick at a time.
    lazy var animator = Animator(application: self)

    /// Moves the animations of layers an app added to its views on (`BasicAnimation`).
    lazy var layerAnimator = LayerAnimator(application: self)

    /// Whether view animations, or layer animations that will end, are
    /// under way: what a test driver waits out before it taps, as a person
    /// waits for a screen to stop moving.
    public var hasRunningAnimations: Bool { animator.isRunning || layerAnimator.hasFiniteAnimations }

    public override init() { super.init() }

    open override var next: Responder? { delegate as? Responder }
    open override var application: Application? { self }

    func addWindow(_ window: Window) {
        let address = Unmanaged.passUnretained(window).toOpaque()
        for known in windowList where known.toOpaque() == address { return }
        windowList.append(.passUnretained(window))
    }

    /// A window going away, named by its address: it is being deinitialized, so it is not retained here.
    func removeWindow(at address: UnsafeMutableRawPointer) {
        windowList.removeAll { $0.toOpaque() == address }
        if keyWindowRef?.toOpaque() == address { keyWindowRef = nil }
    }

    /// The window shown on `screen`: the key window if it is there, else
    /// the newest visible window on it; nil when it has none.
    public func window(on screen: Screen) -> Window? {
        if let keyWindow, keyWindow.screen === screen, !keyWindow.isHidden { return keyWindow }
        return windows.last { $0.screen === screen && !$0.isHidden }
    }

    private static func contains(_ window: Window, in windows: [Window]) -> Bool {
        for known in windows where known === window { return true }
        return false
    }

    /// Routes an event: touches to their windows (binding new touches to
    /// their hit-test view first), other kinds to the first responder.
    open func sendEvent(_ event: Event) {
        switch event.type {
        case .touches:
            // The windows the touches are in, in the order they come: almost always one, kept without a list.
            var firstWindow: Window?
            var otherWindows: [Window] = []
            // Made when the first new touch is bound: a frame of moves needs none.
            var bound: Window.BoundViews?
            // Plain loops, run for every touch of every frame (see Window.sendEvent).
            for touch in event.orderedTouches where touch.phase == .began {
                isTypingOnHardwareKeyboard = false
                break
            }
            for touch in event.orderedTouches {
                if touch.phase == .began && touch.view == nil && touch.isDelivered {
                    guard let window = touch.window ?? keyWindow else {
                        touch.isDelivered = false
                        continue
                    }
                    // Hit-test what is on screen: layout still due (a screen just
                    // pushed, a table just scrolled) happens first, as UIKit commits it before events.
                    window.layoutIfNeeded()
                    if bound == nil { bound = Window.BoundViews(of: event) }
                    window.bind(touch, with: event, after: &bound!)
                }
                guard let window = touch.window else { continue }
                if firstWindow == nil {
                    firstWindow = window
                } else if window !== firstWindow && !Self.contains(window, in: otherWindows) {
                    otherWindows.append(window)
                }
            }
            firstWindow?.sendEvent(event)
            for window in otherWindows { window.sendEvent(event) }
        case .presses:
            if event.presses.contains(where: { $0.phase == .began && $0.key != nil }) {
                isTypingOnHardwareKeyboard = true
                // As on an iPad: typing on a keyboard puts the on-screen one away (an app's own input view stays).
                for window in windows { window.hideOnScreenKeyboard() }
            }
            let current: Responder? = firstResponder ?? keyWindow
            for press in event.presses where press.phase == .began { press.responder = current }
            // A press goes on to the responder it began with, wherever the focus has gone since.
            let byResponder = Dictionary(grouping: event.presses, by: { ObjectIdentifier($0.responder ?? current ?? self) })
            for presses in byResponder.values {
                let responder = presses[0].responder ?? current
                let byPhase = Dictionary(grouping: presses, by: { $0.phase })
                if let began = byPhase[.began] { responder?.pressesBegan(Set(began), with: event) }
                if let changed = byPhase[.changed] { responder?.pressesChanged(Set(changed), with: event) }
                if let ended = byPhase[.ended] { responder?.pressesEnded(Set(ended), with: event) }
                if let cancelled = byPhase[.cancelled] { responder?.pressesCancelled(Set(cancelled), with: event) }
            }
        case .motion:
            (firstResponder ?? keyWindow)?.motionEnded(event.subtype, with: event)
        case .remoteControl:
            (firstResponder ?? keyWindow)?.remoteControlReceived(with: event)
        }
    }

    /// Sends `action` to `target`, or, with no target, to the first
    /// responder along the chain that can perform it, starting from the
    /// first responder, else from the sender (a control in a table cell
    /// reaches its view controller this way), else from the key window.
    /// True when someone did.
    @discardableResult
    open func sendAction(_ action: Selector, to target: Responder?, from sender: Any?, for event: Event?) -> Bool {
        if let target { return target.perform(action, with: sender) }
        let start: Responder? = firstResponder ?? (sender as? Responder) ?? keyWindow ?? self
        guard let handler = start?.target(forAction: action, withSender: sender) else { return false }
        return handler.perform(action, with: sender)
    }

    // MARK: The event queue

    /// Queues an event for `dispatchQueuedEvents`.
    public func enqueue(_ event: Event) { queue.append(event) }

    public var hasQueuedEvents: Bool { !queue.isEmpty }

    /// Sends every queued event, oldest first.
    public func dispatchQueuedEvents() {
        while !queue.isEmpty { sendEvent(queue.removeFirst()) }
    }
}
