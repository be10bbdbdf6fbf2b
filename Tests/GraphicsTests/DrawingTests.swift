import Foundation
import Graphics
import Testing

struct DrawingTests {
    @Test func fillsBlendWithAlphaAndClipsHold() throws {
        let bitmap = try Bitmap(width: 20, height: 20)
        let context = GraphicsContext(bitmap: bitmap)
        context.fill(Rect(x: 0, y: 0, width: 20, height: 20), with: .white)
        context.fill(Rect(x: 0, y: 0, width: 10, height: 10), with: Color.red.withAlphaComponent(0.5))
        context.withSavedState {
            context.clip(to: Rect(x: 10, y: 10, width: 5, height: 5))
            context.fill(Rect(x: 0, y: 0, width: 20, height: 20), with: .blue)
        }
        #expect(bitmap.pixel(x: 5, y: 5).distance(to: PixelColor(red: 255, green: 128, blue: 128)) <= 1)
        #expect(bitmap.pixel(x: 12, y: 12) == PixelColor(red: 0, green: 0, blue: 255))
        #expect(bitmap.pixel(x: 16, y: 16) == PixelColor(red: 255, green: 255, blue: 255))
    }

    @Test func transformsMoveWhatIsDrawn() throws {
        let bitmap = try Bitmap(width: 20, height: 20)
        let context = GraphicsContext(bitmap: bitmap)
        context.fill(Rect(x: 0, y: 0, width: 20, height: 20), with: .black)
        context.translateBy(x: 10, y: 0)
        context.scaleBy(x: 2, y: 2)
        context.fill(Rect(x: 0, y: 0, width: 2, height: 2), with: .green)
        #expect(bitmap.pixel(x: 13, y: 3) == PixelColor(red: 0, green: 255, blue: 0))
        #expect(bitmap.pixel(x: 9, y: 3) == PixelColor(red: 0, green: 0, blue: 0))
        #expect(bitmap.pixel(x: 13, y: 5) == PixelColor(red: 0, green: 0, blue: 0))
    }

    @Test func aRoundedRectLeavesItsCornersAndAStrokeDrawsAnOutline() throws {
        let bitmap = try Bitmap(width: 40, height: 40)
        let context = GraphicsContext(bitmap: bitmap)
        context.fill(Rect(x: 0, y: 0, width: 40, height: 40), with: .white)
        context.fill(Path(roundedRect: Rect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 15), with: .blue)
        #expect(bitmap.pixel(x: 1, y: 1) == PixelColor(red: 255, green: 255, blue: 255))
        #expect(bitmap.pixel(x: 20, y: 20) == PixelColor(red: 0, green: 0, blue: 255))
        context.stroke(Path(rect: Rect(x: 5, y: 5, width: 30, height: 30)), with: .red, lineWidth: 2)
        #expect(bitmap.pixel(x: 5, y: 20) == PixelColor(red: 255, green: 0, blue: 0))
        #expect(bitmap.pixel(x: 20, y: 20) == PixelColor(red: 0, green: 0, blue: 255))
    }

    @Test func textDrawsInkInsideItsRectAndHonoursAlignment() throws {
        let font = Font.systemFont(ofSize: 20)
        try font.checkInstalled()
        func inkColumns(_ alignment: TextAlignment) throws -> ClosedRange<Int> {
            let bitmap = try Bitmap(width: 200, height: 40)
            let context = GraphicsContext(bitmap: bitmap)
            context.fill(Rect(x: 0, y: 0, width: 200, height: 40), with: .white)
            context.draw("Hi", in: Rect(x: 0, y: 0, width: 200, height: 40), font: font, color: .black, alignment: alignment)
            var columns: [Int] = []
            for x in 0..<200 where (0..<40).contains(where: { bitmap.pixel(x: x, y: $0).red < 128 }) { columns.append(x) }
            return try #require(columns.first)...columns.last!
        }
        let left = try inkColumns(.left), center = try inkColumns(.center), right = try inkColumns(.right)
        #expect(left.lowerBound < 5)
        #expect(right.upperBound > 190)
        #expect(abs((center.lowerBound + center.upperBound) / 2 - 100) < 4)
    }

