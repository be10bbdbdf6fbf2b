import Graphics
import Testing

/// Panel formats written by PixelConverter and read back by a decoder written
/// here from the bitfields' definition, not from the converter's code.
struct PixelFormatTests {
    /// Decodes one panel pixel the long way: bytes, little-endian word, then each channel scaled to 8 bits.
    func decode(_ bytes: [UInt8], at offset: Int, format: PixelFormat) -> (r: Int, g: Int, b: Int) {
        var word = 0
        for index in 0..<format.bytesPerPixel { word |= Int(bytes[offset + index]) << (8 * index) }
        func channel(_ c: PixelFormat.Channel) -> Int {
            let raw = (word >> c.offset) & ((1 << c.length) - 1)
            return raw * 255 / ((1 << c.length) - 1)
        }
        return (channel(format.red), channel(format.green), channel(format.blue))
    }

    func picture() throws -> Bitmap {
        let bitmap = try Bitmap(width: 4, height: 2)
        let context = GraphicsContext(bitmap: bitmap)
        let colors: [Color] = [.red, .green, .blue, .white, .black, .yellow, Color(white: 0.5), Color(red: 0.2, green: 0.6, blue: 0.8)]
        for (index, color) in colors.enumerated() {
            context.fill(Rect(x: Double(index % 4), y: Double(index / 4), width: 1, height: 1), with: color)
        }
        context.flush()
        return bitmap
    }

    @Test(arguments: PixelFormat.supported.map(\.name))
    func everyFormatStoresTheColoursTheBitfieldsDescribe(name: String) throws {
        let format = PixelFormat.supported.first { $0.name == name }!.format
        let bitmap = try picture()
        let stride = 4 * format.bytesPerPixel + 3  // padded rows, as line_length often is
        var panel = [UInt8](repeating: 0xAA, count: stride * 2)
        panel.withUnsafeMutableBytes { buffer in
            PixelConverter.convert(bitmap, rect: bitmap.bounds, into: buffer.baseAddress!, stride: stride, format: format)
        }
        let tolerance = format.red.length == 5 ? 8 : 0
        for y in 0..<2 {
            for x in 0..<4 {
                let expected = bitmap.pixel(x: x, y: y)
                let got = decode(panel, at: y * stride + x * format.bytesPerPixel, format: format)
                #expect(abs(got.r - Int(expected.red)) <= tolerance, "\(name) red at \(x),\(y)")
                #expect(abs(got.g - Int(expected.green)) <= tolerance, "\(name) green at \(x),\(y)")
                #expect(abs(got.b - Int(expected.blue)) <= tolerance, "\(name) blue at \(x),\(y)")
            }
            // The padding at the end of each row is left alone.
            #expect(panel[y * stride + 4 * format.bytesPerPixel..<(y + 1) * stride].allSatisfy { $0 == 0xAA })
        }
        if format.alpha.length > 0 {
            #expect(panel[format.alpha.offset / 8] == 0xFF, "\(name) alpha of the first pixel")
        }
    }

    @Test func aFramebufferFormatIsRecognizedFromItsBitfields() throws {
        let c = PixelFormat.Channel.init(offset:length:)
        #expect(try PixelFormat(bitsPerPixel: 16, red: c(11, 5), green: c(5, 6), blue: c(0, 5), alpha: c(0, 0)) == .rgb565)
        #expect(try PixelFormat(bitsPerPixel: 32, red: c(16, 8), green: c(8, 8), blue: c(0, 8), alpha: c(0, 0)) == .xrgb8888)
        #expect(try PixelFormat(bitsPerPixel: 32, red: c(16, 8), green: c(8, 8), blue: c(0, 8), alpha: c(24, 8)) == .argb8888)
        #expect(try PixelFormat(bitsPerPixel: 32, red: c(0, 8), green: c(8, 8), blue: c(16, 8), alpha: c(0, 0)) == .xbgr8888)
        #expect(try PixelFormat(bitsPerPixel: 24, red: c(16, 8), green: c(8, 8), blue: c(0, 8), alpha: c(0, 0)) == .rgb888)
    }

    @Test func anUnsupportedFormatNamesItsBitfields() {
        let c = PixelFormat.Channel.init(offset:length:)
        #expect {
            try PixelFormat(bitsPerPixel: 8, red: c(5, 3), green: c(2, 3), blue: c(0, 2), alpha: c(0, 0))
        } throws: { error in
            "\(error)".contains("8 bpp, red 5/3, green 2/3, blue 0/2") && "\(error)".contains("RGB565")
        }
    }

    @Test(arguments: DisplayRotation.allCases)
    func rotationPutsEachCornerWhereTheTouchMappingExpectsIt(rotation: DisplayRotation) throws {
        // A 3x2 picture with a distinct colour in each corner.
        let bitmap = try Bitmap(width: 3, height: 2)
        let context = GraphicsContext(bitmap: bitmap)
        context.fill(Rect(x: 0, y: 0, width: 3, height: 2), with: .black)
        context.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: .red)  // top left
        context.fill(Rect(x: 2, y: 0, width: 1, height: 1), with: .green)  // top right
        context.fill(Rect(x: 0, y: 1, width: 1, height: 1), with: .blue)  // bottom left
        context.flush()
        let (pw, ph) = rotation.panelSize(width: 3, height: 2)
        var panel = [UInt8](repeating: 0, count: pw * ph * 4)
        panel.withUnsafeMutableBytes { buffer in
            PixelConverter.convert(bitmap, rect: bitmap.bounds, into: buffer.baseAddress!, stride: pw * 4, format: .xrgb8888, rotation: rotation)
        }
        func at(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) { decode(panel, at: (y * pw + x) * 4, format: .xrgb8888) }
        // The touch mapping turns a panel point (x, y), normalized, into the
        // picture's: 90° → (1-y, x); 180° → (1-x, 1-y); 270° → (y, 1-x). So
        // the picture's top-left corner (0, 0) is on the panel at:
        let topLeft: (Int, Int) =
            switch rotation {
            case .none: (0, 0)
            case .clockwise90: (0, ph - 1)  // picture (0,0) = (1-y, x) → x=0, y=1
            case .upsideDown: (pw - 1, ph - 1)
            case .clockwise270: (pw - 1, 0)  // (y, 1-x) = (0,0) → y=0, x=1
            }
        #expect(at(topLeft.0, topLeft.1) == (255, 0, 0))
        let redCount = (0..<ph).flatMap { y in (0..<pw).map { x in at(x, y) } }.filter { $0 == (255, 0, 0) }.count
        #expect(redCount == 1)
        #expect((0..<ph).flatMap { y in (0..<pw).map { x in at(x, y) } }.filter { $0 == (0, 255, 0) }.count == 1)
    }

    @Test func aDamagedRectIsTheOnlyPartWritten() throws {
        let bitmap = try Bitmap(width: 8, height: 8)
        GraphicsContext(bitmap: bitmap).fill(Rect(x: 0, y: 0, width: 8, height: 8), with: .white)
        var panel = [UInt8](repeating: 0, count: 8 * 8 * 2)
        panel.withUnsafeMutableBytes { buffer in
            PixelConverter.convert(bitmap, rect: PixelRect(x: 2, y: 3, width: 2, height: 2), into: buffer.baseAddress!, stride: 16, format: .rgb565)
        }
        for y in 0..<8 {
            for x in 0..<8 {
                let inside = (2..<4).contains(x) && (3..<5).contains(y)
                #expect(decode(panel, at: y * 16 + x * 2, format: .rgb565).r == (inside ? 255 : 0), "\(x),\(y)")
            }
        }
    }
}
