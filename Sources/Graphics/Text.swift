import CCairo
import CPango
import Glibc

/// Where lines sit across their box, as NSTextAlignment.
public enum TextAlignment: Sendable {
    /// Left for left-to-right text, right for right-to-left text (Arabic, Hebrew): UIKit's default.
    case natural
    case left, center, right
}

/// Text shaped and laid out by Pango: HarfBuzz shapes each script, FriBidi
/// orders right-to-left runs, fontconfig falls back to a font that has the
/// glyph, and lines break where the script allows. Words wrap in `width`, and
/// the last line that fits ends in "…" when text remains, as UILabel's tail
/// truncation. An explicit left or right alignment is taken as the first
/// paragraph's direction sees it: a later paragraph running the other way
/// is aligned to the other side.
public final class TextLayout {
    public let text: String
    public let font: Font
    /// What it was laid out for: a view keeps its layout while these stay the same.
    public let width: Double
    public let numberOfLines: Int
    public let alignment: TextAlignment
    /// The widest line's width and all lines' height.
    public let size: Size
    /// The text each line holds, in logical order; a truncated line holds what
    /// it would have held, and `isTruncated` says an ellipsis ends it.
    public let lines: [String]
    public let isTruncated: Bool
    /// Whether the first paragraph runs right to left (its first strong character is Arabic or Hebrew, say).
    public let isRightToLeft: Bool
    /// Characters that no installed font has, drawn as boxes. Zero when every script is covered.
    public let unknownGlyphCount: Int
    /// The layout's top to the first line's baseline.
    public let baseline: Double

    let layout: OpaquePointer
    /// Where the logical box starts inside Pango's coordinates (non-zero when lines are centred or right-aligned in a width).
    let logicalOrigin: Point
    /// The layout's glyphs' coverage drawn once, blended through when it is drawn again the same way (TextPicture).
    var picture: TextPicture?
    /// How it was last drawn by Pango, and how many times in a row: drawn that way again, it may be worth a picture.
    var lastDrawn: TextPicture.Key?
    var timesDrawn = 0
    /// Whether its pixels can be kept as one coverage a line (TextPicture):
    /// not when a character may be drawn in colour (an emoji: any character
    /// past Latin-1 that can be one, which a colour font may answer for),
    /// nor when two runs' ink meets on a line (Pango blends each run apart,
    /// so where they meet a colour with alpha is blended twice, which one
    /// coverage cannot give). Lines are blended one after the other, as Pango does.
    lazy var hasOneCoveragePerLine = !text.unicodeScalars.contains { ($0.properties.isEmoji && $0.value > 0xFF) || $0.value == 0xFE0F }
        && !TextEngine.shared.locked { Self.runsInkMeetsOnALine(layout) }

