import Testing

@testable import Graphics

/// A picture composited by its opacity spans (opaque runs copied, edges
/// blended) gives the very bytes cairo's source-over gives at whole pixels.
struct OpacitySpansTests {
    /// A disc with a soft edge, a digit-like bar of half alpha and a hole: every kind of pixel.
    static func marker() throws -> Bitmap {
        let picture = try Bitmap(width: 44, height: 44, opaque: false)
        let context = GraphicsContext(bitmap: picture)
        context.fill(Path(ovalIn: Rect(x: 0.5, y: 0.5, width: 43, height: 43)), with: Color(red: 0.2, green: 0.5, blue: 0.9))
        context.fill(Path(rect: Rect(x: 18.3, y: 10.6, width: 7.2, height: 22.5)), with: Color(red: 1, green: 1, blue: 1, alpha: 0.55))
        context.fill(Path(ovalIn: Rect(x: 30, y: 30, width: 6, height: 6)), with: Color(red: 0, green: 0, blue: 0, alpha: 0.3))
        context.flush()
        return picture
    }

    /// A transparent picture whose pixels `write` sets word by word, given the words and the words a row.
    static func written(width: Int, height: Int, _ write: (UnsafeMutablePointer<UInt32>, Int) -> Void) throws -> Bitmap {
        let picture = try Bitmap(width: width, height: height, opaque: false)
        write(picture.pixels.assumingMemoryBound(to: UInt32.self), picture.stride / 4)
        picture.pixelsChanged()
        return picture
    }

    /// Every byte value of the blend: one pixel of each alpha over a background of many colours.
    static func ramp() throws -> Bitmap {
        try written(width: 256, height: 3) { words, perRow in
            for alpha in 0..<256 {
                let a = UInt32(alpha)
                // Premultiplied: no channel above alpha.
                words[alpha] = a << 24 | (a * 3 / 4) << 16 | (a / 3) << 8 | a
                words[perRow + alpha] = a << 24 | a << 16
                words[2 * perRow + alpha] = alpha % 7 == 0 ? 0 : a << 24 | (a / 2) << 8
            }
        }
    }

    /// Channels above their alpha (not what cairo draws, but pixels can be
    /// written so): the blend passes 255 and is held there, as pixman holds it.
    static func beyondAlpha() throws -> Bitmap {
        try written(width: 64, height: 2) { words, perRow in
            for x in 0..<64 {
                let a = UInt32(x * 4)
                words[x] = a << 24 | min(255, a + 90) << 16 | min(255, a + 3) << 8 | a / 2
                words[perRow + x] = (a | 1) << 24 | 0xff << 8
            }
        }
    }

    /// An opaque picture (no alpha kept: its top byte is not a colour), its top byte set to nonsense.
    static func opaque() throws -> Bitmap {
        let picture = try Bitmap(width: 30, height: 20, opaque: true)
        let context = GraphicsContext(bitmap: picture)
        context.fill(Path(rect: Rect(x: 0, y: 0, width: 30, height: 20)), with: Color(red: 0.3, green: 0.1, blue: 0.8))
        context.fill(Path(ovalIn: Rect(x: 4.5, y: 2.5, width: 20, height: 14)), with: Color(red: 1, green: 0.9, blue: 0.2))
        context.flush()
        let words = picture.pixels.assumingMemoryBound(to: UInt32.self)
        for index in 0..<(picture.stride / 4 * picture.height) { words[index] = words[index] & 0xff_ffff | 0x1200_0000 }
        picture.pixelsChanged()
        return picture
    }

