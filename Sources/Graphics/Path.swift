/// A shape to fill or stroke, as UIBezierPath: lines, arcs and curves in
/// the coordinates of the context it is drawn in.
public struct Path: Sendable, Equatable {
    enum Element: Sendable, Equatable {
        case move(Point)
        case line(Point)
        case curve(Point, Point, Point)
        case arc(center: Point, radius: Double, start: Double, end: Double, clockwise: Bool)
        case close
    }

    var elements: [Element] = []

    public init() {}

    public init(rect: Rect) { appendRect(rect) }

    /// A rectangle with quarter-circle corners; the radius is limited to half the shorter side.
    public init(roundedRect rect: Rect, cornerRadius: Double) {
        let r = min(max(0, cornerRadius), rect.width / 2, rect.height / 2)
        guard r > 0 else {
            self.init(rect: rect)
            return
        }
        self.init()
        move(to: Point(x: rect.minX + r, y: rect.minY))
        addArc(center: Point(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: -.pi / 2, endAngle: 0)
        addArc(center: Point(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2)
        addArc(center: Point(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi)
        addArc(center: Point(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: .pi, endAngle: 3 * .pi / 2)
        close()
    }

    public init(ovalIn rect: Rect) {
        // A circle scaled is an ellipse; four cubic curves approximate it closely.
        let k = 0.5522847498
        let cx = rect.midX, cy = rect.midY, rx = rect.width / 2, ry = rect.height / 2
        move(to: Point(x: cx + rx, y: cy))
        addCurve(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + k * ry), control2: Point(x: cx + k * rx, y: cy + ry))
        addCurve(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - k * rx, y: cy + ry), control2: Point(x: cx - rx, y: cy + k * ry))
        addCurve(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - k * ry), control2: Point(x: cx - k * rx, y: cy - ry))
        addCurve(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + k * rx, y: cy - ry), control2: Point(x: cx + rx, y: cy - k * ry))
        close()
    }

    public var isEmpty: Bool { elements.isEmpty }

    /// Adds a closed rectangle, so several can make one clip or fill.
    public mutating func appendRect(_ rect: Rect) {
        move(to: Point(x: rect.minX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.maxY))
        addLine(to: Point(x: rect.minX, y: rect.maxY))
        close()
    }

    public mutating func move(to point: Point) { elements.append(.move(point)) }
    public mutating func addLine(to point: Point) { elements.append(.line(point)) }
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        elements.append(.curve(control1, control2, point))
    }
    /// Angles in radians; y grows downwards, so increasing angles turn clockwise on screen.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool = true) {
        elements.append(.arc(center: center, radius: radius, start: startAngle, end: endAngle, clockwise: clockwise))
    }
    public mutating func close() { elements.append(.close) }
}