    /// Whether the ink of two runs of one line touches a pixel in common.
    private static func runsInkMeetsOnALine(_ layout: OpaquePointer) -> Bool {
        guard let iterator = pango_layout_get_iter(layout) else { return true }
        defer { pango_layout_iter_free(iterator) }
        var boxes: [PixelRect] = []
        var line = pango_layout_iter_get_line_readonly(iterator)
        repeat {
            if let next = pango_layout_iter_get_line_readonly(iterator), next != line { (line, boxes) = (next, []) }
            var ink = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, &ink, nil)
            guard ink.width > 0, ink.height > 0 else { continue }
            // One pixel more around, for hinting and antialiasing.
            let pixels = PixelRect(enclosingPango: ink)
            let box = PixelRect(x: pixels.x - 1, y: pixels.y - 1, width: pixels.width + 2, height: pixels.height + 2)
            if boxes.contains(where: { $0.intersects(box) }) || boxes.count == 64 { return true }
            boxes.append(box)
        } while pango_layout_iter_next_run(iterator) != 0
        return false
    }

    /// Where `GraphicsContext.draw(_:in:color:)` puts the first and the last
    /// line's baselines, below the rect's vertical centre (Auto Layout's baseline anchors).
    public var baselinesFromCentre: (first: Double, last: Double) {
        let first = -size.height / 2 - logicalOrigin.y + baseline
        let lineCount = max(1, lines.count)
        return (first, first + size.height / Double(lineCount) * Double(lineCount - 1))
    }

    /// `numberOfLines` 0 means as many as the text needs; `width` infinity
    /// means one line per paragraph, however long.
    public init(_ text: String, font: Font, width: Double = .infinity, numberOfLines: Int = 1, alignment: TextAlignment = .natural) {
        // Pango ends the text at a NUL; a replacement character keeps every offset after it meaningful.
        let text = text.contains("\0") ? text.replacing("\0", with: "\u{FFFD}") : text
        self.text = text
        self.font = font
        (self.width, self.numberOfLines, self.alignment) = (width, numberOfLines, alignment)
        // A width past what Pango's units hold (greatestFiniteMagnitude, say) is no limit at all.
        let units = max(0, width) * Double(PANGO_SCALE)
        let wraps = units < Double(Int32.max)
        let engine = TextEngine.shared
        (layout, size, lines, isTruncated, isRightToLeft, unknownGlyphCount, baseline, logicalOrigin) = engine.locked {
            let layout = pango_layout_new(engine.context)!
            pango_layout_set_font_description(layout, engine.description(for: font))
            pango_layout_set_text(layout, text, Int32(text.utf8.count))
            var cut = false
            if wraps {
                pango_layout_set_width(layout, Int32(units.rounded(.down)))
                pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            }
            if numberOfLines > 0 {
                if wraps {
                    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
                    pango_layout_set_height(layout, -Int32(clamping: numberOfLines))
                }
                // A negative height limits each paragraph. With more paragraphs than lines, the
                // text stops after the paragraph the last allowed line is in, ending in "…" as
                // UILabel's does, and the height keeps that paragraph to the lines left.
                if Int(pango_layout_get_line_count(layout)) > numberOfLines {
                    let lastStart = Int(pango_layout_line_get_start_index(pango_layout_get_line_readonly(layout, Int32(numberOfLines - 1))))
                    let bytes = Array(text.utf8)
                    let end = TextEngine.paragraphEnd(in: bytes, from: lastStart)
                    let shown = (bytes[..<end] + Array("…".utf8)).map { CChar(bitPattern: $0) }
                    pango_layout_set_text(layout, shown, Int32(shown.count))
                    if wraps { pango_layout_set_height(layout, TextEngine.bottom(ofLine: numberOfLines - 1, in: layout)) }
                    cut = true
                }
            }
            let rightToLeft = pango_layout_get_line_count(layout) > 0 && pango_layout_line_get_resolved_direction(pango_layout_get_line_readonly(layout, 0)) == PANGO_DIRECTION_RTL
            pango_layout_set_alignment(layout, TextEngine.pangoAlignment(alignment, rightToLeft: rightToLeft))
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            let scale = Double(PANGO_SCALE)
            let shaped = pango_layout_get_text(layout)!
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(shaped).assumingMemoryBound(to: UInt8.self), count: strlen(shaped)))
            var lines: [String] = []
            for index in 0..<pango_layout_get_line_count(layout) {
                let line = pango_layout_get_line_readonly(layout, index)
                let start = min(Int(pango_layout_line_get_start_index(line)), bytes.count)
                let end = min(start + Int(pango_layout_line_get_length(line)), bytes.count)
                lines.append(String(decoding: bytes[start..<end], as: UTF8.self))
            }
            return (
                layout, Size(width: Double(logical.width) / scale, height: Double(logical.height) / scale), lines,
                cut || pango_layout_is_ellipsized(layout) != 0, rightToLeft, Int(pango_layout_get_unknown_glyphs_count(layout)),
                Double(pango_layout_get_baseline(layout)) / scale,
                Point(x: Double(logical.x) / scale, y: Double(logical.y) / scale)
            )
        }
    }

    /// Where a caret before the character at `offset` (in Characters) stands, from the layout's left.
    /// In right-to-left text the start is on the right.
    public func caretX(atCharacterOffset offset: Int) -> Double {
        let byte = utf8Offset(ofCharacter: offset)
        return TextEngine.shared.locked {
            var strong = PangoRectangle()
            pango_layout_get_cursor_pos(layout, Int32(byte), &strong, nil)
            return Double(strong.x) / Double(PANGO_SCALE) - logicalOrigin.x
        }
    }

    /// The box a character takes, from the layout's top left; in right-to-left
    /// text, the first character's box is the rightmost.
    public func frame(ofCharacterAt offset: Int) -> Rect {
        let byte = utf8Offset(ofCharacter: offset)
        return TextEngine.shared.locked {
            var box = PangoRectangle()
            pango_layout_index_to_pos(layout, Int32(byte), &box)
            let scale = Double(PANGO_SCALE)
            // Pango gives a right-to-left character a negative width, from its leading (right) edge.
            let x = Double(min(box.x, box.x + box.width)) / scale - logicalOrigin.x
            return Rect(x: x, y: Double(box.y) / scale - logicalOrigin.y, width: Double(abs(box.width)) / scale, height: Double(box.height) / scale)
        }
    }

    /// The character boundary nearest to `x`, from the layout's left, in Characters.
    public func characterOffset(atX x: Double) -> Int {
        let (byte, trailing) = TextEngine.shared.locked {
            var index: Int32 = 0
            var trailing: Int32 = 0
            pango_layout_xy_to_index(layout, Int32(((x + logicalOrigin.x) * Double(PANGO_SCALE)).rounded()), 0, &index, &trailing)
            return (Int(index), Int(trailing))
        }
        var consumed = 0
        for (offset, character) in text.enumerated() {
            let next = consumed + character.utf8.count
            if byte < next { return trailing > 0 ? offset + 1 : offset }
            consumed = next
        }
        return text.count
    }

    private func utf8Offset(ofCharacter offset: Int) -> Int {
        text.prefix(max(0, offset)).utf8.count
    }

    deinit {
        let layout = layout
        TextEngine.shared.locked { g_object_unref(UnsafeMutableRawPointer(layout)) }
    }
}