    @Test func longTextIsTruncatedWithAnEllipsisAndWrapsWhenLinesAreAllowed() {
        let font = Font.systemFont(ofSize: 14)
        let sentence = "The quick brown fox jumps over the lazy dog"
        let single = TextLayout(sentence, font: font, width: 120)
        #expect(single.lines.count == 1)
        #expect(single.isTruncated)
        #expect(single.lines[0].hasPrefix("The quick"))
        #expect(single.size.width <= 120)
        let wrapped = TextLayout(sentence, font: font, width: 120, numberOfLines: 0)
        #expect(wrapped.lines.count >= 3)
        #expect(!wrapped.isTruncated)
        #expect(wrapped.lines.joined() == sentence)
        #expect(wrapped.lines.allSatisfy { !$0.hasPrefix(" ") })  // breaks fall after spaces, between words
        #expect(wrapped.size.width <= 120)
        let two = TextLayout(sentence, font: font, width: 120, numberOfLines: 2)
        #expect(two.lines.count == 2)
        #expect(two.isTruncated)
        #expect(two.size.height < wrapped.size.height)
        let short = TextLayout("short", font: font, width: 120)
        #expect(short.lines == ["short"] && !short.isTruncated)
        // Several paragraphs still stop at the line limit, across paragraphs.
        let paragraphs = TextLayout("one\ntwo\nthree", font: font, width: 120, numberOfLines: 2)
        #expect(paragraphs.lines == ["one", "two…"])
        #expect(paragraphs.isTruncated)
        #expect(TextLayout("one\ntwo\nthree", font: font, width: 120, numberOfLines: 0).lines.count == 3)
        // Carriage returns and U+2029 end paragraphs too, and the ellipsis still shows.
        for breaks in ["\r\n", "\r", "\u{2029}"] {
            let cut = TextLayout(["one", "two", "three"].joined(separator: breaks), font: font, width: 120, numberOfLines: 2)
            #expect(cut.lines.count == 2 && cut.lines[1] == "two…", "\(Array(breaks.unicodeScalars))")
        }
        // With no width (a single-line label's intrinsic size), the line limit still holds.
        let unbounded = TextLayout("A\nB", font: font)
        #expect(unbounded.lines == ["A…"] && unbounded.isTruncated)
        #expect(abs(unbounded.size.height - font.lineHeight) < 1)
        // A width past Pango's units is no limit, not a crash.
        #expect(TextLayout(sentence, font: font, width: .greatestFiniteMagnitude).lines == [sentence])
        // A NUL would end the text for Pango: it is shown as a replacement character, and offsets after it hold.
        let withNul = TextLayout("ab\0cd", font: font)
        #expect(withNul.text == "ab\u{FFFD}cd")
        #expect(withNul.caretX(atCharacterOffset: 5) > withNul.caretX(atCharacterOffset: 3))
    }

