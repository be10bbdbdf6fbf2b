import Layers

/// The root of a view tree on a screen, as UIWindow. It delivers touch
/// events to the views they are bound to and keeps the multiple- and
/// exclusive-touch rules.
@MainActor
open class Window: View {
    /// The application this window belongs to (Application.shared unless given).
    public let hostApplication: Application
    /// The controller whose view fills the window. Setting it shows the new
    /// controller's view in place of the old one's, with the appearance calls around the change.
    public var rootViewController: ViewController? {
        get { root }
        set { setRootViewController(newValue) }
    }
    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (TouchUI/View.swift).
    @exclusivity(unchecked) private var root: ViewController?
    /// The part of the screen that nothing covers (a bezel, a rounded corner,
    /// a system bar): views' safe areas keep out of the rest. None on most panels.
    @exclusivity(unchecked) public var screenSafeAreaInsets = EdgeInsets.zero {
        didSet { if oldValue != screenSafeAreaInsets { setNeedsLayout() } }
    }
    /// Touches delivered to a view and not yet ended or cancelled.
    @exclusivity(unchecked) public internal(set) var trackedTouches: [Touch] = []
    /// Recognizers with touches in this window, or deciding. Held strongly
    /// only until their gesture is over: a weak reference would give every
    /// recognizer a side table and slow each retain on the per-event path.
    @exclusivity(unchecked) var knownRecognizers: [GestureRecognizer] = []
    @exclusivity(unchecked) var knownRecognizerIDs: Set<ObjectIdentifier> = []
    /// A touch ended or a recognizer finished: look for recognizers to reset.
    @exclusivity(unchecked) var recognizersMayNeedReset = false
    /// Touches with a phase held back from their view by a recognizer.
    @exclusivity(unchecked) var pendingHeld: [Touch] = []
    /// Pixels to repaint, in the window's coordinates, since the compositor last took them.
    @exclusivity(unchecked) public internal(set) var damage = Region(mergeAllowance: Window.passCost)
    /// What one more damaged rectangle costs a repaint, in pixels: each is
    /// a pass over the view tree, about 28,000 instructions in the demo,
    /// where a pixel of its canvas costs a few. Rectangles whose union adds
    /// fewer pixels are repainted as one: ten fingers' strokes in a column
    /// are one pass, not ten.
    public static let passCost = 4096
    /// Pictures slid since the compositor last took a frame (scroll views
    /// scrolling), in order; what they uncovered is in `damage`.
    @exclusivity(unchecked) var pendingMoves: [PixelMove] = []
    /// Frames given out by `takeFrame()` so far.
    @exclusivity(unchecked) var framesTaken = 0
    /// Views moved frame after frame by code, drawn from pictures meanwhile; made at the first such move.
    @exclusivity(unchecked) var movedViews: MovedViews?
    /// The context the last frame was drawn into, when it keeps it (the
    /// compositor's back buffer), and where the window's origin is on it:
    /// what is on screen, for a picture to be copied from.
    @exclusivity(unchecked) var keptFrame: KeptFrame? {
        // The record let go of, kept to serve again when the next frame is drawn into the same context.
        willSet { if newValue == nil, let keptFrame { spareKeptFrame = keptFrame } }
    }
    @exclusivity(unchecked) var spareKeptFrame: KeptFrame?
    /// Layers the compositor shows over the window's views, without
    /// repainting what lies under them when they move: the finger markers
    /// (`TouchMarkersView`). In the window's coordinates, above everything
    /// in it; a frame drawn with `render` alone does not show them.
    public let overlay = LayerTree()
    /// Inside `render`: what changes now is drawn in the next frame.
    @exclusivity(unchecked) var isRendering = false
    /// Called when the window goes from clean to damaged: the compositor
    /// schedules a display tick.
    @exclusivity(unchecked) public var onNeedsDisplay: (() -> Void)?
    /// The keyboard (or a first responder's inputView) shown at the bottom while a text field edits.
    @exclusivity(unchecked) public private(set) var inputViewShown: View?
    @exclusivity(unchecked) private weak var inputViewOwner: Responder?
    /// An input view sliding away, removed when it is out of sight.
    @exclusivity(unchecked) private var inputViewLeaving: View?
    /// Inside sendEvent: recognizer state changes are settled at its end.
    @exclusivity(unchecked) var isDispatching = false
    /// The lists `sendEvent` sorts an event's touches into, kept between
    /// events so that a frame allocates none. Taken while in use (left
    /// empty), so a nested `sendEvent` makes lists of its own.
    @exclusivity(unchecked) private var sortingLists: (mine: [Touch], delivered: [Touch]) = ([], [])
    /// The last sets of touches handed to a lone view, each with the
    /// touches it was made of: a finger, or a hand on one view, moving
    /// frame after frame is handed the same set, made and hashed once (as a
    /// recognizer's `touchSet(for:)` is). At most four, the oldest dropped
    /// first; a set with a touch that has ended goes after its frame.
    @exclusivity(unchecked) private var handedSets: [(touches: [Touch], set: Set<Touch>)] = []
    /// The list `setsByView` fills for a lone view, kept between deliveries.
    @exclusivity(unchecked) private var spareGroups: [(view: View, touches: Set<Touch>)] = []

