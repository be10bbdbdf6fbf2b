/// A button for a navigation bar, as UIBarButtonItem: a title and what a tap does.
@MainActor
open class BarButtonItem {
    public enum Style: Sendable {
        case plain
        /// Bold, for the action that finishes a screen.
        case done
    }

    public var title: String? {
        didSet { if oldValue != title { onChange?() } }
    }
    public var style: Style
    public var isEnabled = true {
        didSet { if oldValue != isEnabled { onChange?() } }
    }
    /// Runs on a tap (UIKit's primaryAction).
    public var handler: ((BarButtonItem) -> Void)?
    /// The bar showing the item redraws it.
    var onChange: (() -> Void)?

    public init(title: String?, style: Style = .plain, handler: ((BarButtonItem) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}
