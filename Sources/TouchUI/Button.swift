/// A push button, as UIButton: a title and an image, each settable per
/// state (normal, highlighted, disabled, selected), highlighted while a
/// finger is on it. A state with no value of its own shows the normal one;
/// a highlighted title with no colour of its own is dimmed, a disabled one greyed.
@MainActor
open class Button: Control {
    private var titles: [Int: String] = [:]
    /// Colours set per state; with none for normal, the title is the tint (a system button) or white (a custom one).
    private var titleColors: [Int: Color] = [:]
    private var images: [Int: Image] = [:]

    /// The title's font: the same as `titleLabel?.font`.
    public var font: Font {
        get { label.font }
        set { label.font = newValue }
    }

    /// Shows the current title, as UIButton's `titleLabel`: set its font or
    /// `numberOfLines` there (the button aligns it beside its image). Its text and colour follow
    /// `setTitle(_:for:)` and `setTitleColor(_:for:)` through every state,
    /// so set those, not the label's own. Under a configuration, which
    /// draws its own title, it holds the text but is hidden.
    public var titleLabel: Label? { label }
    private let label = Label()
    /// Points between the image and the title.
    public var imagePadding = 8.0 {
        didSet { if oldValue != imagePadding { contentChanged() } }
    }
    /// Room around the content in the intrinsic size.
    public var contentInsets = EdgeInsets(top: 6, left: 12, bottom: 6, right: 12) {
        didSet { if oldValue != contentInsets { contentChanged() } }
    }

    /// How a button looks before anything is set, as UIButton.ButtonType.
    public enum ButtonType: Sendable {
        /// A title in the tint colour, dimmed while pressed: UIKit's system button.
        case system
        /// Nothing of its own: a white title, for a button the app draws or colours.
        case custom
    }

    public let buttonType: ButtonType

    public init(frame: Rect = .zero, title: String? = nil) {
        buttonType = .system
        super.init(frame: frame)
        addSubview(label)
        if let title { titles[State.normal.rawValue] = title }
        updateTitleLabel()
    }

    /// A button of `type`, with a zero frame (for Auto Layout), as `UIButton(type:)`.
    public init(type: ButtonType) {
        buttonType = type
        super.init(frame: .zero)
        addSubview(label)
        updateTitleLabel()
    }

