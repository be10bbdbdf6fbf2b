/// The bar across the top of a navigation controller, as UINavigationBar:
/// the top controller's title in the middle, a back button on the left when
/// there is a screen to go back to, and the navigation item's buttons.
/// With `prefersLargeTitles`, the title can show large instead, in a band
/// under them.
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
        didSet {
            titleLabel.textColor = titleColor
            largeTitleLabel.textColor = titleColor
        }
    }
    public var titleFont = Font.boldSystemFont(ofSize: 17) {
        didSet { titleLabel.font = titleFont }
    }
    /// The bar's height without a large title: 44 points as on a phone; a
    /// kiosk may want more. A large title's band goes under it.
    public var height = 44.0 {
        didSet { if oldValue != height { setNeedsLayout(); superview?.setNeedsLayout() } }
    }

    /// Whether titles may show large, as UINavigationBar's: the top item's
    /// title in 34-point bold, leading-aligned (left for left-to-right
    /// text) in a band of `largeTitleHeight` under the buttons, instead of
    /// small in the middle, so the bar is 96 points tall (UIKit's large-title
    /// bar). Each item's `largeTitleDisplayMode` says whether its title does.
    ///
    /// UIKit also shrinks a large title into the small one as the screen's
    /// scroll view scrolls its content up under the bar. Here a screen's view
    /// sits below the bar, not under it (there are no adjusted content
    /// insets for the bar to collapse into), so a large title stays large
    /// until a push or pop.
    public var prefersLargeTitles = false {
        didSet { if oldValue != prefersLargeTitles { setNeedsLayout(); superview?.setNeedsLayout() } }
    }
    /// The band a large title takes under the bar's `height`: 52 points, as UIKit's.
    public static let largeTitleHeight = 52.0

    public let titleLabel = Label()
    /// The top item's title when it shows large (hidden otherwise).
    public let largeTitleLabel = Label()
    public private(set) var backButton: Button?
    public private(set) var leftButton: Button?
    public private(set) var rightButton: Button?

    /// The stack's items, bottom to top, and the back button's title.
    private(set) var items: [NavigationItem] = []
    var topItem: NavigationItem? { items.last }
    private var backTitle: String?
    var onBack: (() -> Void)?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = barTintColor
        titleLabel.font = titleFont
        titleLabel.textAlignment = .center
        addSubview(titleLabel)
        largeTitleLabel.font = .boldSystemFont(ofSize: 34)
        largeTitleLabel.textAlignment = .natural
        largeTitleLabel.isHidden = true
        addSubview(largeTitleLabel)
        // While the bar grows or shrinks between a large title and none, the
        // band shows only as far as the bar is drawn.
        clipsToBounds = true
    }

    /// Shows the top one of `items` (the stack, bottom to top); `backTitle`
    /// is nil when there is nothing to go back to.
    func show(_ items: [NavigationItem], backTitle: String?) {
        topItem?.onChange = nil
        self.items = items
        self.backTitle = backTitle
        // A change may make the title large or small, and the bar another height.
        topItem?.onChange = { [weak self] in
            self?.setNeedsLayout()
            self?.superview?.setNeedsLayout()
        }
        // The new title and buttons show at once: code that pushes and then
        // reads the bar sees the screen it pushed.
        setNeedsLayout()
        layoutIfNeeded()
    }

    /// Whether the top item's title shows large: the bar prefers large
    /// titles and the item asks for it, or leaves it (`.automatic`) to the
    /// items under it, down to the root, which shows it large.
    var showsLargeTitle: Bool {
        guard prefersLargeTitles, !items.isEmpty else { return false }
        for item in items.reversed() {
            switch item.largeTitleDisplayMode {
            case .always: return true
            case .never: return false
            case .automatic: continue
            }
        }
        return true
    }

    /// The bar's height for its top item: `height`, and a large title's band.
    var fullHeight: Double { height + (showsLargeTitle ? Self.largeTitleHeight : 0) }

    open override func layoutSubviews() {
        let item = topItem
        let large = showsLargeTitle
        titleLabel.text = item?.title
        titleLabel.isHidden = large
        largeTitleLabel.text = item?.title
        largeTitleLabel.isHidden = !large
        let showsBack = backTitle != nil && item?.hidesBackButton != true && item?.leftBarButtonItem == nil
        backButton = place(backButton, title: showsBack ? "‹ \(backTitle!)" : nil, bold: false, enabled: true) { [weak self] in
            self?.onBack?()
        }
        leftButton = place(leftButton, item: item?.leftBarButtonItem)
        rightButton = place(rightButton, item: item?.rightBarButtonItem)
        let side = max(sideWidth(backButton), sideWidth(leftButton), sideWidth(rightButton))
        // The buttons and the small title take the top `height` points.
        backButton?.frame = Rect(x: 4, y: 0, width: sideWidth(backButton), height: height)
        leftButton?.frame = Rect(x: 4, y: 0, width: sideWidth(leftButton), height: height)
        rightButton?.frame = Rect(x: bounds.width - 4 - sideWidth(rightButton), y: 0, width: sideWidth(rightButton), height: height)
        titleLabel.frame = Rect(x: side + 8, y: 0, width: max(0, bounds.width - 2 * (side + 8)), height: height)
        // The large title starts where the screen's content does: at a root view's side margin.
        let margin = ViewController.rootViewMargins.leading
        largeTitleLabel.frame = Rect(x: margin, y: height, width: max(0, bounds.width - 2 * margin), height: Self.largeTitleHeight)
    }

    open override func draw(_ rect: Rect) {
        // Along the bottom as drawn: the line goes with the bar as it grows or shrinks.
        let bottom = drawnBounds.maxY
        GraphicsContext.current?.fill(Rect(x: 0, y: bottom - 1, width: bounds.width, height: 1), with: .controlGray(0.8, dark: 0.25))
    }

    // MARK: The titles' cross-fade

    /// Copies of the titles shown before a push or pop, fading out over it.
    private(set) var leavingTitles: [Label] = []

    /// Before an animated push or pop: the titles on show stay, as copies,
    /// to fade out while the new ones fade in.
    func keepTitlesForCrossFade() {
        endCrossFade()
        for label in [titleLabel, largeTitleLabel] where !label.isHidden && !(label.text ?? "").isEmpty {
            let copy = Label(frame: label.frame, text: label.text)
            copy.font = label.font
            copy.textColor = label.textColor
            copy.textAlignment = label.textAlignment
            insertSubview(copy, aboveSubview: label)
            leavingTitles.append(copy)
        }
    }

    /// Inside the transition's animation block, after `show`: the kept
    /// titles fade out and the new ones in. Returns the views it animates.
    func crossFadeTitles() -> [View] {
        let arriving = [titleLabel, largeTitleLabel].filter { !$0.isHidden }
        View.performWithoutAnimation {
            for label in arriving { label.alpha = 0 }
        }
        for label in arriving { label.alpha = 1 }
        for label in leavingTitles { label.alpha = 0 }
        return arriving + leavingTitles
    }

    /// When the push or pop ends: the old titles go.
    func endCrossFade() {
        for label in leavingTitles { label.removeFromSuperview() }
        leavingTitles = []
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
