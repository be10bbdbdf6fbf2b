import Graphics

extension View {
    /// The view's bounds' origin moved by `delta` (a scroll) with its frame
    /// unchanged. When its picture on screen can simply slide, the window
    /// notes the move and the strip that came into sight, and true is
    /// returned; otherwise the caller repaints the view as a whole.
    ///
    /// A slide is exact only where the pixels are the view's alone: an
    /// opaque, clipping, square view with no border, in a tree of plain
    /// translations at full opacity with nothing animating or rasterized,
    /// on whole pixels, moved by whole pixels. Views drawn in front of it
    /// slide along with it, so their old and new places are repainted.
    func slideContents(by delta: Point) -> Bool {
        guard delta.x == delta.x.rounded(), delta.y == delta.y.rounded(), abs(delta.x) < 1e6, abs(delta.y) < 1e6,
            slidesContentOnScroll, !isRasterized, let (window, rect, inFront) = ownPictureOnScreen(),
            // A view in front that animates is drawn away from its model: where its pixels slide is unknown.
            !(window.hostApplication.hasRunningAnimations && inFront.contains { $0.hasAnimationInside })
        else { return false }
        guard !rect.isEmpty else { return true }  // out of sight: nothing to draw
        let move = PixelMove(rect: rect, dx: Int(delta.x), dy: Int(delta.y))
        let covering = inFront.flatMap { $0.paintedAreasInWindow ?? [$0.extentInWindow()] }
            .map { PixelRect(enclosing: $0).intersection(rect) }.filter { !$0.isEmpty }
        window.slide(move, under: covering)
        return true
    }

    /// Where the view's picture is on screen when those pixels are its own:
    /// an opaque, square view with no border that draws only in its bounds, in a tree of plain
    /// translations at full opacity with nothing animating and no rasterized
    /// ancestor, on whole pixels. Also the views drawn in front of it. The
    /// rectangle is empty when the view is out of sight; nil when its
    /// pixels are not its own.
    func ownPictureOnScreen() -> (window: Window, rect: PixelRect, inFront: [View])? {
        // A view that does not clip but draws nothing outside its bounds will do.
        guard let window, clipsToBounds || extentInOwnCoordinates() == bounds, cornerRadius == 0, borderWidth == 0, layerMask == nil,
            let backgroundColor, backgroundColor.resolved(for: traits.colorAppearance).alpha >= 1
        else { return nil }
        // Up to the window: the part of the view in sight, and the views in front of it.
        // The frame: the loop below refuses a transform.
        var visible = frame
        var inFront: [View] = []
        var child: View = self
        while true {
            guard !child.isHidden, child.alpha >= 1, child.presentation == nil, child.crossDissolve == nil, child.layerMask == nil, child.transform.isIdentity, child.projection == nil,
                child === self || !child.isRasterized
            else { return nil }
            guard let parent = child.superview else { break }
            guard parent.borderWidth == 0, !(parent.clipsToBounds && parent.cornerRadius > 0) else { return nil }
            if parent.clipsToBounds { visible = visible.intersection(parent.bounds) }
            let siblings = parent.subviewsInDrawingOrder
            if let index = siblings.lastIndex(where: { $0 === child }) {
                inFront.append(contentsOf: siblings[(index + 1)...].filter { !$0.isHidden && ($0.alpha > 0.001 || $0.presentation != nil) })
            }
            // Into the parent's superview's coordinates; the window's own are where this ends.
            if parent.superview != nil {
                let anchor = parent.anchor(in: parent.bounds)
                visible = visible.offsetBy(dx: parent.center.x - anchor.x, dy: parent.center.y - anchor.y)
            }
            child = parent
        }
        guard child === window else { return nil }
        visible = visible.intersection(window.bounds)
        guard !visible.isNull, !visible.isEmpty else { return (window, PixelRect(x: 0, y: 0, width: 0, height: 0), inFront) }
        let rect = PixelRect(enclosing: visible)
        // Edges between pixels would blend with what lies behind.
        guard rect.rect == visible else { return nil }
        return (window, rect, inFront)
    }

