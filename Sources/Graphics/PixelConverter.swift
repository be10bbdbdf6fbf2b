/// How the picture is turned onto a panel mounted sideways or upside down,
/// clockwise, in the same convention as the touch mapping's rotation so
/// that one setting turns both.
public enum DisplayRotation: Int, Sendable, CaseIterable {
    case none = 0
    case clockwise90 = 90
    case upsideDown = 180
    case clockwise270 = 270

    /// The panel's size in pixels for a picture of `width` x `height`.
    public func panelSize(width: Int, height: Int) -> (width: Int, height: Int) {
        self == .clockwise90 || self == .clockwise270 ? (height, width) : (width, height)
    }

    /// Where the picture's rectangle lands on the panel.
    public func panelRect(_ rect: PixelRect, pictureWidth: Int, pictureHeight: Int) -> PixelRect {
        switch self {
        case .none: rect
        case .clockwise90: PixelRect(x: rect.y, y: pictureWidth - rect.maxX, width: rect.height, height: rect.width)
        case .upsideDown:
            PixelRect(x: pictureWidth - rect.maxX, y: pictureHeight - rect.maxY, width: rect.width, height: rect.height)
        case .clockwise270: PixelRect(x: pictureHeight - rect.maxY, y: rect.x, width: rect.height, height: rect.width)
        }
    }
}

/// Writes the picture (a Bitmap, XRGB8888) into a panel's memory in the
/// panel's pixel format, turned by its rotation: the last step before the
/// pixels reach the screen, done only for damaged rectangles.
public enum PixelConverter {
    /// Converts `rect` of `source` into `destination`, whose rows are
    /// `stride` bytes apart and which holds the whole rotated panel.
    public static func convert(
        _ source: Bitmap, rect: PixelRect, into destination: UnsafeMutableRawPointer, stride: Int,
        format: PixelFormat, rotation: DisplayRotation = .none
    ) {
        let area = rect.intersection(source.bounds)
        guard !area.isEmpty else { return }
        source.finishDrawing()
        let base = source.pixels
        if rotation == .none {
            for row in area.y..<area.maxY {
                let input = (base + row * source.stride + area.x * 4).assumingMemoryBound(to: UInt32.self)
                let output = destination + row * stride + area.x * format.bytesPerPixel
                convertRow(input, into: output, count: area.width, format: format)
            }
            return
        }
        // Turned: walk the panel's rows so writes stay sequential.
        let target = rotation.panelRect(area, pictureWidth: source.width, pictureHeight: source.height)
        let sourceStride = source.stride / 4
        let words = base.assumingMemoryBound(to: UInt32.self)
        var line = [UInt32](repeating: 0, count: target.width)
        for panelY in target.y..<target.maxY {
            for index in 0..<target.width {
                let panelX = target.x + index
                let (x, y): (Int, Int)
                switch rotation {
                case .clockwise90: (x, y) = (source.width - 1 - panelY, panelX)
                case .upsideDown: (x, y) = (source.width - 1 - panelX, source.height - 1 - panelY)
                case .clockwise270: (x, y) = (panelY, source.height - 1 - panelX)
                case .none: (x, y) = (panelX, panelY)
                }
                line[index] = words[y * sourceStride + x]
            }
            line.withUnsafeBufferPointer { buffer in
                convertRow(buffer.baseAddress!, into: destination + panelY * stride + target.x * format.bytesPerPixel, count: target.width, format: format)
            }
        }
    }

    @inline(__always)
    static func convertRow(_ input: UnsafePointer<UInt32>, into output: UnsafeMutableRawPointer, count: Int, format: PixelFormat) {
        switch format {
        case .xrgb8888:
            output.copyMemory(from: input, byteCount: count * 4)
        case .argb8888:
            let out = output.assumingMemoryBound(to: UInt32.self)
            for i in 0..<count { out[i] = input[i] | 0xff00_0000 }
        case .xbgr8888, .abgr8888:
            let out = output.assumingMemoryBound(to: UInt32.self)
            let opaque: UInt32 = format == .abgr8888 ? 0xff00_0000 : 0
            for i in 0..<count {
                let p = input[i]
                out[i] = (p & 0x0000_ff00) | (p >> 16 & 0xff) | (p & 0xff) << 16 | opaque
            }
        case .rgb565, .bgr565:
            let out = output.assumingMemoryBound(to: UInt16.self)
            let swap = format == .bgr565
            for i in 0..<count {
                let p = input[i]
                let r = p >> 19 & 0x1f, g = p >> 10 & 0x3f, b = p >> 3 & 0x1f
                out[i] = UInt16(truncatingIfNeeded: swap ? (b << 11 | g << 5 | r) : (r << 11 | g << 5 | b))
            }
        case .rgb888, .bgr888:
            let out = output.assumingMemoryBound(to: UInt8.self)
            let swap = format == .bgr888
            for i in 0..<count {
                let p = input[i]
                let (low, high) = swap ? (UInt8(truncatingIfNeeded: p >> 16), UInt8(truncatingIfNeeded: p)) : (UInt8(truncatingIfNeeded: p), UInt8(truncatingIfNeeded: p >> 16))
                out[3 * i] = low
                out[3 * i + 1] = UInt8(truncatingIfNeeded: p >> 8)
                out[3 * i + 2] = high
            }
        default:
            // Any other layout the bitfields describe: place each channel.
            let bytes = format.bytesPerPixel
            for i in 0..<count {
                let p = input[i]
                var word = format.encode(red: UInt8(truncatingIfNeeded: p >> 16), green: UInt8(truncatingIfNeeded: p >> 8), blue: UInt8(truncatingIfNeeded: p))
                for byte in 0..<bytes {
                    output.storeBytes(of: UInt8(truncatingIfNeeded: word), toByteOffset: i * bytes + byte, as: UInt8.self)
                    word >>= 8
                }
            }
        }
    }
}
