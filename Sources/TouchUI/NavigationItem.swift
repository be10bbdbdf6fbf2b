/// What a navigation bar shows while a controller is on top, as
/// UINavigationItem: a title (the controller's by default), the back
/// button's title for the controller pushed next, and buttons.
@MainActor
open class NavigationItem {
    public var title: String? {
        didSet { if oldValue != title { onChange?() } }
    }
    /// The back button of the next screen reads this; nil uses this screen's title.
    public var backButtonTitle: String?
    public var hidesBackButton = false {
        didSet { if oldValue != hidesBackButton { onChange?() } }
    }
    public var leftBarButtonItem: BarButtonItem? {
        didSet { if oldValue !== leftBarButtonItem { onChange?() } }
    }
    public var rightBarButtonItem: BarButtonItem? {
        didSet { if oldValue !== rightBarButtonItem { onChange?() } }
    }

    /// When a bar that `prefersLargeTitles` shows this item's title large,
    /// as UINavigationItem.LargeTitleDisplayMode.
    public enum LargeTitleDisplayMode: Sendable {
        /// As the item under it in the stack shows its title; the root item shows it large.
        case automatic
        case always
        /// The standard bar, with the title small in the middle.
        case never
    }
    public var largeTitleDisplayMode = LargeTitleDisplayMode.automatic {
        didSet { if oldValue != largeTitleDisplayMode { onChange?() } }
    }
    /// The bar showing the item lays it out again.
    var onChange: (() -> Void)?

    public init(title: String? = nil) { self.title = title }
}