extension Font {
    /// How far `text` advances on one line, in points.
    public func width(of text: String) -> Double { TextLayout(text, font: self).size.width }

    /// The height of a line of this font, with no fallback font taller than it.
    public var lineHeight: Double { TextEngine.shared.lineHeight(of: self) }
}

/// The process's one Pango context on a fontconfig font map. Pango's objects
/// are not thread-safe, so every use of them holds `lock`; in an app all
/// drawing is on the main thread and the lock is never contended.
final class TextEngine: @unchecked Sendable {
    static let shared = TextEngine()

    let context: OpaquePointer
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // Guarded by `mutex`.
    private var descriptions: [Font: OpaquePointer] = [:]
    private var lineHeights: [Font: Double] = [:]

    private init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        let fontMap = pango_cairo_font_map_new()
        context = pango_font_map_create_context(fontMap)
        g_object_unref(fontMap.map { UnsafeMutableRawPointer($0) })
        // Points are pixels here, as in the rest of the drawing.
        pango_cairo_context_set_resolution(context, 72)
    }

    func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Called with the lock held.
    func description(for font: Font) -> OpaquePointer {
        if let known = descriptions[font] { return known }
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, font.family)
        pango_font_description_set_weight(description, PangoWeight(rawValue: numericCast(font.weight.rawValue)))
        pango_font_description_set_absolute_size(description, font.size * Double(PANGO_SCALE))
        descriptions[font] = description
        return description
    }

    func lineHeight(of font: Font) -> Double {
        locked {
            if let known = lineHeights[font] { return known }
            let layout = pango_layout_new(context)!
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            pango_layout_set_font_description(layout, description(for: font))
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            let height = Double(logical.height) / Double(PANGO_SCALE)
            lineHeights[font] = height
            return height
        }
    }

    /// The bottom of line `index`, in Pango units. Called with the lock held.
    static func bottom(ofLine index: Int, in layout: OpaquePointer) -> Int32 {
        let iterator = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iterator) }
        for _ in 0..<index where pango_layout_iter_next_line(iterator) == 0 { break }
        var top: Int32 = 0
        var bottom: Int32 = 0
        pango_layout_iter_get_line_yrange(iterator, &top, &bottom)
        return bottom
    }

    /// Where the paragraph holding byte `start` ends: at a line feed, a carriage
    /// return or U+2029, as Pango breaks paragraphs.
    static func paragraphEnd(in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A, 0x0D: return index
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA9: return index
            default: index += 1
            }
        }
        return bytes.count
    }

    /// Pango swaps left and right in a right-to-left paragraph, which is exactly natural alignment;
    /// an explicit side is swapped back.
    static func pangoAlignment(_ alignment: TextAlignment, rightToLeft: Bool) -> PangoAlignment {
        switch alignment {
        case .natural: PANGO_ALIGN_LEFT
        case .center: PANGO_ALIGN_CENTER
        case .left: rightToLeft ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT
        case .right: rightToLeft ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT
        }
    }
}