    /// A rasterized view about to move, whose picture the screen shows as it
    /// is: its tiles are copied from the frame the compositor keeps instead
    /// of drawn. A navigation push's first frame would otherwise draw the
    /// leaving screen into its picture, where before it was drawn straight
    /// into the frame. Nothing is copied where anything else might show.
    func capturePictureFromScreen() {
        guard isRasterized, let window, let kept = window.keptFrame, let screen = kept.weakContext?.bitmap,
            let (_, rect, inFront) = ownPictureOnScreen(),
            !rect.isEmpty, let placement = placementInWindow(),
            placement.offset.x == placement.offset.x.rounded(), placement.offset.y == placement.offset.y.rounded()
        else { return }
        // Pixels still to repaint, or to slide, are not the view's picture yet.
        guard !(window.hostApplication.hasRunningAnimations && inFront.contains { $0.hasAnimationInside }),
            !window.damage.rects.contains(where: { !$0.intersection(rect).isEmpty }),
            !window.pendingMoves.contains(where: { !$0.rect.intersection(rect).isEmpty }),
            !inFront.flatMap({ $0.paintedAreasInWindow ?? [$0.extentInWindow()] }).contains(where: { $0.intersects(rect.rect) }),
            let cache = currentRasterCache()
        else { return }
        let area = rect.rect.offsetBy(dx: -placement.offset.x, dy: -placement.offset.y)
        cache.capture(
            from: screen,
            offset: (Int(placement.offset.x) + kept.offset.x, Int(placement.offset.y) + kept.offset.y), area: area)
    }
}

extension View {
    /// Whether the view or a view inside it is animating.
    var hasAnimationInside: Bool {
        if presentation != nil || crossDissolve != nil { return true }
        for subview in subviews where subview.hasAnimationInside { return true }
        return false
    }
}

extension Window {
    /// Notes a picture sliding inside `move.rect`, with `covering` the
    /// places there that views in front of it hold: their pixels slide too,
    /// so both their old places (carried) and their own are repainted.
    func slide(_ move: PixelMove, under covering: [PixelRect]) {
        // A move made while a frame is drawn (a layout pass in it) would be applied to pixels already drawn moved.
        guard move.keepsAnything, pendingMoves.count < 8, !isRendering else {
            addDamage(move.rect.rect)
            return
        }
        // Pixels waiting to be repainted move with the picture: they are
        // repainted where they land (and where they were, which is kept).
        var carried: [PixelRect] = damage.rects.map(move.carried)
        for place in covering {
            carried.append(place)
            carried.append(move.carried(place))
        }
        if let last = pendingMoves.last, last.rect == move.rect {
            pendingMoves[pendingMoves.count - 1] = PixelMove(rect: move.rect, dx: last.dx + move.dx, dy: last.dy + move.dy)
            if !pendingMoves[pendingMoves.count - 1].keepsAnything {
                pendingMoves.removeLast()
            }
        } else {
            pendingMoves.append(move)
        }
        for area in carried + move.exposed { addDamage(area.rect) }
    }

    /// What changed since the last call, which starts collecting anew: the
    /// slides to apply to the last frame, then the pixels to repaint.
    public func takeFrame() -> WindowFrame {
        // Views come to rest first: the last picture let go is drawn as it is in this very frame.
        movedViews?.frameTaken()
        framesTaken += 1
        defer {
            // Whoever takes the frame draws it elsewhere, or mid-way: the kept one is stale until drawn.
            keptFrame = nil
            damage.removeAll()
            pendingMoves.removeAll()
        }
        var changed = damage
        for move in pendingMoves { changed.add(move.rect) }
        return WindowFrame(moves: pendingMoves, repaint: damage, changed: changed)
    }

    /// Brings `context`, which holds the frame before this one, up to date:
    /// slides what moved, then repaints the rest (see `render(_:in:betweenViews:)`).
    /// A context that is not on the window's pixel grid repaints the slid rectangles instead.
    public func render(_ frame: WindowFrame, in context: GraphicsContext, betweenViews: (() -> Void)? = nil) {
        let t = context.transform
        let onGrid = t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1 && t.tx == t.tx.rounded() && t.ty == t.ty.rounded()
        keptFrame = nil
        View.beginPictureFrame()
        isRendering = true
        defer { isRendering = false }
        var repaint = frame.repaint
        for move in frame.moves {
            if onGrid {
                context.flush()
                context.bitmap.apply(PixelMove(rect: move.rect.offsetBy(dx: Int(t.tx), dy: Int(t.ty)), dx: move.dx, dy: move.dy))
            } else {
                repaint.add(move.rect)
            }
        }
        render(repaint, in: context, betweenViews: betweenViews)
        // Now the context shows the window as it stands, until the next change.
        if onGrid {
            let offset = (x: Int(t.tx), y: Int(t.ty))
            // The same context at the same place as last frame: its record serves again, with no allocation.
            if let spare = spareKeptFrame, spare.weakContext === context, spare.offset == offset {
                keptFrame = spare
            } else {
                keptFrame = KeptFrame(context: context, offset: offset)
            }
        }
    }
}
