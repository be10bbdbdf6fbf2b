/// Where a picture is opaque, partly transparent or empty, row by row: what
/// compositing it at whole pixels needs to know to copy what is opaque,
/// pass over what is empty and blend only the rest. A finger marker's stamp
/// is a translucent disc in an opaque ring: its corners are passed over,
/// its ring copied and its inside blended, four pixels at a time.
///
/// Made once from an `Image` (`Image.opacitySpans`), whose pixels do not
/// change after it is made.
public struct OpacitySpans: Sendable {
    /// One run of a row: `count` pixels from `x`, all opaque (copied), or to
    /// be blended (partly transparent, with any short opaque or empty runs among them).
    struct Span: Sendable {
        let x: Int32
        let count: Int32
        let isOpaque: Bool
    }

    public let width: Int
    public let height: Int
    /// Row `y`'s spans are `spans[rowStarts[y]..<rowStarts[y + 1]]`, left to right; every pixel
    /// that is not empty is in one of them, and an empty run of `shortestRun` or more in none.
    let rowStarts: [Int32]
    let spans: [Span]
    /// No channel of a partly transparent pixel is above its alpha (true of
    /// whatever cairo draws): then a blend cannot pass 255 and needs no clamp.
    let isWithinAlpha: Bool

    /// Runs shorter than this are not worth a copy or a gap of their own:
    /// blending gives an opaque or an empty pixel exactly as it is, so they
    /// join the blended run around them, which then goes in fewer, longer steps.
    static let shortestRun = 8

    /// Reads `bitmap`'s alpha (premultiplied ARGB32; an opaque bitmap is one opaque span a row).
    public init(of bitmap: Bitmap) {
        bitmap.finishDrawing()
        width = bitmap.width
        height = bitmap.height
        var rowStarts: [Int32] = []
        rowStarts.reserveCapacity(height + 1)
        var spans: [Span] = []
        var isWithinAlpha = true
        let pixels = bitmap.pixels
        for y in 0..<height {
            rowStarts.append(Int32(spans.count))
            if bitmap.isOpaque {
                spans.append(Span(x: 0, count: Int32(width), isOpaque: true))
                continue
            }
            let row = (pixels + y * bitmap.stride).assumingMemoryBound(to: UInt32.self)
            // Each pixel's kind: empty, opaque or blended; long opaque runs copied, long empty ones passed over.
            func kind(_ column: Int) -> Int { row[column] == 0 ? 0 : row[column] >> 24 == 255 ? 1 : 2 }
            var x = 0
            var blendFrom: Int? = nil
            func closeBlend(at end: Int) {
                if let from = blendFrom { spans.append(Span(x: Int32(from), count: Int32(end - from), isOpaque: false)) }
                blendFrom = nil
            }
            while x < width {
                let runKind = kind(x), start = x
                while x < width, kind(x) == runKind { x += 1 }
                let long = x - start >= Self.shortestRun
                if runKind == 2 {
                    for column in start..<x {
                        let pixel = row[column], alpha = pixel >> 24
                        if (pixel >> 16) & 0xff > alpha || (pixel >> 8) & 0xff > alpha || pixel & 0xff > alpha { isWithinAlpha = false }
                    }
                }
                if runKind == 0 && (long || blendFrom == nil || x == width) {
                    closeBlend(at: start)
                } else if runKind == 1 && long {
                    closeBlend(at: start)
                    spans.append(Span(x: Int32(start), count: Int32(x - start), isOpaque: true))
                } else if blendFrom == nil {
                    blendFrom = start
                }
            }
            closeBlend(at: width)
        }
        rowStarts.append(Int32(spans.count))
        self.rowStarts = rowStarts
        self.spans = spans
        self.isWithinAlpha = isWithinAlpha
    }
}

extension Bitmap {
    /// Composites `picture` (whose spans are `spans`) with its top left at
    /// (`x`, `y`), source over at full opacity, inside `clip`: opaque runs
    /// are copied and only partly transparent pixels blended, each exactly
    /// as pixman's source-over gives it, so the result is the same as
    /// `GraphicsContext.composite(_:at:)` at whole pixels.
    /// Call `finishDrawing()` first if cairo drew into either since; this
    /// marks the pixels changed.
    public func composite(_ picture: Bitmap, spans: OpacitySpans, x: Int, y: Int, clip: PixelRect) {
        composite(picture, spans: spans, x: x, y: y, clip: clip, overFlat: nil)
    }

    /// Composites `image` as `composite(_:spans:x:y:clip:)` does, and where
    /// a row of it lies over one colour (a finger's translucent disc over a
    /// plain background), keeps what compositing gave (`Image.OverColour`):
    /// the next time the row lies wholly over that colour, it is copied from
    /// there, the same bytes for a comparison and a copy instead of a blend.
    public func composite(_ image: Image, x: Int, y: Int, clip: PixelRect) {
        composite(image.bitmap, spans: image.opacitySpans, x: x, y: y, clip: clip, overFlat: image)
    }

