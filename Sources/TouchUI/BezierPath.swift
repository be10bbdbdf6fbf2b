import Glibc

/// A shape to draw in a view's `draw(_:)`, as UIBezierPath: build it with
/// lines, curves and arcs, set its line width, and `fill()` or `stroke()` it
/// in the colours set with `Color.setFill()` and `setStroke()`:
///
///     override func draw(_ rect: Rect) {
///         let ring = BezierPath(ovalIn: bounds.insetBy(dx: 4, dy: 4))
///         ring.lineWidth = 8
///         Color.systemGreen.setStroke()
///         ring.stroke()
///     }
@MainActor
public final class BezierPath {
    /// The shape, as Graphics draws it (UIBezierPath's cgPath).
    public private(set) var path = Path()
    /// The shape as a CGPath (a `Path`), for `layer.shadowPath`.
    public var cgPath: Path { path }
    public var lineWidth = 1.0
    public var lineCapStyle = GraphicsContext.LineCap.butt
    public var lineJoinStyle = GraphicsContext.LineJoin.miter
    /// Where the next segment starts; nil before the first `move(to:)`.
    public private(set) var currentPoint: Point?
    /// Where the subpath being built began: `close()` goes back there.
    private var subpathStart: Point?

    public init() {}

    public convenience init(rect: Rect) {
        self.init(path: Path(rect: rect), ending: Point(x: rect.minX, y: rect.minY))
    }

    public convenience init(ovalIn rect: Rect) {
        self.init(path: Path(ovalIn: rect), ending: Point(x: rect.maxX, y: rect.midY))
    }

    public convenience init(roundedRect rect: Rect, cornerRadius: Double) {
        self.init(path: Path(roundedRect: rect, cornerRadius: cornerRadius), ending: Point(x: rect.minX, y: rect.minY))
    }

    public convenience init(roundedRect rect: Rect, byRoundingCorners corners: RectCorner, cornerRadii: Size) {
        self.init(path: Path(roundedRect: rect, byRoundingCorners: corners, cornerRadii: cornerRadii), ending: Point(x: rect.minX, y: rect.minY))
    }

    /// An arc; angles in radians from the positive x axis, clockwise on screen as in UIKit.
    public convenience init(arcCenter center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    private convenience init(path: Path, ending: Point) {
        self.init()
        self.path = path
        currentPoint = ending
    }

    public var isEmpty: Bool { path.isEmpty }

    public func move(to point: Point) {
        path.move(to: point)
        currentPoint = point
        subpathStart = point
    }

    public func addLine(to point: Point) {
        path.addLine(to: point)
        currentPoint = point
    }

    public func addCurve(to point: Point, controlPoint1: Point, controlPoint2: Point) {
        path.addCurve(to: point, control1: controlPoint1, control2: controlPoint2)
        currentPoint = point
    }

    /// A quadratic curve, drawn as the cubic one that traces the same shape.
    public func addQuadCurve(to point: Point, controlPoint: Point) {
        let start = currentPoint ?? point
        let c1 = Point(x: start.x + 2 / 3 * (controlPoint.x - start.x), y: start.y + 2 / 3 * (controlPoint.y - start.y))
        let c2 = Point(x: point.x + 2 / 3 * (controlPoint.x - point.x), y: point.y + 2 / 3 * (controlPoint.y - point.y))
        addCurve(to: point, controlPoint1: c1, controlPoint2: c2)
    }

    public func addArc(withCenter center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        currentPoint = Point(x: center.x + radius * cos(endAngle), y: center.y + radius * sin(endAngle))
    }

    public func close() {
        path.close()
        currentPoint = subpathStart ?? currentPoint
    }

    public func append(_ other: BezierPath) {
        path.append(other.path)
        currentPoint = other.currentPoint ?? currentPoint
    }

    public func removeAllPoints() {
        path = Path()
        currentPoint = nil
        subpathStart = nil
    }

    /// Fills the shape with the current context's fill colour; outside `draw(_:)`, nothing.
    public func fill() {
        guard let context = GraphicsContext.current else { return }
        context.fill(path, with: context.fillColor)
    }

    /// Strokes the outline with the current context's stroke colour, `lineWidth` wide.
    public func stroke() {
        guard let context = GraphicsContext.current else { return }
        context.stroke(path, with: context.strokeColor, lineWidth: lineWidth, lineCap: lineCapStyle, lineJoin: lineJoinStyle)
    }

    /// Limits what is drawn next in `draw(_:)` to the inside of the shape.
    public func addClip() {
        GraphicsContext.current?.clip(to: path)
    }
}

extension Color {
    /// The colour `BezierPath.fill()` uses from now on in this `draw(_:)`.
    @MainActor public func setFill() { GraphicsContext.current?.fillColor = self }
    /// The colour `BezierPath.stroke()` uses from now on in this `draw(_:)`.
    @MainActor public func setStroke() { GraphicsContext.current?.strokeColor = self }
    /// Both, as UIColor.set().
    @MainActor public func set() {
        setFill()
        setStroke()
    }
}
