/// What a control does, as UIAction: a title (a button made with it shows
/// it) and a handler, which receives the action with `sender` set to the
/// control that sent it. UIKit's selectors have no place on Linux; an
/// action stands where `#selector` would.
///
/// ```swift
/// let pay = Button(primaryAction: Action(title: "Pay") { _ in ticket.pay() })
/// stepper.addAction(Action { action in print((action.sender as? Stepper)?.value ?? 0) }, for: .valueChanged)
/// ```
@MainActor
public final class Action {
    /// Names an action, so that it can be found and replaced.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    public var title: String
    public var image: Image?
    public let identifier: Identifier
    /// The control that is sending the action, while its handler runs.
    public internal(set) var sender: AnyObject?
    let handler: (Action) -> Void

    public init(title: String = "", image: Image? = nil, identifier: Identifier? = nil, handler: @escaping (Action) -> Void) {
        self.title = title
        self.image = image
        self.identifier = identifier ?? Identifier("action-\(Action.nextNumber)")
        Action.nextNumber += 1
        self.handler = handler
    }

    private static var nextNumber = 1

    /// Runs the handler as sent by `sender`.
    func perform(from sender: AnyObject?) {
        self.sender = sender
        defer { self.sender = nil }
        handler(self)
    }
}