    /// Rows shorter than this are composited: for them a look for one colour would not pay.
    static let shortestFlatRun = 8

    private func composite(_ picture: Bitmap, spans: OpacitySpans, x: Int, y: Int, clip: PixelRect, overFlat image: Image?) {
        precondition(spans.width == picture.width && spans.height == picture.height, "spans made from another picture")
        let area = clip.intersection(bounds).intersection(PixelRect(x: x, y: y, width: picture.width, height: picture.height))
        guard !area.isEmpty else { return }
        let destination = pixels, source = picture.pixels
        // Rows kept over plain colour from the second time the image is composited on. (Not for an
        // opaque picture: it is copied anyway, and what it gives depends on the destination's kind.)
        // The first time, only rows readied ahead (`Image.keepRows(overColoursOf:)`) are copied, and none is kept.
        let firstTime = image?.compositedBefore == false
        let keeping = !picture.isOpaque && (!firstTime || image?.keptColours ?? 0 > 0) ? image : nil
        if let image, firstTime, !picture.isOpaque { noteColour(under: image, x: x, y: y, area: area) }
        image?.compositedBefore = true
        // What is kept over the last plain colour found under the image, looked up once a colour.
        var overColour: UInt32 = 0, overPixels: UnsafeMutablePointer<UInt32>? = nil
        var overMade: UnsafeMutablePointer<Bool>? = nil, overWidth = 0
        for row in area.y..<area.maxY {
            let sourceRow = (source + (row - y) * picture.stride).assumingMemoryBound(to: UInt32.self)
            let destinationRow = (destination + row * stride).assumingMemoryBound(to: UInt32.self)
            let from = Int(spans.rowStarts[row - y]), to = Int(spans.rowStarts[row - y + 1])
            guard from < to else { continue }
            // A whole row over one colour: copied as it came out before, or composited and kept.
            var keepFrom: UnsafeMutablePointer<UInt32>? = nil, keepInto: UnsafeMutablePointer<UInt32>? = nil, keepCount = 0
            if let keeping {
                let first = Int(spans.spans[from].x), last = spans.spans[to - 1], end = Int(last.x) + Int(last.count)
                let onto = destinationRow + x + first, count = end - first
                if count >= Self.shortestFlatRun, first >= area.x - x, end <= area.maxX - x, Self.isFlat(onto, count: count, onto[0]) {
                    if overPixels == nil || overColour != onto[0] {
                        let over = keeping.over(onto[0], mayMake: !firstTime)
                        (overColour, overPixels, overMade, overWidth) = (onto[0], over?.pixels, over?.made, over?.width ?? 0)
                    }
                    if let overPixels, let overMade {
                        let overRow = overPixels + ((row - y) &* overWidth &+ first)
                        if overMade[row - y] {
                            UnsafeMutableRawPointer(onto).copyMemory(from: overRow, byteCount: count &* 4)
                            continue
                        }
                        (keepFrom, keepInto, keepCount) = (onto, overRow, count)
                    }
                }
            }
            Self.composite(
                sourceRow, spans: spans, from..<to, onto: destinationRow + x, columns: (area.x - x)..<(area.maxX - x),
                settingAlpha: picture.isOpaque && !isOpaque)
            if let keepFrom, let keepInto {
                UnsafeMutableRawPointer(keepInto).copyMemory(from: keepFrom, byteCount: keepCount &* 4)
                overMade.unsafelyUnwrapped[row - y] = true
            }
        }
        pixelsChanged()
    }

    /// The first time an image is composited nothing is kept, but the colour
    /// under its first whole row, where that is one, is noted: an image
    /// readied to follow this one (`Image.keepRows(overColoursOf:)`) is composited over it ahead.
    private func noteColour(under image: Image, x: Int, y: Int, area: PixelRect) {
        let spans = image.opacitySpans
        for row in area.y..<area.maxY {
            let from = Int(spans.rowStarts[row - y]), to = Int(spans.rowStarts[row - y + 1])
            guard from < to else { continue }
            let first = Int(spans.spans[from].x), last = spans.spans[to - 1], end = Int(last.x) + Int(last.count)
            guard end - first >= Self.shortestFlatRun, first >= area.x - x, end <= area.maxX - x else { continue }
            let onto = (pixels + row * stride).assumingMemoryBound(to: UInt32.self) + x + first
            if Self.isFlat(onto, count: end - first, onto[0]) { image.colourSeenOnce = onto[0] }
            return
        }
    }

