import Layers

extension GraphicsContext {
    /// The context a view's `draw(_:)` draws into (UIGraphicsGetCurrentContext).
    // Set and cleared around each view's draw(_:), on the main actor: no run-time exclusivity check.
    @MainActor @exclusivity(unchecked) public internal(set) static var current: GraphicsContext?
}

/// The context a view's `draw(_:)` draws into, as UIGraphicsGetCurrentContext();
/// nil outside drawing.
@MainActor public func GraphicsGetCurrentContext() -> CGContext? { GraphicsContext.current }

extension View {
    /// Redraws the whole view at the next display tick.
    public func setNeedsDisplay() { setNeedsDisplay(bounds) }

    /// Redraws `rect` (in the view's coordinates) at the next display tick.
    public func setNeedsDisplay(_ rect: Rect) {
        // Off the window too: a picture kept for later must not show the old content.
        if View.rasterizingViews > 0 {
            forgetPictures()
            if shadow.opacity > 0 { shadowContentChanged(own: true) }
            invalidateRasterizedAncestors()
        }
        // What the view or an ancestor clips away is not repainted: a recycled
        // cell configured above a table does not repaint the bar over it.
        addDamageInWindow(rect)
    }

    /// Damages everything the view and its subviews draw.
    func damageExtent(evenIfHidden: Bool = false) {
        // The view moved or changed as a whole: its own picture still holds, an ancestor's does not.
        if View.rasterizingViews > 0 { invalidateRasterizedAncestors() }
        guard evenIfHidden || !isHidden, let window else { return }
        var extent = extentInWindow()
        // What clipping ancestors hide is not repainted: a table's cell leaving
        // the top does not repaint the bar above the table.
        if let placement = superview?.placementInWindow(), let clip = placement.clip { extent = extent.intersection(clip) }
        window.addDamage(extent)
    }

    /// For points in the view's coordinates: the offset to the window's, and
    /// the window's area that the view and its ancestors let show (nil when
    /// none clips; a null rectangle when they hide it all). Nil under a
    /// transform or an animation, where the model's geometry is not what is drawn.
    func placementInWindow() -> (offset: Point, clip: Rect?)? {
        guard transform.isIdentity, projection == nil, presentation == nil else { return nil }
        guard let parent = superview else {
            return (Point(x: 0, y: 0), clipsToBounds ? bounds : nil)
        }
        guard let outer = parent.placementInWindow() else { return nil }
        let offset = Point(
            x: outer.offset.x + center.x - anchorPoint.x * bounds.width - bounds.minX,
            y: outer.offset.y + center.y - anchorPoint.y * bounds.height - bounds.minY)
        guard clipsToBounds else { return (offset, outer.clip) }
        let own = bounds.offsetBy(dx: offset.x, dy: offset.y)
        return (offset, outer.clip.map { $0.intersection(own) } ?? own)
    }

    /// How many views keep a picture of what is inside them (they rasterize,
    /// or have a shadow's opacity): while none does, damage walks no
    /// ancestors. A view let go while counted stays counted: the walk is
    /// then made for nothing, never missed.
    @MainActor static var rasterizingViews = 0

    /// While the screen is drawn up to one view (what lies under it and the
    /// view itself, not what is in front), that view, and whether it is drawn.
    @MainActor @exclusivity(unchecked) static var drawingUpTo: View?
    @MainActor @exclusivity(unchecked) static var drewLast = false

    /// Draws a picture apart (a shadow's, a rasterized view's tile): not part of a screen drawn up to a view.
    @MainActor static func offscreen(_ draw: () -> Void) {
        let (upTo, drew) = (drawingUpTo, drewLast)
        drawingUpTo = nil
        draw()
        (drawingUpTo, drewLast) = (upTo, drew)
    }

    /// Something inside changed: the pictures of rasterized ancestors are out of date.
    func invalidateRasterizedAncestors() {
        var ancestor = superview
        while let view = ancestor {
            view.forgetPictures()
            if view.shadow.opacity > 0 { view.shadowContentChanged(own: false) }
            ancestor = view.superview
        }
    }

