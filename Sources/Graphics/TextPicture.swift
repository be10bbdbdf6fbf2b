import CCairo
import CPango

/// A text layout's glyphs drawn once, at one place within a pixel, as their
/// coverage (alpha-only pictures, one a line): drawing the layout the same
/// way again is one blend of its colour through each line's coverage,
/// instead of a walk of its glyphs through Pango and cairo, as a layer
/// keeps its text drawn. The pixels are Pango's: cairo puts each glyph on a
/// whole pixel of the device, so at the same place within a pixel each
/// lands where it did, and Pango blends line after line, as the pictures
/// are. (Text with colour glyphs, emoji, or runs whose ink meets on a line
/// has no such coverage: it is drawn by Pango; see
/// `TextLayout.hasOneCoveragePerLine`.) Its store may let go of its pixels
/// to keep within its limit; the layout is then drawn by Pango until it
/// earns a picture again.
package final class TextPicture {
    /// Where Pango's origin falls within a device pixel.
    struct Key: Equatable {
        var phaseX, phaseY: Double
    }

    let key: Key
    fileprivate let pixels: KeptPixels
    /// The store that counts its pixels.
    fileprivate let store: TextPictureStore

    /// How many times in a row a layout is drawn the same way by Pango before the next makes its picture.
    static let drawsBeforePicture = 2
    /// Pixels left around the glyphs' ink: hinting moves a glyph by up to half a pixel, and its edge blends a pixel past that.
    static let margin = 3
    /// The largest picture kept for one layout, in bytes: past it, text is drawn by Pango.
    static let largest = 1 << 20
    /// Off, every text is drawn by Pango: the reference a benchmark compares with. Set before drawing starts.
    package nonisolated(unsafe) static var isEnabled = true

    /// Whether its store still keeps its pixels.
    var isKept: Bool { TextEngine.shared.locked { !pixels.lines.isEmpty } }

    /// Blends through its coverage, line after line (see `TextPictureStore.draw`); false when its pixels were let go.
    func draw(_ blend: (_ coverage: OpaquePointer, _ offsetX: Int, _ offsetY: Int) -> Void) -> Bool { store.draw(pixels, blend) }

    fileprivate init(key: Key, pixels: KeptPixels, store: TextPictureStore) {
        (self.key, self.pixels, self.store) = (key, pixels, store)
    }

    deinit {
        let (store, pixels) = (store, pixels)
        TextEngine.shared.locked { store.letGo(pixels) }
    }
}

/// One line's coverage (an A8 image surface), and its top left from Pango's origin's whole pixel.
private struct LineCoverage {
    let surface: OpaquePointer
    let offsetX, offsetY: Int
}

/// A picture's coverage while its store keeps it. The store holds these,
/// not the pictures their layouts own, so letting go of pixels never ends a
/// picture. Guarded by TextEngine's lock.
private final class KeptPixels {
    /// Empty once the store has let go of them.
    var lines: [LineCoverage]
    let bytes: Int
    var lastUse = 0
    /// The store's frame it was last drawn in: a picture drawn in the frame being drawn is not let go.
    var lastFrame = 0
    /// Where it is in its store's list, while kept.
    var index: Int?

    init(lines: [LineCoverage], bytes: Int) { (self.lines, self.bytes) = (lines, bytes) }
}

