/// The bar across the top of a navigation controller, as UINavigationBar:
/// the top controller's title in the middle, a back button on the left when
/// there is a screen to go back to, and the navigation item's buttons.
@MainActor
open class NavigationBar: View {
    /// The bar's colour; the buttons' colour; the title's colour and font.
    public var barTintColor = Color.controlGray(0.97, dark: 0.08) {
        didSet { backgroundColor = barTintColor }
    }
    /// The buttons take the bar's tint (`tintColor`).
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsLayout()
    }
    public var titleColor: Color = .label {
        didSet { titleLabel.textColor = titleColor }
    }
    public var titleFont = Font.boldSystemFont(ofSize: 17) {
        didSet { titleLabel.font = titleFont }
    }
    /// The bar's height: 44 points as on a phone; a kiosk may want more.
    public var height = 44.0 {
        didSet { if oldValue != height { superview?.setNeedsLayout() } }
    }

    public let titleLabel = Label()
    public private(set) var backButton: Button?
    public private(set) var leftButton: Button?
    public private(set) var rightButton: Button?

    /// The top item, and the title of the one under it for the back button.
    private(set) var topItem: NavigationItem?
    private var backTitle: String?
    var onBack: (() -> Void)?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = barTintColor
        titleLabel.font = titleFont
        titleLabel.textAlignment = .center
        addSubview(titleLabel)
    }

    /// Shows `item`; `backTitle` is nil when there is nothing to go back to.
    func show(_ item: NavigationItem?, backTitle: String?) {
        topItem?.onChange = nil
        topItem = item
        self.backTitle = backTitle
        item?.onChange = { [weak self] in self?.setNeedsLayout() }
        // The new title and buttons show at once: code that pushes and then
        // reads the bar sees the screen it pushed.
        setNeedsLayout()
        layoutIfNeeded()
    }

    open override func layoutSubviews() {
        let item = topItem
        titleLabel.text = item?.title
        let showsBack = backTitle != nil && item?.hidesBackButton != true && item?.leftBarButtonItem == nil
        backButton = place(backButton, title: showsBack ? "‹ \(backTitle!)" : nil, bold: false, enabled: true) { [weak self] in
            self?.onBack?()
        }
        leftButton = place(leftButton, item: item?.leftBarButtonItem)
        rightButton = place(rightButton, item: item?.rightBarButtonItem)
        let side = max(sideWidth(backButton), sideWidth(leftButton), sideWidth(rightButton))
        backButton?.frame = Rect(x: 4, y: 0, width: sideWidth(backButton), height: bounds.height)
        leftButton?.frame = Rect(x: 4, y: 0, width: sideWidth(leftButton), height: bounds.height)
        rightButton?.frame = Rect(x: bounds.width - 4 - sideWidth(rightButton), y: 0, width: sideWidth(rightButton), height: bounds.height)
        titleLabel.frame = Rect(x: side + 8, y: 0, width: max(0, bounds.width - 2 * (side + 8)), height: bounds.height)
    }

    open override func draw(_ rect: Rect) {
        GraphicsContext.current?.fill(Rect(x: 0, y: bounds.height - 1, width: bounds.width, height: 1), with: .controlGray(0.8, dark: 0.25))
    }

    /// A side button's width: its title and some room, at most a third of the bar.
    private func sideWidth(_ button: Button?) -> Double {
        guard let button, let title = button.title else { return 0 }
        let text = TextLayout(title, font: button.font, width: .infinity).size.width
        return min(text + 24, bounds.width / 3)
    }

    private func place(_ button: Button?, item: BarButtonItem?) -> Button? {
        guard let item else { return place(button, title: nil, bold: false, enabled: true) {} }
        // A title or isEnabled changed on the item shows at once.
        item.onChange = { [weak self] in self?.setNeedsLayout() }
        return place(button, title: item.title, bold: item.style == .done, enabled: item.isEnabled) { [weak item] in
            if let item { item.handler?(item) }
        }
    }

    /// The button showing `title` (made or reused), or none when the title is nil.
    private func place(_ button: Button?, title: String?, bold: Bool, enabled: Bool, action: @escaping () -> Void) -> Button? {
        guard let title else {
            button?.removeFromSuperview()
            return nil
        }
        let shown = button ?? Button()
        if shown.superview !== self { addSubview(shown) }
        shown.title = title
        shown.titleColor = tintColor
        shown.font = bold ? .boldSystemFont(ofSize: titleFont.size) : .systemFont(ofSize: titleFont.size)
        shown.isEnabled = enabled
        shown.removeAllActions()
        shown.addAction(for: .touchUpInside) { _, _ in action() }
        return shown
    }
}