    /// The display the window is shown on (UIWindow.screen): the main one
    /// unless set. The host shows, on each screen, the window the app has
    /// made visible there by the end of launching (a window put on a screen
    /// later is not shown yet).
    @exclusivity(unchecked) public var screen: Screen {
        didSet { if oldValue !== screen { refreshScreenTraits() } }
    }
    /// The size the root controller was last laid out for: another one is a transition.
    @exclusivity(unchecked) private var laidOutSize: Size?

    public init(frame: Rect, application: Application = .shared) {
        hostApplication = application
        screen = .main
        super.init(frame: frame)
        application.addWindow(self)
        // Room for a hand, so the first to land does not grow the list finger by finger.
        trackedTouches.reserveCapacity(10)
        refreshScreenTraits()
        damage.add(PixelRect(enclosing: bounds))  // the first frame paints everything
    }

    // The application keeps its windows unretained (Application.windows says why): one going tells it.
    isolated deinit {
        movedViews?.windowGone()
        hostApplication.removeWindow(at: Unmanaged.passUnretained(self).toOpaque())
    }

    /// The window's traits from its size, its screen's scale and the app's
    /// appearance, handed down the tree.
    func refreshScreenTraits() {
        updateTraits(from: TraitCollection(screenSize: bounds.size, scale: screen.scale, style: hostApplication.userInterfaceStyle))
    }

    open override var next: Responder? { hostApplication }
    open override var application: Application? { hostApplication }

    /// Shows `controller`'s view filling the window in place of the old
    /// root's, with the appearance calls around the change.
    public func setRootViewController(_ controller: ViewController?) {
        guard controller !== root else { return }
        let old = root
        old?.viewWillDisappear(false)
        old?.view.removeFromSuperview()
        old?.viewDidDisappear(false)
        root = controller
        guard let controller else { return }
        controller.view.frame = bounds
        // Its traits are the window's already when it hears it will appear, as in UIKit.
        controller.view.updateTraits(from: traits)
        controller.viewWillAppear(false)
        addSubview(controller.view)
        controller.viewDidAppear(false)
    }

    /// Constraints changed with nothing yet damaged: the compositor's next
    /// tick runs the layout pass that moves the views.
    func layoutPassNeeded() {
        if damage.isEmpty { onNeedsDisplay?() }
    }

