/// How a panel lays out one pixel, as the kernel's fb_var_screeninfo
/// bitfields describe it: bits per pixel, and each channel's offset and length.
public struct PixelFormat: Hashable, Sendable, CustomStringConvertible {
    public struct Channel: Hashable, Sendable {
        public var offset: Int
        public var length: Int
        public init(offset: Int, length: Int) { (self.offset, self.length) = (offset, length) }
    }

    public var bitsPerPixel: Int
    public var red: Channel
    public var green: Channel
    public var blue: Channel
    public var alpha: Channel
    public var bytesPerPixel: Int { bitsPerPixel / 8 }

    init(_ bits: Int, r: (Int, Int), g: (Int, Int), b: (Int, Int), a: (Int, Int) = (0, 0)) {
        bitsPerPixel = bits
        red = Channel(offset: r.0, length: r.1)
        green = Channel(offset: g.0, length: g.1)
        blue = Channel(offset: b.0, length: b.1)
        alpha = Channel(offset: a.0, length: a.1)
    }

    /// Names follow DRM's fourcc convention: the first channel named is the
    /// most significant bits of the little-endian pixel word.
    public static let xrgb8888 = PixelFormat(32, r: (16, 8), g: (8, 8), b: (0, 8))
    public static let argb8888 = PixelFormat(32, r: (16, 8), g: (8, 8), b: (0, 8), a: (24, 8))
    public static let xbgr8888 = PixelFormat(32, r: (0, 8), g: (8, 8), b: (16, 8))
    public static let abgr8888 = PixelFormat(32, r: (0, 8), g: (8, 8), b: (16, 8), a: (24, 8))
    public static let rgb888 = PixelFormat(24, r: (16, 8), g: (8, 8), b: (0, 8))
    public static let bgr888 = PixelFormat(24, r: (0, 8), g: (8, 8), b: (16, 8))
    public static let rgb565 = PixelFormat(16, r: (11, 5), g: (5, 6), b: (0, 5))
    public static let bgr565 = PixelFormat(16, r: (0, 5), g: (5, 6), b: (11, 5))

    public static let supported: [(name: String, format: PixelFormat)] = [
        ("XRGB8888", .xrgb8888), ("ARGB8888", .argb8888), ("XBGR8888", .xbgr8888), ("ABGR8888", .abgr8888),
        ("RGB888", .rgb888), ("BGR888", .bgr888), ("RGB565", .rgb565), ("BGR565", .bgr565),
    ]

    /// The format a framebuffer reports, if it is one this project draws in.
    public init(bitsPerPixel: Int, red: Channel, green: Channel, blue: Channel, alpha: Channel) throws {
        var format = PixelFormat(bitsPerPixel, r: (red.offset, red.length), g: (green.offset, green.length), b: (blue.offset, blue.length))
        // Drivers differ on whether an unused alpha byte is described; what
        // matters is whether it carries alpha.
        if alpha.length > 0 { format.alpha = alpha }
        guard PixelFormat.supported.contains(where: { $0.format == format }) else {
            throw GraphicsError.unsupportedPixelFormat(format.bitfields)
        }
        self = format
    }

    public var name: String { PixelFormat.supported.first { $0.format == self }?.name ?? bitfields }

    /// The kernel's description: "16 bpp, red 11/5, green 5/6, blue 0/5, alpha 0/0".
    public var bitfields: String {
        "\(bitsPerPixel) bpp, red \(red.offset)/\(red.length), green \(green.offset)/\(green.length), "
            + "blue \(blue.offset)/\(blue.length), alpha \(alpha.offset)/\(alpha.length)"
    }

    public var description: String { name }

    /// A pixel of this format holding an opaque 8-bit colour, as the panel would store it.
    public func encode(red r: UInt8, green g: UInt8, blue b: UInt8) -> UInt32 {
        func place(_ value: UInt8, _ channel: Channel) -> UInt32 {
            guard channel.length > 0 else { return 0 }
            return (UInt32(value) >> (8 - channel.length)) << channel.offset
        }
        let opaque = alpha.length > 0 ? ((UInt32(1) << alpha.length) - 1) << alpha.offset : 0
        return place(r, red) | place(g, green) | place(b, blue) | opaque
    }
}
