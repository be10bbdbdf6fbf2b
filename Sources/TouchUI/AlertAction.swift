/// A button of an alert, as UIAlertAction: its title, its style, and what it does.
@MainActor
public final class AlertAction {
    public enum Style: Sendable {
        case `default`
        /// Closes the alert without doing anything; drawn bold, and placed last.
        case cancel
        /// Does something that cannot be undone; drawn in red.
        case destructive
    }

    public let title: String?
    public let style: Style
    public var isEnabled = true
    let handler: ((AlertAction) -> Void)?

    public init(title: String?, style: Style, handler: ((AlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}
