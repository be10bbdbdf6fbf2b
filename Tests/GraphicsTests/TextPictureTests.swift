import Testing

@testable import Graphics

/// Text drawn again the same way comes from its picture (TextPicture): the
/// same pixels Pango and cairo give drawing it directly, in every script,
/// colour, place within a pixel, clip and background. (Emoji, in colour, and
/// text under a clip at fractions of a pixel are drawn by Pango.)
struct TextPictureTests {
    static let texts: [(String, Font, Double, Int)] = [
        ("Flat white, oat milk", .systemFont(ofSize: 17), .infinity, 1),
        ("Caffè €3.80 — ŽŠČ Ωμέγα", .boldSystemFont(ofSize: 24), .infinity, 1),
        ("مرحبا بالعالم، قهوة", .systemFont(ofSize: 19), .infinity, 1),
        ("नमस्ते दुनिया कॉफ़ी", .systemFont(ofSize: 18), .infinity, 1),
        ("咖啡和蛋糕 コーヒー 커피", .systemFont(ofSize: 16), .infinity, 1),
        ("☕️ 🍰 with emoji", .systemFont(ofSize: 20), .infinity, 1),
        (
            "A double ristretto under steamed oat milk, poured thin. Drag the card to the basket to order it.",
            .systemFont(ofSize: 15), 220, 3
        ),
        ("Tiny print, 9 pt", .systemFont(ofSize: 9), .infinity, 1),
        // Runs of several scripts and fonts whose ink meets: blended by Pango run after run.
        ("TΩ咖啡AVΩ", .systemFont(ofSize: 28), .infinity, 1),
        // Wrapped lines whose stacked marks reach into the line above: blended line after line, as by Pango.
        ("Ở Ỗ Ẫ Ặ Ẫ Ỗ Ở Ỗ Ẫ Ặ Ẫ Ỗ ặ ỹ", .systemFont(ofSize: 26), 110, 2),
    ]
    static let colours = [Color(red: 0, green: 0, blue: 0), Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.6), Color(red: 1, green: 1, blue: 1)]
    static let origins = [Point(x: 10, y: 12), Point(x: 10.25, y: 12.5), Point(x: 3.7, y: 9.3)]

    /// A background of stripes in several colours, so every blend shows.
    func background() throws -> (Bitmap, GraphicsContext) {
        let bitmap = try Bitmap(width: 320, height: 90)
        let context = GraphicsContext(bitmap: bitmap)
        for stripe in 0..<16 {
            let colour = Color(red: Double(stripe % 4) / 3, green: Double(stripe % 3) / 2, blue: Double(stripe % 5) / 4)
            context.fill(Rect(x: Double(stripe) * 20, y: 0, width: 20, height: 90), with: colour)
        }
        return (bitmap, context)
    }

    /// How each test text is drawn: moved by a translation (whole or a
    /// fraction of a pixel), and inside a transparency layer or not.
    static let placings: [(dx: Double, dy: Double, layer: Bool)] = [(0, 0, false), (0.5, 0.25, false), (-3, 7, false), (0.5, 0.25, true)]

    @Test(arguments: 0..<TextPictureTests.texts.count)
    func aPictureGivesPangosPixels(_ index: Int) throws {
        let (text, font, width, lines) = Self.texts[index]
        for colour in Self.colours {
            for origin in Self.origins {
                for clip in [nil, Rect(x: 30, y: 20, width: 101, height: 23), Rect(x: 30.5, y: 20.25, width: 101, height: 22.5)] {
                    for placing in Self.placings {
                        let rect = Rect(x: origin.x, y: origin.y, width: width.isFinite ? width : 300, height: 70)
                        func draw(_ layout: TextLayout, on context: GraphicsContext) {
                            context.withSavedState {
                                if let clip { context.clip(to: clip) }
                                context.translateBy(x: placing.dx, y: placing.dy)
                                if placing.layer { context.beginTransparencyLayer() }
                                context.draw(layout, in: rect, color: colour)
                                if placing.layer { context.endTransparencyLayer(alpha: 1) }
                            }
                            context.flush()
                        }
                        let (direct, directContext) = try background()
                        let drawnOnce = TextLayout(text, font: font, width: width, numberOfLines: lines)
                        draw(drawnOnce, on: directContext)
                        #expect(drawnOnce.picture == nil, "drawn once: by Pango, with no picture")
                        // The same layout drawn again the same way: twice by Pango, then from its picture, twice.
                        let layout = TextLayout(text, font: font, width: width, numberOfLines: lines)
                        let (_, scratchContext) = try background()
                        for _ in 0..<TextPicture.drawsBeforePicture { draw(layout, on: scratchContext) }
                        for time in ["first", "second"] {
                            let (bitmap, context) = try background()
                            draw(layout, on: context)
                            // Not under a clip at fractions of a pixel, which cairo blends into glyphs otherwise
                            // than into a picture; nor for text with no one coverage (emoji, runs whose ink meets).
                            let wholePixels = clip.map { $0.minX == $0.minX.rounded() && $0.minY == $0.minY.rounded() } ?? true
                            #expect((layout.picture != nil) == (wholePixels && layout.hasOneCoveragePerLine))
                            if let difference = bitmap.firstDifference(from: direct) {
                                Issue.record(
                                    "\(text) in \(colour) at \(origin)\(clip.map { ", clipped to \($0)" } ?? ""), moved \(placing), its picture's \(time) time: \(difference)")
                            }
                        }
                    }
                }
            }
        }
    }

    /// The texts that have one coverage a line: the pictures above are used for them.
    @Test func plainTextHasOneCoverageALineAndEmojiOrMeetingRunsDoNot() {
        for index in [0, 3, 6, 7, 9] {
            let (text, font, width, lines) = Self.texts[index]
            #expect(TextLayout(text, font: font, width: width, numberOfLines: lines).hasOneCoveragePerLine, "\(text)")
        }
        #expect(!TextLayout("☕️ 🍰 with emoji", font: .systemFont(ofSize: 20)).hasOneCoveragePerLine)
        #expect(!TextLayout("\u{1F5E8} speech", font: .systemFont(ofSize: 20)).hasOneCoveragePerLine, "an emoji without emoji presentation")
        #expect(!TextLayout("TΩ咖啡", font: .systemFont(ofSize: 30)).hasOneCoveragePerLine, "scripts in touching runs")
    }

    /// A text drawn somewhere new each time, within a pixel, makes no picture;
    /// one drawn three times the same way does, and elsewhere within a pixel, a new one.
    @Test func aPictureIsMadeOnlyWhenDrawnTheSameWayAgain() throws {
        let (_, context) = try background()
        let layout = TextLayout("Moving", font: .systemFont(ofSize: 17))
        for step in 0..<5 { context.draw(layout, at: Point(x: 10 + 0.125 * Double(step), y: 10), color: Color(red: 0, green: 0, blue: 0)) }
        #expect(layout.picture == nil)
        context.draw(layout, at: Point(x: 11.25, y: 10), color: Color(red: 0, green: 0, blue: 0))
        context.draw(layout, at: Point(x: 12.25, y: 10), color: Color(red: 0, green: 0, blue: 0))
        #expect(layout.picture == nil, "the same way twice: not yet")
        context.draw(layout, at: Point(x: 13.25, y: 10), color: Color(red: 0, green: 0, blue: 0))
        #expect(layout.picture != nil, "three times")
        let first = layout.picture
        context.draw(layout, at: Point(x: 40.25, y: 30), color: Color(red: 0, green: 0, blue: 0))
        #expect(layout.picture === first, "whole pixels away: the same picture")
        context.draw(layout, at: Point(x: 40.25, y: 30), color: Color(red: 1, green: 0, blue: 0))
        #expect(layout.picture === first, "in another colour: the same picture")
        for _ in 0..<3 { context.draw(layout, at: Point(x: 40.5, y: 30), color: Color(red: 1, green: 0, blue: 0)) }
        #expect(layout.picture !== first && layout.picture?.key.phaseX == 0.5, "elsewhere within a pixel: another picture")
    }

    /// A picture larger than a picture may be leaves its text to Pango.
    @Test func aPictureTooLargeIsNotMade() throws {
        let (_, context) = try background()
        let huge = TextLayout(String(repeating: "Wide ", count: 400), font: .systemFont(ofSize: 60))
        for _ in 0..<3 { context.draw(huge, at: Point(x: 0, y: 0), color: Color(red: 0, green: 0, blue: 0)) }
        #expect(huge.picture == nil, "larger than a picture may be: drawn by Pango")
    }

    /// Pictures are kept within their store's limit: making one past it lets
    /// go of the ones drawn longest ago, but not of those drawn in the frame
    /// being drawn; lowering the limit lets go of more at once, and a
    /// picture whose layout is gone frees its bytes.
    @Test func aStoreLetsGoOfThePicturesDrawnLongestAgo() throws {
        let key = TextPicture.Key(phaseX: 0.25, phaseY: 0)
        let layouts = (0..<5).map { _ in TextLayout("Flat white, oat milk", font: .systemFont(ofSize: 17)) }
        let probe = TextPictureStore(limit: 1 << 20)
        let probed = try #require(probe.make(of: layouts[0], key, replacing: nil))
        let one = probe.bytesInUse
        #expect(one > 0)
        withExtendedLifetime(probed) {}

        let store = TextPictureStore(limit: 3 * one + one / 2)
        var pictures = try layouts.prefix(3).map { try #require(store.make(of: $0, key, replacing: nil)) }
        #expect(store.make(of: layouts[3], key, replacing: nil) == nil, "no room but this frame's pictures: not made")
        #expect(pictures.allSatisfy { $0.isKept })

        // Drawn in order in the next frame, then the first again: the second is now the one drawn longest ago.
        store.beginFrame()
        for picture in pictures + [pictures[0]] { #expect(picture.draw { _, _, _ in }) }
        store.beginFrame()
        pictures.append(try #require(store.make(of: layouts[3], key, replacing: nil)))
        #expect(!pictures[1].isKept, "drawn longest ago: let go")
        #expect(pictures[0].isKept && pictures[2].isKept && pictures[3].isKept)
        #expect(store.pictureCount == 3 && store.bytesInUse == 3 * one)

        // Remade in place of its old picture, a layout's bytes are counted once.
        pictures[3] = try #require(store.make(of: layouts[3], TextPicture.Key(phaseX: 0.5, phaseY: 0), replacing: pictures[3]))
        #expect(store.pictureCount == 3 && store.bytesInUse <= store.limit)

        store.limit = one
        #expect(store.pictureCount == 1 && pictures[3].isKept, "lowered: only the one drawn last stays")
        store.beginFrame()
        let fifth = store.make(of: layouts[4], key, replacing: nil)
        #expect(fifth != nil, "one fits, in place of the oldest, drawn before this frame")
        #expect(!pictures[3].isKept && store.pictureCount == 1)
        withExtendedLifetime(fifth) {}

        store.limit = one - 1
        #expect(store.pictureCount == 0 && store.bytesInUse == 0)
        #expect(store.make(of: layouts[4], key, replacing: nil) == nil, "larger than the whole limit: not made")

        store.limit = 4 * one
        pictures = try layouts.prefix(2).map { try #require(store.make(of: $0, key, replacing: nil)) }
        #expect(store.bytesInUse == 2 * one)
        pictures.removeAll()
        #expect(store.pictureCount == 0 && store.bytesInUse == 0, "their layouts' pictures gone, their bytes are free")
    }

    /// A layout whose picture was let go is drawn by Pango again, and earns a
    /// new picture as the first: drawn three more times the same way.
    @Test func aLayoutLetGoEarnsItsPictureAgain() throws {
        let layout = TextLayout("Flat white, oat milk", font: .systemFont(ofSize: 17))
        let store = TextPictureStore(limit: 1 << 20)
        func draw() -> Bool { layout.drawPicture(at: Point(x: 10.5, y: 4), in: store, allowed: { true }) { _, _, _ in } }
        #expect([draw(), draw(), draw(), draw()] == [false, false, true, true])
        store.limit = 0
        #expect([draw(), draw(), draw()] == [false, false, false], "let go: drawn by Pango, counted anew")
        store.limit = 1 << 20
        #expect([draw(), draw(), draw()] == [false, false, true], "the third time in a row the same way: a picture again")
    }
}
