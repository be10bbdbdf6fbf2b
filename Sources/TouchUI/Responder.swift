/// An object that can respond to events and handle them, as UIResponder.
/// Every event method's default passes the event to `next`; an override
/// that does not call `super` stops it there.
@MainActor
open class Responder {
    private var actionHandlers: [Selector: (Any?) -> Void] = [:]

    public init() {}

    /// The next responder in the chain, or nil at its end.
    open var next: Responder? { nil }

    // MARK: Touches

    open func touchesBegan(_ touches: Set<Touch>, with event: Event?) { next?.touchesBegan(touches, with: event) }
    open func touchesMoved(_ touches: Set<Touch>, with event: Event?) { next?.touchesMoved(touches, with: event) }
    open func touchesEnded(_ touches: Set<Touch>, with event: Event?) { next?.touchesEnded(touches, with: event) }
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: Presses, motion and remote control

    open func pressesBegan(_ presses: Set<Press>, with event: Event?) { next?.pressesBegan(presses, with: event) }
    open func pressesChanged(_ presses: Set<Press>, with event: Event?) { next?.pressesChanged(presses, with: event) }
    open func pressesEnded(_ presses: Set<Press>, with event: Event?) { next?.pressesEnded(presses, with: event) }
    open func pressesCancelled(_ presses: Set<Press>, with event: Event?) {
        next?.pressesCancelled(presses, with: event)
    }

    open func motionBegan(_ motion: Event.Subtype, with event: Event?) { next?.motionBegan(motion, with: event) }
    open func motionEnded(_ motion: Event.Subtype, with event: Event?) { next?.motionEnded(motion, with: event) }
    open func motionCancelled(_ motion: Event.Subtype, with event: Event?) {
        next?.motionCancelled(motion, with: event)
    }

    open func remoteControlReceived(with event: Event?) { next?.remoteControlReceived(with: event) }

    // MARK: First responder

    /// The application whose first responder this may become.
    open var application: Application? { next?.application }

    /// The view shown in place of the on-screen keyboard while this is the
    /// first responder (UIResponder.inputView); nil: the keyboard, if any.
    open var inputView: View? { nil }

    open var canBecomeFirstResponder: Bool { false }
    open var canResignFirstResponder: Bool { true }

    public var isFirstResponder: Bool { application?.firstResponder === self }

    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let application else { return false }
        if isFirstResponder { return true }
        if let current = application.firstResponder, !current.resignFirstResponder() { return false }
        application.firstResponder = self
        return true
    }

    /// It stopped being the first responder without resigning (its view left
    /// the window and it would not resign): what resigning would undo, undone.
    func lostFirstResponder() {}

    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if isFirstResponder { application?.firstResponder = nil }
        return true
    }

    // MARK: Actions

    /// Answers `action` with `handler` (UIKit would look up a method by selector).
    public func addAction(_ action: Selector, handler: @escaping (Any?) -> Void) {
        actionHandlers[action] = handler
    }

    public func removeAction(_ action: Selector) { actionHandlers[action] = nil }

    open func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool { actionHandlers[action] != nil }

    /// Runs the handler for `action`; false when there is none.
    @discardableResult
    open func perform(_ action: Selector, with sender: Any?) -> Bool {
        guard let handler = actionHandlers[action] else { return false }
        handler(sender)
        return true
    }

    /// The first responder, from this one along `next`, that can perform `action`.
    public func target(forAction action: Selector, withSender sender: Any?) -> Responder? {
        var responder: Responder? = self
        while let current = responder {
            if current.canPerformAction(action, withSender: sender) { return current }
            responder = current.next
        }
        return nil
    }
}
