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
        let (polygon, cut) = projection.visiblePolygon(of: pictureRect)
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
            // Only where the picture is in front of the eye: behind it, the map would mirror it.
            if cut {
                var outline = Path()
                outline.move(to: polygon[0])
                for point in polygon.dropFirst() { outline.addLine(to: point) }
                outline.close()
                clip(to: outline)
            }
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, target.surface, Double(device.x), Double(device.y))
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
            if alpha >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, alpha) }
        }
    }

    /// Fills `target` from `source` through `backwards` (from a point of the
    /// target to one of the source, row vectors), sampling bilinearly between
    /// pixel centres; outside the source, nothing. In doubles, not pixman's
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
        for row in 0..<target.height {
            let cy = Double(row) + 0.5
            // The row's first pixel centre, then a step along it.
            var u = m.m11 * 0.5 + m.m21 * cy + m.m31
            var v = m.m12 * 0.5 + m.m22 * cy + m.m32
            var w = m.m13 * 0.5 + m.m23 * cy + m.m33
            let line = into + row * targetWords
            for column in 0..<target.width {
                defer { (u, v, w) = (u + m.m11, v + m.m12, w + m.m13) }
                guard w > 0 else { continue }
                // Source pixel centres are at half-integers.
                let x = u / w - 0.5, y = v / w - 0.5
                guard x > -1, y > -1, x < Double(width), y < Double(height) else { continue }
                let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
                let fx = UInt32(((x - Double(x0)) * 256).rounded()), fy = UInt32(((y - Double(y0)) * 256).rounded())
                let a = texel(x0, y0), b = texel(x0 + 1, y0), c = texel(x0, y0 + 1), d = texel(x0 + 1, y0 + 1)
                let wa = (256 - fx) * (256 - fy), wb = fx * (256 - fy), wc = (256 - fx) * fy, wd = fx * fy
                var result: UInt32 = 0
                for shift: UInt32 in [0, 8, 16, 24] {
                    let sum = ((a >> shift) & 0xff) * wa + ((b >> shift) & 0xff) * wb + ((c >> shift) & 0xff) * wc + ((d >> shift) & 0xff) * wd
                    result |= ((sum + 32_768) >> 16) << shift
                }
                line[column] = result
            }
        }
        target.pixelsChanged()
    }
}
