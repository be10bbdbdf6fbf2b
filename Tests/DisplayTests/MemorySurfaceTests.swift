import Display
import Graphics
import Testing

/// Pictures through MemorySurface into every panel format and rotation, read
/// back by a decoder written here from the formats' definitions (DRM fourcc
/// names, little-endian words) and by where a turned panel's corners go.
struct MemorySurfaceTests {
    static let (width, height) = (6, 4)

    /// Each pixel a different colour, so a misplaced or mixed-up pixel shows.
    static func colour(x: Int, y: Int, frame: Int = 0) -> (r: Int, g: Int, b: Int) {
        (x * 37 + 5 + frame * 3, y * 53 + 9, (x * 11 + y * 29 + 100 + frame * 50) & 0xff)
    }

    static func picture(frame: Int = 0) throws -> Bitmap {
        let bitmap = try Bitmap(width: width, height: height)
        bitmap.finishDrawing()
        for y in 0..<height {
            for x in 0..<width {
                let c = colour(x: x, y: y, frame: frame)
                let word = UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
                bitmap.pixels.storeBytes(of: word, toByteOffset: y * bitmap.stride + x * 4, as: UInt32.self)
            }
        }
        bitmap.pixelsChanged()
        return bitmap
    }

    /// One panel pixel's channels as stored, and whether its alpha (if any) is opaque.
    static func decode(_ name: String, _ bytes: [UInt8], at offset: Int) -> (r: Int, g: Int, b: Int, opaque: Bool) {
        let p = bytes[offset...].prefix(4).map(Int.init)
        switch name {
        case "XRGB8888": return (p[2], p[1], p[0], true)  // bytes B G R X
        case "ARGB8888": return (p[2], p[1], p[0], p[3] == 255)
        case "XBGR8888": return (p[0], p[1], p[2], true)  // bytes R G B X
        case "ABGR8888": return (p[0], p[1], p[2], p[3] == 255)
        case "RGB888": return (p[2], p[1], p[0], true)  // bytes B G R
        case "BGR888": return (p[0], p[1], p[2], true)
        case "RGB565":
            let word = p[0] | p[1] << 8  // rrrrrggg gggbbbbb
            return (word >> 11, word >> 5 & 0x3f, word & 0x1f, true)
        case "BGR565":
            let word = p[0] | p[1] << 8  // bbbbbggg gggrrrrr
            return (word & 0x1f, word >> 5 & 0x3f, word >> 11, true)
        default: fatalError("no decoder for \(name)")
        }
    }

    /// The colour as a format that keeps fewer bits stores it.
    static func stored(_ name: String, _ c: (r: Int, g: Int, b: Int)) -> (r: Int, g: Int, b: Int) {
        name.hasSuffix("565") ? (c.r >> 3, c.g >> 2, c.b >> 3) : c
    }

    /// Where the picture's pixel lands on a panel mounted turned by `rotation`:
    /// turned 90° clockwise, the panel's bottom-left corner is the viewer's top-left.
    static func panelPoint(x: Int, y: Int, rotation: DisplayRotation) -> (x: Int, y: Int) {
        switch rotation {
        case .none: (x, y)
        case .clockwise90: (y, width - 1 - x)
        case .upsideDown: (width - 1 - x, height - 1 - y)
        case .clockwise270: (height - 1 - y, x)
        }
    }

    static let cases = PixelFormat.supported.map(\.name).flatMap { name in DisplayRotation.allCases.map { (name, $0) } }

    func check(
        _ surface: MemorySurface, name: String, rotation: DisplayRotation, expected frameAt: (Int, Int) -> Int
    ) {
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let panel = Self.panelPoint(x: x, y: y, rotation: rotation)
                let got = Self.decode(name, surface.bytes, at: panel.y * surface.stride + panel.x * surface.format.bytesPerPixel)
                let want = Self.stored(name, Self.colour(x: x, y: y, frame: frameAt(x, y)))
                #expect(
                    got.r == want.r && got.g == want.g && got.b == want.b && got.opaque,
                    "\(name) \(rotation): picture \(x),\(y) at panel \(panel.x),\(panel.y) is \(got), want \(want)")
            }
        }
    }

    @Test(arguments: cases)
    func aWholePictureRoundTrips(name: String, rotation: DisplayRotation) throws {
        let format = PixelFormat.supported.first { $0.name == name }!.format
        let surface = MemorySurface(width: Self.width, height: Self.height, format: format, rotation: rotation)
        let turned = rotation == .clockwise90 || rotation == .clockwise270
        #expect((surface.panelWidth, surface.panelHeight) == (turned ? (Self.height, Self.width) : (Self.width, Self.height)))
        #expect(surface.stride == surface.panelWidth * format.bytesPerPixel)
        let picture = try Self.picture()
        try surface.present(picture, damage: Region(picture.bounds))
        check(surface, name: name, rotation: rotation) { _, _ in 0 }
        #expect(surface.presentedFrames == 1)
    }

    @Test(arguments: cases)
    func onlyTheDamageIsRepainted(name: String, rotation: DisplayRotation) throws {
        let format = PixelFormat.supported.first { $0.name == name }!.format
        let surface = MemorySurface(width: Self.width, height: Self.height, format: format, rotation: rotation)
        let first = try Self.picture(frame: 0)
        try surface.present(first, damage: Region(first.bounds))
        let second = try Self.picture(frame: 1)
        let damage = PixelRect(x: 1, y: 2, width: 3, height: 2)
        try surface.present(second, damage: Region(damage))
        check(surface, name: name, rotation: rotation) { x, y in damage.contains(PixelRect(x: x, y: y, width: 1, height: 1)) ? 1 : 0 }
        #expect(surface.presentedDamage == [Region(first.bounds), Region(damage)])
    }

    @Test func aPictureOfAnotherSizeIsRefused() throws {
        let surface = MemorySurface(width: 8, height: 8)
        let error = #expect(throws: DisplayError.self) { try surface.present(try Self.picture(), damage: Region()) }
        #expect(error?.reason == .wrongPictureSize(picture: DisplayError.PixelSize(6, 4), screen: DisplayError.PixelSize(8, 8)))
        #expect(error?.problem == "picture is 6x4, screen is 8x8")
    }
}
