import CCairo
import CPango

/// A text layout's glyphs drawn once, at one place within a pixel, as their
/// coverage (an alpha-only picture): drawing the layout the same way again
/// is one blend of its colour through that coverage, instead of a walk of
/// its glyphs through Pango and cairo, as a layer keeps its text drawn. The
/// pixels are Pango's: cairo puts each glyph on a whole pixel of the
/// device, so at the same place within a pixel each lands where it did, and
/// blends the colour through each glyph's coverage as through the picture's.
/// (Text with colour glyphs, emoji, or runs whose ink meets has no single
/// coverage: it is drawn by Pango; see `TextLayout.hasOneCoverage`.)
/// Its store may let go of its pixels to keep within its limit; the layout
/// is then drawn by Pango until it earns a picture again.
package final class TextPicture {
    /// Where Pango's origin falls within a device pixel.
    struct Key: Equatable {
        var phaseX, phaseY: Double
    }

    let key: Key
    /// The picture's top left from Pango's origin's whole pixel.
    let offsetX, offsetY: Int
    fileprivate let pixels: KeptPixels
    private let store: TextPictureStore

    /// How many times in a row a layout is drawn the same way by Pango before the next makes its picture.
    static let drawsBeforePicture = 2
    /// Pixels left around the glyphs' ink: hinting moves a glyph by up to half a pixel, and its edge blends a pixel past that.
    static let margin = 3
    /// The largest picture kept for one layout, in bytes: past it, text is drawn by Pango.
    static let largest = 1 << 20
    /// Off, every text is drawn by Pango: the reference a benchmark compares with. Set before drawing starts.
    package nonisolated(unsafe) static var isEnabled = true

    fileprivate init(key: Key, offsetX: Int, offsetY: Int, pixels: KeptPixels, store: TextPictureStore) {
        (self.key, self.offsetX, self.offsetY, self.pixels, self.store) = (key, offsetX, offsetY, pixels, store)
    }

    deinit {
        let (store, pixels) = (store, pixels)
        TextEngine.shared.locked { store.letGo(pixels) }
    }
}

/// A picture's coverage while its store keeps it. The store holds these,
/// not the pictures their layouts own, so letting go of pixels never ends a
/// picture. Guarded by TextEngine's lock.
private final class KeptPixels {
    /// An A8 image surface; nil once the store has let go of it.
    var coverage: OpaquePointer?
    let bytes: Int
    var lastUse = 0
    /// Where it is in its store's list, while kept.
    var index: Int?

    init(coverage: OpaquePointer, bytes: Int) { (self.coverage, self.bytes) = (coverage, bytes) }
}

