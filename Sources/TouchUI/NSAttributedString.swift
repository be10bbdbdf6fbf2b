/// Text with the attributes it is drawn with, as Foundation's NSAttributedString,
/// for `draw(_:)` and `Label.attributedText`:
///
///     let reading = NSAttributedString(string: "42 °C", attributes: [
///         .font: Font.boldSystemFont(ofSize: 40), .foregroundColor: Color.systemRed,
///     ])
///     reading.draw(at: Point(x: 8, y: 8))
///
/// One set of attributes covers the whole string (there is no
/// NSMutableAttributedString with runs yet): draw two strings for two styles.
/// What is missing takes UIKit's defaults: a 12-point system font, black.
///
/// Defined here because TouchBridge does not import Foundation. An app that
/// imports all of Foundation gets Foundation's NSAttributedString as well, and
/// the name is ambiguous: import FoundationEssentials instead (JSON, Date,
/// URL, Data), or write `TouchBridge.NSAttributedString`.
public final class NSAttributedString {
    public let string: String
    /// The attributes of every character (UIKit reads them with
    /// `attributes(at:effectiveRange:)`, which is not here: there is one run).
    let attributes: [Key: Any]
    /// The attributes read once, with the defaults for those missing.
    let style: TextAttributes
    /// Each paragraph on one line, shaped once for `size()` and `draw(at:)`.
    private lazy var unwrapped = style.unwrappedLayout(of: string)

    public init(string: String, attributes: [Key: Any]? = nil) {
        self.string = string
        self.attributes = attributes ?? [:]
        style = TextAttributes(self.attributes)
    }

    /// In UTF-16 code units, as NSString counts: "°C" is 2, "👍" is 2.
    public var length: Int { string.utf16.count }

    /// The size `draw(at:)` covers: each paragraph on one line, unwrapped.
    public func size() -> Size { string.isEmpty ? .zero : unwrapped.size }

    /// Draws the text with its box's top left at `point`, into the current context;
    /// outside `draw(_:)`, nothing.
    @MainActor public func draw(at point: Point) {
        guard !string.isEmpty, GraphicsContext.current != nil else { return }
        style.draw(unwrapped, at: point)
    }

    /// Draws the text wrapped in `rect`'s width from its top, showing the whole
    /// lines that fit in its height.
    @MainActor public func draw(in rect: Rect) {
        style.draw(string, in: rect)
    }

    /// The rect the text takes when drawn in `size`: with `.usesLineFragmentOrigin`,
    /// wrapped in its width and from the top left, as `draw(in:)` draws it;
    /// without, one line, with the origin on its baseline.
    public func boundingRect(with size: Size, options: NSStringDrawingOptions, context: NSStringDrawingContext?) -> Rect {
        let rect = style.boundingRect(of: string, in: size, options: options)
        context?.totalBounds = rect
        return rect
    }
}
