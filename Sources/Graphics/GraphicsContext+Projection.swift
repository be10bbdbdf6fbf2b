import CCairo

extension GraphicsContext {
    /// Paints `bitmap`, its top left at `origin`, through `projection` (from
    /// the picture's coordinates to user space), at `alpha`: a picture turned
    /// in depth and seen in perspective, as a layer with a 3D transform is
    /// drawn. Cairo maps pictures only affinely, so pixman, which cairo draws
    /// with, resamples it (bilinear) into a picture of the part of the clip it
    /// covers; that is painted as any picture. What lies behind the eye is not drawn.
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

    /// Fills `target` from `source` through `backwards` (from a target pixel to
    /// a source one, row vectors), sampling bilinearly; outside the source, nothing.
    private static func resample(_ source: Bitmap, into target: Bitmap, backwards m: ProjectiveTransform) {
        // pixman's matrix is 16.16 fixed point, columns for points, and what
        // it gives for a pixel before dividing must fit in 16.16 too. A
        // projective map is the same at any scale: scaled so that over the
        // target those values just fit, a small perspective term keeps its digits.
        let entries = [m.m11, m.m21, m.m31, m.m12, m.m22, m.m32, m.m13, m.m23, m.m33]
        var largest = 0.0
        for (x, y) in [(0.0, 0.0), (Double(target.width), 0), (0, Double(target.height)), (Double(target.width), Double(target.height))] {
            largest = max(
                largest, abs(m.m11 * x + m.m21 * y + m.m31), abs(m.m12 * x + m.m22 * y + m.m32), abs(m.m13 * x + m.m23 * y + m.m33))
        }
        guard largest > 0, largest.isFinite else { return }
        let scale = 8_192 / largest
        var matrix = pixman_transform()
        withUnsafeMutableBytes(of: &matrix.matrix) { raw in
            let cells = raw.bindMemory(to: pixman_fixed_t.self)
            for (index, value) in entries.enumerated() { cells[index] = pixman_fixed_t((value * scale * 65_536).rounded()) }
        }
        let sourceImage = pixman_image_create_bits(
            source.isOpaque ? PIXMAN_x8r8g8b8 : PIXMAN_a8r8g8b8, Int32(source.width), Int32(source.height),
            source.pixels.assumingMemoryBound(to: UInt32.self), Int32(source.stride))
        let targetImage = pixman_image_create_bits(
            PIXMAN_a8r8g8b8, Int32(target.width), Int32(target.height), target.pixels.assumingMemoryBound(to: UInt32.self), Int32(target.stride))
        defer {
            if let sourceImage { pixman_image_unref(sourceImage) }
            if let targetImage { pixman_image_unref(targetImage) }
        }
        guard let sourceImage, let targetImage else { return }
        pixman_image_set_transform(sourceImage, &matrix)
        pixman_image_set_filter(sourceImage, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(sourceImage, PIXMAN_REPEAT_NONE)
        pixman_image_composite32(PIXMAN_OP_SRC, sourceImage, nil, targetImage, 0, 0, 0, 0, 0, 0, Int32(target.width), Int32(target.height))
        target.pixelsChanged()
    }
}
