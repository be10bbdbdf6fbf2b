/// The view a `ListContentConfiguration` makes, as UIListContentView: its
/// image, text and secondary text, placed as the configuration says.
@MainActor
open class ListContentView: View, ContentView {
    private let imageView = ImageView()
    private let textLabel = Label()
    private let secondaryTextLabel = Label()

    public var listConfiguration: ListContentConfiguration {
        didSet { if listConfiguration != oldValue { apply() } }
    }

    /// Takes a `ListContentConfiguration`; any other kind is ignored (see `supports`).
    public var configuration: any ContentConfiguration {
        get { listConfiguration }
        set { if let list = newValue as? ListContentConfiguration { listConfiguration = list } }
    }

    public init(configuration: ListContentConfiguration) {
        listConfiguration = configuration
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        imageView.contentMode = .scaleAspectFit
        for view in [imageView, textLabel, secondaryTextLabel] { addSubview(view) }
        apply()
    }

    private func apply() {
        let configuration = listConfiguration
        for (label, text, properties) in [
            (textLabel, configuration.text, configuration.textProperties),
            (secondaryTextLabel, configuration.secondaryText, configuration.secondaryTextProperties),
        ] {
            label.text = text
            label.isHidden = text?.isEmpty ?? true
            label.font = properties.font
            label.textColor = properties.color
            label.textAlignment = properties.alignment
            label.numberOfLines = properties.numberOfLines
        }
        imageView.image = configuration.image
        imageView.isHidden = configuration.image == nil
        imageView.cornerRadius = configuration.imageProperties.cornerRadius
        imageView.clipsToBounds = configuration.imageProperties.cornerRadius > 0
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        let configuration = listConfiguration
        let margins = configuration.directionalLayoutMargins
        var x = margins.leading
        let end = bounds.width - margins.trailing
        if let image = configuration.image {
            let limit = configuration.imageProperties.maximumSize
            let fit = Size(
                width: limit.width > 0 ? limit.width : .infinity,
                height: min(limit.height > 0 ? limit.height : .infinity, max(0, bounds.height - 2 * 6)))
            let scale = min(1, fit.width / max(1, image.size.width), fit.height / max(1, image.size.height))
            let size = Size(width: (image.size.width * scale).rounded(), height: (image.size.height * scale).rounded())
            imageView.frame = Rect(x: x, y: ((bounds.height - size.height) / 2).rounded(), width: size.width, height: size.height)
            x += size.width + configuration.imageToTextPadding
        }
        let width = max(0, end - x)
        let showsSecondary = !secondaryTextLabel.isHidden
        switch configuration.arrangement {
        case .sideBySide where showsSecondary:
            let secondaryWidth = min(secondaryTextLabel.sizeThatFits(Size(width: 0, height: 0)).width, width * 0.6)
            let textWidth = max(0, width - secondaryWidth - configuration.textToSecondaryTextHorizontalPadding)
            textLabel.frame = Rect(x: x, y: 0, width: textWidth, height: bounds.height)
            secondaryTextLabel.frame = Rect(x: end - secondaryWidth, y: 0, width: secondaryWidth, height: bounds.height)
        case .stacked where showsSecondary && !textLabel.isHidden:
            let textHeight = textLabel.sizeThatFits(Size(width: width, height: 0)).height
            let secondaryHeight = secondaryTextLabel.sizeThatFits(Size(width: width, height: 0)).height
            let gap = configuration.textToSecondaryTextVerticalPadding
            let top = max(0, (bounds.height - textHeight - gap - secondaryHeight) / 2).rounded()
            textLabel.frame = Rect(x: x, y: top, width: width, height: textHeight)
            secondaryTextLabel.frame = Rect(x: x, y: top + textHeight + gap, width: width, height: secondaryHeight)
        default:
            textLabel.frame = Rect(x: x, y: 0, width: width, height: bounds.height)
            secondaryTextLabel.frame = Rect(x: x, y: 0, width: width, height: bounds.height)
        }
    }
}