    /// The root controller's view fills the window whatever its size, and
    /// the views presented over it take the place their style gives them
    /// (the whole window, or a sheet's card, which adapts to the size classes). When the size
    /// changes, the root controller hears of it first
    /// (`viewWillTransition(to:with:)`), then the traits change, then the
    /// views take the new size; the coordinator's completions run once the
    /// window is laid out at it.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let size = bounds.size
        guard let root, root.view.superview === self else { return refreshScreenTraits() }
        let transition = laidOutSize.map { $0 != size } ?? false
        laidOutSize = size
        let coordinator = transition ? ViewControllerTransitionCoordinator() : nil
        if let coordinator { root.viewWillTransition(to: size, with: coordinator) }
        refreshScreenTraits()
        for view in subviews {
            guard let shown = view.owningViewController, shown === root || shown.presenter != nil,
                // One sliding away keeps the place its animation gives it.
                !shown.isBeingDismissed
            else { continue }
            let frame = shown === root ? bounds : shown.frameForPresentation(in: self)
            if view.frame != frame { view.frame = frame }
            if let dimming = shown.modalPresentation?.dimming, dimming.frame != bounds { dimming.frame = bounds }
        }
        guard let coordinator else { return }
        coordinator.runAlongside()
        transitionsToComplete.append(coordinator)
    }

    /// Transitions whose completions wait for the end of the layout pass.
    @exclusivity(unchecked) private var transitionsToComplete: [ViewControllerTransitionCoordinator] = []

    open override func layoutIfNeeded() {
        super.layoutIfNeeded()
        guard !transitionsToComplete.isEmpty else { return }
        let finished = transitionsToComplete
        transitionsToComplete = []
        for coordinator in finished { coordinator.complete() }
    }

    /// Brings up `responder`'s input view, or the on-screen keyboard, at the
    /// bottom of the window, above everything else. It slides up from the
    /// bottom edge, and a layout pass runs inside the same animation, so
    /// views on the keyboard layout guide move with it (as in UIKit). Keys
    /// take touches at once, where they are headed: a quick typist's first
    /// tap is not lost to the slide.
    func showInput(for responder: Responder) {
        let custom = responder.inputView
        guard custom != nil || (hostApplication.showsOnScreenKeyboard && !hostApplication.isTypingOnHardwareKeyboard) else { return }
        inputViewShown?.removeFromSuperview()
        let type = (responder as? TextField)?.keyboardType ?? .default
        let height = custom.map { $0.frame.height > 0 ? $0.frame.height : KeyboardView.height(in: bounds.size, for: type) }
            ?? KeyboardView.height(in: bounds.size, for: type)
        let frame = Rect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
        let view: View
        if let leaving = inputViewLeaving,
            custom.map({ $0 === leaving }) ?? ((leaving as? KeyboardView)?.keyboardType == type && leaving.frame.height == height)
        {
            // Editing moved to another field that wants the same input view:
            // the one going away comes back from where it is drawn.
            view = leaving
        } else {
            inputViewLeaving?.removeFromSuperview()
            view = custom ?? KeyboardView(frame: frame, keyboardType: type, letterRows: hostApplication.keyboardLetterRows)
            // Below the bottom edge, to slide up from.
            View.performWithoutAnimation { view.frame = Rect(x: 0, y: bounds.height, width: bounds.width, height: height) }
            addSubview(view)
        }
        inputViewLeaving = nil
        if let keyboard = view as? KeyboardView, let field = responder as? TextField { keyboard.returnKeyType = field.returnKeyType }
        inputViewShown = view
        inputViewOwner = responder
        (view as? KeyboardView)?.shiftForNextLetter()
        slideInput(view, to: frame, showing: true) { [weak self] in
            // Unless another field took it meanwhile.
            self?.inputViewShown === view
        }
    }

    /// Puts the on-screen keyboard away while the field goes on editing: a
    /// hardware keyboard is typing. The next tap in a field brings it back.
    func hideOnScreenKeyboard() {
        guard inputViewShown is KeyboardView, let owner = inputViewOwner, owner.inputView == nil else { return }
        hideInput(for: owner)
    }

    /// Takes `responder`'s input view away (it stopped editing): it slides
    /// down out of the window, and views on the keyboard guide follow.
    func hideInput(for responder: Responder) {
        guard inputViewOwner === responder, let view = inputViewShown else { return }
        inputViewShown = nil
        inputViewOwner = nil
        inputViewLeaving?.removeFromSuperview()
        inputViewLeaving = view
        slideInput(view, to: Rect(x: view.frame.minX, y: bounds.height, width: view.frame.width, height: view.frame.height), showing: false) {
            [weak self] in
            // Unless it was taken back for another field meanwhile.
            guard let self, self.inputViewLeaving === view else { return false }
            if view.superview === self { view.removeFromSuperview() }
            self.inputViewLeaving = nil
            return true
        }
    }

    /// Slides the input view to `end` with a layout pass in the same
    /// animation, telling observers before and, if `arrived` says the slide
    /// still stands when it ends, after.
    private func slideInput(_ view: View, to end: Rect, showing: Bool, arrived: @escaping () -> Bool) {
        setNeedsLayout()
        let begin = view.frame
        postKeyboardWillMove(from: begin, to: end, showing: showing)
        View.animate(
            withDuration: Window.keyboardAnimationDuration, delay: 0, options: [.curveEaseOut, .beginFromCurrentState, .allowUserInteraction],
            animations: {
                view.frame = end
                self.layoutIfNeeded()
            },
            completion: { [weak self] _ in
                guard arrived() else { return }
                self?.postKeyboardDidMove(from: begin, to: end, showing: showing)
            })
    }

    /// How long the keyboard takes to slide in or out, as UIKit's does.
    public static let keyboardAnimationDuration = 0.25

    /// Makes this the application's key window, the one events without a view go to.
    public func makeKeyAndVisible() {
        isHidden = false
        hostApplication.addWindow(self)
        hostApplication.keyWindow = self
    }

    /// The views of an event's new touches bound so far (each view once, of
    /// touches delivered): what a touch being bound is weighed against, so a
    /// hand landing weighs each finger against a view or two, not against every other finger.
    @MainActor struct BoundViews {
        private(set) var views: [View] = []

        /// Starts with the event's new touches bound already, before it came
        /// to the application (an event sent to it a second time).
        init(of event: Event) {
            for touch in event.orderedTouches where touch.phase == .began { note(touch) }
        }

        mutating func note(_ touch: Touch) {
            guard touch.isDelivered, let view = touch.view else { return }
            for known in views where known === view { return }
            views.append(view)
        }
    }

    /// Binds a new touch to the view under it: hit-tests once, and decides
    /// whether the view may have it (isMultipleTouchEnabled, isExclusiveTouch).
    /// The other fingers are those the window tracks and those of the event bound before this one (`bound`).
    func bind(_ touch: Touch, with event: Event, after bound: inout BoundViews) {
        defer { bound.note(touch) }
        touch.window = self
        // Window coordinates are the window's own: no conversion.
        let hit = hitTest(touch.locationInWindow, with: event)
        touch.view = hit
        guard let hit else {
            touch.isDelivered = false
            return
        }
        // One loop over the other fingers down, no closures: a hand landing binds ten (see sendEvent).
        var onHit = false, elsewhere = false, onOtherExclusive = false
        // Nothing gathered into a list: a hand would copy one per finger.
        func weigh(_ other: View?) {
            if other === hit {
                onHit = true
            } else {
                elsewhere = true
                if other?.isExclusiveTouch == true { onOtherExclusive = true }
            }
        }
        for other in trackedTouches where other.isDelivered && !other.phase.isFinal { weigh(other.view) }
        for view in bound.views { weigh(view) }
        touch.isDelivered = !(onOtherExclusive || (hit.isExclusiveTouch && elsewhere))
        // A second finger on a view that takes one: the view does not hear
        // of it, but its recognizers do (a pinch needs both fingers).
        touch.isWithheldFromView = !hit.isMultipleTouchEnabled && onHit
    }

    /// Touches grouped by their view, in the order the views first come: a
    /// view hears of all its touches of one phase in one call.
    static func byView(_ touches: [Touch]) -> [(view: View, touches: Set<Touch>)] {
        var groups: [(view: View, touches: Set<Touch>)] = []
        for (position, touch) in touches.enumerated() {
            guard let view = touch.view else { continue }
            // A loop, not firstIndex(where:): see sendEvent.
            var index = 0
            while index < groups.count && groups[index].view !== view { index += 1 }
            if index < groups.count {
                groups[index].touches.insert(touch)
            } else {
                // Room for the touches still to come, so a hand on one view does not grow the set touch by touch.
                var touchesOnView = Set<Touch>(minimumCapacity: touches.count - position)
                touchesOnView.insert(touch)
                groups.append((view, touchesOnView))
            }
        }
        return groups
    }

    /// `byView` for a delivery: when one view has all the touches (the
    /// usual frame), the set it was handed last time, if it is of the same
    /// touches. Making a set costs an allocation, a look-up of its type and
    /// a hash of each touch.
    private func setsByView(_ touches: [Touch]) -> [(view: View, touches: Set<Touch>)] {
        guard let view = touches.first?.view else { return Self.byView(touches) }
        for touch in touches where touch.view !== view { return Self.byView(touches) }
        var groups = spareGroups
        spareGroups = []
        groups.append((view, handedSet(of: touches)))
        return groups
    }

    /// The set of `touches`: the one made last time, if it was of these.
    private func handedSet(of touches: [Touch]) -> Set<Touch> {
        for entry in handedSets where entry.touches.count == touches.count {
            var same = true
            for index in touches.indices where touches[index] !== entry.touches[index] {
                same = false
                break
            }
            if same { return entry.set }
        }
        let set = Set(touches)
        // A copy of the list: `touches` is the window's scratch list, emptied and refilled in place.
        // A loop, not map: a closure made on the main actor checks its executor on each call.
        var copy: [Touch] = []
        copy.reserveCapacity(touches.count)
        for touch in touches { copy.append(touch) }
        if handedSets.count == 4 { handedSets.removeFirst() }
        handedSets.append((copy, set))
        return set
    }

    /// `subtree` is leaving the window: its touches are cancelled (and go
    /// no further), and a first responder inside it resigns.
    func viewWillLeave(_ subtree: View) {
        let leaving = trackedTouches.filter { $0.view?.isDescendant(of: subtree) == true }
        let heard = leaving.filter { $0.viewHasBegun && !$0.isWithheldFromView }
        for (view, touches) in Self.byView(heard) { view.touchesCancelled(touches, with: nil) }
        for touch in leaving { touch.isDelivered = false }
        trackedTouches.removeAll { touch in leaving.contains { $0 === touch } }
        letGoOfHandedSetsIfNoneDown()
        // A first responder leaving the window resigns (a text field takes its keyboard away); one that will not is made to.
        if let responder = hostApplication.firstResponder as? View, responder.isDescendant(of: subtree), !responder.resignFirstResponder() {
            hostApplication.firstResponder = nil
            responder.lostFirstResponder()
        }
    }

    /// Delivers a touch event: first to the gesture recognizers of each
    /// touch's view and its ancestors (outermost first), then, as they
    /// allow, to the views: the touches of one phase on one view go in one
    /// call, began first.
    open func sendEvent(_ event: Event) {
        guard event.type == .touches else { return }
        isDispatching = true
        defer { isDispatching = false }
        // Plain loops on this path, run for every touch of every frame: each call of a closure
        // formed here checks that it runs on the main actor (SE-0423), some 40 instructions.
        var (mine, delivered) = sortingLists
        sortingLists = ([], [])
        defer {
            mine.removeAll(keepingCapacity: true)
            delivered.removeAll(keepingCapacity: true)
            sortingLists = (mine, delivered)
        }
        mine.reserveCapacity(event.orderedTouches.count)
        for touch in event.orderedTouches where touch.window === self && touch.isDelivered && touch.view != nil { mine.append(touch) }
        // A hand landing on one view walks its ancestors once, not once a finger, when none holds a recognizer.
        var chainWithoutRecognizers: View?
        for touch in mine where touch.phase == .began && touch.gestureRecognizers.isEmpty {
            guard let view = touch.view, view !== chainWithoutRecognizers else { continue }
            touch.gestureRecognizers = recognizers(for: touch, on: view, noneInChain: &chainWithoutRecognizers)
            register(touch.gestureRecognizers)
        }
        deliverToRecognizers(mine, event: event)
        arbitrate(event: event)
        // The phases the touches are in now (the recognizers may have cancelled some):
        // a frame of moves is sorted once, not once a phase.
        var phasesPresent = 0
        for touch in mine { phasesPresent |= 1 << touch.phase.rawValue }
        // One list for each phase in turn, made once: appended a touch at a time, it would grow four times for a hand.
        delivered.reserveCapacity(mine.count)
        // As for recognizers: a view found outside every scroll view is not looked at again this event.
        var viewOutsideScrollViews: View?
        for phase in [Touch.Phase.began, .moved, .ended, .cancelled] {
            guard phasesPresent & (1 << phase.rawValue) != 0 else { continue }
            delivered.removeAll(keepingCapacity: true)
            for touch in mine where touch.phase == phase && !touch.isWithheldFromView {
                switch phase {
                case .began:
                    if isHeld(touch, phase: .began) {
                        touch.beganIsHeld = true
                        pendingHeld.append(touch)
                        continue
                    }
                    if !viewMayBegin(touch, with: event, outsideScrollViews: &viewOutsideScrollViews) { continue }
                    touch.viewHasBegun = true
                case .moved:
                    if touch.beganIsHeld { continue }
                default:
                    if touch.beganIsHeld || isHeld(touch, phase: .ended) {
                        touch.heldEnd = phase
                        if !pendingHeld.contains(where: { $0 === touch }) { pendingHeld.append(touch) }
                        continue
                    }
                }
                delivered.append(touch)
            }
            var groups = setsByView(delivered)
            for (view, touches) in groups {
                switch phase {
                case .began: view.touchesBegan(touches, with: event)
                case .moved: view.touchesMoved(touches, with: event)
                case .ended: view.touchesEnded(touches, with: event)
                case .cancelled: view.touchesCancelled(touches, with: event)
                case .stationary: break
                }
            }
            groups.removeAll(keepingCapacity: true)
            spareGroups = groups
        }
        var anyFinal = false
        for touch in mine {
            if touch.phase == .began { trackedTouches.append(touch) }
            anyFinal = anyFinal || touch.phase.isFinal
        }
        dropFinishedTrackedTouches()
        if !pendingHeld.isEmpty {
            deliverHeld(event: event)
            dropFinishedTrackedTouches()
        }
        if recognizersMayNeedReset || anyFinal { resetFinishedRecognizers() }
        letGoOfHandedSetsIfNoneDown()
        if anyFinal { letGoOfHandedSetsWithFinishedTouches() }
    }

    /// No finger down: nothing to reuse, and the touches (and through them their views) are let go.
    private func letGoOfHandedSetsIfNoneDown() {
        if trackedTouches.isEmpty && !handedSets.isEmpty { handedSets.removeAll(keepingCapacity: true) }
    }

    /// A set with a touch that has ended is never handed again: let go, so
    /// that a finger resting elsewhere does not keep the lifted one's touch
    /// (and its view) alive.
    private func letGoOfHandedSetsWithFinishedTouches() {
        var kept = 0
        for index in handedSets.indices {
            var finished = false
            for touch in handedSets[index].touches where touch.phase.isFinal {
                finished = true
                break
            }
            guard !finished else { continue }
            handedSets.swapAt(kept, index)
            kept += 1
        }
        handedSets.removeLast(handedSets.count - kept)
    }

    /// Touches that have ended or been cancelled, and whose end no recognizer holds back, are no longer tracked.
    private func dropFinishedTrackedTouches() {
        // In place, by index: iterating the array while writing it would copy it.
        var kept = 0
        for index in trackedTouches.indices {
            let touch = trackedTouches[index]
            guard !(touch.phase.isFinal && touch.heldEnd == nil) else { continue }
            trackedTouches[kept] = touch
            kept += 1
        }
        trackedTouches.removeLast(trackedTouches.count - kept)
    }
}
