import CCairo

/// Pixels in memory that cairo draws into: 32 bits each, premultiplied
/// alpha, in the machine's byte order (XRGB8888 or ARGB8888 on a
/// little-endian panel). The screen's back buffer and every offscreen
/// surface is one.
public final class Bitmap {
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next.
    public let stride: Int
    public let isOpaque: Bool
    let surface: OpaquePointer

    public convenience init(width: Int, height: Int, opaque: Bool = true) throws {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw GraphicsError.invalidSize(width: width, height: height)
        }
        let surface = cairo_image_surface_create(opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw GraphicsError.invalidSize(width: width, height: height)
        }
        self.init(surface: surface, opaque: opaque)
    }

    init(surface: OpaquePointer, opaque: Bool) {
        self.surface = surface
        pixels = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!)
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        stride = Int(cairo_image_surface_get_stride(surface))
        isOpaque = opaque
    }

    deinit { cairo_surface_destroy(surface) }

    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The pixel words; call `finishDrawing()` first if cairo drew since.
    /// An image surface's memory stays where it is for its life, so it is asked for once.
    public let pixels: UnsafeMutableRawPointer

    /// Makes cairo's pending drawing visible in `pixels`.
    public func finishDrawing() { cairo_surface_flush(surface) }

    /// Tells cairo that `pixels` were written directly.
    public func pixelsChanged() { cairo_surface_mark_dirty(surface) }

    /// The colour at a pixel, alpha divided out, 0...255 per channel.
    public func pixel(x: Int, y: Int) -> PixelColor {
        precondition(x >= 0 && y >= 0 && x < width && y < height, "pixel \(x),\(y) outside \(width)x\(height)")
        finishDrawing()
        let word = pixels.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
        let alpha = isOpaque ? 255 : UInt8(word >> 24)
        func channel(_ shift: UInt32) -> UInt8 {
            let value = UInt8((word >> shift) & 0xff)
            guard alpha != 255 else { return value }
            return alpha == 0 ? 0 : UInt8(min(255, (Int(value) * 255 + Int(alpha) / 2) / Int(alpha)))
        }
        return PixelColor(red: channel(16), green: channel(8), blue: channel(0), alpha: alpha)
    }

    /// Copies `rect` of another bitmap of the same size into this one.
    public func copy(_ rect: PixelRect, from source: Bitmap) {
        precondition(source.width == width && source.height == height, "bitmaps differ in size")
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        source.finishDrawing()
        finishDrawing()
        for row in area.y..<area.maxY {
            (pixels + row * stride + area.x * 4).copyMemory(from: source.pixels + row * source.stride + area.x * 4, byteCount: area.width * 4)
        }
        pixelsChanged()
    }

    // MARK: PNG

    public func writePNG(to path: String) throws {
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw GraphicsError.cannotWriteImage(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
    }

    /// Reads a PNG file; a missing, truncated or corrupt file is an error naming it.
    public static func readPNG(at path: String) throws -> Bitmap {
        let surface = cairo_image_surface_create_from_png(path)!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            let reason = status == CAIRO_STATUS_FILE_NOT_FOUND ? "no such file" : "PNG: " + String(cString: cairo_status_to_string(status))
            throw GraphicsError.unreadableImage(path: path, reason: reason)
        }
        let opaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        // cairo reads some PNGs (grey, 16-bit) into formats it cannot draw from
        // as fast; normalize to the two formats the rest of the code expects.
        let format = cairo_image_surface_get_format(surface)
        if format != CAIRO_FORMAT_RGB24 && format != CAIRO_FORMAT_ARGB32 {
            let width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface)
            let converted = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
            let cr = cairo_create(converted)!
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_paint(cr)
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
            return Bitmap(surface: converted, opaque: false)
        }
        return Bitmap(surface: surface, opaque: opaque)
    }
}

/// One pixel's colour, 8 bits a channel, not premultiplied.
public struct PixelColor: Hashable, Sendable, CustomStringConvertible {
    public var red, green, blue, alpha: UInt8
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// The largest difference in any channel.
    public func distance(to other: PixelColor) -> Int {
        max(abs(Int(red) - Int(other.red)), abs(Int(green) - Int(other.green)), abs(Int(blue) - Int(other.blue)), abs(Int(alpha) - Int(other.alpha)))
    }

    public var description: String { "rgba(\(red),\(green),\(blue),\(alpha))" }
}