/// The text pictures kept, within a memory limit: making one past it lets
/// go of those drawn longest ago, but never one drawn in the frame being
/// drawn (two texts must not take turns, each made again every frame), and
/// one that cannot fit is not made (its text is drawn by Pango). All of it
/// is guarded by TextEngine's lock.
package final class TextPictureStore: @unchecked Sendable {
    /// Text's share of the memory the configuration's `picture-memory` gives
    /// the views' pictures (64 MB by default), kept apart from them: text is small beside screens.
    package static func limit(forPictureMemory bytes: Int) -> Int { bytes / 4 }

    /// The store every layout draws through. The host sets its limit from the configuration.
    package static let shared = TextPictureStore(limit: limit(forPictureMemory: 64 << 20))

    private var limitBytes: Int
    private var bytes = 0
    /// The pixels kept, each knowing its place.
    private var kept: [KeptPixels] = []
    private var clock = 0
    private var frame = 0

    package init(limit: Int) { limitBytes = limit }

    /// A new frame begins: the pictures drawn before it may be let go to make room.
    package func beginFrame() { TextEngine.shared.locked { frame &+= 1 } }

    /// The bytes its pictures may take together. Lowering it lets go at once of the pictures drawn longest ago.
    package var limit: Int {
        get { TextEngine.shared.locked { limitBytes } }
        set { TextEngine.shared.locked { limitBytes = newValue; trim() } }
    }
    package var bytesInUse: Int { TextEngine.shared.locked { bytes } }
    package var pictureCount: Int { TextEngine.shared.locked { kept.count } }

    /// `layout`'s coverage, a picture a line, with its origin at `key`'s
    /// place within a pixel, its old picture let go first; nil when it
    /// draws nothing, or is larger than a picture may be or than the whole limit.
    func make(of layout: TextLayout, _ key: TextPicture.Key, replacing old: TextPicture?) -> TextPicture? {
        TextEngine.shared.locked {
            if let old { old.store.letGo(old.pixels) }
            guard let iterator = pango_layout_get_iter(layout.layout) else { return nil }
            defer { pango_layout_iter_free(iterator) }
            // Each line where Pango draws it: its logical left, on its baseline.
            var planned: [(line: OpaquePointer, x: Double, baseline: Double, ink: PixelRect, width: Int, height: Int, bytes: Int)] = []
            let scale = Double(PANGO_SCALE)
            repeat {
                var ink = PangoRectangle(), logical = PangoRectangle()
                pango_layout_iter_get_line_extents(iterator, &ink, &logical)
                let pixels = PixelRect(enclosingPango: ink)
                guard !pixels.isEmpty, let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
                let width = pixels.width + 2 * TextPicture.margin + 1, height = pixels.height + 2 * TextPicture.margin + 1
                let size = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(clamping: width))) * height
                let baseline = Double(pango_layout_iter_get_baseline(iterator)) / scale
                planned.append((line, Double(logical.x) / scale, baseline, pixels, width, height, size))
            } while pango_layout_iter_next_line(iterator) != 0
            let size = planned.reduce(0) { $0 + $1.bytes }
            guard !planned.isEmpty, size > 0, size <= TextPicture.largest, makeRoom(for: size) else { return nil }
            var lines: [LineCoverage] = []
            for plan in planned {
                let offsetX = plan.ink.x - TextPicture.margin, offsetY = plan.ink.y - TextPicture.margin
                let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(plan.width), Int32(plan.height))!
                guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
                    cairo_surface_destroy(surface)
                    for line in lines { cairo_surface_destroy(line.surface) }
                    return nil
                }
                // As Pango places the line drawing the whole layout: its origin, then the line's place in Pango's units.
                cairo_move_to(cr, key.phaseX - Double(offsetX) + plan.x, key.phaseY - Double(offsetY) + plan.baseline)
                pango_cairo_show_layout_line(cr, plan.line)
                cairo_destroy(cr)
                cairo_surface_flush(surface)
                lines.append(LineCoverage(surface: surface, offsetX: offsetX, offsetY: offsetY))
            }
            let pixels = KeptPixels(lines: lines, bytes: size)
            // Made to be drawn now: the newest, not the first to go.
            clock += 1
            (pixels.lastUse, pixels.lastFrame) = (clock, frame)
            pixels.index = kept.count
            kept.append(pixels)
            bytes += size
            return TextPicture(key: key, pixels: pixels, store: self)
        }
    }

    /// Blends through a picture's coverage, line after line, as drawn
    /// now: `blend` gets each line's surface and its top left from Pango's
    /// origin's whole pixel, under the lock (so no line is let go while
    /// blended). False when its pixels were let go.
    fileprivate func draw(_ pixels: KeptPixels, _ blend: (OpaquePointer, Int, Int) -> Void) -> Bool {
        TextEngine.shared.locked {
            guard !pixels.lines.isEmpty else { return false }
            clock += 1
            (pixels.lastUse, pixels.lastFrame) = (clock, frame)
            for line in pixels.lines { blend(line.surface, line.offsetX, line.offsetY) }
            return true
        }
    }

    /// Lets go of the pictures drawn longest ago, before this frame, until
    /// `size` more bytes fit; false when they cannot. Called with the lock held.
    private func makeRoom(for size: Int) -> Bool {
        guard bytes + size > limitBytes else { return true }
        guard size <= limitBytes else { return false }
        let before = kept.filter { $0.lastFrame != frame }
        guard bytes - before.reduce(0, { $0 + $1.bytes }) + size <= limitBytes else { return false }
        for pixels in before.sorted(by: { $0.lastUse < $1.lastUse }) where bytes + size > limitBytes { letGo(pixels) }
        return true
    }

    /// Lets go of the pictures drawn longest ago, this frame's too, until the rest fit. Called with the lock held.
    private func trim() {
        guard bytes > limitBytes else { return }
        for pixels in kept.sorted(by: { $0.lastUse < $1.lastUse }) where bytes > limitBytes { letGo(pixels) }
    }

    /// Frees a picture's pixels and forgets them. Called with the lock held.
    fileprivate func letGo(_ pixels: KeptPixels) {
        guard let index = pixels.index else { return }
        let last = kept.removeLast()
        if index < kept.count {
            kept[index] = last
            last.index = index
        }
        pixels.index = nil
        for line in pixels.lines { cairo_surface_destroy(line.surface) }
        pixels.lines = []
        bytes -= pixels.bytes
    }
}

