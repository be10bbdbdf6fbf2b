/// What happens to text wider than the rect `draw(in:)` draws it in, as
/// NSLineBreakMode. Truncating at the head or in the middle is not drawn yet.
public enum NSLineBreakMode: Sendable {
    /// Lines break between words, and inside a word too long for a line.
    case byWordWrapping
    /// Each paragraph on one line, cut at the rect's edge.
    case byClipping
    /// The text on one line ending in "…" when it is wider than the rect.
    case byTruncatingTail
}
