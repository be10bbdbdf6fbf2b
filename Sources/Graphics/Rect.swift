/// A rectangle: an origin and a size, in points. Like CGRect, operations
/// work on the standardized rectangle (a negative size counts from the other edge).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The result of intersecting rectangles that do not meet.
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

    public var isNull: Bool { origin.x.isInfinite || origin.y.isInfinite }
    public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }

    public var width: Double { abs(size.width) }
    public var height: Double { abs(size.height) }
    public var minX: Double { min(origin.x, origin.x + size.width) }
    public var minY: Double { min(origin.y, origin.y + size.height) }
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    public var midX: Double { (minX + maxX) / 2 }
    public var midY: Double { (minY + maxY) / 2 }

    public var standardized: Rect { isNull ? self : Rect(x: minX, y: minY, width: width, height: height) }

    /// Inside includes the top and left edges, not the bottom and right ones.
    public func contains(_ point: Point) -> Bool {
        !isNull && point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    public func contains(_ rect: Rect) -> Bool {
        !isNull && !rect.isNull && rect.minX >= minX && rect.maxX <= maxX && rect.minY >= minY && rect.maxY <= maxY
    }

    /// Shrinks by dx on the left and right and dy on the top and bottom (negative values grow it).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        guard !isNull else { return self }
        let r = standardized
        let result = Rect(x: r.minX + dx, y: r.minY + dy, width: r.width - 2 * dx, height: r.height - 2 * dy)
        return result.size.width < 0 || result.size.height < 0 ? .null : result
    }

    public func inset(by insets: EdgeInsets) -> Rect {
        guard !isNull else { return self }
        let r = standardized
        let result = Rect(
            x: r.minX + insets.left, y: r.minY + insets.top, width: r.width - insets.left - insets.right,
            height: r.height - insets.top - insets.bottom)
        return result.size.width < 0 || result.size.height < 0 ? .null : result
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        isNull ? self : Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    public func intersection(_ other: Rect) -> Rect {
        guard !isNull, !other.isNull else { return .null }
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        guard x0 <= x1, y0 <= y1 else { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func intersects(_ other: Rect) -> Bool { !intersection(other).isEmpty }

    public func union(_ other: Rect) -> Rect {
        if isNull { return other.standardized }
        if other.isNull { return standardized }
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The smallest rectangle holding the transformed corners.
    public func applying(_ t: AffineTransform) -> Rect {
        guard !isNull else { return self }
        // No arrays: this runs for every view a repaint or a hit test passes.
        let a = Point(x: minX, y: minY).applying(t), b = Point(x: maxX, y: minY).applying(t)
        let c = Point(x: minX, y: maxY).applying(t), d = Point(x: maxX, y: maxY).applying(t)
        let x0 = min(a.x, b.x, c.x, d.x), x1 = max(a.x, b.x, c.x, d.x)
        let y0 = min(a.y, b.y, c.y, d.y), y1 = max(a.y, b.y, c.y, d.y)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