    /// The tiles of the view's picture over `visible` (its own coordinates),
    /// drawn now where none is kept; nil when the picture would be too large
    /// to keep (the view then draws as usual).
    private func rasterizedTiles(covering visible: Rect) -> [(image: Image, rect: Rect)]? {
        return currentRasterCache()?.tiles(covering: visible) { context, rect in
            View.offscreen {
                drawContents(in: context, bounds: bounds, dirty: rect.intersection(bounds), visible: rect, animating: false, betweenViews: nil)
            }
        }
    }

    /// The rasterized picture for the view as it is now, started anew when its
    /// extent or bounds changed; nil when it would be too large to keep.
    func currentRasterCache() -> TiledBackingStore? {
        let extent = extentInOwnCoordinates().integral
        guard extent.width > 0, extent.height > 0, extent.width * extent.height * 4 <= View.rasterLimit else { return nil }
        if rasterCache?.extent != extent || rasterCache?.bounds != bounds {
            // A view that covers its picture with an opaque background keeps no alpha: compositing it is a copy.
            let opaque = extent == bounds && cornerRadius == 0 && (backgroundColor?.resolved(for: traits.colorAppearance).alpha ?? 0) >= 1
            rasterCache = TiledBackingStore(extent: extent, bounds: bounds, opaque: opaque, budget: View.pictureBudget)
        }
        return rasterCache
    }

    /// A rasterized view larger than this (bytes) draws as usual: 16 MB, two full 1920 x 1080 screens.
    static let rasterLimit = 16.0 * 1024 * 1024

    /// The memory, in bytes, that the pictures of rasterized views
    /// (`shouldRasterize`, and the screens of a push or a sheet while they
    /// slide) and the backing stores of layers (an app's own, and the
    /// window's overlay) may take together: 64 MB by default, eight full
    /// 1920 x 1080 screens. Past it, the pictures used longest ago are let go, to be
    /// drawn again when next needed; one that cannot fit beside those the
    /// frame uses is not kept, and its content is drawn as usual. The host
    /// sets it from the configuration's `picture-memory`.
    public static var rasterizationMemoryLimit: Int {
        get { pictureBudget.limit }
        set { pictureBudget.limit = newValue }
    }

    /// What those pictures and stores take now, in bytes (see `rasterizationMemoryLimit`).
    public static var rasterizationMemoryInUse: Int { pictureBudget.bytesInUse }

    /// The one budget of the views' pictures and the layers' stores: a host
    /// compositing layers of its own over the views shares it
    /// (`LayerCompositor(sharing:)`).
    public static let pictureBudget = PictureBudget(limit: 64 << 20)

    /// A frame is being drawn: pictures used from now on are in it, and are
    /// not let go for others until the next (text's pictures too).
    static func beginPictureFrame() {
        pictureBudget.beginFrame()
        TextPictureStore.shared.beginFrame()
    }

    /// The area the view and its visible subviews can draw in, in window coordinates.
    func extentInWindow() -> Rect {
        var extent = convert(bounds, to: nil)
        guard !clipsToBounds else { return extent }
        for subview in subviews where !subview.isHidden { extent = extent.union(subview.extentInWindow()) }
        if hostedLayers != nil { extent = extent.union(convert(hostedLayersExtent, to: nil)) }
        if castsShadow { extent = extent.union(convert(shadowRect(around: contentExtent()), to: nil)) }
        return extent
    }

    /// The area the view and its visible subviews can draw in, shadows
    /// included, in its own coordinates.
    func extentInOwnCoordinates(bounds: Rect? = nil) -> Rect {
        let content = contentExtent(bounds: bounds)
        guard castsShadow else { return content }
        return content.union(shadowRect(around: content))
    }