    func background(opaque: Bool) throws -> Bitmap {
        let bitmap = try Bitmap(width: 320, height: 120, opaque: opaque)
        let context = GraphicsContext(bitmap: bitmap)
        context.fill(Path(rect: Rect(x: 0, y: 0, width: 320, height: 120)), with: Color(red: 0.9, green: 0.85, blue: 0.1, alpha: opaque ? 1 : 0.7))
        context.fill(Path(rect: Rect(x: 40, y: 0, width: 80, height: 120)), with: Color(red: 0.05, green: 0.6, blue: 0.3))
        for x in stride(from: 130.0, to: 320, by: 9) {
            context.fill(Path(rect: Rect(x: x, y: 0, width: 4, height: 120)), with: Color(red: x / 320, green: 0.2, blue: 1 - x / 320, alpha: 0.8))
        }
        context.flush()
        return bitmap
    }

    func bytes(_ bitmap: Bitmap) -> [UInt32] {
        bitmap.finishDrawing()
        var words: [UInt32] = []
        for row in 0..<bitmap.height {
            let line = (bitmap.pixels + row * bitmap.stride).assumingMemoryBound(to: UInt32.self)
            // An opaque bitmap's top byte is not a colour: cairo leaves it as it finds it.
            for x in 0..<bitmap.width { words.append(bitmap.isOpaque ? line[x] & 0xff_ffff : line[x]) }
        }
        return words
    }

