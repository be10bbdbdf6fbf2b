/// The finger markers' looks, drawn once and then stamped wherever a finger
/// is: a moving finger costs one image blend, not shapes and text. Shared
/// by every markers view, since a marker's look depends only on its number
/// and tap count.
///
/// A new finger's stamp is put together from pixels drawn earlier: its
/// colour's circle, and its number's digits, each drawn by Pango once for
/// every place it can take in a number of up to three digits. Ten fingers
/// landing at once would otherwise shape and draw ten numbers in one frame,
/// several times the cost of any frame after it. The pieces are the very
/// pixels Pango draws for the whole number, so the stamps are the same (a
/// test compares them); with a font whose digits are not all one width, or
/// a number of more digits or a tap count, the stamp is drawn through Pango.
@MainActor
final class MarkerStamps {
    static let shared = MarkerStamps()

    /// A stamp cut to its pixels that are not clear; `offset` is where the cut begins in the full stamp.
    struct Stamp {
        let image: Image
        let offset: Point
    }

    static let radius = 22.0
    /// Marker colours cycle with the touch id, so fingers are told apart.
    static let palette: [Color] = [.systemBlue, .orange, .systemGreen, .purple, .systemRed, .cyan, .magenta, .brown]
    static let width = Int(2 * radius) + 24, height = Int(2 * radius) + 22
    /// Where a stamp's circle centre is, from its top left corner.
    static let centre = Point(x: Double(width) / 2, y: Double(height) - radius - 2)
    private static let circle = Rect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius)
    private static let bounds = PixelRect(x: 0, y: 0, width: width, height: height)
    /// The circle and its antialiased edge: all a stamp without a tap count has.
    private static let discCut = PixelRect(enclosing: circle.insetBy(dx: -1, dy: -1)).intersection(bounds)
    private static let numberFont = Font.boldSystemFont(ofSize: 14)
    /// Numbers of up to this many digits are put together from drawn digits.
    static let assembledDigits = 3

    /// What a stamp shows: a marker's number and tap count.
    struct Key: Hashable {
        let id: Int
        let tapCount: Int
    }

    private var stamps: [Key: Stamp] = [:]
    /// The circle of each palette colour, the full stamp's size.
    private var discs: [Int: Bitmap] = [:]
    /// `digits[count - 1][place][digit]`: the digit as Pango draws it at that
    /// place of a number of `count` digits, cut to its ink; nil where it has none.
    /// Empty when the font's digits cannot be put together (see `makeDigits`).
    private var digits: [[[Glyph?]]]?

    /// Drawn pixels, and where their top left corner is in the full stamp.
    private struct Glyph {
        let bitmap: Bitmap
        let x: Int, y: Int
    }

    /// Whether stamps are put together from drawn digits (the font's digits are all one width).
    var assemblesNumbers: Bool {
        prepare()
        return digits?.isEmpty == false
    }

    /// Draws the digits (sixty small texts) and each colour's circle now, so that the first fingers to land do not.
    func prepare() {
        guard digits == nil else { return }
        digits = makeDigits()
        for colorIndex in Self.palette.indices { _ = disc(colorIndex) }
        // Kerning between two digits, or a digit's form chosen by its neighbours,
        // would make a number other than its digits: a few are compared with Pango's.
        if digits?.isEmpty == false, ![10, 11, 17, 47, 71, 100, 111, 747].allSatisfy(assemblesAsDrawn) { digits = [] }
    }

    private func assemblesAsDrawn(_ id: Int) -> Bool {
        guard let made = assembled(id: id, tapCount: 1), let drawn = drawn(id: id, tapCount: 1) else { return false }
        return made.offset == drawn.offset && made.image.bitmap.hasSamePixels(as: drawn.image.bitmap)
    }

    func stamp(id: Int, tapCount: Int) -> Stamp? {
        let key = Key(id: id, tapCount: tapCount)
        if let known = stamps[key] { return known }
        prepare()
        guard let stamp = assembled(id: id, tapCount: tapCount) ?? drawn(id: id, tapCount: tapCount) else { return nil }
        if stamps.count > 256 { stamps.removeAll() }
        stamps[key] = stamp
        return stamp
    }

    /// Whether the stamp is made and kept.
    func isMade(_ key: Key) -> Bool { stamps[key] != nil }

    /// How many numbers after the highest shown have their stamps made ahead: a hand.
    static let madeAhead = 10

    /// Makes the stamps of the `madeAhead` numbers after `highest`, at a
    /// tap count of one, where they are not made yet, and readies each over
    /// the plain colours the highest one was found over: the next hand
    /// most likely lands where the last did, and its first frame then copies
    /// its markers as later frames do, rather than blending them.
    func makeAhead(after highest: Int) {
        let shown = stamps[Key(id: highest, tapCount: 1)]?.image
        for id in highest + 1...highest + Self.madeAhead {
            guard let made = stamp(id: id, tapCount: 1) else { continue }
            if let shown { made.image.keepRows(overColoursOf: shown) }
        }
    }

    /// The stamp put together from its circle and drawn digits; nil when it cannot be.
    private func assembled(id: Int, tapCount: Int) -> Stamp? {
        guard tapCount <= 1, id >= 0, let digits, !digits.isEmpty else { return nil }
        let number = Array(String(id).utf8)
        let cut = Self.discCut
        guard number.count <= Self.assembledDigits, let disc = disc(Self.colorIndex(id)),
            let bitmap = try? disc.cropped(to: cut, opaque: false)
        else { return nil }
        let context = GraphicsContext(bitmap: bitmap)
        for (place, character) in number.enumerated() {
            guard let glyph = digits[number.count - 1][place][Int(character) - 48] else { continue }
            context.composite(glyph.bitmap, at: Point(x: Double(glyph.x - cut.x), y: Double(glyph.y - cut.y)))
        }
        context.flush()
        return Stamp(image: Self.readied(Image(bitmap: bitmap)), offset: Point(x: Double(cut.x), y: Double(cut.y)))
    }

    /// The stamp drawn whole: its circle, then its number and tap count through Pango.
    func drawn(id: Int, tapCount: Int) -> Stamp? {
        let colorIndex = Self.colorIndex(id)
        guard let disc = disc(colorIndex), let bitmap = try? Bitmap(width: Self.width, height: Self.height, opaque: false) else { return nil }
        let context = GraphicsContext(bitmap: bitmap)
        // A new bitmap is clear, so the circle blended over it is the circle, exactly.
        context.draw(Image(bitmap: disc), in: Rect(x: 0, y: 0, width: Double(Self.width), height: Double(Self.height)))
        context.draw("\(id)", in: Self.circle, font: Self.numberFont, color: .black, alignment: .center)
        if tapCount > 1 {
            let circle = Self.circle
            let above = Rect(x: circle.minX - 10, y: circle.minY - 18, width: circle.width + 20, height: 16)
            context.draw("×\(tapCount)", in: above, font: .systemFont(ofSize: 12), color: Self.palette[colorIndex], alignment: .center)
        }
        context.flush()
        // A tap count is drawn above the circle; without one, the circle (and its antialiased edge) is all there is.
        let cut = tapCount > 1 ? Self.bounds : Self.discCut
        assert(Self.inkBounds(of: bitmap).map { cut.intersection($0) == $0 } ?? true, "a marker's stamp has pixels outside its cut")
        guard let image = try? Image(bitmap: bitmap.cropped(to: cut, opaque: false)) else { return nil }
        return Stamp(image: Self.readied(image), offset: Point(x: Double(cut.x), y: Double(cut.y)))
    }

    /// The stamp's opacity spans are found now, with the stamp, so that the
    /// frame it is first shown in only composites it (stamps are made ahead, between frames).
    private static func readied(_ image: Image) -> Image {
        _ = image.opacitySpans
        return image
    }

    private static func colorIndex(_ id: Int) -> Int { abs(id % palette.count) }

    /// The circle of a palette colour; stroking and filling an antialiased
    /// circle costs several times the text, so each colour's is kept.
    private func disc(_ colorIndex: Int) -> Bitmap? {
        if let known = discs[colorIndex] { return known }
        guard let bitmap = try? Bitmap(width: Self.width, height: Self.height, opaque: false) else { return nil }
        let context = GraphicsContext(bitmap: bitmap)
        let color = Self.palette[colorIndex]
        context.fill(Path(ovalIn: Self.circle), with: color.withAlphaComponent(0.35))
        context.stroke(Path(ovalIn: Self.circle.insetBy(dx: 1, dy: 1)), with: color, lineWidth: 2)
        context.flush()
        discs[colorIndex] = bitmap
        return bitmap
    }

    /// Each digit drawn alone at each place of each length of number, the
    /// other places held by figure spaces. That is the digit's pixels in any
    /// number only if every digit and the figure space are one width (as
    /// they are in most fonts' default figures): the layouts' widths are
    /// compared, and if they differ, nothing is put together (an empty list).
    private func makeDigits() -> [[[Glyph?]]] {
        guard let scratch = try? Bitmap(width: Self.width, height: Self.height, opaque: false) else { return [] }
        let figureSpace: Character = "\u{2007}"
        var all: [[[Glyph?]]] = []
        for count in 1...Self.assembledDigits {
            let expected = TextLayout(String(repeating: "0", count: count), font: Self.numberFont, width: Self.circle.width, alignment: .center).size
            var places: [[Glyph?]] = []
            for place in 0..<count {
                var glyphs: [Glyph?] = []
                for digit in 0...9 {
                    var text = Array(repeating: figureSpace, count: count)
                    text[place] = Character(String(digit))
                    let layout = TextLayout(String(text), font: Self.numberFont, width: Self.circle.width, alignment: .center)
                    guard layout.size == expected, layout.lines.count == 1 else { return [] }
                    scratch.finishDrawing()
                    scratch.pixels.initializeMemory(as: UInt8.self, repeating: 0, count: scratch.stride * scratch.height)
                    scratch.pixelsChanged()
                    let context = GraphicsContext(bitmap: scratch)
                    context.draw(layout, in: Self.circle, color: .black)
                    context.flush()
                    guard let ink = Self.inkBounds(of: scratch) else {
                        glyphs.append(nil)
                        continue
                    }
                    // A digit outside the circle's cut could not be placed on a cut stamp.
                    guard Self.discCut.intersection(ink) == ink, let piece = try? scratch.cropped(to: ink, opaque: false) else { return [] }
                    glyphs.append(Glyph(bitmap: piece, x: ink.x, y: ink.y))
                }
                places.append(glyphs)
            }
            all.append(places)
        }
        return all
    }

    /// The smallest rectangle holding every pixel that is not fully clear; nil if all are.
    static func inkBounds(of bitmap: Bitmap) -> PixelRect? {
        bitmap.finishDrawing()
        var minX = bitmap.width, minY = bitmap.height, maxX = -1, maxY = -1
        for y in 0..<bitmap.height {
            let row = bitmap.pixels + y * bitmap.stride
            for x in 0..<bitmap.width where row.load(fromByteOffset: x * 4, as: UInt32.self) >> 24 != 0 {
                (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), y)
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