    /// The area the view and its visible subviews can draw in, less the
    /// view's own shadow (what casts it), in its own coordinates; `bounds`
    /// are those drawn.
    func contentExtent(bounds: Rect? = nil) -> Rect {
        var extent = bounds ?? self.bounds
        guard !clipsToBounds else { return extent }
        if hostedLayers != nil { extent = extent.union(hostedLayersExtent) }
        for subview in subviews where !subview.isHidden {
            let inner = subview.extentInOwnCoordinates()
            let corners = [
                Point(x: inner.minX, y: inner.minY), Point(x: inner.maxX, y: inner.minY),
                Point(x: inner.minX, y: inner.maxY), Point(x: inner.maxX, y: inner.maxY),
            ]
            for corner in corners {
                let point = subview.convertToSuperview(corner)
                extent = extent.union(Rect(x: point.x, y: point.y, width: 0, height: 0))
            }
        }
        return extent
    }

    private func drawBorder(in context: GraphicsContext) {
        // Away from the rounded corners a border of whole pixels is four straight bands, whose pixels a fill gives.
        if cornerRadius > 0 && (borderWidth != borderWidth.rounded() || roundedCornersMatter(in: context, bounds: bounds)) {
            let inset = bounds.insetBy(dx: borderWidth / 2, dy: borderWidth / 2)
            let radius = max(0, cornerRadius - borderWidth / 2)
            let outline = Path(roundedRect: inset, byRoundingCorners: maskedCorners.rectCorners, cornerRadii: Size(width: radius, height: radius))
            context.stroke(outline, with: borderColor, lineWidth: borderWidth)
            return
        }
        context.fillInsideEdges(of: bounds, width: borderWidth, with: borderColor)
    }

    /// The outline of the background, border and clip.
    var shape: Path { shape(in: bounds) }

    /// The outline of the background, border and clip, for `bounds` (an animation's, while one runs).
    func shape(in bounds: Rect) -> Path {
        guard cornerRadius > 0 else { return Path(rect: bounds) }
        return Path(roundedRect: bounds, byRoundingCorners: maskedCorners.rectCorners, cornerRadii: Size(width: cornerRadius, height: cornerRadius))
    }

    /// Whether clipping to the view's rounded shape may paint otherwise than
    /// clipping to its bounds, in what `context` may paint now: where a
    /// rounded corner (its curve and a pixel around it) meets the clip, or
    /// where the bounds fall at fractions of a device pixel (cairo blends a
    /// path's edge there otherwise than a rectangle's). Elsewhere the
    /// rectangle clips the same pixels, and cairo can list it, so text under
    /// it is drawn from its picture.
    func roundedCornersMatter(in context: GraphicsContext, bounds: Rect) -> Bool {
        let m = context.transform
        guard m.a == 1, m.b == 0, m.c == 0, m.d == 1 else { return true }
        for edge in [bounds.minX + m.tx, bounds.maxX + m.tx, bounds.minY + m.ty, bounds.maxY + m.ty] where edge != edge.rounded() {
            return true
        }
        let reach = Path.cornerRadius(cornerRadius, fittingIn: bounds).rounded(.up) + 1
        let painted = context.clipBounds
        let corners: [(CornerMask, Double, Double)] = [
            (.layerMinXMinYCorner, bounds.minX, bounds.minY), (.layerMaxXMinYCorner, bounds.maxX - reach, bounds.minY),
            (.layerMinXMaxYCorner, bounds.minX, bounds.maxY - reach), (.layerMaxXMaxYCorner, bounds.maxX - reach, bounds.maxY - reach),
        ]
        return corners.contains { corner, x, y in
            maskedCorners.contains(corner) && painted.intersects(Rect(x: x, y: y, width: reach, height: reach))
        }
    }

