extension Button {
    /// How a button looks, as a value: UIButton.Configuration. Start from one
    /// of the styles (`plain()`, `tinted()`, `gray()`, `filled()`, and the
    /// bordered ones), set what differs, and give it to `Button(configuration:)`
    /// or `button.configuration`. A button with a configuration draws it
    /// instead of its per-state titles and colours.
    ///
    /// ```swift
    /// var pay = Button.Configuration.filled()
    /// pay.title = "Pay"
    /// pay.subtitle = "2 hours, €4.00"
    /// pay.cornerStyle = .capsule
    /// let button = Button(configuration: pay, primaryAction: Action { _ in checkout() })
    /// ```
    public struct Configuration: Equatable {
        /// How the background is filled: the style each constructor sets.
        public enum Style: Sendable, Equatable {
            case plain, tinted, gray, filled
        }

        /// How round the background's corners are.
        public enum CornerStyle: Sendable, Equatable {
            /// Chosen from the button's size: medium for a medium button.
            case dynamic
            /// `background.cornerRadius` exactly.
            case fixed
            case small, medium, large
            /// Half the height: ends that are half circles.
            case capsule
        }

        /// A size, for the default font and insets.
        public enum Size: Sendable, Equatable {
            case mini, small, medium, large
        }

        /// Where the image sits beside the title.
        public enum ImagePlacement: Sendable, Equatable {
            case leading, trailing, top, bottom
        }

        /// What is behind the content.
        public struct Background: Equatable, Sendable {
            /// For `.fixed` corners.
            public var cornerRadius: Double = 0
            public var strokeColor: Color?
            public var strokeWidth: Double = 0
            /// Overrides the style's own background colour.
            public var backgroundColor: Color?
        }

        public let style: Style
        public var title: String?
        public var subtitle: String?
        public var image: Image?
        public var imagePlacement: ImagePlacement = .leading
        /// Between the image and the text.
        public var imagePadding: Double = 0
        /// Between the title and the subtitle.
        public var titlePadding: Double = 0
        /// Text and image colour; nil: the style's (the tint, or white on a filled button).
        public var baseForegroundColor: Color?
        /// Background colour; nil: the style's (the tint, a tinted wash, a grey).
        public var baseBackgroundColor: Color?
        public var background = Background()
        public var cornerStyle: CornerStyle = .dynamic
        public var buttonSize: Size = .medium
        /// From the button's bounds to its content; `setDefaultContentInsets()` restores them.
        public var contentInsets = Configuration.defaultContentInsets
        public var titleAlignment: TextAlignment = .center

        init(style: Style) { self.style = style }

        /// Equal when everything is, the image being the same object.
        public static func == (a: Configuration, b: Configuration) -> Bool {
            a.style == b.style && a.title == b.title && a.subtitle == b.subtitle && a.image === b.image
                && a.imagePlacement == b.imagePlacement && a.imagePadding == b.imagePadding && a.titlePadding == b.titlePadding
                && a.baseForegroundColor == b.baseForegroundColor && a.baseBackgroundColor == b.baseBackgroundColor
                && a.background == b.background && a.cornerStyle == b.cornerStyle && a.buttonSize == b.buttonSize
                && a.contentInsets == b.contentInsets && a.titleAlignment == b.titleAlignment
        }

        /// No background: the content in the tint colour.
        public static func plain() -> Configuration { Configuration(style: .plain) }
        /// A wash of the tint behind the content in the tint colour.
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        /// A grey background with the content in the tint colour.
        public static func gray() -> Configuration { Configuration(style: .gray) }
        /// The tint behind white content: the most prominent.
        public static func filled() -> Configuration { Configuration(style: .filled) }
        public static func borderless() -> Configuration { plain() }
        public static func bordered() -> Configuration { gray() }
        public static func borderedTinted() -> Configuration { tinted() }
        public static func borderedProminent() -> Configuration { filled() }

        /// UIKit's insets for a medium button: 7 points above and below, 12 at the sides.
        public static let defaultContentInsets = DirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)

        public mutating func setDefaultContentInsets() { contentInsets = Configuration.defaultContentInsets }

        /// The title's font at this size (UIKit's body text for a medium button).
        var titleFont: Font {
            switch buttonSize {
            case .mini: Font.systemFont(ofSize: 12)
            case .small: Font.systemFont(ofSize: 15)
            case .medium: Font.systemFont(ofSize: 17)
            case .large: Font.systemFont(ofSize: 20)
            }
        }

        var subtitleFont: Font { titleFont.withSize(titleFont.size * 0.8) }

