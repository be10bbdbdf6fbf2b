import CCairo

public enum TextAlignment: Sendable { case left, center, right }

/// Lines of text laid out in a width: words wrap, and the last line that
/// fits ends in "…" when text remains, as UILabel's tail truncation.
public struct TextLayout {
    public var lines: [String]
    /// Each line's advance width, as measured while laying out.
    public var lineWidths: [Double]
    public var lineHeight: Double
    public var ascent: Double
    public var size: Size

    /// `numberOfLines` 0 means as many as the text needs.
    public init(_ text: String, font: Font, width: Double, numberOfLines: Int = 1) {
        let measurer = TextMeasurer(font: font)
        lineHeight = measurer.lineHeight
        ascent = measurer.ascent
        let limit = numberOfLines > 0 ? numberOfLines : Int.max
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        var lines: [String] = []
        // The text left over once the last allowed line is reached.
        var rest: String?
        paragraphLoop: for (index, paragraph) in paragraphs.enumerated() {
            let words = paragraph.split(separator: " ", omittingEmptySubsequences: false)
            var line = ""
            for (wordIndex, word) in words.enumerated() {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if line.isEmpty || measurer.width(of: candidate) <= width {
                    line = candidate
                    continue
                }
                if lines.count + 1 == limit {
                    let remaining = [line + " " + words[wordIndex...].joined(separator: " ")]
                        + paragraphs[(index + 1)...].map(String.init)
                    rest = remaining.joined(separator: " ")
                    break paragraphLoop
                }
                lines.append(line)
                line = String(word)
            }
            if lines.count + 1 == limit && index + 1 < paragraphs.count {
                rest = ([line] + paragraphs[(index + 1)...].map(String.init)).joined(separator: " ")
                break
            }
            lines.append(line)
        }
        if let rest {
            lines.append(measurer.truncate(rest, toWidth: width))
        } else if let last = lines.last, measurer.width(of: last) > width {
            lines[lines.count - 1] = measurer.truncate(last, toWidth: width)
        }
        self.lines = lines
        lineWidths = lines.map { measurer.width(of: $0) }
        size = Size(width: lineWidths.max() ?? 0, height: Double(lines.count) * lineHeight)
    }
}

extension Font {
    /// How far `text` advances on one line, in points: where a caret after it goes.
    public func width(of text: String) -> Double { TextMeasurer(font: self).width(of: text) }

    /// The height of a line of this font.
    public var lineHeight: Double { TextMeasurer(font: self).lineHeight }
}

/// Font metrics from cairo's own text engine (fontconfig and FreeType below it).
final class TextMeasurer {
    let surface: OpaquePointer
    let cr: OpaquePointer
    let lineHeight: Double
    let ascent: Double

    init(font: Font) {
        surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)!
        cr = cairo_create(surface)!
        select(font, in: cr)
        var extents = cairo_font_extents_t()
        cairo_font_extents(cr, &extents)
        lineHeight = extents.height
        ascent = extents.ascent
    }

    func width(of text: String) -> Double {
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        return extents.x_advance
    }

    /// The longest start of `text` that fits with "…" after it.
    func truncate(_ text: String, toWidth width: Double) -> String {
        if self.width(of: text) <= width && !text.isEmpty { return text }
        var characters = Array(text)
        while !characters.isEmpty {
            let candidate = String(characters).trimmingTrailingSpaces() + "…"
            if self.width(of: candidate) <= width { return candidate }
            characters.removeLast()
        }
        return "…"
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }
}

func select(_ font: Font, in cr: OpaquePointer) {
    cairo_select_font_face(cr, font.family, CAIRO_FONT_SLANT_NORMAL, font.weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(cr, font.size)
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}

extension GraphicsContext {
    /// Draws `text` on one line from `origin` (the top left of its line),
    /// whatever its width: a text field scrolls it under its own clip.
    public func drawLine(_ text: String, at origin: Point, font: Font, color: Color) {
        cairo_save(cr)
        select(font, in: cr)
        setSource(color)
        var extents = cairo_font_extents_t()
        cairo_font_extents(cr, &extents)
        cairo_move_to(cr, origin.x, origin.y + extents.ascent)
        cairo_show_text(cr, text)
        cairo_restore(cr)
    }

    /// Draws `text` in `rect`, wrapped and truncated to `numberOfLines`,
    /// centred vertically as a label's text is.
    public func draw(
        _ text: String, in rect: Rect, font: Font, color: Color, alignment: TextAlignment = .left, numberOfLines: Int = 1
    ) {
        let layout = TextLayout(text, font: font, width: rect.width, numberOfLines: numberOfLines)
        cairo_save(cr)
        select(font, in: cr)
        setSource(color)
        var baseline = rect.minY + (rect.height - layout.size.height) / 2 + layout.ascent
        for (line, width) in zip(layout.lines, layout.lineWidths) {
            let x: Double =
                switch alignment {
                case .left: rect.minX
                case .center: rect.minX + (rect.width - width) / 2
                case .right: rect.maxX - width
                }
            cairo_move_to(cr, x, baseline)
            cairo_show_text(cr, line)
            baseline += layout.lineHeight
        }
        cairo_restore(cr)
    }
}
