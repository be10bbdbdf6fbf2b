import CCairo

/// Draws into a Bitmap with cairo, antialiased: the `CGContext` of this
/// project. Views get one already clipped and transformed to them.
///
/// One thread draws with a context at a time, as with cairo's own: its
/// state skips Swift's run-time exclusivity checks (set by plain assignment,
/// saved and restored once per view drawn, several hundred times a frame).
public final class GraphicsContext {
    public let bitmap: Bitmap
    let cr: OpaquePointer
    /// Which form of an adaptive colour is drawn (`Color(light:dark:)`).
    @exclusivity(unchecked) public var appearance = Color.Appearance.light

    public init(bitmap: Bitmap) {
        self.bitmap = bitmap
        cr = cairo_create(bitmap.surface)!
    }

    deinit { cairo_destroy(cr) }

    // MARK: State

    /// The colours a path is filled and stroked with when the call names
    /// none (CGContext's fill and stroke colours), saved and restored with the state.
    @exclusivity(unchecked) public var fillColor = Color.black
    @exclusivity(unchecked) public var strokeColor = Color.black
    /// The width a path is stroked with when the call names none (CGContext's line width).
    @exclusivity(unchecked) public var lineWidth = 1.0
    @exclusivity(unchecked) private var savedColors: [(fill: Color, stroke: Color, lineWidth: Double)] = []

    public func saveState() {
        cairo_save(cr)
        savedColors.append((fillColor, strokeColor, lineWidth))
    }

    public func restoreState() {
        cairo_restore(cr)
        if let saved = savedColors.popLast() { (fillColor, strokeColor, lineWidth) = saved }
    }

    /// Runs `body` and puts back the transform, clip and colours it changed.
    public func withSavedState<T>(_ body: () throws -> T) rethrows -> T {
        saveState()
        defer { restoreState() }
        return try body()
    }

    public func translateBy(x: Double, y: Double) { cairo_translate(cr, x, y) }
    public func scaleBy(x: Double, y: Double) { cairo_scale(cr, x, y) }
    public func rotate(by angle: Double) { cairo_rotate(cr, angle) }

    public func concatenate(_ t: AffineTransform) {
        var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_transform(cr, &matrix)
    }

    /// User space to the bitmap's pixels.
    public var transform: AffineTransform {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
    }

