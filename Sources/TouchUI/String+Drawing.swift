/// NSString's drawing, which UIKit code reaches on a String through bridging:
/// in `draw(_:)`, text drawn into the current context with attributes
/// (`.font`, `.foregroundColor`, `.backgroundColor`, `.paragraphStyle`).
/// Without a font it is 12-point system text, without a colour black, as in
/// UIKit; outside `draw(_:)` nothing is drawn.
///
///     override func draw(_ rect: Rect) {
///         "42 °C".draw(at: Point(x: 8, y: 8), withAttributes: [
///             .font: Font.boldSystemFont(ofSize: 40), .foregroundColor: Color.systemRed,
///         ])
///     }
extension String {
    /// Draws each paragraph on one line with the box's top left at `point`.
    @MainActor public func draw(at point: Point, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self, attributes: attributes).draw(at: point)
    }

    /// Draws wrapped in `rect`'s width from its top, showing the whole lines that fit in its height.
    @MainActor public func draw(in rect: Rect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self, attributes: attributes).draw(in: rect)
    }

    /// The size `draw(at:withAttributes:)` covers.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> Size {
        NSAttributedString(string: self, attributes: attributes).size()
    }

    /// The rect the text takes drawn in `size` (`NSAttributedString.boundingRect(with:options:context:)`).
    public func boundingRect(
        with size: Size, options: NSStringDrawingOptions, attributes: [NSAttributedString.Key: Any]?,
        context: NSStringDrawingContext?
    ) -> Rect {
        NSAttributedString(string: self, attributes: attributes).boundingRect(with: size, options: options, context: context)
    }
}
