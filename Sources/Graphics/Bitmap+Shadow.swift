/// The blur of a shadow: three box blurs in a row, which together come
/// within a few percent of a Gaussian and cost the same at any radius
/// (a running sum per pass, not a kernel per pixel).
struct ShadowBlur {
    /// Each pass's half width, in pixels.
    let radii: (Int, Int, Int)

    /// The largest standard deviation blurred: past it a shadow is as soft as it will get.
    static let largestRadius = 200.0

    /// `radius` is the Gaussian's standard deviation in pixels, as CALayer's shadowRadius is taken here.
    init(radius: Double) {
        let sigma = radius.isNaN ? 0 : min(Self.largestRadius, max(0, radius))
        guard sigma >= 0.5 else {
            radii = (0, 0, 0)
            return
        }
        // Widths of odd boxes whose three passes have the Gaussian's variance.
        let passes = 3.0
        let ideal = (12 * sigma * sigma / passes + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let l = Double(lower)
        let lowerCount = Int(((12 * sigma * sigma - passes * l * l - 4 * passes * l - 3 * passes) / (-4 * l - 4)).rounded())
        func halfWidth(_ pass: Int) -> Int { ((pass < lowerCount ? lower : lower + 2) - 1) / 2 }
        radii = (halfWidth(0), halfWidth(1), halfWidth(2))
    }

    /// How far the blur spreads a pixel, in pixels.
    var reach: Int { radii.0 + radii.1 + radii.2 }
}

extension Bitmap {
    /// How far beyond its shape a shadow blurred at `radius` reaches, in whole pixels.
    public static func shadowReach(radius: Double) -> Int { ShadowBlur(radius: radius).reach }