        func cornerRadius(height: Double) -> Double {
            switch cornerStyle {
            case .fixed: background.cornerRadius
            case .small: 4
            case .dynamic, .medium: buttonSize == .large ? 12 : buttonSize == .mini ? 4 : 8
            case .large: 12
            case .capsule: height / 2
            }
        }
    }

    /// Draws `configuration`: its background, then the image and text laid
    /// out inside the content insets, in the colours of the current state.
    func draw(_ configuration: Configuration, in context: GraphicsContext) {
        let tint = tintColor ?? .systemBlue
        var foreground = configuration.baseForegroundColor ?? (configuration.style == .filled ? .white : tint)
        var fill: Color? = configuration.background.backgroundColor ?? configuration.baseBackgroundColor ?? {
            switch configuration.style {
            case .plain: nil
            case .tinted: tint.withAlphaComponent(0.15)
            case .gray: .secondarySystemFill
            case .filled: tint
            }
        }()
        if !isEnabled {
            // UIKit's disabled look: grey content, and a faint grey where there was a background.
            foreground = .tertiaryLabel
            if fill != nil { fill = .quaternarySystemFill }
        } else if isHighlighted {
            foreground = foreground.withAlphaComponent(configuration.style == .filled ? 0.8 : 0.4)
            fill = fill.map { $0.withAlphaComponent($0.alpha * 0.8) } ?? Color(white: 0, alpha: 0.08)
        }
        let radius = configuration.cornerRadius(height: bounds.height)
        let outline = radius > 0
            ? Path(roundedRect: bounds, byRoundingCorners: .allCorners, cornerRadii: Graphics.Size(width: radius, height: radius))
            : Path(rect: bounds)
        if let fill { context.fill(outline, with: fill) }
        if let stroke = configuration.background.strokeColor, configuration.background.strokeWidth > 0 {
            context.stroke(outline, with: stroke, lineWidth: configuration.background.strokeWidth)
        }
        let parts = configuredParts(configuration, in: bounds)
        if let image = configuration.image, let frame = parts.image { context.draw(image, in: frame) }
        if let title = configuration.title, let frame = parts.title {
            context.draw(title, in: frame, font: configuration.titleFont, color: foreground, alignment: configuration.titleAlignment)
        }
        if let subtitle = configuration.subtitle, let frame = parts.subtitle {
            context.draw(
                subtitle, in: frame, font: configuration.subtitleFont, color: foreground.withAlphaComponent(foreground.alpha * 0.8),
                alignment: configuration.titleAlignment)
        }
    }

    /// Where the image, title and subtitle go: the text lines stacked, the
    /// image beside them (or above or below), all centred in `rect` less the
    /// content insets. With `rect` at the content's own size, its size is the
    /// intrinsic size.
    func configuredParts(_ configuration: Configuration, in rect: Rect) -> (image: Rect?, title: Rect?, subtitle: Rect?, size: Graphics.Size) {
        let title = configuration.title.flatMap { $0.isEmpty ? nil : TextLayout($0, font: configuration.titleFont).size }
        let subtitle = configuration.subtitle.flatMap { $0.isEmpty ? nil : TextLayout($0, font: configuration.subtitleFont).size }
        let image = configuration.image?.size
        let textGap = title != nil && subtitle != nil ? configuration.titlePadding : 0
        let text = Graphics.Size(
            width: max(title?.width ?? 0, subtitle?.width ?? 0), height: (title?.height ?? 0) + textGap + (subtitle?.height ?? 0))
        let hasText = title != nil || subtitle != nil
        let gap = image != nil && hasText ? configuration.imagePadding : 0
        let vertical = configuration.imagePlacement == .top || configuration.imagePlacement == .bottom
        let picture = image ?? .zero
        let content = vertical
            ? Graphics.Size(width: max(text.width, picture.width), height: text.height + gap + picture.height)
            : Graphics.Size(width: text.width + gap + picture.width, height: max(text.height, picture.height))
        let insets = configuration.contentInsets
        let size = Graphics.Size(
            width: content.width + insets.leading + insets.trailing, height: content.height + insets.top + insets.bottom)
        let area = Rect(
            x: rect.minX + insets.leading, y: rect.minY + insets.top, width: max(0, rect.width - insets.leading - insets.trailing),
            height: max(0, rect.height - insets.top - insets.bottom))
        // The content's box, centred; the text keeps what the image leaves of the width.
        let box = Rect(
            x: area.midX - min(content.width, area.width) / 2, y: area.midY - content.height / 2, width: min(content.width, area.width),
            height: content.height)
        var textBox = box
        var imageFrame: Rect?
        if let image {
            switch configuration.imagePlacement {
            case .leading:
                imageFrame = Rect(x: box.minX, y: box.midY - image.height / 2, width: image.width, height: image.height)
                textBox = Rect(x: box.minX + image.width + gap, y: box.midY - text.height / 2, width: max(0, box.width - image.width - gap), height: text.height)
            case .trailing:
                imageFrame = Rect(x: box.maxX - image.width, y: box.midY - image.height / 2, width: image.width, height: image.height)
                textBox = Rect(x: box.minX, y: box.midY - text.height / 2, width: max(0, box.width - image.width - gap), height: text.height)
            case .top:
                imageFrame = Rect(x: box.midX - image.width / 2, y: box.minY, width: image.width, height: image.height)
                textBox = Rect(x: box.minX, y: box.minY + image.height + gap, width: box.width, height: text.height)
            case .bottom:
                imageFrame = Rect(x: box.midX - image.width / 2, y: box.maxY - image.height, width: image.width, height: image.height)
                textBox = Rect(x: box.minX, y: box.minY, width: box.width, height: text.height)
            }
        }
        let titleFrame = title.map { Rect(x: textBox.minX, y: textBox.minY, width: textBox.width, height: $0.height) }
        let subtitleFrame = subtitle.map {
            Rect(x: textBox.minX, y: textBox.minY + (title.map { $0.height + textGap } ?? 0), width: textBox.width, height: $0.height)
        }
        return (hasText || image != nil ? imageFrame : nil, titleFrame, subtitleFrame, size)
    }
}