    /// Draws the view and its subviews, back to front. `context` is in the
    /// superview's coordinates and clipped to the damage, whose bounds there
    /// are `dirtyInSuperview`. `betweenViews` runs after each view's own drawing.
    func drawHierarchy(in context: GraphicsContext, dirtyInSuperview: Rect, betweenViews: (() -> Void)? = nil) {
        // A picture of the screen as far as one view (a transition's) stops there.
        if let last = View.drawingUpTo {
            guard !View.drewLast else { return }
            if last === self {
                drawPlaced(in: context, dirtyInSuperview: dirtyInSuperview, betweenViews: betweenViews)
                View.drewLast = true
                return
            }
        }
        drawPlaced(in: context, dirtyInSuperview: dirtyInSuperview, betweenViews: betweenViews)
    }

    /// The view and its subviews placed in the superview's coordinates (see `drawHierarchy`).
    private func drawPlaced(in context: GraphicsContext, dirtyInSuperview: Rect, betweenViews: (() -> Void)?) {
        // While the view animates, its geometry, alpha and colour are drawn as
        // the animation has them; otherwise these are the model's.
        let animating = presentation != nil
        let alpha = animating ? drawnAlpha : self.alpha
        guard !isHidden, alpha > 0.001 else { return }
        let center = animating ? drawnCenter : self.center
        let bounds = animating ? drawnBounds : self.bounds
        let projected = animating ? drawnProjection : projection
        // A superview's sublayer transform may leave the view's plane affine
        // (a move in depth seen in perspective is a scale): drawn as any
        // transformed view, crisp, with no picture.
        let transform = projected.flatMap { $0.isAffine ? $0.affineTransform : nil } ?? (animating ? drawnTransform : self.transform)
        let anchor = self.anchor(in: bounds)
        let frame = Rect(x: center.x - (anchor.x - bounds.minX), y: center.y - (anchor.y - bounds.minY), width: bounds.width, height: bounds.height)
        // A view that cannot draw outside its frame, away from the damage, is
        // skipped before any cairo call: a small repaint stays small.
        if (clipsToBounds || (subviews.isEmpty && hostedLayers?.isEmpty ?? true)) && transform.isIdentity && projected == nil
            && !frame.intersects(dirtyInSuperview)
        {
            // A shadow reaches past the frame: skipped too when it misses the damage.
            guard castsShadow else { return }
            let reach = shadowRect(around: contentExtent(bounds: bounds)).offsetBy(dx: frame.minX - bounds.minX, dy: frame.minY - bounds.minY)
            if !reach.intersects(dirtyInSuperview) { return }
        } else if drawsInFrameButForSubviews && View.drawingUpTo == nil && !frame.intersects(dirtyInSuperview)
            && !subviewsReach(dirtyInSuperview.offsetBy(dx: bounds.minX - frame.minX, dy: bounds.minY - frame.minY))
        {
            // A container away from the damage whose subviews stay away from it
            // too (a table's rows under a caret elsewhere): no cairo call either.
            return
        }
        if let projection = projected, !projection.isAffine {
            // Turned in depth: the view drawn as one picture, laid into the superview's plane in perspective.
            guard let picture = keptPictureOfContents() else { return }
            let anchored = ProjectiveTransform(AffineTransform(translationX: -anchor.x, y: -anchor.y))
                .concatenating(projection).concatenating(AffineTransform(translationX: center.x, y: center.y))
            context.draw(picture.bitmap, at: picture.origin, projectedBy: anchored, alpha: alpha)
            return
        }
        if projectedPicture != nil { projectedPicture = nil }
        context.saveState()
        defer { context.restoreState() }
        context.translateBy(x: center.x, y: center.y)
        if !transform.isIdentity { context.concatenate(transform) }
        context.translateBy(x: -anchor.x, y: -anchor.y)
        let visible = transform.isIdentity
            ? dirtyInSuperview.offsetBy(dx: bounds.minX - frame.minX, dy: bounds.minY - frame.minY)
            : context.clipBounds
        let dirty = visible.intersection(bounds)
        if clipsToBounds && dirty.isEmpty { return }
        if let mask = layerMask {
            // Drawn as one picture, then shown through the mask's alpha; a mask that shows nothing hides the view.
            guard let picture = mask.currentPicture(appearance: traits.colorAppearance, within: extentInOwnCoordinates(bounds: bounds).integral) else { return }
            context.clip(to: Rect(origin: picture.origin, size: Size(width: Double(picture.bitmap.width), height: Double(picture.bitmap.height))))
            context.beginTransparencyLayer()
            drawContents(in: context, bounds: bounds, dirty: dirty, visible: visible, animating: animating, betweenViews: betweenViews)
            context.endTransparencyLayer(maskedBy: picture.bitmap, at: picture.origin, alpha: alpha)
            return
        }
        if let dissolve = crossDissolve, let flip = dissolve.flipProjection(in: bounds) {
            // One side turned in depth: the picture from before, then the view as it is now.
            var picture = flip.showsOld ? (bitmap: dissolve.picture, origin: dissolve.origin) : nil
            if !flip.showsOld { View.offscreen { picture = pictureOfContents() } }
            if let picture { context.draw(picture.bitmap, at: picture.origin, projectedBy: flip.projection, alpha: alpha) }
            return
        }
        if let dissolve = crossDissolve, dissolve.style != .fade {
            // The picture from before and the view as it is now, slid within the bounds.
            context.clip(to: bounds)
            if alpha < 1 { context.beginTransparencyLayer() }
            drawSliding(dissolve, in: context, bounds: bounds, animating: animating, betweenViews: betweenViews)
            if alpha < 1 { context.endTransparencyLayer(alpha: alpha) }
            return
        }
        if let dissolve = crossDissolve, dissolve.includesBackdrop {
            // The old picture holds what lay under the view too: the view drawn
            // as it is, then the old screen over it at what is left of it, is
            // the old screen faded into the new, in two passes.
            if alpha < 1 { context.beginTransparencyLayer() }
            drawPictureOrContents(in: context, bounds: bounds, dirty: dirty, visible: visible, animating: animating, betweenViews: betweenViews)
            if alpha < 1 { context.endTransparencyLayer(alpha: alpha) }
            context.composite(dissolve.picture, at: dissolve.origin, alpha: 1 - dissolve.progress)
            return
        }
        if let dissolve = crossDissolve {
            // The picture from before the transition, mixed with the view as it is now.
            context.clip(to: extentInOwnCoordinates(bounds: bounds).union(dissolve.frame))
            context.beginTransparencyLayer()
            drawPictureOrContents(in: context, bounds: bounds, dirty: dirty, visible: visible, animating: animating, betweenViews: betweenViews)
            context.endTransparencyLayer(crossDissolvingFrom: dissolve.picture, at: dissolve.origin, progress: dissolve.progress, alpha: alpha)
            return
        }
        if let tiles = pictureTiles(bounds: bounds, animating: animating, covering: visible) {
            for tile in tiles { context.composite(tile.image, at: tile.rect.origin, alpha: alpha) }
            return
        }
        let layered = alpha < 1
        if layered && type(of: self) == View.self && subviews.isEmpty && hostedLayers?.isEmpty ?? true && borderWidth == 0 && cornerRadius == 0 && !castsShadow {
            // A plain tinted view (a sheet's dimming, fading): its colour at the lower
            // alpha, with no layer the size of the screen to fill and blend.
            if let color = (animating ? drawnBackgroundColor : backgroundColor)?.resolved(for: traits.colorAppearance), !dirty.isEmpty {
                context.fill(bounds, with: color.withAlphaComponent(color.alpha * alpha))
            }
            return
        }
        if layered {
            // The layer is as large as the clip: keep it to what the view draws.
            context.clip(to: extentInOwnCoordinates(bounds: bounds))
            context.beginTransparencyLayer()
        }
        drawContents(in: context, bounds: bounds, dirty: dirty, visible: visible, animating: animating, betweenViews: betweenViews)
        if layered { context.endTransparencyLayer(alpha: alpha) }
    }

