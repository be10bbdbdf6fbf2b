import Graphics
import Testing

/// Text in the scripts a kiosk meets, through Pango with the fonts
/// scripts/install-deps installs: DejaVu (Latin, Arabic, Hebrew),
/// Lohit Devanagari, Loma (Thai) and WenQuanYi Micro Hei (Chinese, Japanese).
struct ScriptTests {
    struct Sample: CustomTestStringConvertible, Sendable {
        let script: String
        let text: String
        let fontPackage: String
        var testDescription: String { script }
    }

    static let samples = [
        Sample(script: "Latin", text: "Größe: naïve café, Ørsted — 12,50 €", fontPackage: "fonts-dejavu-core"),
        Sample(script: "Arabic", text: "مرحبا بالعالم", fontPackage: "fonts-dejavu-core"),
        Sample(script: "Hebrew", text: "שלום עולם", fontPackage: "fonts-dejavu-core"),
        Sample(script: "Devanagari", text: "नमस्ते दुनिया", fontPackage: "fonts-lohit-deva"),
        Sample(script: "Thai", text: "สวัสดีชาวโลก", fontPackage: "fonts-tlwg-loma-ttf"),
        Sample(script: "Chinese", text: "你好，世界。欢迎光临", fontPackage: "fonts-wqy-microhei"),
        Sample(script: "Japanese", text: "こんにちは世界、カタカナ", fontPackage: "fonts-wqy-microhei"),
    ]

    static let font = Font.systemFont(ofSize: 20)

    /// The columns with ink when `text` is drawn across a 400-point-wide box.
    static func inkColumns(_ text: String, alignment: TextAlignment = .natural) throws -> ClosedRange<Int> {
        let bitmap = try Bitmap(width: 400, height: 40)
        let context = GraphicsContext(bitmap: bitmap)
        context.fill(Rect(x: 0, y: 0, width: 400, height: 40), with: .white)
        context.draw(text, in: Rect(x: 0, y: 0, width: 400, height: 40), font: font, color: .black, alignment: alignment)
        var columns: [Int] = []
        for x in 0..<400 where (0..<40).contains(where: { bitmap.pixel(x: x, y: $0).red < 128 }) { columns.append(x) }
        return try #require(columns.first, "nothing drawn for \(text)")...columns.last!
    }

    @Test(arguments: samples)
    func everyCharacterHasAGlyphAndDraws(_ sample: Sample) throws {
        let layout = TextLayout(sample.text, font: Self.font)
        #expect(layout.unknownGlyphCount == 0, "\(sample.script) drew \(layout.unknownGlyphCount) boxes; install \(sample.fontPackage)")
        #expect(layout.size.width > 20 && layout.size.height >= Self.font.size)
        let ink = try Self.inkColumns(sample.text)
        #expect(ink.count > 20)
    }

    /// The check above can fail: cuneiform is in no font the project installs.
    @Test func aCharacterNoFontHasIsCounted() {
        #expect(TextLayout("ok 𒀀", font: Self.font).unknownGlyphCount == 1)
    }

    @Test(arguments: ["مرحبا بالعالم", "שלום עולם"])
    func rightToLeftTextRunsFromTheRight(_ text: String) throws {
        let layout = TextLayout(text, font: Self.font)
        #expect(layout.isRightToLeft)
        // The first character stands right of the last, and the end of the text is at the left edge.
        #expect(layout.caretX(atCharacterOffset: 0) > layout.caretX(atCharacterOffset: text.count - 1))
        #expect(abs(layout.caretX(atCharacterOffset: 0) - layout.size.width) < 1)
        #expect(abs(layout.caretX(atCharacterOffset: text.count)) < 1)
        // A tap on the right edge lands before the first character.
        #expect(layout.characterOffset(atX: layout.size.width - 1) == 0)
        #expect(layout.characterOffset(atX: 0) == text.count)
        // Natural alignment puts it on the right of its box; an explicit side is kept.
        #expect(try Self.inkColumns(text).upperBound > 390)
        #expect(try Self.inkColumns(text, alignment: .left).lowerBound < 10)
        #expect(try Self.inkColumns(text, alignment: .right).upperBound > 390)
    }

    @Test func leftToRightTextStaysOnTheLeftWithNaturalAlignment() throws {
        #expect(!TextLayout("Hello", font: Self.font).isRightToLeft)
        #expect(try Self.inkColumns("Hello").lowerBound < 10)
    }

    /// In a Hebrew sentence, a Latin word and a number keep their own order, and the sentence still runs from the right.
    @Test func mixedDirectionsAreOrderedByTheBidiAlgorithm() {
        let text = "מחיר 120 ש״ח, Visa"
        let layout = TextLayout(text, font: Self.font)
        #expect(layout.isRightToLeft)
        let offsets = Array(text.indices)
        func x(_ character: Character) -> Double { layout.frame(ofCharacterAt: offsets.firstIndex { text[$0] == character }!).midX }
        #expect(x("מ") > x("1"))  // the Hebrew start is at the right
        #expect(x("1") < x("2") && x("2") < x("0"))  // digits left to right
        #expect(x("V") < x("i"))  // Latin left to right
        #expect(x("V") < x("1"))  // and the last word is leftmost
    }

    /// Arabic letters join: a word is narrower than its letters set apart.
    @Test func arabicLettersTakeTheirJoinedForms() {
        let joined = Self.font.width(of: "ببب")
        let apart = 3 * Self.font.width(of: "ب")
        #expect(joined < apart * 0.8)
    }

    /// Thai and Chinese are written without spaces; lines still break, between words or characters, never inside a cluster.
    @Test(arguments: ["สวัสดีชาวโลกยินดีต้อนรับสู่ร้านกาแฟของเรา", "欢迎光临我们的咖啡店今天有新鲜的面包"])
    func textWithoutSpacesStillWraps(_ text: String) {
        let layout = TextLayout(text, font: Self.font, width: 120, numberOfLines: 0)
        #expect(layout.lines.count >= 2)
        #expect(layout.lines.joined() == text)
        #expect(layout.size.width <= 120)
        #expect(!layout.isTruncated && layout.unknownGlyphCount == 0)
    }
}