    /// The shadow this picture casts: its alpha blurred as a Gaussian
    /// whose standard deviation is `radius`, painted in `color`. The
    /// shadow is larger by `shadowReach(radius:)` on every side, so its
    /// pixel at (reach, reach) lies under this picture's first pixel.
    public func shadow(color: Color, radius: Double) throws -> Bitmap {
        let blur = ShadowBlur(radius: radius)
        let reach = blur.reach
        let width = self.width + 2 * reach, height = self.height + 2 * reach
        let result = try Bitmap(width: width, height: height, opaque: false)
        finishDrawing()
        var coverage = [Int32](repeating: 0, count: width * height)
        var scratch = [Int32](repeating: 0, count: max(width, height))
        let source = pixels, sourceWidth = self.width, sourceHeight = self.height, sourceStride = stride, opaque = isOpaque
        coverage.withUnsafeMutableBufferPointer { alpha in
            for y in 0..<sourceHeight {
                let row = source.advanced(by: y * sourceStride).assumingMemoryBound(to: UInt32.self)
                let out = (y + reach) * width + reach
                for x in 0..<sourceWidth { alpha[out + x] = opaque ? 255 : Int32(truncatingIfNeeded: row[x] >> 24) }
            }
            scratch.withUnsafeMutableBufferPointer { line in
                for radius in [blur.radii.0, blur.radii.1, blur.radii.2] where radius > 0 {
                    for y in 0..<height { Self.boxBlur(alpha.baseAddress!, start: y * width, step: 1, count: width, radius: radius, line: line.baseAddress!) }
                    for x in 0..<width { Self.boxBlur(alpha.baseAddress!, start: x, step: width, count: height, radius: radius, line: line.baseAddress!) }
                }
            }
        }
        // Premultiplied ARGB: each channel is the colour's times the blurred coverage.
        let opacity = max(0, min(1, color.alpha))
        let red = max(0, min(1, color.red)), green = max(0, min(1, color.green)), blue = max(0, min(1, color.blue))
        var words = [UInt32](repeating: 0, count: 256)
        for level in 0..<256 {
            let a = Double(level) * opacity
            words[level] = UInt32(a.rounded()) << 24 | UInt32((a * red).rounded()) << 16
                | UInt32((a * green).rounded()) << 8 | UInt32((a * blue).rounded())
        }
        let target = result.pixels, targetStride = result.stride
        coverage.withUnsafeBufferPointer { alpha in
            words.withUnsafeBufferPointer { words in
                for y in 0..<height {
                    let row = target.advanced(by: y * targetStride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<width { row[x] = words[Int(alpha[y * width + x])] }
                }
            }
        }
        result.pixelsChanged()
        return result
    }

    /// One pass of a box blur along a row or a column, with nothing beyond its ends.
    private static func boxBlur(
        _ values: UnsafeMutablePointer<Int32>, start: Int, step: Int, count: Int, radius: Int,
        line: UnsafeMutablePointer<Int32>
    ) {
        // Raw pointers and wrapping arithmetic: every index is inside the line by construction.
        for i in 0..<count { line[i] = values[start &+ i &* step] }
        // Dividing by the box's width as a multiply and a shift: exact for
        // sums up to 255 times the width, rounded to nearest.
        let width = Int64(2 * radius + 1)
        let reciprocal = ((Int64(1) << 32) + width - 1) / width
        let half = width / 2
        var sum: Int64 = 0
        for i in 0..<min(radius, count) { sum += Int64(line[i]) }
        @inline(__always) func put(_ i: Int) {
            values[start &+ i &* step] = Int32(truncatingIfNeeded: ((sum &+ half) &* reciprocal) >> 32)
        }
        // Near the ends the box reaches past them; in the middle (most of
        // the line) it never does, and nothing is tested.
        let middle = min(radius + 1, count)..<max(min(radius + 1, count), count - radius)
        for i in 0..<middle.lowerBound {
            if i + radius < count { sum += Int64(line[i + radius]) }
            if i - radius - 1 >= 0 { sum -= Int64(line[i - radius - 1]) }
            put(i)
        }
        for i in middle {
            sum = sum &+ Int64(line[i &+ radius]) &- Int64(line[i &- radius &- 1])
            put(i)
        }
        for i in middle.upperBound..<count {
            if i + radius < count { sum += Int64(line[i + radius]) }
            if i - radius - 1 >= 0 { sum -= Int64(line[i - radius - 1]) }
            put(i)
        }
    }
}

extension Bitmap {
    /// This picture made `width` x `height` by repeating its middle column
    /// and middle row, the parts on either side kept as they are: a
    /// nine-slice stretch, exact for a picture whose middle row and column
    /// stand for every row and column between its edges (the shadow of a
    /// rounded rectangle, whose sides are straight). A side that grows must
    /// be odd here, so that it has a middle; none may shrink.
    public func stretched(toWidth width: Int, height: Int) throws -> Bitmap {
        precondition(width >= self.width && height >= self.height)
        precondition((width == self.width || self.width % 2 == 1) && (height == self.height || self.height % 2 == 1))
        let result = try Bitmap(width: width, height: height, opaque: isOpaque)
        finishDrawing()
        let edgeX = width == self.width ? self.width : self.width / 2, edgeY = self.height / 2
        let source = pixels, target = result.pixels
        let sourceStride = stride, targetStride = result.stride
        for y in 0..<height {
            let fromY = height == self.height || y < edgeY ? y : (y >= height - edgeY ? y - (height - self.height) : edgeY)
            let from = source.advanced(by: fromY * sourceStride).assumingMemoryBound(to: UInt32.self)
            let to = target.advanced(by: y * targetStride).assumingMemoryBound(to: UInt32.self)
            guard width > self.width else {
                to.update(from: from, count: width)
                continue
            }
            to.update(from: from, count: edgeX)
            to.advanced(by: edgeX).update(repeating: from[edgeX], count: width - 2 * edgeX)
            to.advanced(by: width - edgeX).update(from: from.advanced(by: edgeX + 1), count: edgeX)
        }
        result.pixelsChanged()
        return result
    }
}
