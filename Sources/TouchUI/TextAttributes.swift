/// An attribute dictionary read once, with UIKit's defaults for what it lacks,
/// and the drawing `NSAttributedString` and `String.draw(at:withAttributes:)`
/// share. Text is shaped and drawn as a label's is (`TextLayout`).
struct TextAttributes {
    var font = Font.systemFont(ofSize: 12)
    var foregroundColor = Color.black
    var backgroundColor: Color?
    var alignment = TextAlignment.natural
    var lineBreakMode = NSLineBreakMode.byWordWrapping

    /// A value of the wrong type counts as absent.
    init(_ attributes: [NSAttributedString.Key: Any]) {
        if let font = attributes[.font] as? Font { self.font = font }
        if let color = attributes[.foregroundColor] as? Color { foregroundColor = color }
        backgroundColor = attributes[.backgroundColor] as? Color
        if let style = attributes[.paragraphStyle] as? NSParagraphStyle {
            (alignment, lineBreakMode) = (style.alignment, style.lineBreakMode)
        }
    }

    /// Each paragraph on one line, however long: what `draw(at:)` draws.
    func unwrappedLayout(of string: String) -> TextLayout {
        TextLayout(string, font: font, numberOfLines: 0, alignment: alignment)
    }

    /// The text laid out for a rect of `size`, and the height of the whole lines
    /// that fit in it (zero when not even one does).
    func layout(of string: String, in size: Size) -> (layout: TextLayout, shownHeight: Double) {
        let layout: TextLayout
        switch lineBreakMode {
        case .byWordWrapping: layout = TextLayout(string, font: font, width: size.width, numberOfLines: 0, alignment: alignment)
        case .byClipping: layout = TextLayout(string, font: font, numberOfLines: 0, alignment: alignment)
        case .byTruncatingTail: layout = TextLayout(string, font: font, width: size.width, numberOfLines: 1, alignment: alignment)
        }
        guard layout.size.height > size.height else { return (layout, layout.size.height) }
        let lineHeight = layout.size.height / Double(max(1, layout.lines.count))
        let fitting = Int((size.height / lineHeight + 1e-9).rounded(.down))
        return (layout, Double(fitting) * lineHeight)
    }

    func boundingRect(of string: String, in size: Size, options: NSStringDrawingOptions) -> Rect {
        guard !string.isEmpty else { return .zero }
        guard options.contains(.usesLineFragmentOrigin) else {
            let line = TextLayout(string, font: font, numberOfLines: 1)
            return Rect(x: 0, y: -line.baseline, width: line.size.width, height: line.size.height)
        }
        let (layout, height) = layout(of: string, in: size)
        return Rect(x: 0, y: 0, width: layout.size.width, height: height)
    }

    /// Draws `layout` with its box's top left at `point` into the current context.
    @MainActor func draw(_ layout: TextLayout, at point: Point) {
        guard let context = GraphicsContext.current else { return }
        if let backgroundColor { context.fill(Rect(origin: point, size: layout.size), with: backgroundColor) }
        context.draw(layout, at: point, color: foregroundColor)
    }

    /// Draws `string` from the top of `rect`, broken as `lineBreakMode` says, showing the whole lines that fit.
    @MainActor func draw(_ string: String, in rect: Rect) {
        guard !string.isEmpty, let context = GraphicsContext.current else { return }
        let (layout, height) = layout(of: string, in: rect.size)
        guard height > 0 else { return }
        context.withSavedState {
            context.clip(to: Rect(x: rect.minX, y: rect.minY, width: rect.width, height: height))
            if let backgroundColor {
                let x: Double
                switch alignment.resolved(rightToLeft: layout.isRightToLeft) {
                case .center: x = rect.minX + (rect.width - layout.size.width) / 2
                case .right: x = rect.maxX - layout.size.width
                default: x = rect.minX
                }
                context.fill(Rect(x: x, y: rect.minY, width: layout.size.width, height: height), with: backgroundColor)
            }
            // A rect as tall as the layout: Label's path centres the text in it, which is its top here.
            context.draw(layout, in: Rect(x: rect.minX, y: rect.minY, width: rect.width, height: layout.size.height), color: foregroundColor)
        }
    }
}
