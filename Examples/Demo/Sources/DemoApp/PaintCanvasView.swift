import TouchBridge

/// A canvas each finger paints on, in the chosen colour. The painting is
/// kept in a bitmap of its own, so a new stroke repaints only around itself.
@MainActor
public final class PaintCanvasView: View {
    public var paintColor = Color.systemRed
    public static let lineWidth = 6.0
    private let painting: Bitmap?
    private let paintContext: GraphicsContext?
    private var lastPoints: [ObjectIdentifier: Point] = [:]
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

    public func clear() {
        paintContext?.replace(bounds, with: .white)
        strokeCount = 0
        setNeedsDisplay()
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            let point = touch.location(in: self)
            lastPoints[ObjectIdentifier(touch)] = point
            paint(from: point, to: point)
        }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            let point = touch.location(in: self)
            paint(from: lastPoints[ObjectIdentifier(touch)] ?? point, to: point)
            lastPoints[ObjectIdentifier(touch)] = point
        }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { lastPoints[ObjectIdentifier(touch)] = nil }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        touchesEnded(touches, with: event)
    }

    private func paint(from start: Point, to end: Point) {
        guard let paintContext else { return }
        let r = Self.lineWidth / 2
        // One stroke with round caps: a dot where the finger lands, a smooth line as it moves.
        paintContext.strokeLine(from: start, to: end, with: paintColor, lineWidth: Self.lineWidth, lineCap: .round)
        strokeCount += 1
        let touched = Rect(x: min(start.x, end.x), y: min(start.y, end.y), width: abs(end.x - start.x), height: abs(end.y - start.y))
        setNeedsDisplay(touched.insetBy(dx: -r - 1, dy: -r - 1))
    }

    public override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current, let painting else { return }
        painting.finishDrawing()
        context.draw(Image(bitmap: painting), in: bounds)
    }
}