    /// Whether the view draws nothing past its frame but through its
    /// subviews: no shadow, layers of its own, transform, animation,
    /// transition or mask. A repaint away from its frame then reaches it
    /// only through its subviews' frames.
    private var drawsInFrameButForSubviews: Bool {
        presentation == nil && transform.isIdentity && projection == nil && !castsShadow && hostedLayers?.isEmpty ?? true
            && crossDissolve == nil && layerMask == nil
    }

    /// Whether any subview may draw in `rect` (the view's own coordinates),
    /// by frames alone: a subview that could draw past its frame other than
    /// through its subviews (`drawsInFrameButForSubviews`) is taken to reach it.
    private func subviewsReach(_ rect: Rect) -> Bool {
        for subview in subviews where !subview.isHidden {
            guard subview.drawsInFrameButForSubviews else { return true }
            let bounds = subview.bounds, anchor = subview.anchor(in: bounds)
            let frame = Rect(
                x: subview.center.x - (anchor.x - bounds.minX), y: subview.center.y - (anchor.y - bounds.minY), width: bounds.width, height: bounds.height)
            if frame.intersects(rect) { return true }
            if !subview.clipsToBounds && subview.subviewsReach(rect.offsetBy(dx: bounds.minX - frame.minX, dy: bounds.minY - frame.minY)) { return true }
        }
        return false
    }