extension TextAlignment {
    /// The side `natural` means for text in this direction.
    public func resolved(rightToLeft: Bool) -> TextAlignment {
        self == .natural ? (rightToLeft ? .right : .left) : self
    }
}

extension GraphicsContext {
    /// Draws a laid-out text with its box's top left at `origin`.
    public func draw(_ layout: TextLayout, at origin: Point, color: Color) {
        show(layout, at: Point(x: origin.x - layout.logicalOrigin.x, y: origin.y - layout.logicalOrigin.y), color: color)
    }

    /// Draws `text` on one line from `origin` (the top left of its line),
    /// whatever its width: a text field scrolls it under its own clip.
    public func drawLine(_ text: String, at origin: Point, font: Font, color: Color) {
        draw(TextLayout(text, font: font), at: origin, color: color)
    }

    /// Draws `text` in `rect`, wrapped and truncated to `numberOfLines`,
    /// centred vertically as a label's text is.
    public func draw(
        _ text: String, in rect: Rect, font: Font, color: Color, alignment: TextAlignment = .natural, numberOfLines: Int = 1
    ) {
        draw(TextLayout(text, font: font, width: rect.width, numberOfLines: numberOfLines, alignment: alignment), in: rect, color: color)
    }

    /// Draws a layout made for `rect`'s width, centred vertically in it.
    public func draw(_ layout: TextLayout, in rect: Rect, color: Color) {
        // The layout is as wide as the rect, so Pango places each line across it.
        show(layout, at: Point(x: rect.minX, y: rect.minY + (rect.height - layout.size.height) / 2 - layout.logicalOrigin.y), color: color)
    }

    /// Draws the layout with Pango's origin at `point`: through its coverage
    /// when it is drawn again at the same place within a pixel
    /// (`TextLayout.drawPicture(at:)`), else by Pango.
    private func show(_ layout: TextLayout, at point: Point, color: Color) {
        let m = transform
        // Whole pixels apart, the same glyphs: cairo puts each glyph on a whole pixel of the device.
        // Cut by a clip on whole pixels only: cairo blends a glyph cut by a clip's fraction of a pixel
        // otherwise than a picture cut by it.
        if m.a == 1, m.b == 0, m.c == 0, m.d == 1 {
            var sourceSet = false
            let drawn = layout.drawPicture(at: Point(x: point.x + m.tx, y: point.y + m.ty), allowed: { clipInPixels(offset: (m.tx, m.ty)) != nil }) {
                coverage, x, y in
                if !sourceSet {
                    cairo_save(cr)
                    setSource(color)
                    sourceSet = true
                }
                cairo_mask_surface(cr, coverage, Double(x) - m.tx, Double(y) - m.ty)
            }
            if sourceSet { cairo_restore(cr) }
            if drawn { return }
        }
        TextEngine.shared.locked {
            cairo_save(cr)
            setSource(color)
            cairo_move_to(cr, point.x, point.y)
            pango_cairo_show_layout(cr, layout.layout)
            cairo_restore(cr)
        }
    }
}
