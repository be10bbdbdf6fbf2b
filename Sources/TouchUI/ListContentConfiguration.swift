/// A list row's usual content, as UIListContentConfiguration: an image, a
/// text and a secondary text, in one of the standard arrangements. Get one
/// from a cell's `defaultContentConfiguration()`, fill it in, and set it
/// as the cell's `contentConfiguration`:
///
///     var content = cell.defaultContentConfiguration()
///     content.text = "Wi-Fi"
///     content.secondaryText = "Office"
///     cell.contentConfiguration = content
public struct ListContentConfiguration: ContentConfiguration, Equatable {
    /// Where the secondary text goes.
    public enum Arrangement: Sendable, Equatable {
        /// Under the text (`cell()` and `subtitleCell()`).
        case stacked
        /// At the trailing edge, level with the text (`valueCell()`).
        case sideBySide
    }

    /// How a text is drawn.
    public struct TextProperties: Equatable {
        public var font: Font
        public var color: Color
        public var alignment: TextAlignment = .natural
        /// 0: as many lines as the text needs.
        public var numberOfLines = 1
    }

    public struct ImageProperties: Equatable {
        /// The largest the image is drawn; zero on an axis: no limit but the row's height.
        public var maximumSize = Size(width: 0, height: 0)
        public var cornerRadius = 0.0
    }

    public var text: String?
    public var secondaryText: String?
    public var image: Image?
    public var textProperties = TextProperties(font: .preferredFont(forTextStyle: .body), color: .label)
    public var secondaryTextProperties: TextProperties
    public var imageProperties = ImageProperties()
    public var arrangement: Arrangement
    /// The space around the content: 16 points at either side.
    public var directionalLayoutMargins = DirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
    public var imageToTextPadding = 16.0
    public var textToSecondaryTextVerticalPadding = 2.0
    public var textToSecondaryTextHorizontalPadding = 8.0

    private init(secondaryFont: Font, secondaryColor: Color = .secondaryLabel, arrangement: Arrangement) {
        secondaryTextProperties = TextProperties(font: secondaryFont, color: secondaryColor)
        self.arrangement = arrangement
        if arrangement == .sideBySide { secondaryTextProperties.alignment = .right }
    }

    /// A row: the text, with a secondary text under it in a smaller grey.
    public static func cell() -> ListContentConfiguration {
        ListContentConfiguration(secondaryFont: .preferredFont(forTextStyle: .subheadline), arrangement: .stacked)
    }

    /// A row with a small grey line of detail under its text.
    public static func subtitleCell() -> ListContentConfiguration {
        ListContentConfiguration(secondaryFont: .preferredFont(forTextStyle: .footnote), arrangement: .stacked)
    }

    /// A row with its value in grey at the trailing edge, as in Settings.
    public static func valueCell() -> ListContentConfiguration {
        ListContentConfiguration(secondaryFont: .preferredFont(forTextStyle: .body), arrangement: .sideBySide)
    }

    @MainActor public func makeContentView() -> any View & ContentView { ListContentView(configuration: self) }

    public static func == (a: ListContentConfiguration, b: ListContentConfiguration) -> Bool {
        a.text == b.text && a.secondaryText == b.secondaryText && a.image === b.image && a.textProperties == b.textProperties
            && a.secondaryTextProperties == b.secondaryTextProperties && a.imageProperties == b.imageProperties
            && a.arrangement == b.arrangement && a.directionalLayoutMargins == b.directionalLayoutMargins
            && a.imageToTextPadding == b.imageToTextPadding
            && a.textToSecondaryTextVerticalPadding == b.textToSecondaryTextVerticalPadding
            && a.textToSecondaryTextHorizontalPadding == b.textToSecondaryTextHorizontalPadding
    }
}