    /// The tiles of a rasterized view's picture over `visible`, when they show
    /// it as drawn now: the picture is of the model's bounds and colour, so
    /// while those animate the view draws as usual (nil).
    private func pictureTiles(bounds: Rect, animating: Bool, covering visible: Rect) -> [(image: Image, rect: Rect)]? {
        guard isRasterized, bounds == self.bounds, !animating || drawnBackgroundColor == backgroundColor else { return nil }
        return rasterizedTiles(covering: visible)
    }

    /// The view's picture where it is rasterized (`shouldRasterize`), else its contents drawn.
    func drawPictureOrContents(in context: GraphicsContext, bounds: Rect, dirty: Rect, visible: Rect, animating: Bool, betweenViews: (() -> Void)?) {
        if let tiles = pictureTiles(bounds: bounds, animating: animating, covering: visible) {
            for tile in tiles { context.composite(tile.image, at: tile.rect.origin) }
            return
        }
        drawContents(in: context, bounds: bounds, dirty: dirty, visible: visible, animating: animating, betweenViews: betweenViews)
    }

    /// The view's background, its `draw(_:)`, its subviews and its border,
    /// in its own coordinates: what `drawHierarchy` draws once the view is
    /// placed. `bounds` are those drawn (an animation's, while one runs).
    func drawContents(
        in context: GraphicsContext, bounds: Rect, dirty: Rect, visible: Rect, animating: Bool, betweenViews: (() -> Void)?,
        castingShadow: Bool = true
    ) {
        context.appearance = traits.colorAppearance
        // Under everything the view draws, and outside its bounds.
        if castingShadow && castsShadow { drawShadow(in: context, bounds: bounds, visible: visible, animating: animating) }
        if !dirty.isEmpty {
            // Square views go straight to cairo's rectangle, with no path to build.
            if let backgroundColor = animating ? drawnBackgroundColor : self.backgroundColor,
                backgroundColor.resolved(for: context.appearance).alpha > 0 {
                // Away from the rounded corners (a small repaint inside a card), the rectangle paints the same pixels.
                if cornerRadius > 0 && roundedCornersMatter(in: context, bounds: bounds) {
                    context.fill(shape(in: bounds), with: backgroundColor)
                } else {
                    context.fill(bounds, with: backgroundColor)
                }
            }
            if clipsToBounds {
                if cornerRadius > 0 && roundedCornersMatter(in: context, bounds: bounds) {
                    context.clip(to: shape(in: bounds))
                } else {
                    context.clip(to: bounds)
                }
            }
            context.withSavedState {
                // As a layer's backing store is its bounds, a view draws nothing
                // outside them (a glyph's edge past a label's side would stay
                // when the text changes). Damage inside the bounds clips already.
                if !clipsToBounds && !bounds.contains(visible) { context.clip(to: bounds) }
                if let contents = layerContents {
                    // The layer's own picture, under what draw(_:) adds.
                    let size = Size(width: contents.size.width / layerContentsScale, height: contents.size.height / layerContentsScale)
                    context.draw(contents, in: contentMode.placement(of: size, in: bounds))
                }
                GraphicsContext.current = context
                let outer = TraitCollection.currentOverride
                TraitCollection.currentOverride = traits
                draw(dirty)
                TraitCollection.currentOverride = outer
                GraphicsContext.current = nil
            }
            betweenViews?()
        }
        let dirtyForSubviews = clipsToBounds ? dirty : visible
        if let hostedLayers {
            // An app's layers sit between the subviews, where each was added (as on iOS).
            let (bottom, above) = hostedLayers.layersBetweenSubviews(in: self)
            composite(bottom, visible: dirtyForSubviews, in: context)
            for subview in subviewsInDrawingOrder {
                subview.drawHierarchy(in: context, dirtyInSuperview: dirtyForSubviews, betweenViews: betweenViews)
                if let layers = above[ObjectIdentifier(subview)] { composite(layers, visible: dirtyForSubviews, in: context) }
            }
        } else {
            for subview in subviewsInDrawingOrder { subview.drawHierarchy(in: context, dirtyInSuperview: dirtyForSubviews, betweenViews: betweenViews) }
        }
        if borderWidth > 0 && !dirty.isEmpty {
            context.appearance = traits.colorAppearance
            drawBorder(in: context)
        }
    }
}