    public func clip(to rect: Rect) {
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cr)
    }

    /// Clips to the union of `rects` (a damage region).
    public func clip(to rects: [Rect]) {
        cairo_new_path(cr)
        for rect in rects { cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height) }
        cairo_clip(cr)
    }

    /// Clips to a damage region, with no intermediate array.
    public func clip(to region: Region) {
        cairo_new_path(cr)
        for rect in region.rects { cairo_rectangle(cr, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height)) }
        cairo_clip(cr)
    }

    public func clip(to path: Path) {
        addPath(path)
        cairo_clip(cr)
    }

    /// The clip's bounds in user space; empty when nothing can be drawn.
    public var clipBounds: Rect {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        return Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    // MARK: Painting

    public func fill(_ rect: Rect, with color: Color) {
        setSource(color)
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_fill(cr)
    }

    /// Fills the band `width` wide just inside `rect`'s edges: a square border,
    /// as four rectangles, which cairo paints far faster than a stroke.
    public func fillInsideEdges(of rect: Rect, width: Double, with color: Color) {
        let w = min(width, rect.width / 2, rect.height / 2)
        setSource(color)
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, w)
        cairo_rectangle(cr, rect.minX, rect.maxY - w, rect.width, w)
        cairo_rectangle(cr, rect.minX, rect.minY + w, w, rect.height - 2 * w)
        cairo_rectangle(cr, rect.maxX - w, rect.minY + w, w, rect.height - 2 * w)
        cairo_fill(cr)
    }

    public func fill(_ path: Path, with color: Color) {
        setSource(color)
        addPath(path)
        cairo_fill(cr)
    }

    /// How the ends of a stroke look (CGLineCap).
    public enum LineCap: Sendable {
        case butt, round, square
    }

    /// How a stroke turns a corner (CGLineJoin).
    public enum LineJoin: Sendable {
        case miter, round, bevel
    }

    public func stroke(_ path: Path, with color: Color, lineWidth: Double, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter) {
        setSource(color)
        cairo_set_line_width(cr, lineWidth)
        if lineCap != .butt { cairo_set_line_cap(cr, lineCap == .round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_SQUARE) }
        if lineJoin != .miter { cairo_set_line_join(cr, lineJoin == .round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_BEVEL) }
        addPath(path)
        cairo_stroke(cr)
        if lineCap != .butt { cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT) }
        if lineJoin != .miter { cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER) }
    }

    /// A straight line; with round caps and equal ends, a dot.
    public func strokeLine(from start: Point, to end: Point, with color: Color, lineWidth: Double, lineCap: LineCap = .butt) {
        var path = Path()
        path.move(to: start)
        path.addLine(to: end)
        stroke(path, with: color, lineWidth: lineWidth, lineCap: lineCap)
    }

    /// Replaces the pixels of `rect`, alpha and all, instead of blending over them.
    public func replace(_ rect: Rect, with color: Color) {
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        fill(rect, with: color)
        cairo_restore(cr)
    }

    /// Everything drawn until `endTransparencyLayer` is composited as one
    /// picture at `alpha`, as a view's alpha applies to it and its subviews together.
    public func beginTransparencyLayer() { cairo_push_group(cr) }

    public func endTransparencyLayer(alpha: Double) {
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, alpha)
    }

    /// Ends the transparency layer as a cross-dissolve: the picture `from`
    /// (its top left at `origin`) and what was drawn in the layer, mixed
    /// `progress` of the way to the latter, composited as one at `alpha`.
    /// Mixed before it meets what lies under it, so at any moment it is
    /// exactly the old picture over the background faded into the new one
    /// over it, with no dip where both are half transparent.
    public func endTransparencyLayer(crossDissolvingFrom from: Bitmap, at origin: Point, progress: Double, alpha: Double = 1) {
        let drawn = cairo_pop_group(cr)
        defer { cairo_pattern_destroy(drawn) }
        from.finishDrawing()
        cairo_push_group(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, from.surface, origin.x, origin.y)
        cairo_paint_with_alpha(cr, 1 - progress)
        cairo_set_operator(cr, CAIRO_OPERATOR_ADD)
        cairo_set_source(cr, drawn)
        cairo_paint_with_alpha(cr, progress)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, alpha)
    }

    /// Ends the transparency layer shown through `mask`'s alpha (its top
    /// left at `origin`), then at `alpha`: a layer's mask.
    public func endTransparencyLayer(maskedBy mask: Bitmap, at origin: Point, alpha: Double = 1) {
        mask.finishDrawing()
        cairo_pop_group_to_source(cr)
        if alpha < 1 { cairo_push_group(cr) }
        cairo_mask_surface(cr, mask.surface, origin.x, origin.y)
        if alpha < 1 {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha)
        }
    }

    /// Draws `image` scaled to fill `rect`.
    public func draw(_ image: Image, in rect: Rect) {
        let size = image.size
        guard size.width > 0, size.height > 0, rect.width > 0, rect.height > 0 else { return }
        cairo_save(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cr)
        cairo_translate(cr, rect.minX, rect.minY)
        cairo_scale(cr, rect.width / size.width, rect.height / size.height)
        image.bitmap.finishDrawing()
        cairo_set_source_surface(cr, image.bitmap.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        // Scaled up, the edges would otherwise fade into the transparency beyond them.
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Paints `bitmap` with its top left at `origin` (in the current
    /// transform), at `alpha`: a cached picture composited, not redrawn.
    /// Under a plain translation it lands on whole pixels and they are
    /// copied as they are (pixman's fast path): a fraction of a pixel would
    /// be filtered at about ten times the cost, for a difference nobody sees
    /// in motion. Scaled or rotated, it is filtered.
    public func composite(_ bitmap: Bitmap, at origin: Point, alpha: Double = 1) {
        guard alpha > 0 else { return }
        bitmap.finishDrawing()
        let matrix = transform
        let translation = matrix.a == 1 && matrix.d == 1 && matrix.b == 0 && matrix.c == 0
        var origin = origin
        if translation {
            origin.x = (matrix.tx + origin.x).rounded() - matrix.tx
            origin.y = (matrix.ty + origin.y).rounded() - matrix.ty
        }
        cairo_set_source_surface(cr, bitmap.surface, origin.x, origin.y)
        cairo_pattern_set_filter(cairo_get_source(cr), translation ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD)
        if alpha >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, alpha) }
    }

    /// `composite(image.bitmap, at:alpha:)`; from the image's second time
    /// on, at full opacity, a picture with alpha (a rounded, shadowed card's)
    /// goes by its opacity spans where its pixels go straight
    /// into the bitmap (a plain translation, no transparency layer, a clip of
    /// rectangles on whole pixels): opaque runs are copied and only the rest
    /// blended, the bytes pixman gives. A kept picture (a rasterized view's
    /// tile) composited frame after frame is mostly a copy.
    public func composite(_ image: Image, at origin: Point, alpha: Double = 1) {
        // The first time only through cairo: a tile drawn and shown in one frame pays no spans.
        // An opaque picture pixman copies as fast as anything: there is nothing to blend.
        guard alpha >= 1, image.compositedByContext, !image.bitmap.isOpaque else {
            image.compositedByContext = true
            composite(image.bitmap, at: origin, alpha: alpha)
            return
        }
        let matrix = transform
        let x = (matrix.tx + origin.x).rounded(), y = (matrix.ty + origin.y).rounded()
        guard matrix.a == 1, matrix.d == 1, matrix.b == 0, matrix.c == 0, abs(x) < 1e9, abs(y) < 1e9,
            cairo_get_group_target(cr) == bitmap.surface, let clip = clipInPixels(offset: (matrix.tx, matrix.ty))
        else {
            composite(image.bitmap, at: origin, alpha: alpha)
            return
        }
        bitmap.finishDrawing()
        image.bitmap.finishDrawing()
        let spans = image.opacitySpans
        // The clip's rectangles do not overlap: no pixel is blended twice.
        for rect in clip { bitmap.composite(image.bitmap, spans: spans, x: Int(x), y: Int(y), clip: rect) }
    }

    /// The clip as rectangles of whole pixels, under a translation by
    /// `offset`; nil when it is not that (a rounded corner's, a fraction of a pixel, or none).
    func clipInPixels(offset: (x: Double, y: Double)) -> [PixelRect]? {
        guard let list = cairo_copy_clip_rectangle_list(cr) else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS, list.pointee.num_rectangles > 0 else { return nil }
        var rects: [PixelRect] = []
        rects.reserveCapacity(Int(list.pointee.num_rectangles))
        for index in 0..<Int(list.pointee.num_rectangles) {
            let rect = list.pointee.rectangles[index]
            let x = rect.x + offset.x, y = rect.y + offset.y
            guard x == x.rounded(), y == y.rounded(), rect.width == rect.width.rounded(), rect.height == rect.height.rounded(),
                abs(x) < 1e9, abs(y) < 1e9, rect.width < 1e9, rect.height < 1e9
            else { return nil }
            rects.append(PixelRect(x: Int(x), y: Int(y), width: Int(rect.width), height: Int(rect.height)))
        }
        return rects
    }

    /// Makes everything drawn so far visible in the bitmap's pixels.
    public func flush() { bitmap.finishDrawing() }

    // MARK: Helpers

    func setSource(_ color: Color) {
        let color = color.resolved(for: appearance)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    func addPath(_ path: Path) {
        cairo_new_path(cr)
        for element in path.elements {
            switch element {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .curve(let c1, let c2, let p): cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .arc(let center, let radius, let start, let end, let clockwise):
                if clockwise {
                    cairo_arc(cr, center.x, center.y, radius, start, end)
                } else {
                    cairo_arc_negative(cr, center.x, center.y, radius, start, end)
                }
            case .close: cairo_close_path(cr)
            }
        }
    }
}
