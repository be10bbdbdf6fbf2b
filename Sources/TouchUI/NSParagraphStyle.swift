/// How an attributed string's lines are placed and broken, as NSParagraphStyle:
/// the value of `.paragraphStyle`. Only `alignment` and `lineBreakMode` are
/// here; spacing and indents are not drawn yet. Change one through
/// `NSMutableParagraphStyle`.
public class NSParagraphStyle {
    /// Where lines sit across the rect `draw(in:)` draws in.
    public internal(set) var alignment = TextAlignment.natural
    public internal(set) var lineBreakMode = NSLineBreakMode.byWordWrapping

    public init() {}

    /// Natural alignment, word wrapping (a new one each time: a mutable subclass could change a shared one).
    public class var `default`: NSParagraphStyle { NSParagraphStyle() }
}
