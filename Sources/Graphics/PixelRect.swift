/// A rectangle of whole pixels, for damage and copies.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x, y, width, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, max(0, width), max(0, height))
    }

    /// The pixels `rect` touches at all, so antialiased edges are included.
    public init(enclosing rect: Rect) {
        guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        let minX = Int((rect.minX).rounded(.down)), minY = Int((rect.minY).rounded(.down))
        let maxX = Int((rect.maxX).rounded(.up)), maxY = Int((rect.maxY).rounded(.up))
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public var isEmpty: Bool { width == 0 || height == 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var area: Int { width * height }
    public var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }

    public func intersection(_ other: PixelRect) -> PixelRect {
        let minX = max(x, other.x), minY = max(y, other.y)
        let maxX = min(self.maxX, other.maxX), maxY = min(self.maxY, other.maxY)
        guard maxX > minX, maxY > minY else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let minX = min(x, other.x), minY = min(y, other.y)
        return PixelRect(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
    }

    public func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// Damage: a few rectangles that cover every changed pixel. Rectangles that
/// overlap merge, and past `limit` they all merge into their bounds, so
/// that repainting stays a handful of clipped passes.
public struct Region: Sendable, Equatable {
    public private(set) var rects: [PixelRect] = []
    public static let limit = 8

    public init() {}
    public init(_ rect: PixelRect) { add(rect) }

    public var isEmpty: Bool { rects.isEmpty }
    public var bounds: PixelRect { rects.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) } }
    public var area: Int { rects.reduce(0) { $0 + $1.area } }

    public mutating func add(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        var merged = rect
        var index = 0
        // Absorb every rectangle the new one overlaps (or that contains it).
        while index < rects.count {
            if !rects[index].intersection(merged).isEmpty {
                merged = merged.union(rects.remove(at: index))
                index = 0
            } else {
                index += 1
            }
        }
        rects.append(merged)
        if rects.count > Region.limit { rects = [bounds] }
    }

    public mutating func formUnion(_ other: Region) { for rect in other.rects { add(rect) } }

    /// Only the part inside `clip`.
    public func clipped(to clip: PixelRect) -> Region {
        var result = Region()
        for rect in rects { result.add(rect.intersection(clip)) }
        return result
    }

    public mutating func removeAll() { rects.removeAll(keepingCapacity: true) }
}