    /// Composites one row of a picture, its spans `spans.spans[range]`, onto
    /// `row` (the destination's pixel under the picture's first column), in
    /// the picture's `columns` only. `settingAlpha`: an opaque picture onto a
    /// transparent destination, whose top byte must then say opaque.
    @inline(__always)
    static func composite(
        _ sourceRow: UnsafeMutablePointer<UInt32>, spans: OpacitySpans, _ range: Range<Int>, onto row: UnsafeMutablePointer<UInt32>,
        columns: Range<Int>, settingAlpha: Bool
    ) {
        for index in range {
            let span = spans.spans[index]
            let start = max(Int(span.x), columns.lowerBound), end = min(Int(span.x) + Int(span.count), columns.upperBound)
            guard start < end else { continue }
            let onto = row + start, count = end - start
            if !span.isOpaque {
                blend(sourceRow + start, onto: onto, count: count, isWithinAlpha: spans.isWithinAlpha)
            } else if settingAlpha {
                // An opaque picture's top byte is not its alpha: here it must say opaque, as cairo writes it.
                for column in 0..<count { onto[column] = sourceRow[start + column] | 0xff00_0000 }
            } else {
                // memcpy: an element-by-element update is several times slower for long runs.
                UnsafeMutableRawPointer(onto).copyMemory(from: sourceRow + start, byteCount: count &* 4)
            }
        }
    }

    /// Blends `count` pixels of a picture onto as many of the destination, source over.
    @inline(__always)
    private static func blend(_ from: UnsafeMutablePointer<UInt32>, onto: UnsafeMutablePointer<UInt32>, count: Int, isWithinAlpha: Bool) {
        var column = 0
        guard isWithinAlpha else {
            // Channels past their alpha: one by one, held at 255.
            while column < count {
                onto[column] = over(from[column], onto[column])
                column += 1
            }
            return
        }
        // Four pixels at a time, in vector lanes.
        while column + 4 <= count {
            let source = UnsafeRawPointer(from + column), target = UnsafeMutableRawPointer(onto + column)
            target.storeBytes(
                of: over(source.loadUnaligned(as: SIMD4<UInt32>.self), target.loadUnaligned(as: SIMD4<UInt32>.self)),
                as: SIMD4<UInt32>.self)
            column += 4
        }
        // The last one to three in lanes too, the others empty (an empty source leaves what is under it).
        let left = count - column
        if left > 0 {
            var source = SIMD4<UInt32>(), target = SIMD4<UInt32>()
            for lane in 0..<left {
                source[lane] = from[column + lane]
                target[lane] = onto[column + lane]
            }
            let blended = over(source, target)
            for lane in 0..<left { onto[column + lane] = blended[lane] }
        }
    }

    /// Whether the `count` pixels from `start` are all `colour`, eight compared at a time.
    @inline(__always)
    static func isFlat(_ start: UnsafeMutablePointer<UInt32>, count: Int, _ colour: UInt32) -> Bool {
        let four = SIMD4<UInt32>(repeating: colour)
        let raw = UnsafeRawPointer(start)
        var index = 0
        while index &+ 8 <= count {
            let a = raw.loadUnaligned(fromByteOffset: index &* 4, as: SIMD4<UInt32>.self)
            let b = raw.loadUnaligned(fromByteOffset: index &* 4 &+ 16, as: SIMD4<UInt32>.self)
            if any((a ^ four) | (b ^ four) .!= .zero) { return false }
            index &+= 8
        }
        while index < count {
            if start[index] != colour { return false }
            index &+= 1
        }
        return true
    }

    /// `over` for four pixels at once, for sources whose channels are within
    /// their alpha (`OpacitySpans.isWithinAlpha`): their channels in sixteen-bit lanes,
    /// two to a word (blue and red, then green and alpha), so each product
    /// has room. Lanes are reinterpreted, never converted: the standard
    /// library's conversions between lane widths are not specialized.
    @inline(__always)
    static func over(_ source: SIMD4<UInt32>, _ destination: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let inverseWord = 255 &- (source &>> 24)
        let inverse = unsafeBitCast(inverseWord | (inverseWord &<< 16), to: SIMD8<UInt16>.self)
        let low = SIMD4<UInt32>(repeating: 0x00ff_00ff)
        @inline(__always) func blended(_ destinationPair: SIMD4<UInt32>, _ sourcePair: SIMD4<UInt32>) -> SIMD4<UInt32> {
            var lanes = unsafeBitCast(destinationPair, to: SIMD8<UInt16>.self) &* inverse &+ 0x80
            lanes = (lanes &+ (lanes &>> 8)) &>> 8
            // No clamp: with each source channel within its alpha, the sum is at most 255.
            return unsafeBitCast(lanes &+ unsafeBitCast(sourcePair, to: SIMD8<UInt16>.self), to: SIMD4<UInt32>.self)
        }
        return blended(destination & low, source & low) | (blended((destination &>> 8) & low, (source &>> 8) & low) &<< 8)
    }

    /// Premultiplied source over destination, a channel at a time: d × (255 − source alpha) / 255
    /// rounded as pixman rounds it, plus the source, saturating.
    @inline(__always)
    static func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        let inverse = 255 - (source >> 24)
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            var product = ((destination >> shift) & 0xff) * inverse + 0x80
            product = (product + (product >> 8)) >> 8
            return min(255, product + ((source >> shift) & 0xff)) << shift
        }
        return channel(0) | channel(8) | channel(16) | channel(24)
    }
}
