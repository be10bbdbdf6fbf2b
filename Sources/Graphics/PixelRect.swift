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

    /// Whether the two share a pixel.
    public func intersects(_ other: PixelRect) -> Bool {
        !isEmpty && !other.isEmpty && max(x, other.x) < min(maxX, other.maxX) && max(y, other.y) < min(maxY, other.maxY)
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

/// Damage: a few rectangles that cover every changed pixel. Two rectangles
/// that overlap merge when their union costs no more to repaint than both
/// apart; others may overlap (a pass repaints its pixels from the back, so a pixel painted
/// twice comes out the same). Past `limit`, the two whose union adds the
/// fewest pixels merge, until the count is back under it. So ten fingers, or
/// a finger under a status line, stay small repaints rather than one covering
/// everything between them.
public struct Region: Sendable, Equatable {
    public private(set) var rects: [PixelRect] = []
    public static let limit = 16

    /// Pixels a union may add and still be taken over two rectangles apart:
    /// what one more rectangle costs its user before its first pixel. None
    /// unless given: a copy of rectangles costs little per rectangle.
    public private(set) var mergeAllowance = 0

    public init() {}
    public init(_ rect: PixelRect) { add(rect) }
    /// A region whose rectangles merge when their union adds no more than `mergeAllowance` pixels.
    public init(mergeAllowance: Int) { self.mergeAllowance = mergeAllowance }

    public var isEmpty: Bool { rects.isEmpty }
    public var bounds: PixelRect { rects.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) } }
    /// The pixels the rectangles hold, counting those in an overlap once per rectangle: what a repaint costs.
    public var area: Int { rects.reduce(0) { $0 + $1.area } }

    public mutating func add(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        // Room for all it may hold at once: a hand's ten markers would otherwise grow it four times a frame.
        if rects.capacity == 0 { rects.reserveCapacity(Region.limit + 1) }
        absorb(rect)
        while rects.count > Region.limit { mergeCheapestPair() }
    }

    /// Adds `rect`, merged with every rectangle whose union with it is no
    /// larger than the two (plus the allowance, when one is given).
    private mutating func absorb(_ rect: PixelRect) {
        var merged = rect
        var index = 0
        while index < rects.count {
            let other = rects[index]
            // Without an allowance only overlapping ones can merge: most pairs are told apart by four comparisons.
            guard mergeAllowance > 0 || other.intersects(merged) else {
                index += 1
                continue
            }
            let union = merged.union(other)
            if union.area <= merged.area + other.area + mergeAllowance {
                merged = union
                rects.remove(at: index)
                index = 0
            } else {
                index += 1
            }
        }
        rects.append(merged)
    }

    private mutating func mergeCheapestPair() {
        var best = (first: 0, second: 1, waste: Int.max)
        // Every pair, in plain arithmetic on the buffer (its rectangles are never empty, so a
        // union is their bounding box): a hand's landing makes a few of these looks a frame.
        rects.withUnsafeBufferPointer { rects in
            for first in 0..<rects.count {
                let a = rects[first]
                let aMaxX = a.x &+ a.width, aMaxY = a.y &+ a.height, aArea = a.width &* a.height
                var second = first &+ 1
                while second < rects.count {
                    let b = rects[second]
                    let width = max(aMaxX, b.x &+ b.width) &- min(a.x, b.x), height = max(aMaxY, b.y &+ b.height) &- min(a.y, b.y)
                    let waste = width &* height &- aArea &- b.width &* b.height
                    if waste < best.waste { best = (first, second, waste) }
                    second &+= 1
                }
            }
        }
        let union = rects[best.first].union(rects[best.second])
        rects.remove(at: best.second)
        rects.remove(at: best.first)
        absorb(union)
    }

    public mutating func formUnion(_ other: Region) {
        // Into nothing: the other's rectangles as they are, sharing its storage (no copy, no
        // allocation), when adding them one by one would keep them so: one rectangle, or
        // rectangles kept apart under an allowance no smaller than this region's, which
        // keeps them apart too.
        if rects.isEmpty && (other.mergeAllowance >= mergeAllowance || other.rects.count <= 1) {
            rects = other.rects
            return
        }
        for rect in other.rects { add(rect) }
    }

    /// Only the part inside `clip`.
    public func clipped(to clip: PixelRect) -> Region {
        var result = Region()
        for rect in rects { result.add(rect.intersection(clip)) }
        return result
    }

    public mutating func removeAll() {
        // An empty region shared with a copy (a frame just taken from it) would otherwise be copied
        // to keep its capacity: an allocation a frame for nothing.
        guard !rects.isEmpty else { return }
        rects.removeAll(keepingCapacity: true)
    }

    /// The same rectangles, whatever each region's allowance.
    public static func == (lhs: Region, rhs: Region) -> Bool { lhs.rects == rhs.rects }
}
