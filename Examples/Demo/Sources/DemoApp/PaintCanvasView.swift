import TouchBridge

/// A canvas each finger paints on, in the chosen colour. The painting is
/// kept in a bitmap of its own, so a new stroke repaints only around itself.
///
/// Each moving finger's stroke also has a tail from its last real point to
/// where the finger is predicted to be a frame later
/// (`Event.predictedTouches(for:)`), so the ink keeps up with the finger.
/// The tail is a guess: it is drawn over the painting in draw(_:), never
/// into it, and the next sample replaces it.
@MainActor
public final class PaintCanvasView: View {
    public var paintColor = Color.systemRed
    public static let lineWidth = 6.0
    private var painting: Bitmap?
    private var paintContext: GraphicsContext?
    private var lastPoints: [ObjectIdentifier: Point] = [:]
    /// Each finger's predicted tail, from its last real point to the predicted one.
    private var tails: [ObjectIdentifier: (from: Point, to: Point)] = [:]
    /// When each tail's finger last moved: a finger that stops sends nothing more, so its tail is taken away on a timer.
    private var tailTimes: [ObjectIdentifier: Double] = [:]
    private var tailTimerSet = false
    /// Segments painted since the canvas was last cleared.
    public private(set) var strokeCount = 0

    public override init(frame: Rect) {
        painting = try? Bitmap(width: max(1, Int(frame.width.rounded(.up))), height: max(1, Int(frame.height.rounded(.up))))
        paintContext = painting.map(GraphicsContext.init(bitmap:))
        super.init(frame: frame)
        isMultipleTouchEnabled = true
        borderWidth = 1
        borderColor = Color(white: 0.7)
        clear()
    }

    /// A new size keeps what was painted, at the same place, on a bitmap of the new size.
    public override func layoutSubviews() {
        super.layoutSubviews()
        let width = max(1, Int(bounds.width.rounded(.up))), height = max(1, Int(bounds.height.rounded(.up)))
        guard let old = painting, old.width != width || old.height != height,
            let grown = try? Bitmap(width: width, height: height)
        else { return }
        let context = GraphicsContext(bitmap: grown)
        context.replace(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), with: .white)
        old.finishDrawing()
        context.draw(Image(bitmap: old), in: Rect(x: 0, y: 0, width: Double(old.width), height: Double(old.height)))
        (painting, paintContext) = (grown, context)
        setNeedsDisplay()
    }

    public func clear() {
        paintContext?.replace(bounds, with: .white)
        strokeCount = 0
        setNeedsDisplay()
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            let point = touch.location(in: self)
            lastPoints[ObjectIdentifier(touch)] = point
            damage(paint(from: point, to: point).union(updateTail(of: touch, with: event)))
        }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            let point = touch.location(in: self)
            // One damaged area for the new segment, the old tail and the new one: they overlap.
            let painted = paint(from: lastPoints[ObjectIdentifier(touch)] ?? point, to: point)
            lastPoints[ObjectIdentifier(touch)] = point
            damage(painted.union(updateTail(of: touch, with: event)))
        }
        // A finger that held still while another moved: its tail goes once it is no longer predicted.
        for touch in event?.orderedTouches ?? [] where !touches.contains(touch) && tails[ObjectIdentifier(touch)] != nil {
            damage(updateTail(of: touch, with: event))
        }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            lastPoints[ObjectIdentifier(touch)] = nil
            damage(setTail(nil, for: touch))
        }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        touchesEnded(touches, with: event)
    }

    /// Replaces the touch's tail by one to its predicted location, or removes
    /// it when nothing is predicted; returns the area to repaint.
    private func updateTail(of touch: Touch, with event: Event?) -> Rect {
        guard let predicted = event?.predictedTouches(for: touch)?.last else { return setTail(nil, for: touch) }
        let end = predicted.location(in: self)
        let start = touch.location(in: self)
        tailTimes[ObjectIdentifier(touch)] = touch.timestamp
        removeStaleTailsLater()
        return setTail(end == start ? nil : (start, end), for: touch)
    }

    /// A tail whose finger has not moved for a prediction's window goes: the guess has nothing behind it.
    private func removeStaleTailsLater() {
        guard !tailTimerSet, let timeline = window?.hostApplication.timeline else { return }
        tailTimerSet = true
        _ = timeline.schedule(after: TouchPredictor.window) { [weak self] in
            guard let self else { return }
            self.tailTimerSet = false
            let now = timeline.now
            for (key, time) in self.tailTimes where now - time >= TouchPredictor.window {
                self.tailTimes[key] = nil
                if let tail = self.tails.removeValue(forKey: key) { self.damage(self.area(from: tail.from, to: tail.to)) }
            }
            if !self.tails.isEmpty { self.removeStaleTailsLater() }
        }
    }

    /// Sets the touch's tail; returns what the old and the new one cover (null: neither).
    private func setTail(_ tail: (from: Point, to: Point)?, for touch: Touch) -> Rect {
        let key = ObjectIdentifier(touch)
        var changed = Rect.null
        if let old = tails[key] { changed = area(from: old.from, to: old.to) }
        tails[key] = tail
        if tail == nil { tailTimes[key] = nil }
        if let tail { changed = changed.union(area(from: tail.from, to: tail.to)) }
        return changed
    }

    private func damage(_ area: Rect) {
        if !area.isNull { setNeedsDisplay(area) }
    }

    /// What a segment with round caps covers, with a point to spare for antialiasing.
    private func area(from start: Point, to end: Point) -> Rect {
        let r = Self.lineWidth / 2
        let touched = Rect(x: min(start.x, end.x), y: min(start.y, end.y), width: abs(end.x - start.x), height: abs(end.y - start.y))
        return touched.insetBy(dx: -r - 1, dy: -r - 1)
    }

    /// Paints a segment into the painting; returns the area to repaint.
    private func paint(from start: Point, to end: Point) -> Rect {
        guard let paintContext else { return .null }
        // One stroke with round caps: a dot where the finger lands, a smooth line as it moves.
        paintContext.strokeLine(from: start, to: end, with: paintColor, lineWidth: Self.lineWidth, lineCap: .round)
        strokeCount += 1
        return area(from: start, to: end)
    }

    public override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current, let painting else { return }
        painting.finishDrawing()
        context.draw(Image(bitmap: painting), in: bounds)
        // Only the tails in this repaint (each damaged rectangle is a pass of its
        // own), and only on the canvas, as the real strokes are.
        context.clip(to: bounds)
        for tail in tails.values where area(from: tail.from, to: tail.to).intersects(rect) {
            context.strokeLine(from: tail.from, to: tail.to, with: paintColor, lineWidth: Self.lineWidth, lineCap: .round)
        }
    }
}
