import CCairo

extension GraphicsContext {
    /// Paints `bitmap`, its top left at `origin`, through `projection` (from
    /// the picture's coordinates to user space), at `alpha`: a picture turned
    /// in depth and seen in perspective, as a layer with a 3D transform is
    /// drawn. Cairo maps pictures only affinely, so it is resampled
    /// (bilinearly) into a picture of the part of the clip it covers, which is
    /// painted as any picture. What lies behind the eye is not drawn.
    public func draw(_ bitmap: Bitmap, at origin: Point, projectedBy projection: ProjectiveTransform, alpha: Double = 1) {
        guard alpha > 0 else { return }
        let pictureRect = Rect(x: origin.x, y: origin.y, width: Double(bitmap.width), height: Double(bitmap.height))
        if projection.isAffine {
            withSavedState {
                concatenate(projection.affineTransform)
                composite(bitmap, at: origin, alpha: alpha)
            }
            return
        }
        let polygon = projection.visiblePolygon(of: pictureRect).points
        guard polygon.count >= 3 else { return }
        let landed = polygon.reduce(Rect.null) { $0.union(Rect(x: $1.x, y: $1.y, width: 0, height: 0)) }
        let toDevice = transform
        let area = landed.intersection(clipBounds)
        guard !area.isEmpty else { return }
        // The pixels of the target it covers, in device space.
        let device = PixelRect(enclosing: area.applying(toDevice))
        guard device.width > 0, device.height > 0, let target = try? Bitmap(width: device.width, height: device.height, opaque: false),
            let fromLanded = projection.inverted()
        else { return }
        // From a pixel of the target back to one of the picture.
        let backwards = ProjectiveTransform(AffineTransform(translationX: Double(device.x), y: Double(device.y)))
            .concatenating(toDevice.inverted())
            .concatenating(fromLanded)
            .concatenating(AffineTransform(translationX: -origin.x, y: -origin.y))
        bitmap.finishDrawing()
        Self.resample(bitmap, into: target, backwards: backwards)
        withSavedState {
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, target.surface, Double(device.x), Double(device.y))
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
            if alpha >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, alpha) }
        }
    }

    /// `value` to the nearest whole number, for values well inside ±2³¹ (a
    /// point on or near the picture, in 1/256ths of a pixel): adding 1.5 × 2⁵²
    /// leaves the whole number in the low bits of the double. Two
    /// instructions, where `Int(_:)` checks the range and traps, in the
    /// resampler's loop for every pixel.
    @inline(__always) private static func wholeNumber(_ value: Double) -> Int {
        Int(Int32(truncatingIfNeeded: (value + 6_755_399_441_055_744.0).bitPattern))
    }

    /// Fills `target` from `source` through `backwards` (from a point of the
    /// target to one of the source, row vectors), sampling bilinearly between
    /// pixel centres; outside the source, nothing, and nothing where the
    /// weight going back is not positive: those points are behind the eye,
    /// where the map would show the picture mirrored. In doubles, not pixman's
    /// 16.16 projective path: there a small perspective term loses its digits,
    /// and its fetch left stray columns of source pixels beside the picture.
    private static func resample(_ source: Bitmap, into target: Bitmap, backwards m: ProjectiveTransform) {
        let width = source.width, height = source.height, opaque = source.isOpaque
        let sourceWords = source.stride / 4, targetWords = target.stride / 4
        let from = source.pixels.assumingMemoryBound(to: UInt32.self)
        let into = target.pixels.assumingMemoryBound(to: UInt32.self)
        @inline(__always) func texel(_ x: Int, _ y: Int) -> UInt32 {
            guard x >= 0, y >= 0, x < width, y < height else { return 0 }
            let word = from[y * sourceWords + x]
            return opaque ? word | 0xff00_0000 : word
        }
        let lastX = width - 1, lastY = height - 1
        let right = Double(width), bottom = Double(height)
        for row in 0..<target.height {
            let cy = Double(row) + 0.5
            // At column c's centre, the source point is (U + c·m11, V + c·m12) / (W + c·m13).
            let u0 = m.m11 * 0.5 + m.m21 * cy + m.m31
            let v0 = m.m12 * 0.5 + m.m22 * cy + m.m32
            let w0 = m.m13 * 0.5 + m.m23 * cy + m.m33
            // The columns whose source point is in front and on the picture:
            // each bound a linear inequality a + b·c > 0, solved for the row at once.
            var first = 0.0, last = Double(target.width)
            func keep(_ a: Double, _ b: Double) {
                if b == 0 {
                    if !(a > 0) { last = -1 }
                } else if b > 0 {
                    first = max(first, -a / b)
                } else {
                    last = min(last, -a / b)
                }
            }
            keep(w0 - 1e-9, m.m13)
            // Only pixels whose centre lands on the picture: its edge fades over
            // the last half texel inside, and nothing is drawn past where the
            // picture's outline lands, so damage to that box repaints it all.
            keep(u0, m.m11)  // x > 0
            keep(v0, m.m12)  // y > 0
            keep(right * w0 - u0, right * m.m13 - m.m11)  // x < right
            keep(bottom * w0 - v0, bottom * m.m13 - m.m12)  // y < bottom
            guard last > first else { continue }
            let start = max(0, Int(first.rounded(.up))), end = min(target.width, Int(last.rounded(.up)))
            guard start < end else { continue }
            let line = into + row * targetWords
            var u = u0 + Double(start) * m.m11, v = v0 + Double(start) * m.m12, w = w0 + Double(start) * m.m13
            for column in start..<end {
                let reciprocal = 1 / w
                // Source pixel centres are at half-integers; +1 keeps the point positive,
                // so its floor is a shift. In 1/256ths, to the nearest:
                let xf = wholeNumber((u * reciprocal + 0.5) * 256), yf = wholeNumber((v * reciprocal + 0.5) * 256)
                u += m.m11
                v += m.m12
                w += m.m13
                // Rounding at the solved bounds may put a column a hair outside: nothing there.
                let x1 = xf &>> 8, y1 = yf &>> 8
                let x0 = x1 &- 1, y0 = y1 &- 1
                guard xf > 0, yf > 0, x0 <= lastX, y0 <= lastY else { continue }
                let a: UInt32, b: UInt32, c: UInt32, d: UInt32
                if x0 >= 0, y0 >= 0, x0 < lastX, y0 < lastY {
                    // Inside, away from the edges: the four neighbours without a check each.
                    let top = from + (y0 &* sourceWords &+ x0)
                    (a, b, c, d) = (top[0], top[1], top[sourceWords], top[sourceWords &+ 1])
                } else {
                    (a, b, c, d) = (texel(x0, y0), texel(x1, y0), texel(x0, y1), texel(x1, y1))
                }
                // Where the four are one colour (most of a card, a backdrop), the blend gives
                // that colour exactly: (t·256 + 128) >> 8 is t. It is copied.
                if a == b && a == c && a == d {
                    line[column] = a
                    continue
                }
                // Weights in 1/256ths summing to 256, so a channel times its
                // weight, and the four summed, fit 16 bits: the four channels of
                // a texel are multiplied at once in vector lanes. Wrapping
                // arithmetic: nothing overflows, and Swift's checks would double the loop.
                let fx = UInt16(truncatingIfNeeded: xf & 255), fy = UInt16(truncatingIfNeeded: yf & 255)
                let gx = 256 &- fx, gy = 256 &- fy
                let wa = UInt16(truncatingIfNeeded: (UInt32(gx) &* UInt32(gy)) &>> 8)
                let wb = UInt16(truncatingIfNeeded: (UInt32(fx) &* UInt32(gy)) &>> 8)
                let wc = UInt16(truncatingIfNeeded: (UInt32(gx) &* UInt32(fy)) &>> 8)
                let wd = 256 &- wa &- wb &- wc
                @inline(__always) func lanes(_ t: UInt32) -> SIMD4<UInt16> {
                    SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(t, to: SIMD4<UInt8>.self))
                }
                let sum = lanes(a) &* SIMD4(repeating: wa) &+ lanes(b) &* SIMD4(repeating: wb) &+ lanes(c) &* SIMD4(repeating: wc)
                    &+ lanes(d) &* SIMD4(repeating: wd) &+ SIMD4(repeating: 128)
                line[column] = unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: sum &>> 8), to: UInt32.self)
            }
        }
        target.pixelsChanged()
    }
}
