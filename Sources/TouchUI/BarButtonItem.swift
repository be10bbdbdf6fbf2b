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

    /// The action's title, running the action on a tap, as `UIBarButtonItem(primaryAction:)`.
    public convenience init(primaryAction: Action?) {
        self.init(title: primaryAction?.title)
        self.primaryAction = primaryAction
    }

    /// A standard item (Done, Cancel, Add...) running `primaryAction` on a tap.
    public convenience init(systemItem: SystemItem, primaryAction: Action? = nil) {
        self.init(title: systemItem.title, style: systemItem.isDone ? .done : .plain)
        self.primaryAction = primaryAction
    }

    /// UIKit's target-action with a method reference in place of `#selector`:
    /// `BarButtonItem(title: "Pay", style: .done, target: self, action: CartController.pay)`.
    /// The target is held weakly.
    public convenience init<Target: AnyObject>(title: String?, style: Style, target: Target, action: @escaping (Target) -> () -> Void) {
        self.init(title: title, style: style) { [weak target] _ in
            if let target { action(target)() }
        }
    }

    /// What a tap runs, as UIBarButtonItem's `primaryAction`; its sender is the item.
    public var primaryAction: Action? {
        get { action }
        set {
            action = newValue
            if let newValue { handler = { item in newValue.perform(from: item) } }
        }
    }
    private var action: Action?

    /// The standard items, as UIBarButtonItem.SystemItem, each with its title.
    public enum SystemItem: Sendable {
        case done, cancel, edit, save, add, close, refresh

        var title: String {
            switch self {
            case .done: "Done"
            case .cancel: "Cancel"
            case .edit: "Edit"
            case .save: "Save"
            case .add: "+"
            case .close: "Close"
            case .refresh: "↻"
            }
        }

        /// Done and Save finish a screen: bold, as UIKit draws them.
        var isDone: Bool { self == .done || self == .save }
    }
}