/// The text pictures kept, within a memory limit: making one past it lets
/// go of those drawn longest ago, and one that cannot fit is not made
/// (its text is drawn by Pango). All of it is guarded by TextEngine's lock.
package final class TextPictureStore: @unchecked Sendable {
    /// The store every layout draws through. The host sets its limit from
    /// the configuration (a quarter of `picture-memory`).
    package static let shared = TextPictureStore(limit: 16 << 20)

    private var limitBytes: Int
    private var bytes = 0
    /// The pixels kept, each knowing its place.
    private var kept: [KeptPixels] = []
    private var clock = 0

    package init(limit: Int) { limitBytes = limit }

    /// The bytes its pictures may take together. Lowering it lets go at once of the pictures drawn longest ago.
    package var limit: Int {
        get { TextEngine.shared.locked { limitBytes } }
        set { TextEngine.shared.locked { limitBytes = newValue; makeRoom(for: 0) } }
    }
    package var bytesInUse: Int { TextEngine.shared.locked { bytes } }
    package var pictureCount: Int { TextEngine.shared.locked { kept.count } }

    /// `layout`'s coverage with its origin at `key`'s place within a pixel,
    /// its old picture let go first; nil when it draws nothing, or is
    /// larger than a picture may be or than the whole limit.
    func make(of layout: TextLayout, _ key: TextPicture.Key, replacing old: TextPicture?) -> TextPicture? {
        TextEngine.shared.locked {
            if let old { letGo(old.pixels) }
            var extents = PangoRectangle()
            pango_layout_get_extents(layout.layout, &extents, nil)
            let ink = PixelRect(enclosingPango: extents)
            guard !ink.isEmpty else { return nil }
            let offsetX = ink.x - TextPicture.margin, offsetY = ink.y - TextPicture.margin
            let width = ink.width + 2 * TextPicture.margin + 1, height = ink.height + 2 * TextPicture.margin + 1
            let size = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(clamping: width))) * height
            guard size > 0, size <= TextPicture.largest, size <= limitBytes else { return nil }
            makeRoom(for: size)
            let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
                cairo_surface_destroy(surface)
                return nil
            }
            cairo_move_to(cr, key.phaseX - Double(offsetX), key.phaseY - Double(offsetY))
            pango_cairo_show_layout(cr, layout.layout)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
            let pixels = KeptPixels(coverage: surface, bytes: size)
            // Made to be drawn now: the newest, not the first to go.
            clock += 1
            pixels.lastUse = clock
            pixels.index = kept.count
            kept.append(pixels)
            bytes += size
            return TextPicture(key: key, offsetX: offsetX, offsetY: offsetY, pixels: pixels, store: self)
        }
    }

    /// The picture's coverage, held for the caller to blend through and
    /// destroy, as drawn now; nil when its pixels were let go.
    func use(_ picture: TextPicture) -> OpaquePointer? {
        TextEngine.shared.locked {
            guard let coverage = picture.pixels.coverage else { return nil }
            clock += 1
            picture.pixels.lastUse = clock
            return cairo_surface_reference(coverage)
        }
    }

    /// Lets go of the pictures drawn longest ago until `size` more bytes fit. Called with the lock held.
    private func makeRoom(for size: Int) {
        guard bytes + size > limitBytes else { return }
        for pixels in kept.sorted(by: { $0.lastUse < $1.lastUse }) where bytes + size > limitBytes { letGo(pixels) }
    }

    /// Frees a picture's pixels and forgets them. Called with the lock held.
    fileprivate func letGo(_ pixels: KeptPixels) {
        guard let index = pixels.index, let coverage = pixels.coverage else { return }
        let last = kept.removeLast()
        if index < kept.count {
            kept[index] = last
            last.index = index
        }
        pixels.index = nil
        pixels.coverage = nil
        bytes -= pixels.bytes
        cairo_surface_destroy(coverage)
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
    /// The layout's coverage for drawing it with Pango's origin at `point`
    /// (in device pixels), held for the caller to destroy after blending
    /// through it, and where its top left goes there; nil to draw it by
    /// Pango. A picture is made the third time in a row the layout is
    /// drawn the same way, so a text drawn once or twice, or somewhere new
    /// each time (moving by fractions of a pixel), costs no picture.
    /// `allowed` says whether a picture may be used where it is drawn now, asked only when one would be.
    func picture(at point: Point, in store: TextPictureStore = .shared, allowed: () -> Bool) -> (coverage: OpaquePointer, origin: Point)? {
        guard TextPicture.isEnabled else { return nil }
        let wholeX = point.x.rounded(.down), wholeY = point.y.rounded(.down)
        let key = TextPicture.Key(phaseX: point.x - wholeX, phaseY: point.y - wholeY)
        let made = picture?.key == key
        guard made || (lastDrawn == key && timesDrawn >= TextPicture.drawsBeforePicture) else {
            countDraw(key)
            return nil
        }
        guard allowed(), hasOneCoverage else { return nil }
        if !made {
            // Drawn this way twice before in a row: a text drawn twice (a screen's first frame and a
            // transition's picture of it) pays for no picture it would not use.
            picture = store.make(of: self, key, replacing: picture)
            lastDrawn = nil
        }
        guard let picture else { return nil }
        guard let coverage = store.use(picture) else {
            // Let go to keep the store within its limit: drawn by Pango until it earns one again.
            self.picture = nil
            countDraw(key)
            return nil
        }
        return (coverage, Point(x: wholeX + Double(picture.offsetX), y: wholeY + Double(picture.offsetY)))
    }

    private func countDraw(_ key: TextPicture.Key) {
        if lastDrawn == key { timesDrawn += 1 } else { (lastDrawn, timesDrawn) = (key, 1) }
    }
}