extension Window {
    /// Notes pixels to repaint, in the window's coordinates; the compositor
    /// collects them at its next display tick.
    func addDamage(_ rect: Rect) {
        let pixels = PixelRect(enclosing: rect).intersection(PixelRect(enclosing: bounds))
        guard !pixels.isEmpty else { return }
        let wasClean = damage.isEmpty
        damage.add(pixels)
        if wasClean { onNeedsDisplay?() }
    }

    /// The damage since the last call, which starts collecting anew, for a
    /// context that does not keep the last frame: what slid is repainted whole.
    public func takeDamage() -> Region { takeFrame().changed }

    /// Repaints `region` of the screen into `context` (whose origin is the
    /// window's), back to front, laying out first: the compositor's repaint step.
    ///
    /// `betweenViews`, when given, runs after each view has drawn itself: a
    /// host delivers the input waiting there, so a long repaint does not hold
    /// a touch back until it ends. What that input changes adds to `damage`,
    /// as always; the views drawn after it show its effect, those before do
    /// not, and repainting the new damage before presenting makes the
    /// picture whole (pixels outside the damage look the same either way).
    public func render(_ region: Region, in context: GraphicsContext, betweenViews: (() -> Void)? = nil) {
        guard !region.isEmpty else { return }
        // A window's render of a frame has begun the frame already (its slides may have used pictures).
        if !isRendering { View.beginPictureFrame() }
        layoutIfNeeded()
        // What no view covers is the screen's own black; an opaque
        // window covers it all, and painting it twice would double the cost.
        let coversAll = (backgroundColor?.alpha ?? 0) >= 1 && alpha >= 1 && !isHidden && transform.isIdentity && projection == nil
        // The window sits at the screen's origin; draw its tree from there.
        let origin = frame.origin
        // One pass per rectangle, each skipping the views away from it: the
        // status line and a finger far below it repaint two small places, not
        // every view in the box around both. Each pass paints its pixels from
        // the back, so where two rectangles overlap the second gives the same.
        for rect in region.rects {
            context.withSavedState {
                context.clip(to: rect.rect)
                if !coversAll { context.replace(rect.rect, with: .black) }
                context.translateBy(x: -origin.x, y: -origin.y)
                drawHierarchy(in: context, dirtyInSuperview: rect.rect.offsetBy(dx: origin.x, dy: origin.y), betweenViews: betweenViews)
            }
        }
        movedViews?.rendered()
    }
}
