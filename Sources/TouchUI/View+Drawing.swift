extension GraphicsContext {
    /// The context a view's `draw(_:)` draws into (UIGraphicsGetCurrentContext).
    @MainActor public internal(set) static var current: GraphicsContext?
}

/// The context a view's `draw(_:)` draws into, as UIGraphicsGetCurrentContext();
/// nil outside drawing.
@MainActor public func GraphicsGetCurrentContext() -> CGContext? { GraphicsContext.current }

extension View {
    /// Redraws the whole view at the next display tick.
    public func setNeedsDisplay() { setNeedsDisplay(bounds) }

    /// Redraws `rect` (in the view's coordinates) at the next display tick.
    public func setNeedsDisplay(_ rect: Rect) {
        guard let window else { return }
        window.addDamage(convert(rect, to: nil))
    }

    /// Damages everything the view and its subviews draw.
    func damageExtent(evenIfHidden: Bool = false) {
        guard evenIfHidden || !isHidden, let window else { return }
        window.addDamage(extentInWindow())
    }

    /// The area the view and its visible subviews can draw in, in window coordinates.
    func extentInWindow() -> Rect {
        var extent = convert(bounds, to: nil)
        guard !clipsToBounds else { return extent }
        for subview in subviews where !subview.isHidden { extent = extent.union(subview.extentInWindow()) }
        return extent
    }

    /// The area the view and its visible subviews can draw in, in its own coordinates.
    func extentInOwnCoordinates() -> Rect {
        var extent = bounds
        guard !clipsToBounds else { return extent }
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
        if cornerRadius > 0 {
            let inset = bounds.insetBy(dx: borderWidth / 2, dy: borderWidth / 2)
            let radius = max(0, cornerRadius - borderWidth / 2)
            let outline = Path(roundedRect: inset, byRoundingCorners: maskedCorners.rectCorners, cornerRadii: Size(width: radius, height: radius))
            context.stroke(outline, with: borderColor, lineWidth: borderWidth)
            return
        }
        context.fillInsideEdges(of: bounds, width: borderWidth, with: borderColor)
    }

    /// The outline of the background, border and clip.
    var shape: Path {
        guard cornerRadius > 0 else { return Path(rect: bounds) }
        return Path(roundedRect: bounds, byRoundingCorners: maskedCorners.rectCorners, cornerRadii: Size(width: cornerRadius, height: cornerRadius))
    }

    /// Draws the view and its subviews, back to front. `context` is in the
    /// superview's coordinates and clipped to the damage, whose bounds there
    /// are `dirtyInSuperview`. `betweenViews` runs after each view's own drawing.
    func drawHierarchy(in context: GraphicsContext, dirtyInSuperview: Rect, betweenViews: (() -> Void)? = nil) {
        // While the view animates, its geometry, alpha and colour are drawn as
        // the animation has them; otherwise these are the model's.
        let animating = presentation != nil
        let alpha = animating ? drawnAlpha : self.alpha
        guard !isHidden, alpha > 0.001 else { return }
        let center = animating ? drawnCenter : self.center
        let bounds = animating ? drawnBounds : self.bounds
        let transform = animating ? drawnTransform : self.transform
        let frame = Rect(x: center.x - bounds.width / 2, y: center.y - bounds.height / 2, width: bounds.width, height: bounds.height)
        // A view that cannot draw outside its frame, away from the damage, is
        // skipped before any cairo call: a small repaint stays small.
        if (clipsToBounds || subviews.isEmpty) && transform.isIdentity && !frame.intersects(dirtyInSuperview) { return }
        context.saveState()
        defer { context.restoreState() }
        context.translateBy(x: center.x, y: center.y)
        if !transform.isIdentity { context.concatenate(transform) }
        context.translateBy(x: -bounds.midX, y: -bounds.midY)
        let visible = transform.isIdentity
            ? dirtyInSuperview.offsetBy(dx: bounds.minX - frame.minX, dy: bounds.minY - frame.minY)
            : context.clipBounds
        let dirty = visible.intersection(bounds)
        if clipsToBounds && dirty.isEmpty { return }
        let layered = alpha < 1
        if layered {
            // The layer is as large as the clip: keep it to what the view draws.
            context.clip(to: extentInOwnCoordinates())
            context.beginTransparencyLayer()
        }
        context.appearance = traits.colorAppearance
        if !dirty.isEmpty {
            // Square views go straight to cairo's rectangle, with no path to build.
            if let backgroundColor = animating ? drawnBackgroundColor : self.backgroundColor,
                backgroundColor.resolved(for: context.appearance).alpha > 0 {
                if cornerRadius > 0 { context.fill(shape, with: backgroundColor) } else { context.fill(bounds, with: backgroundColor) }
            }
            if clipsToBounds {
                if cornerRadius > 0 { context.clip(to: shape) } else { context.clip(to: bounds) }
            }
            context.withSavedState {
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
        for subview in subviews { subview.drawHierarchy(in: context, dirtyInSuperview: dirtyForSubviews, betweenViews: betweenViews) }
        if borderWidth > 0 && !dirty.isEmpty {
            context.appearance = traits.colorAppearance
            drawBorder(in: context)
        }
        if layered { context.endTransparencyLayer(alpha: alpha) }
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

    /// The damage since the last call, which starts collecting anew.
    public func takeDamage() -> Region {
        defer { damage.removeAll() }
        return damage
    }

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
        layoutIfNeeded()
        // What no view covers is the screen's own black; an opaque
        // window covers it all, and painting it twice would double the cost.
        let coversAll = (backgroundColor?.alpha ?? 0) >= 1 && alpha >= 1 && !isHidden && transform.isIdentity
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
    }
}
