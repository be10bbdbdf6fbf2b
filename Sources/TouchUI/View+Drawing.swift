extension GraphicsContext {
    /// The context a view's `draw(_:)` draws into (UIGraphicsGetCurrentContext).
    @MainActor public internal(set) static var current: GraphicsContext?
}

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

    /// The outline of the background, border and clip.
    var shape: Path { cornerRadius > 0 ? Path(roundedRect: bounds, cornerRadius: cornerRadius) : Path(rect: bounds) }

    /// Draws the view and its subviews, back to front. `context` is in the
    /// superview's coordinates and clipped to the damage.
    func drawHierarchy(in context: GraphicsContext) {
        guard !isHidden, alpha > 0.001 else { return }
        context.saveState()
        defer { context.restoreState() }
        context.translateBy(x: center.x, y: center.y)
        if !transform.isIdentity { context.concatenate(transform) }
        context.translateBy(x: -bounds.midX, y: -bounds.midY)
        let dirty = context.clipBounds.intersection(bounds)
        // Nothing of a clipping view is in the damage: skip it all.
        if clipsToBounds && dirty.isEmpty { return }
        let layered = alpha < 1
        if layered { context.beginTransparencyLayer() }
        if !dirty.isEmpty {
            if let backgroundColor, backgroundColor.alpha > 0 { context.fill(shape, with: backgroundColor) }
            if clipsToBounds { context.clip(to: shape) }
            context.withSavedState {
                GraphicsContext.current = context
                draw(dirty)
                GraphicsContext.current = nil
            }
        }
        for subview in subviews { subview.drawHierarchy(in: context) }
        if borderWidth > 0 && !dirty.isEmpty {
            let inset = bounds.insetBy(dx: borderWidth / 2, dy: borderWidth / 2)
            let outline = cornerRadius > 0 ? Path(roundedRect: inset, cornerRadius: max(0, cornerRadius - borderWidth / 2)) : Path(rect: inset)
            context.stroke(outline, with: borderColor, lineWidth: borderWidth)
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
    /// window's), laying out first: the compositor's repaint step.
    public func render(_ region: Region, in context: GraphicsContext) {
        guard !region.isEmpty else { return }
        layoutIfNeeded()
        context.withSavedState {
            var clip = Path()
            for rect in region.rects { clip.appendRect(rect.rect) }
            context.clip(to: clip)
            // What no view covers is the screen's own black.
            for rect in region.rects { context.replace(rect.rect, with: .black) }
            // The window sits at the screen's origin; draw its tree from there.
            let origin = frame.origin
            context.translateBy(x: -origin.x, y: -origin.y)
            drawHierarchy(in: context)
        }
    }
}
