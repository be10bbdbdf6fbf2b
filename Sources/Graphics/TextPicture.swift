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
package final class TextPicture {
    /// Where Pango's origin falls within a device pixel.
    struct Key: Equatable {
        var phaseX, phaseY: Double
    }

    let key: Key
    /// An A8 image surface.
    let coverage: OpaquePointer
    /// The picture's top left from Pango's origin's whole pixel.
    let offsetX, offsetY: Int
    private let bytes: Int

    /// How many times in a row a layout is drawn the same way by Pango before the next makes its picture.
    static let drawsBeforePicture = 2
    /// Pixels left around the glyphs' ink: hinting moves a glyph by up to half a pixel, and its edge blends a pixel past that.
    static let margin = 3
    /// The largest picture kept for one layout, and for all of them together, in bytes: past these, text is drawn by Pango.
    static let largest = 1 << 20
    static let memoryLimit = 16 << 20
    /// Guarded by TextEngine's lock.
    nonisolated(unsafe) static var bytesInUse = 0
    /// Off, every text is drawn by Pango: the reference a benchmark compares with. Set before drawing starts.
    package nonisolated(unsafe) static var isEnabled = true

    private init(key: Key, coverage: OpaquePointer, offsetX: Int, offsetY: Int, bytes: Int) {
        (self.key, self.coverage, self.offsetX, self.offsetY, self.bytes) = (key, coverage, offsetX, offsetY, bytes)
    }

    deinit {
        let bytes = bytes
        cairo_surface_destroy(coverage)
        TextEngine.shared.locked { TextPicture.bytesInUse -= bytes }
    }

    /// `layout`'s coverage with its origin at `key`'s place within a pixel;
    /// nil when it draws nothing, or its picture would pass the limits.
    static func make(of layout: TextLayout, _ key: Key, replacing old: TextPicture?) -> TextPicture? {
        var ink = PangoRectangle()
        TextEngine.shared.locked { pango_layout_get_extents(layout.layout, &ink, nil) }
        guard ink.width > 0, ink.height > 0 else { return nil }
        // Pango's units to whole pixels, outwards.
        let scale = Double(PANGO_SCALE)
        let left = Int((Double(ink.x) / scale).rounded(.down)), top = Int((Double(ink.y) / scale).rounded(.down))
        let right = Int((Double(Int(ink.x) + Int(ink.width)) / scale).rounded(.up))
        let bottom = Int((Double(Int(ink.y) + Int(ink.height)) / scale).rounded(.up))
        let offsetX = left - margin, offsetY = top - margin
        let width = right - left + 2 * margin + 1, height = bottom - top + 2 * margin + 1
        let bytes = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(clamping: width))) * height
        let fits = TextEngine.shared.locked {
            guard bytes > 0, bytes <= largest, bytesInUse - (old?.bytes ?? 0) + bytes <= memoryLimit else { return false }
            bytesInUse += bytes
            return true
        }
        guard fits else { return nil }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            TextEngine.shared.locked { bytesInUse -= bytes }
            return nil
        }
        TextEngine.shared.locked {
            cairo_move_to(cr, key.phaseX - Double(offsetX), key.phaseY - Double(offsetY))
            pango_cairo_show_layout(cr, layout.layout)
        }
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return TextPicture(key: key, coverage: surface, offsetX: offsetX, offsetY: offsetY, bytes: bytes)
    }
}

extension TextLayout {
    /// The layout's coverage for drawing it with Pango's origin at `point`
    /// (in device pixels), and where its top left goes there; nil to draw
    /// it by Pango. A picture is made the third time in a row the layout is
    /// drawn the same way, so a text drawn once or twice, or somewhere new
    /// each time (moving by fractions of a pixel), costs no picture.
    /// `allowed` says whether a picture may be used where it is drawn now, asked only when one would be.
    func picture(at point: Point, allowed: () -> Bool) -> (coverage: OpaquePointer, origin: Point)? {
        guard TextPicture.isEnabled else { return nil }
        let wholeX = point.x.rounded(.down), wholeY = point.y.rounded(.down)
        let key = TextPicture.Key(phaseX: point.x - wholeX, phaseY: point.y - wholeY)
        let made = picture?.key == key
        guard made || (lastDrawn == key && timesDrawn >= TextPicture.drawsBeforePicture) else {
            if lastDrawn == key { timesDrawn += 1 } else { (lastDrawn, timesDrawn) = (key, 1) }
            return nil
        }
        guard allowed(), hasOneCoverage else { return nil }
        if !made {
            // Drawn this way twice before in a row: a text drawn twice (a screen's first frame and a
            // transition's picture of it) pays for no picture it would not use.
            picture = TextPicture.make(of: self, key, replacing: picture)
            lastDrawn = nil
        }
        guard let picture else { return nil }
        return (picture.coverage, Point(x: wholeX + Double(picture.offsetX), y: wholeY + Double(picture.offsetY)))
    }
}