    @Test func aMissingFontIsNamed() {
        #expect(throws: GraphicsError.missingFont("No Such Font Family 42")) {
            try Font(family: "No Such Font Family 42", size: 12).checkInstalled()
        }
    }

    @Test func pngRoundTripsAndACorruptFileIsNamed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("graphics-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bitmap = try Bitmap(width: 6, height: 4)
        GraphicsContext(bitmap: bitmap).fill(Rect(x: 0, y: 0, width: 6, height: 4), with: Color(red: 0.2, green: 0.4, blue: 0.6))
        let path = directory.appendingPathComponent("a.png").path
        try bitmap.writePNG(to: path)
        let back = try Bitmap.readPNG(at: path)
        #expect(back.width == 6 && back.height == 4)
        #expect(back.pixel(x: 3, y: 2) == bitmap.pixel(x: 3, y: 2))
        // Cut the file short: the reader says which file and that it is not a readable PNG.
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let broken = directory.appendingPathComponent("broken.png").path
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: broken))
        #expect {
            try Bitmap.readPNG(at: broken)
        } throws: { error in
            "\(error)".hasPrefix(broken + ": not a readable image: PNG")
        }
        #expect {
            try Image(contentsOfFile: directory.appendingPathComponent("missing.png").path)
        } throws: { error in
            "\(error)".contains("missing.png: not a readable image: no such file")
        }
    }

    @Test func anImageIsScaledIntoItsRect() throws {
        let source = try Bitmap(width: 2, height: 1, opaque: false)
        let sourceContext = GraphicsContext(bitmap: source)
        sourceContext.replace(Rect(x: 0, y: 0, width: 1, height: 1), with: .red)
        sourceContext.replace(Rect(x: 1, y: 0, width: 1, height: 1), with: .blue)
        let bitmap = try Bitmap(width: 40, height: 20)
        let context = GraphicsContext(bitmap: bitmap)
        context.draw(Image(bitmap: source), in: Rect(x: 0, y: 0, width: 40, height: 20))
        #expect(bitmap.pixel(x: 2, y: 10).distance(to: PixelColor(red: 255, green: 0, blue: 0)) <= 2)
        #expect(bitmap.pixel(x: 37, y: 10).distance(to: PixelColor(red: 0, green: 0, blue: 255)) <= 2)
    }

    @Test func regionsMergeOverlapsAndStayFew() {
        var region = Region()
        region.add(PixelRect(x: 0, y: 0, width: 10, height: 10))
        // A marker moving 2 px: the union is cheaper than both apart.
        region.add(PixelRect(x: 2, y: 0, width: 10, height: 10))
        #expect(region.rects == [PixelRect(x: 0, y: 0, width: 12, height: 10)])
        // Inside what is there: nothing new.
        region.add(PixelRect(x: 3, y: 3, width: 2, height: 2))
        #expect(region.rects == [PixelRect(x: 0, y: 0, width: 12, height: 10)])
        // A corner's overlap: the union would repaint more than both, so they stay apart.
        region.add(PixelRect(x: 8, y: 8, width: 10, height: 10))
        #expect(region.rects.count == 2)
        region.removeAll()
        region.add(PixelRect(x: 0, y: 0, width: 15, height: 15))
        region.add(PixelRect(x: 100, y: 100, width: 1, height: 1))
        #expect(region.rects.count == 2)
        for i in 0..<20 { region.add(PixelRect(x: 200 + i * 10, y: 0, width: 2, height: 2)) }
        #expect(region.rects.count <= Region.limit)
        #expect(region.bounds.contains(PixelRect(x: 0, y: 0, width: 15, height: 15)))
    }

    @Test func rectanglesIntersectOnlyWhereTheyShareAPixel() {
        let square = PixelRect(x: 10, y: 10, width: 10, height: 10)
        #expect(square.intersects(PixelRect(x: 19, y: 19, width: 5, height: 5)))
        #expect(square.intersects(PixelRect(x: 12, y: 12, width: 2, height: 2)))
        // Sides and corners that touch share no pixel, and an empty rectangle shares none.
        #expect(!square.intersects(PixelRect(x: 20, y: 10, width: 5, height: 10)))
        #expect(!square.intersects(PixelRect(x: 10, y: 0, width: 10, height: 10)))
        #expect(!square.intersects(PixelRect(x: 20, y: 20, width: 3, height: 3)))
        #expect(!square.intersects(PixelRect(x: 12, y: 12, width: 0, height: 5)))
        // Without an allowance, neighbours that only touch stay two repaints; with one they merge.
        var strict = Region()
        strict.add(square)
        strict.add(PixelRect(x: 20, y: 10, width: 10, height: 10))
        #expect(strict.rects.count == 2)
        var lenient = Region(mergeAllowance: 100)
        lenient.add(square)
        lenient.add(PixelRect(x: 20, y: 10, width: 10, height: 10))
        #expect(lenient.rects == [PixelRect(x: 10, y: 10, width: 20, height: 10)])
    }

    @Test func aUnionIntoNothingIsTheOtherRegionAndEachStaysItsOwn() {
        var taken = Region()
        taken.add(PixelRect(x: 0, y: 0, width: 10, height: 10))
        taken.add(PixelRect(x: 50, y: 0, width: 10, height: 10))
        var frame = Region()
        frame.formUnion(taken)
        #expect(frame == taken)
        // Values still: adding to one leaves the other as it was.
        frame.add(PixelRect(x: 100, y: 100, width: 5, height: 5))
        #expect(taken.rects.count == 2 && frame.rects.count == 3)
        // Under another merging rule the rectangles are added one by one, and merge by it.
        var lenient = Region(mergeAllowance: 10_000)
        lenient.formUnion(taken)
        #expect(lenient.rects == [PixelRect(x: 0, y: 0, width: 60, height: 10)])
        // A region of a stricter rule takes a lenient one's rectangles as they are, and keeps its rule.
        var strict = Region()
        strict.formUnion(lenient)
        #expect(strict.rects == lenient.rects)
        strict.add(PixelRect(x: 0, y: 11, width: 60, height: 10))
        #expect(strict.rects.count == 2)
        // Emptying an empty region shared with another changes neither.
        var shared = Region()
        let copy = shared
        shared.removeAll()
        #expect(shared.isEmpty && copy.isEmpty)
    }

    /// A union into an empty region, which may take the other's rectangles
    /// as they are, gives what adding them one by one gives, whatever
    /// either region's allowance.
    @Test func aUnionIntoNothingIsWhatAddingOneByOneGives() {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for trial in 0..<300 {
            var other = Region(mergeAllowance: [0, 50, 400, 5_000][trial % 4])
            for _ in 0..<(1 + next(24)) { other.add(PixelRect(x: next(300), y: next(300), width: 1 + next(60), height: 1 + next(60))) }
            for allowance in [0, 50, 400, 5_000] {
                var united = Region(mergeAllowance: allowance)
                united.formUnion(other)
                var added = Region(mergeAllowance: allowance)
                for rect in other.rects { added.add(rect) }
                #expect(united == added, "trial \(trial), allowance \(allowance) into \(other.mergeAllowance)")
            }
        }
    }

    @Test func regionsPastTheLimitMergeTheClosestPairNotEverything() {
        // Ten fingers in rows, and the status line far above them: each stays its own repaint.
        var region = Region()
        let fingers = (0..<10).map { PixelRect(x: 400, y: 70 + $0 * 55, width: 50, height: 50) }
        let status = PixelRect(x: 0, y: 0, width: 1280, height: 28)
        for rect in fingers + [status] { region.add(rect) }
        #expect(region.rects.count == 11)
        #expect(region.area == 10 * 2500 + 1280 * 28)
        // A finger's column grazing the status line does not turn both into one box
        // (the demo's status line once merged with ten markers into most of the screen).
        var grazing = Region()
        grazing.add(status)
        grazing.add(PixelRect(x: 419, y: 27, width: 70, height: 518))
        #expect(grazing.rects.count == 2)
        #expect(grazing.area == 1280 * 28 + 70 * 518)
        // Past the limit, only the nearest two merge; every pixel added is still covered.
        let added = (0..<Region.limit).map { PixelRect(x: 900 + ($0 % 4) * 60, y: 100 + ($0 / 4) * 200, width: 10, height: 10) }
        var crowded = Region()
        for rect in added { crowded.add(rect) }
        #expect(crowded.rects.count == Region.limit)
        let near = PixelRect(x: 911, y: 100, width: 10, height: 10)
        crowded.add(near)
        #expect(crowded.rects.count == Region.limit)
        #expect(crowded.rects.contains(PixelRect(x: 900, y: 100, width: 21, height: 10)))
        for rect in added + [near] { #expect(crowded.rects.contains { $0.contains(rect) }) }
        #expect(crowded.area < 40 * 10 * 10)
    }

    /// Past the limit, the pair merged is the one whose union adds the fewest
    /// pixels, the first such pair in order: the same rectangles as a plain
    /// model of the rule gives, over random regions.
    @Test func theCheapestPairIsTheModelsOverRandomRegions() {
        var generator = SystemRandomNumberGenerator()
        func model(_ added: [PixelRect]) -> [PixelRect] {
            var rects: [PixelRect] = []
            func absorb(_ rect: PixelRect) {
                var merged = rect, index = 0
                while index < rects.count {
                    let other = rects[index]
                    if other.intersects(merged) && merged.union(other).area <= merged.area + other.area {
                        merged = merged.union(other)
                        rects.remove(at: index)
                        index = 0
                    } else {
                        index += 1
                    }
                }
                rects.append(merged)
            }
            for rect in added where !rect.isEmpty {
                absorb(rect)
                while rects.count > Region.limit {
                    var best = (0, 1, Int.max)
                    for i in rects.indices { for j in rects.indices where j > i {
                        let waste = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
                        if waste < best.2 { best = (i, j, waste) }
                    } }
                    let union = rects[best.0].union(rects[best.1])
                    rects.remove(at: best.1)
                    rects.remove(at: best.0)
                    absorb(union)
                }
            }
            return rects
        }
        for _ in 0..<200 {
            let added = (0..<Int.random(in: 10...40, using: &generator)).map { _ in
                PixelRect(
                    x: Int.random(in: -50...1300, using: &generator), y: Int.random(in: -50...800, using: &generator),
                    width: Int.random(in: 0...120, using: &generator), height: Int.random(in: 0...90, using: &generator))
            }
            var region = Region()
            for rect in added { region.add(rect) }
            #expect(region.rects == model(added), "\(added)")
        }
    }
}
