/// Text that draws itself, as UILabel: one line truncated with "…" by
/// default, or as many as `numberOfLines` allows (0: all it needs).
@MainActor
open class Label: View {
    public var text: String? {
        didSet { if oldValue != text { setNeedsDisplay(); invalidateIntrinsicContentSize(); givenAttributedText = nil } }
    }
    public var font = Font.systemFont(ofSize: 17) {
        didSet { if oldValue != font { setNeedsDisplay(); invalidateIntrinsicContentSize(); givenAttributedText = nil } }
    }
    public var textColor: Color = .label {
        didSet { if oldValue != textColor { setNeedsDisplay(); givenAttributedText = nil } }
    }
    public var textAlignment: TextAlignment = .natural {
        didSet { if oldValue != textAlignment { setNeedsDisplay(); givenAttributedText = nil } }
    }

    /// The text with its style, as UILabel's: setting it sets `text` to its
    /// string and `font`, `textColor` and `textAlignment` to its attributes
    /// (those it lacks stay as they were). One run of attributes styles the
    /// whole label; a background colour attribute is not drawn (set the
    /// label's `backgroundColor`). Reading it gives what was set until one of
    /// those properties changes, then a string made from them.
    public var attributedText: NSAttributedString? {
        get {
            if let givenAttributedText { return givenAttributedText }
            guard let text else { return nil }
            let style = NSMutableParagraphStyle()
            style.alignment = textAlignment
            style.lineBreakMode = .byTruncatingTail
            return NSAttributedString(string: text, attributes: [.font: font, .foregroundColor: textColor, .paragraphStyle: style])
        }
        set {
            guard let newValue else {
                text = nil
                givenAttributedText = nil
                return
            }
            let attributes = newValue.attributes
            text = newValue.string
            if let font = attributes[.font] as? Font { self.font = font }
            if let color = attributes[.foregroundColor] as? Color { textColor = color }
            if let style = attributes[.paragraphStyle] as? NSParagraphStyle { textAlignment = style.alignment }
            // Last: setting the properties above forgets an earlier one.
            givenAttributedText = newValue
        }
    }
    private var givenAttributedText: NSAttributedString?
    public var numberOfLines = 1 {
        didSet { if oldValue != numberOfLines { setNeedsDisplay() } }
    }

    public init(frame: Rect = .zero, text: String? = nil) {
        self.text = text
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// The size the text needs, up to `size`'s width.
    public func sizeThatFits(_ size: Size) -> Size {
        guard let text, !text.isEmpty else { return .zero }
        return TextLayout(text, font: font, width: size.width > 0 ? size.width : .infinity, numberOfLines: numberOfLines).size
    }

    /// The text on one line (or as many as `numberOfLines` allows, at the current width).
    open override var intrinsicContentSize: Size {
        let width = numberOfLines == 1 ? 0 : bounds.width
        let size = sizeThatFits(Size(width: width, height: 0))
        return Size(width: size.width, height: max(size.height, font.size * 1.25))
    }

    /// The text shaped for the current bounds, kept across repaints: shaping is most of a label's drawing.
    private var shaped: TextLayout?

    override var textBaselinesFromCentre: (first: Double, last: Double)? {
        guard let text, !text.isEmpty else { return TextLayout("X", font: font).baselinesFromCentre }
        return TextLayout(text, font: font, width: numberOfLines == 1 ? .infinity : bounds.width, numberOfLines: numberOfLines)
            .baselinesFromCentre
    }

    open override func draw(_ rect: Rect) {
        guard let text, !text.isEmpty, let context = GraphicsContext.current else { return }
        let width = bounds.width
        if let shaped, shaped.text == text, shaped.font == font, shaped.width == width, shaped.numberOfLines == numberOfLines,
            shaped.alignment == textAlignment
        {
            context.draw(shaped, in: bounds, color: textColor)
            return
        }
        let layout = TextLayout(text, font: font, width: width, numberOfLines: numberOfLines, alignment: textAlignment)
        shaped = layout
        context.draw(layout, in: bounds, color: textColor)
    }
}