    @Test(arguments: [true, false]) func spansGiveCairosBytes(opaqueBackground: Bool) throws {
        for picture in [try Self.marker(), try Self.ramp(), try Self.beyondAlpha(), try Self.opaque()] {
            let spans = OpacitySpans(of: picture)
            #expect(spans.isWithinAlpha == (picture.height != 2), "\(picture.width)x\(picture.height)")
            // Inside, across each edge and corner, and clipped through the middle.
            let places = [(20, 30), (-10, 50), (300, -20), (50, 100), (290, 90), (140, 40)]
            let clips = [PixelRect(x: 0, y: 0, width: 320, height: 120), PixelRect(x: 25, y: 35, width: 30, height: 17)]
            for (x, y) in places {
                for clip in clips {
                    let byCairo = try background(opaque: opaqueBackground), bySpans = try background(opaque: opaqueBackground)
                    let context = GraphicsContext(bitmap: byCairo)
                    context.clip(to: clip.rect)
                    context.composite(picture, at: Point(x: Double(x), y: Double(y)))
                    context.flush()
                    bySpans.finishDrawing()
                    bySpans.composite(picture, spans: spans, x: x, y: y, clip: clip)
                    let expected = bytes(byCairo), got = bytes(bySpans)
                    let first = zip(expected, got).enumerated().first { $0.element.0 != $0.element.1 }
                    #expect(
                        first == nil,
                        "\(picture.width)x\(picture.height) at \(x),\(y) in \(clip): pixel \(first.map { "\($0.offset % 320),\($0.offset / 320)" } ?? "") cairo \(first.map { String($0.element.0, radix: 16) } ?? "") spans \(first.map { String($0.element.1, radix: 16) } ?? "")"
                    )
                }
            }
        }
    }

    /// A disc is one opaque run a row with a few blended pixels at each end; its corners are empty.
    @Test func aDiscIsMostlyOneOpaqueRunPerRow() throws {
        let spans = OpacitySpans(of: try Self.marker())
        #expect(spans.rowStarts.count == 45)
        let middle = spans.spans[Int(spans.rowStarts[5])..<Int(spans.rowStarts[6])]
        #expect(middle.contains { $0.isOpaque && $0.count > 20 })
        let blended = spans.spans.filter { !$0.isOpaque }.reduce(0) { $0 + Int($1.count) }
        let opaque = spans.spans.filter(\.isOpaque).reduce(0) { $0 + Int($1.count) }
        #expect(opaque > 3 * blended, "opaque \(opaque), blended \(blended)")
        #expect(spans.rowStarts[0] == 0 && !spans.spans[0].isOpaque)
    }

    /// A picture over plain colour, composited again and again as it moves:
    /// the rows kept from earlier times give the bytes compositing gives,
    /// over one colour, over two, partly over something else, and clipped.
    @Test func runsKeptOverAPlainColourGiveTheBlendsBytes() throws {
        for (picture, opaqueBackground) in [
            (try Self.marker(), false), (try Self.ramp(), false), (try Self.beyondAlpha(), false), (try Self.marker(), true),
            (try Self.opaque(), true), (try Self.opaque(), false),
        ] {
            let image = Image(bitmap: picture)
            let spans = image.opacitySpans
            /// Plain white, a plain band of another colour, and stripes (no plain runs there).
            func background() throws -> Bitmap {
                let bitmap = try Bitmap(width: 320, height: 120, opaque: opaqueBackground)
                let context = GraphicsContext(bitmap: bitmap)
                context.fill(Path(rect: Rect(x: 0, y: 0, width: 320, height: 120)), with: .white)
                context.fill(Path(rect: Rect(x: 0, y: 60, width: 320, height: 30)), with: Color(red: 0.1, green: 0.3, blue: 0.7))
                for x in stride(from: 200.0, to: 320, by: 7) {
                    context.fill(Path(rect: Rect(x: x, y: 0, width: 3, height: 120)), with: Color(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.6))
                }
                context.flush()
                return bitmap
            }
            let clips = [PixelRect(x: 0, y: 0, width: 320, height: 120), PixelRect(x: 25, y: 35, width: 30, height: 17)]
            // Twice over each place: the second time copies what the first kept.
            for (x, y) in [(20, 10), (26, 10), (20, 10), (20, 50), (26, 50), (150, 40), (180, 40), (-10, 70), (290, 90), (20, 10)] {
                for clip in clips {
                    let blended = try background(), kept = try background()
                    blended.composite(picture, spans: spans, x: x, y: y, clip: clip)
                    kept.composite(image, x: x, y: y, clip: clip)
                    let expected = bytes(blended), got = bytes(kept)
                    let first = zip(expected, got).enumerated().first { $0.element.0 != $0.element.1 }
                    #expect(first == nil, "\(picture.width)x\(picture.height) at \(x),\(y) in \(clip): pixel \(first.map { "\($0.offset % 320),\($0.offset / 320)" } ?? "")")
                }
            }
            // Rows over white were kept, so the next times copy them. (The ramp's are over the
            // stripes or too short to look at; an opaque picture is copied anyway: none is kept.)
            let plain = try background()
            let white = withExtendedLifetime(plain) { plain.pixels.load(as: UInt32.self) }
            let kept = image.over(white).map { over in (0..<picture.height).filter { over.made[$0] }.count } ?? 0
            let keeps = picture.width != 256 && !picture.isOpaque
            #expect(keeps ? kept > picture.height / 2 : kept == 0, "\(picture.width)x\(picture.height): \(kept) rows kept")
        }
    }

    /// What images keep over plain colours has a budget: past it, none is
    /// kept (compositing blends as before), and what a freed image kept is given back.
    @Test func rowsKeptOverColoursHoldABudget() throws {
        let account = Image.KeptBytes(budget: 4 << 20)
        /// The image over white, asked twice, as compositing asks once a colour is under two rows.
        func overWhite(_ image: Image) -> Image.OverColour? {
            _ = image.over(0xffff_ffff, account: account)
            return image.over(0xffff_ffff, account: account)
        }
        let large = Image(bitmap: try Bitmap(width: 1024, height: 1025, opaque: false))
        #expect(overWhite(large) == nil, "over the budget alone")
        let twoMegabytes = Image(bitmap: try Bitmap(width: 1024, height: 512, opaque: false))
        do {
            let threeMegabytes = Image(bitmap: try Bitmap(width: 1024, height: 768, opaque: false))
            withExtendedLifetime(threeMegabytes) {
                #expect(overWhite(threeMegabytes) != nil)
                #expect(account.inUse.load(ordering: .relaxed) == 3 << 20)
                #expect(overWhite(twoMegabytes) == nil, "the budget is taken")
            }
        }
        #expect(overWhite(twoMegabytes) != nil, "given back")
        #expect(account.inUse.load(ordering: .relaxed) == 2 << 20)
    }

    /// Under a gradient every row is a colour of its own: none is kept, so no
    /// memory is made and dropped for each; a colour under two rows running is.
    @Test func aColourIsKeptOnceUnderTwoRows() throws {
        let image = Image(bitmap: try Self.beyondAlpha())
        let gradient = try Bitmap(width: 100, height: 10, opaque: false)
        let words = gradient.pixels.assumingMemoryBound(to: UInt32.self)
        for row in 0..<10 { for x in 0..<100 { words[row * gradient.stride / 4 + x] = 0xff00_0000 | UInt32(row * 20) } }
        gradient.pixelsChanged()
        for _ in 0..<3 { gradient.composite(image, x: 10, y: 3, clip: gradient.bounds) }
        #expect(image.keptColours == 0)
        let plain = try Bitmap(width: 100, height: 10, opaque: false)
        plain.pixels.initializeMemory(as: UInt32.self, repeating: 0xff80_8080, count: plain.stride / 4 * 10)
        plain.pixelsChanged()
        for _ in 0..<2 { plain.composite(image, x: 10, y: 3, clip: plain.bounds) }
        #expect(image.keptColours == 1)
    }
    /// An image readied to follow another (`keepRows(overColoursOf:)`, a new
    /// finger's stamp) holds its rows over the colours the other was found
    /// over, and its first composite copies them: the blend's bytes, over that
    /// colour, partly over another, and clipped.
    @Test func rowsReadiedOverAnotherImagesColoursGiveTheBlendsBytes() throws {
        let account = Image.KeptBytes(budget: 4 << 20)
        for opaqueBackground in [false, true] {
            func background() throws -> Bitmap {
                let bitmap = try Bitmap(width: 320, height: 120, opaque: opaqueBackground)
                let context = GraphicsContext(bitmap: bitmap)
                context.fill(Path(rect: Rect(x: 0, y: 0, width: 320, height: 120)), with: .white)
                context.fill(Path(rect: Rect(x: 0, y: 60, width: 320, height: 30)), with: Color(red: 0.1, green: 0.3, blue: 0.7))
                context.flush()
                return bitmap
            }
            // The one gone before, composited once over white: nothing kept, the colour noted.
            let before = Image(bitmap: try Self.marker())
            try background().composite(before, x: 100, y: 5, clip: PixelRect(x: 0, y: 0, width: 320, height: 120))
            #expect(before.keptColours == 0)
            for picture in [try Self.marker(), try Self.beyondAlpha()] {
                let readied = Image(bitmap: picture)
                readied.keepRows(overColoursOf: before, account: account)
                #expect(readied.keptColours == 1)
                let plain = try background()
                let white = withExtendedLifetime(plain) { plain.pixels.load(as: UInt32.self) }
                let rows = readied.over(white, account: account).map { over in (0..<picture.height).filter { over.made[$0] }.count } ?? 0
                #expect(rows == picture.height, "\(picture.width)x\(picture.height): \(rows) rows readied")
                let clips = [PixelRect(x: 0, y: 0, width: 320, height: 120), PixelRect(x: 25, y: 15, width: 30, height: 17)]
                for (x, y) in [(20, 10), (20, 50), (-10, 70), (290, 90)] {
                    for clip in clips {
                        let blended = try background(), copied = try background()
                        blended.composite(picture, spans: readied.opacitySpans, x: x, y: y, clip: clip)
                        copied.composite(readied, x: x, y: y, clip: clip)
                        let expected = bytes(blended), got = bytes(copied)
                        let first = zip(expected, got).enumerated().first { $0.element.0 != $0.element.1 }
                        #expect(first == nil, "\(picture.width)x\(picture.height) at \(x),\(y) in \(clip): pixel \(first.map { "\($0.offset % 320),\($0.offset / 320)" } ?? "")")
                    }
                }
            }
        }
        // Nothing for an opaque picture, nor after one seen only over stripes, nor past the budget.
        let opaque = Image(bitmap: try Self.opaque())
        let over = Image(bitmap: try Self.marker())
        let white = try Bitmap(width: 100, height: 60, opaque: false)
        white.pixels.initializeMemory(as: UInt32.self, repeating: 0xffff_ffff, count: white.stride / 4 * 60)
        white.pixelsChanged()
        white.composite(over, x: 10, y: 5, clip: white.bounds)
        opaque.keepRows(overColoursOf: over, account: account)
        #expect(opaque.keptColours == 0)
        let stripes = try Bitmap(width: 100, height: 60, opaque: false)
        let words = stripes.pixels.assumingMemoryBound(to: UInt32.self)
        for index in 0..<(stripes.stride / 4 * 60) { words[index] = index % 3 == 0 ? 0xff00_0000 : 0xffff_ffff }
        stripes.pixelsChanged()
        let overStripes = Image(bitmap: try Self.marker())
        stripes.composite(overStripes, x: 10, y: 5, clip: stripes.bounds)
        let follower = Image(bitmap: try Self.marker())
        follower.keepRows(overColoursOf: overStripes, account: account)
        #expect(follower.keptColours == 0)
        let full = Image.KeptBytes(budget: 1000)
        follower.keepRows(overColoursOf: over, account: full)
        #expect(follower.keptColours == 0 && full.inUse.load(ordering: .relaxed) == 0)
    }
    /// A context compositing an image again (a rasterized view's tile, frame
    /// after frame) goes by its spans where it can: the bytes cairo gives,
    /// under translations, clips of several rectangles, a rounded clip, a
    /// clip off whole pixels and inside a transparency layer (the last three through cairo).
    @Test(arguments: [true, false]) func aContextCompositesAnImageAgainAsCairoDoes(opaqueBackground: Bool) throws {
        for picture in [try Self.marker(), try Self.opaque(), try Self.ramp()] {
            let image = Image(bitmap: picture)
            let clips: [(GraphicsContext) -> Void] = [
                { _ in },
                { $0.clip(to: Region(PixelRect(x: 10, y: 5, width: 60, height: 40))) },
                { context in
                    var region = Region()
                    region.add(PixelRect(x: 0, y: 0, width: 50, height: 30))
                    region.add(PixelRect(x: 90, y: 50, width: 200, height: 60))
                    context.clip(to: region)
                },
                { $0.clip(to: Rect(x: 12.5, y: 3.25, width: 80, height: 50)) },
                { $0.clip(to: Path(roundedRect: Rect(x: 5, y: 5, width: 100, height: 80), cornerRadius: 20)) },
            ]
            for (index, clip) in clips.enumerated() {
                for (x, y) in [(20.0, 10.0), (-7.0, 31.0), (100.4, 60.6)] {
                    for layered in [false, true] {
                        let byCairo = try background(opaque: opaqueBackground), byContext = try background(opaque: opaqueBackground)
                        for (bitmap, viaImage) in [(byCairo, false), (byContext, true)] {
                            let context = GraphicsContext(bitmap: bitmap)
                            context.translateBy(x: 3, y: -2)
                            clip(context)
                            if layered { context.beginTransparencyLayer() }
                            // Twice: the second time is the one that goes by the spans.
                            for _ in 0..<2 {
                                if viaImage { context.composite(image, at: Point(x: x, y: y)) } else { context.composite(picture, at: Point(x: x, y: y)) }
                            }
                            if layered { context.endTransparencyLayer(alpha: 1) }
                            context.flush()
                        }
                        let expected = bytes(byCairo), got = bytes(byContext)
                        let first = zip(expected, got).enumerated().first { $0.element.0 != $0.element.1 }
                        #expect(first == nil, "\(picture.width)x\(picture.height), clip \(index), at \(x),\(y), layered \(layered): pixel \(first.map { "\($0.offset % 320),\($0.offset / 320)" } ?? "")")
                    }
                }
            }
        }
    }
}
