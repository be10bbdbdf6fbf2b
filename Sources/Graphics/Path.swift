/// A shape to fill or stroke, as UIBezierPath: lines, arcs and curves in
/// the coordinates of the context it is drawn in.
public struct Path: Sendable, Hashable {
    enum Element: Sendable, Hashable {
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
        self.init(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: Size(width: cornerRadius, height: cornerRadius))
    }

    /// The radius a rounded rectangle's corners get: as asked, at most half the shorter side.
    public static func cornerRadius(_ radius: Double, fittingIn rect: Rect) -> Double {
        min(max(0, radius), rect.width / 2, rect.height / 2)
    }

    /// A rectangle with some of its corners rounded, as UIBezierPath's: the
    /// radius is `cornerRadii.width`, limited to half the shorter side.
    public init(roundedRect rect: Rect, byRoundingCorners corners: RectCorner, cornerRadii: Size) {
        let r = Path.cornerRadius(cornerRadii.width, fittingIn: rect)
        guard r > 0, !corners.isEmpty else {
            self.init(rect: rect)
            return
        }
        self.init()
        func corner(_ which: RectCorner, _ x: Double, _ y: Double, center: Point, from start: Double) {
            if corners.contains(which) {
                addArc(center: center, radius: r, startAngle: start, endAngle: start + .pi / 2)
            } else {
                addLine(to: Point(x: x, y: y))
            }
        }
        move(to: Point(x: rect.minX + (corners.contains(.topLeft) ? r : 0), y: rect.minY))
        corner(.topRight, rect.maxX, rect.minY, center: Point(x: rect.maxX - r, y: rect.minY + r), from: -.pi / 2)
        corner(.bottomRight, rect.maxX, rect.maxY, center: Point(x: rect.maxX - r, y: rect.maxY - r), from: 0)
        corner(.bottomLeft, rect.minX, rect.maxY, center: Point(x: rect.minX + r, y: rect.maxY - r), from: .pi / 2)
        corner(.topLeft, rect.minX, rect.minY, center: Point(x: rect.minX + r, y: rect.minY + r), from: .pi)
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

    /// The smallest rectangle holding every point of the path, control
    /// points included (CGPath's `boundingBox`); null for an empty path.
    public var boundingBox: Rect {
        var box = Rect.null
        func add(_ point: Point) { box = box.union(Rect(x: point.x, y: point.y, width: 0, height: 0)) }
        for element in elements {
            switch element {
            case .move(let point), .line(let point): add(point)
            case .curve(let c1, let c2, let end): add(c1); add(c2); add(end)
            case .arc(let center, let radius, _, _, _):
                // The whole circle: an arc stays inside it.
                box = box.union(Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
            case .close: break
            }
        }
        return box
    }

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

    /// Adds `other`'s shapes to this one.
    public mutating func append(_ other: Path) { elements += other.elements }
}

/// The corners of a rectangle, as UIRectCorner.
public struct RectCorner: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let topLeft = RectCorner(rawValue: 1 << 0)
    public static let topRight = RectCorner(rawValue: 1 << 1)
    public static let bottomLeft = RectCorner(rawValue: 1 << 2)
    public static let bottomRight = RectCorner(rawValue: 1 << 3)
    public static let allCorners: RectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}