    /// A button drawn from `configuration`, running `primaryAction` when
    /// tapped, as `UIButton(configuration:primaryAction:)`.
    public convenience init(configuration: Configuration, primaryAction: Action? = nil) {
        self.init(type: .system)
        self.configuration = configuration
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    // MARK: Configuration

    /// How the button looks, as a value; nil: the per-state titles,
    /// images and colours below. Setting it redraws and re-measures.
    public var configuration: Configuration? {
        didSet { if oldValue != configuration { contentChanged() } }
    }

    /// Called when the state changes (highlighted, enabled, selected) and
    /// after `setNeedsUpdateConfiguration()`: set `configuration` for the
    /// new state there, as UIKit's handler does.
    public var configurationUpdateHandler: ((Button) -> Void)? {
        didSet { setNeedsUpdateConfiguration() }
    }

    /// Asks for `updateConfiguration()` now (there is no later pass to wait for).
    public func setNeedsUpdateConfiguration() { updateConfiguration() }

    /// Runs the update handler; override to update the configuration yourself (call super).
    open func updateConfiguration() { configurationUpdateHandler?(self) }

    override func stateDidChange() {
        super.stateDidChange()
        updateConfiguration()
        updateTitleLabel()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateTitleLabel()
    }

    /// A system button titled with `primaryAction`'s title and image, which
    /// runs it when tapped, as `UIButton(primaryAction:)`.
    public convenience init(frame: Rect = .zero, primaryAction: Action?) {
        self.init(frame: frame, title: primaryAction?.title)
        if let primaryAction {
            if let image = primaryAction.image { setImage(image, for: .normal) }
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    // MARK: Per-state content

    public func setTitle(_ title: String?, for state: State) {
        guard titles[state.rawValue] != title else { return }
        titles[state.rawValue] = title
        contentChanged()
    }

    /// The title for `state`, else the normal one.
    public func title(for state: State) -> String? { titles[state.rawValue] ?? titles[State.normal.rawValue] }

    public func setTitleColor(_ color: Color?, for state: State) {
        guard titleColors[state.rawValue] != color else { return }
        titleColors[state.rawValue] = color
        updateTitleLabel()
    }

    /// The colour set for `state`, else the normal one, else the button's default.
    public func titleColor(for state: State) -> Color? { titleColors[state.rawValue] ?? titleColor }

    public func setImage(_ image: Image?, for state: State) {
        guard images[state.rawValue] !== image else { return }
        images[state.rawValue] = image
        contentChanged()
    }

    public func image(for state: State) -> Image? { images[state.rawValue] ?? images[State.normal.rawValue] }

    /// The normal state's title: `setTitle(_:for: .normal)`.
    public var title: String? {
        get { titles[State.normal.rawValue] }
        set { setTitle(newValue, for: .normal) }
    }

    /// The normal state's title colour: `setTitleColor(_:for: .normal)`.
    public var titleColor: Color {
        get { titleColors[State.normal.rawValue] ?? (buttonType == .system ? tintColor : .white) }
        set { setTitleColor(newValue, for: .normal) }
    }

    /// What shows now, for the current state.
    public var currentTitle: String? { title(for: state) }
    public var currentImage: Image? { image(for: state) }
    public var currentTitleColor: Color {
        if let own = titleColors[state.rawValue] { return own }
        if !isEnabled { return titleColors[State.disabled.rawValue] ?? .gray }
        if isHighlighted { return titleColor.withAlphaComponent(0.3) }
        return titleColor
    }

    private func contentChanged() {
        updateTitleLabel()
        setNeedsDisplay()
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// The label shows what the current state shows.
    private func updateTitleLabel() {
        label.text = configuration?.title ?? currentTitle
        label.textColor = currentTitleColor
        label.isHidden = configuration != nil || (label.text ?? "").isEmpty
    }

    override func subviewIntrinsicContentSizeDidChange(_ subview: View) {
        guard subview === label else { return }
        setNeedsDisplay()
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// The title beside the image, the two centred together.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let title = currentTitle.flatMap { $0.isEmpty ? nil : $0 }
        guard configuration == nil, title != nil else { return }
        guard let image = currentImage else {
            label.textAlignment = .center
            label.frame = bounds.insetBy(dx: 4, dy: 0)
            return
        }
        let content = contentSize(title: title, image: image)
        let x = bounds.midX - min(content.width, bounds.width - 8) / 2 + image.size.width + imagePadding
        label.textAlignment = .left
        label.frame = Rect(x: x, y: bounds.minY, width: max(0, bounds.maxX - 4 - x), height: bounds.height)
    }

    // MARK: Size and drawing

    /// The image and the title side by side, with the content insets around them.
    open override var intrinsicContentSize: Size {
        if let configuration { return configuredParts(configuration, in: .zero).size }
        let content = contentSize(title: currentTitle, image: currentImage)
        return Size(
            width: content.width + contentInsets.left + contentInsets.right,
            height: max(content.height, font.size * 1.25) + contentInsets.top + contentInsets.bottom)
    }

    /// The title's line, centred as `draw` centres it.
    override var textBaselinesFromCentre: (first: Double, last: Double)? {
        if let configuration {
            // The content is centred, so its lines sit where they do in a
            // button of its own size: the same from the centre at any bounds
            // (and before the engine has given any).
            let size = configuredParts(configuration, in: .zero).size
            let box = Rect(x: 0, y: 0, width: size.width, height: size.height)
            let parts = configuredParts(configuration, in: box)
            guard let title = parts.title else { return nil }
            let line = TextLayout(configuration.title ?? "X", font: configuration.titleFont).baselinesFromCentre
            let last = parts.subtitle.map { ($0.midY - box.midY) + TextLayout(configuration.subtitle ?? "X", font: configuration.subtitleFont).baselinesFromCentre.last }
            return (title.midY - box.midY + line.first, last ?? title.midY - box.midY + line.last)
        }
        return TextLayout(currentTitle.flatMap { $0.isEmpty ? nil : $0 } ?? "X", font: font).baselinesFromCentre
    }

    private func contentSize(title: String?, image: Image?) -> Size {
        let text = title.map { TextLayout($0, font: font, width: .infinity, numberOfLines: label.numberOfLines).size } ?? .zero
        let picture = image?.size ?? .zero
        let gap = text.width > 0 && picture.width > 0 ? imagePadding : 0
        return Size(width: text.width + gap + picture.width, height: max(text.height, picture.height))
    }

    /// A system button's look: a shade while highlighted, then the image;
    /// the title label draws the title beside it, in the colour of the current state.
    open override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        if let configuration { return draw(configuration, in: context) }
        if isHighlighted {
            context.fill(shape, with: Color(white: 0, alpha: 0.15))
        }
        let title = currentTitle.flatMap { $0.isEmpty ? nil : $0 }
        let image = currentImage
        guard let image else { return }
        let content = contentSize(title: title, image: image)
        let x = bounds.midX - min(content.width, bounds.width - 8) / 2
        let size = image.size
        context.draw(image, in: Rect(x: x, y: bounds.midY - size.height / 2, width: size.width, height: size.height))
    }
}