extension PixelRect {
    /// The whole pixels a rectangle in Pango's units touches, outwards.
    init(enclosingPango rect: PangoRectangle) {
        let scale = Double(PANGO_SCALE)
        self.init(
            enclosing: Rect(
                x: Double(rect.x) / scale, y: Double(rect.y) / scale, width: Double(rect.width) / scale, height: Double(rect.height) / scale))
    }
}

extension TextLayout {
    /// Draws the layout from its picture, with Pango's origin at `point`
    /// (in device pixels): `blend` gets each line's coverage and its top
    /// left in device pixels. False to draw it by Pango. A picture is made
    /// the third time in a row the layout is drawn the same way, so a text
    /// drawn once or twice, or somewhere new each time (moving by fractions
    /// of a pixel), costs no picture, made in `store`. `allowed` says whether
    /// a picture may be used where it is drawn now, asked only when one would be.
    func drawPicture(
        at point: Point, in store: TextPictureStore = .shared, allowed: () -> Bool, blend: (OpaquePointer, Int, Int) -> Void
    ) -> Bool {
        guard TextPicture.isEnabled, abs(point.x) < 1e9, abs(point.y) < 1e9 else { return false }
        let wholeX = point.x.rounded(.down), wholeY = point.y.rounded(.down)
        let key = TextPicture.Key(phaseX: point.x - wholeX, phaseY: point.y - wholeY)
        let made = picture?.key == key
        guard made || (lastDrawn == key && timesDrawn >= TextPicture.drawsBeforePicture) else {
            countDraw(key)
            return false
        }
        guard allowed(), hasOneCoveragePerLine else { return false }
        if !made {
            // Drawn this way twice before in a row: a text drawn twice (a screen's first frame and a
            // transition's picture of it) pays for no picture it would not use.
            picture = store.make(of: self, key, replacing: picture)
            lastDrawn = nil
        }
        guard let picture else { return false }
        let x = Int(wholeX), y = Int(wholeY)
        guard picture.draw({ coverage, offsetX, offsetY in blend(coverage, x + offsetX, y + offsetY) }) else {
            // Let go to keep the store within its limit: drawn by Pango until it earns one again.
            self.picture = nil
            countDraw(key)
            return false
        }
        return true
    }

    private func countDraw(_ key: TextPicture.Key) {
        if lastDrawn == key { timesDrawn += 1 } else { (lastDrawn, timesDrawn) = (key, 1) }
    }
}
