import Testing
import TouchUI

/// Text drawn in `draw(_:)` as UIKit draws it: NSString's
/// draw(at:withAttributes:), draw(in:withAttributes:) and
/// size(withAttributes:), NSAttributedString, and UILabel's attributedText.
/// Each renders into a white bitmap and reads the pixels the text left.
@MainActor
struct TextDrawingTests {
    final class Painter: View {
        var paint: (Rect) -> Void = { _ in }
        override func draw(_ rect: Rect) { paint(bounds) }
    }

    let window: Window
    let bitmap: Bitmap
    let context: GraphicsContext

    init() throws {
        window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 200), application: Application())
        window.backgroundColor = .white
        bitmap = try Bitmap(width: 300, height: 200)
        context = GraphicsContext(bitmap: bitmap)
    }

    /// Renders a window-sized view that paints with `paint`.
    func render(_ paint: @escaping (Rect) -> Void) {
        let painter = Painter(frame: window.bounds)
        painter.paint = paint
        window.addSubview(painter)
        window.render(window.takeDamage(), in: context)
        painter.removeFromSuperview()
    }

    func pixel(_ x: Int, _ y: Int) -> PixelColor { bitmap.pixel(x: x, y: y) }

    /// Every pixel that is not the white background.
    func ink() -> [(x: Int, y: Int, color: PixelColor)] {
        var found: [(x: Int, y: Int, color: PixelColor)] = []
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where pixel(x, y) != Color.white.pixel { found.append((x, y, pixel(x, y))) }
        }
        return found
    }

    /// The smallest rect holding every inked pixel.
    func inkBox() -> Rect? {
        let ink = ink()
        guard let minX = ink.map(\.x).min(), let maxX = ink.map(\.x).max(), let minY = ink.map(\.y).min(), let maxY = ink.map(\.y).max()
        else { return nil }
        return Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1))
    }

    static let reading: [NSAttributedString.Key: Any] = [.font: Font.boldSystemFont(ofSize: 48), .foregroundColor: Color.red]

    @Test func textDrawsInItsColourInsideItsSize() throws {
        let origin = Point(x: 20, y: 30)
        render { _ in "42 °C".draw(at: origin, withAttributes: Self.reading) }
        let size = "42 °C".size(withAttributes: Self.reading)
        let ink = ink()
        #expect(ink.count > 300, "a 48-point reading covers many pixels")
        #expect(ink.contains { $0.color == Color.red.pixel }, "the glyphs' cores are pure red")
        // Red over white at the glyphs' soft edges: full red, green and blue faded alike.
        #expect(ink.allSatisfy { $0.color.red == 255 && $0.color.green == $0.color.blue }, "nothing but red")
        let box = Rect(origin: origin, size: size).insetBy(dx: -1, dy: -1)
        #expect(ink.allSatisfy { box.contains(Point(x: Double($0.x) + 0.5, y: Double($0.y) + 0.5)) }, "no pixel outside \(box)")
    }

    /// The size is the box the drawing covers: as wide as the ink to a couple
    /// of pixels each side (the first and last glyphs' side bearings), and it grows with the font.
    @Test func theSizeIsWhatTheDrawingCovers() throws {
        let small = "42 °C".size(withAttributes: [.font: Font.boldSystemFont(ofSize: 24)])
        let large = "42 °C".size(withAttributes: Self.reading)
        #expect(large.width > small.width * 1.8 && large.height > small.height * 1.8)
        render { _ in "42 °C".draw(at: Point(x: 20, y: 30), withAttributes: Self.reading) }
        let box = try #require(inkBox())
        #expect((0...3).contains(box.minX - 20), "the ink starts \(box.minX - 20) into the box")
        #expect((0...3).contains(20 + large.width - box.maxX), "the ink ends \(20 + large.width - box.maxX) before the box's end")
        #expect(box.height <= large.height && box.height > large.height / 2, "ink \(box.height) high, size \(large.height)")
    }

    /// With no attributes, as in UIKit: 12-point system text in black (not `.label`).
    @Test func withoutAttributesTextIsTwelvePointBlack() throws {
        #expect("Hello".size(withAttributes: nil) == "Hello".size(withAttributes: [.font: Font.systemFont(ofSize: 12)]))
        #expect("Hello".size(withAttributes: nil) != "Hello".size(withAttributes: [.font: Font.systemFont(ofSize: 17)]))
        window.overrideUserInterfaceStyle = .dark
        render { _ in "Hello".draw(at: Point(x: 10, y: 10)) }
        let ink = ink()
        #expect(try #require(ink.map(\.color.red).min()) < 60, "black even in dark mode, where `.label` is white")
        #expect(ink.allSatisfy { $0.color.red == $0.color.green && $0.color.green == $0.color.blue }, "grey edges, no colour")
        let box = try #require(inkBox())
        #expect(box.height < 12, "12-point capitals and ascenders, \(box.height) pixels high")
    }

    /// draw(in:) wraps at the rect's width, starts at its top, and shows only
    /// the whole lines that fit in its height.
    @Test func drawingInARectWrapsAndStopsAtItsBottom() throws {
        let attributes: [NSAttributedString.Key: Any] = [.font: Font.systemFont(ofSize: 20)]
        let line = "Hello".size(withAttributes: attributes)
        let width = "Hello world".size(withAttributes: attributes).width * 0.75
        func inkRows(in rect: Rect) -> [Int] {
            render { _ in "Hello world".draw(in: rect, withAttributes: attributes) }
            return Array(Set(ink().map(\.y))).sorted()
        }
        let two = inkRows(in: Rect(x: 10, y: 10, width: width, height: 3 * line.height))
        #expect(two.first! >= 10 && two.first! < 10 + Int(line.height / 2), "from the rect's top")
        #expect(Double(two.last!) > 10 + line.height, "a second line")
        #expect(two.last! < 10 + Int(2 * line.height))
        #expect(ink().allSatisfy { Double($0.x) < 10 + width }, "inside the width")
        // Room for one and a half lines: the first, and nothing of the second.
        let one = inkRows(in: Rect(x: 10, y: 10, width: width, height: 1.5 * line.height))
        #expect(!one.isEmpty)
        #expect(Double(one.last!) < 10 + line.height, "nothing below the first line, let alone the rect")
        // Too low for a line: nothing.
        #expect(inkRows(in: Rect(x: 10, y: 10, width: width, height: line.height / 2)).isEmpty)
    }

    /// The same text through NSAttributedString: its length counts UTF-16, its
    /// size is the string's, and a centred paragraph style centres it in the rect.
    @Test func anAttributedStringDrawsWithItsParagraphStyle() throws {
        let centred = NSMutableParagraphStyle()
        centred.alignment = .center
        let text = NSAttributedString(string: "Paid", attributes: [.font: Font.systemFont(ofSize: 30), .paragraphStyle: centred])
        #expect(text.length == 4 && NSAttributedString(string: "°C 👍").length == 5)
        #expect(text.size() == "Paid".size(withAttributes: [.font: Font.systemFont(ofSize: 30)]))
        #expect(NSParagraphStyle.default.alignment == .natural)
        render { _ in text.draw(in: Rect(x: 0, y: 20, width: 300, height: 100)) }
        let box = try #require(inkBox())
        #expect(abs(box.midX - 150) <= 3, "centred: ink from \(box.minX) to \(box.maxX)")
        #expect(box.minY >= 20 && box.minY < 30)
    }

    /// A background colour fills the text's box behind the glyphs.
    @Test func aBackgroundColourFillsTheTextsBox() throws {
        let attributes: [NSAttributedString.Key: Any] = [.font: Font.systemFont(ofSize: 30), .backgroundColor: Color.yellow, .foregroundColor: Color.blue]
        let size = "ab".size(withAttributes: attributes)
        render { _ in "ab".draw(at: Point(x: 10, y: 10), withAttributes: attributes) }
        #expect(pixel(11, 11) == Color.yellow.pixel, "the box's top left corner, above the glyphs")
        #expect(pixel(10 + Int(size.width) - 2, 10 + Int(size.height) - 2) == Color.yellow.pixel)
        #expect(pixel(10 + Int(size.width) + 2, 12) == Color.white.pixel)
        #expect(ink().contains { $0.color == Color.blue.pixel })
    }

    /// boundingRect(with:options:) measures wrapped text from its top left, and one line from its baseline.
    @Test func aBoundingRectMeasuresWrappedText() {
        let attributes: [NSAttributedString.Key: Any] = [.font: Font.systemFont(ofSize: 20)]
        let line = "Hello world".size(withAttributes: attributes)
        let wrapped = "Hello world".boundingRect(
            with: Size(width: line.width * 0.75, height: .greatestFiniteMagnitude), options: .usesLineFragmentOrigin,
            attributes: attributes, context: nil)
        #expect(wrapped.origin == .zero)
        #expect(abs(wrapped.height - 2 * line.height) < 1 && wrapped.width < line.width * 0.75)
        let context = NSStringDrawingContext()
        let oneLine = NSAttributedString(string: "Hello world", attributes: attributes)
            .boundingRect(with: Size(width: 10, height: 10), options: [], context: context)
        #expect(oneLine.minY < -10 && oneLine.maxY > 0, "the baseline is the origin: ascent above, descent below")
        #expect(oneLine.size == line && context.totalBounds == oneLine)
    }

    /// Outside draw(_:) there is no context, and nothing is drawn.
    @Test func outsideDrawingNothingIsDrawn() {
        render { _ in }
        "Hello".draw(at: Point(x: 10, y: 10), withAttributes: Self.reading)
        NSAttributedString(string: "Hello", attributes: Self.reading).draw(in: window.bounds)
        #expect(ink().isEmpty, "the last view's context is not kept as the current one")
    }

    /// UILabel.attributedText sets the text, font and colour the label draws with;
    /// without one, it is made from them.
    @Test func aLabelDrawsItsAttributedText() throws {
        let label = Label(frame: Rect(x: 0, y: 0, width: 300, height: 60))
        #expect(label.attributedText == nil)
        let given = NSAttributedString(string: "Paid", attributes: [.font: Font.boldSystemFont(ofSize: 40), .foregroundColor: Color.blue])
        label.attributedText = given
        #expect(label.text == "Paid" && label.font == .boldSystemFont(ofSize: 40) && label.textColor == .blue)
        #expect(label.attributedText === given)
        window.addSubview(label)
        window.render(window.takeDamage(), in: context)
        let ink = ink()
        #expect(ink.count > 200 && ink.contains { $0.color == Color.blue.pixel })
        #expect(ink.allSatisfy { $0.color.blue == 255 && $0.color.red == $0.color.green }, "blue, not the label's default")
        label.text = "Due"
        let made = try #require(label.attributedText)
        #expect(made !== given && made.string == "Due")
        #expect(made.size() == "Due".size(withAttributes: [.font: Font.boldSystemFont(ofSize: 40)]))
        label.attributedText = nil
        #expect(label.text == nil && label.attributedText == nil)
    }
}
