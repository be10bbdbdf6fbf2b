import CCairo
import Foundation
import Graphics

/// 200 characters of a shop's welcome in seven scripts: Latin, Arabic,
/// Hebrew, Devanagari, Thai, Chinese and Japanese.
let mixedScriptLabel: String = {
    let welcome = "Welcome! مرحبا بكم في متجرنا. ברוכים הבאים לחנות. आपका स्वागत है। ยินดีต้อนรับ 欢迎光临本店。いらっしゃいませ。"
    return String(String(repeating: welcome + " ", count: 3).prefix(200))
}()

let latinLabel = String(String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 5).prefix(200))

let labelRect = Rect(x: 0, y: 0, width: 600, height: 200)
let labelFont = Font.systemFont(ofSize: 17)

/// Lays out and draws a wrapped label through Pango, `count` times.
@inline(never)
func textPass(_ text: String, count: Int, into context: GraphicsContext) {
    for _ in 0..<count {
        context.draw(text, in: labelRect, font: labelFont, color: .black, alignment: .natural, numberOfLines: 0)
    }
}

/// Draws a label already laid out, `count` times: what a Label's repaint costs while its text stays the same.
@inline(never)
func shapedTextPass(_ layout: TextLayout, count: Int, into context: GraphicsContext) {
    for _ in 0..<count { context.draw(layout, in: labelRect, color: .black) }
}

/// Draws a one-line label already laid out, `count` times, as a table's cell title is redrawn.
@inline(never)
func shapedLinePass(_ layout: TextLayout, count: Int, into context: GraphicsContext) {
    for _ in 0..<count { context.draw(layout, at: Point(x: 20, y: 20), color: .black) }
}

/// The same through cairo's toy text API, as labels were drawn before Pango:
/// words wrapped by measuring each candidate line, each line shown with
/// cairo_show_text. It shapes nothing and has no fallback, so it is only
/// measured on Latin text.
@inline(never)
func toyTextPass(_ text: String, count: Int, into cr: OpaquePointer) {
    for _ in 0..<count {
        cairo_save(cr)
        cairo_select_font_face(cr, labelFont.family, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, labelFont.size)
        cairo_set_source_rgb(cr, 0, 0, 0)
        var font = cairo_font_extents_t()
        cairo_font_extents(cr, &font)
        func width(_ line: String) -> Double {
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, line, &extents)
            return extents.x_advance
        }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if line.isEmpty || width(candidate) <= labelRect.width {
                line = candidate
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        lines.append(line)
        var baseline = labelRect.minY + (labelRect.height - Double(lines.count) * font.height) / 2 + font.ascent
        for shown in lines {
            cairo_move_to(cr, labelRect.minX, baseline)
            cairo_show_text(cr, shown)
            baseline += font.height
        }
        cairo_restore(cr)
    }
}

func benchmarkText() -> String {
    let bitmap = try! Bitmap(width: 600, height: 200)
    let context = GraphicsContext(bitmap: bitmap)
    let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 600, 200)!
    let cr = cairo_create(surface)!
    defer {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }
    precondition(mixedScriptLabel.count == 200 && latinLabel.count == 200)
    precondition(TextLayout(mixedScriptLabel, font: labelFont).unknownGlyphCount == 0, "a script has no font: run scripts/install-deps")
    let labels = 200
    let shapedMixed = TextLayout(mixedScriptLabel, font: labelFont, width: labelRect.width, numberOfLines: 0)
    // Warm-up: fonts opened, glyphs cached, as in a running app.
    textPass(mixedScriptLabel, count: 20, into: context)
    textPass(latinLabel, count: 20, into: context)
    toyTextPass(latinLabel, count: 20, into: cr)
    switch ProcessInfo.processInfo.environment["BENCH_TEXT"] {
    case "pango-mixed":
        textPass(mixedScriptLabel, count: labels, into: context)
        return "pango-mixed: \(labels) labels"
    case "pango-latin":
        textPass(latinLabel, count: labels, into: context)
        return "pango-latin: \(labels) labels"
    case "pango-mixed-shaped":
        shapedTextPass(shapedMixed, count: labels, into: context)
        return "pango-mixed-shaped: \(labels) labels"
    case "pango-line-shaped", "pango-line-shaped-by-pango":
        // A cell's title laid out once and drawn again: from its coverage picture (TextPicture), or every time by Pango.
        TextPicture.isEnabled = ProcessInfo.processInfo.environment["BENCH_TEXT"] == "pango-line-shaped"
        let line = TextLayout("Flat white, oat milk — €3.80", font: labelFont)
        shapedLinePass(line, count: labels, into: context)
        return "pango-line-shaped: \(labels) labels"
    case "pango-wrapped-shaped", "pango-wrapped-shaped-by-pango":
        // An item's description wrapped on three lines, laid out once and drawn again: a picture a line, or by Pango.
        TextPicture.isEnabled = ProcessInfo.processInfo.environment["BENCH_TEXT"] == "pango-wrapped-shaped"
        let paragraph = TextLayout(
            "A double ristretto under steamed oat milk, poured thin. Drag the card to the basket to order it.", font: labelFont,
            width: 260, numberOfLines: 0)
        shapedLinePass(paragraph, count: labels, into: context)
        return "pango-wrapped-shaped: \(labels) labels"
    case "toy-latin":
        toyTextPass(latinLabel, count: labels, into: cr)
        return "toy-latin: \(labels) labels"
    default: break
    }
    var mixed: [Double] = [], latin: [Double] = [], toy: [Double] = [], shaped: [Double] = []
    var mixedRatios: [Double] = [], latinRatios: [Double] = [], shapedRatios: [Double] = []
    for _ in 0..<15 {
        let t = best(runs: 1) { _ in toyTextPass(latinLabel, count: labels, into: cr) } / Double(labels) * 1e6
        let m = best(runs: 1) { _ in textPass(mixedScriptLabel, count: labels, into: context) } / Double(labels) * 1e6
        let l = best(runs: 1) { _ in textPass(latinLabel, count: labels, into: context) } / Double(labels) * 1e6
        let s = best(runs: 1) { _ in shapedTextPass(shapedMixed, count: labels, into: context) } / Double(labels) * 1e6
        (mixed, latin, toy, shaped) = (mixed + [m], latin + [l], toy + [t], shaped + [s])
        mixedRatios.append(m / t)
        shapedRatios.append(s / t)
        latinRatios.append(l / t)
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func f(_ value: Double) -> String { String(format: "%.1f", value) }
    return """
        ### A 200-character label, laid out and drawn

        600x200 points, 17-point DejaVu Sans with fallback, wrapped; \(labels) labels a run, 15 runs alternating.

        | per label | median | best |
        |---|---|---|
        | Pango, seven scripts | \(f(median(mixed))) µs | \(f(mixed.min()!)) µs |
        | Pango, seven scripts, already laid out (a Label's repaint) | \(f(median(shaped))) µs | \(f(shaped.min()!)) µs |
        | Pango, Latin | \(f(median(latin))) µs | \(f(latin.min()!)) µs |
        | cairo's toy API, Latin | \(f(median(toy))) µs | \(f(toy.min()!)) µs |

        Medians of the 15 side-by-side ratios: Pango mixed against toy Latin \(String(format: "%.2f", median(mixedRatios)))x;
        Pango Latin against toy Latin \(String(format: "%.2f", median(latinRatios)))x;
        a repaint of the laid-out mixed label against toy Latin \(String(format: "%.2f", median(shapedRatios)))x.
        """
}
