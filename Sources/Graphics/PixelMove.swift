import Glibc

/// Pixels that slide inside a rectangle, as a scrolled view's picture
/// does: what stays in sight is moved, not drawn again.
public struct PixelMove: Equatable, Sendable, CustomStringConvertible {
    /// The rectangle the pixels move in; nothing outside it changes.
    public var rect: PixelRect
    /// How far they move, in pixels (right and down are positive).
    public var dx: Int, dy: Int

    public init(rect: PixelRect, dx: Int, dy: Int) {
        (self.rect, self.dx, self.dy) = (rect, dx, dy)
    }

    /// Whether anything of the old picture is left in sight after the move.
    public var keepsAnything: Bool { abs(dx) < rect.width && abs(dy) < rect.height }

    /// The parts of `rect` that no old pixel lands on: what must be drawn anew.
    public var exposed: [PixelRect] {
        guard keepsAnything else { return [rect] }
        var strips: [PixelRect] = []
        if dy > 0 { strips.append(PixelRect(x: rect.x, y: rect.y, width: rect.width, height: dy)) }
        if dy < 0 { strips.append(PixelRect(x: rect.x, y: rect.maxY + dy, width: rect.width, height: -dy)) }
        if dx > 0 { strips.append(PixelRect(x: rect.x, y: rect.y, width: dx, height: rect.height)) }
        if dx < 0 { strips.append(PixelRect(x: rect.maxX + dx, y: rect.y, width: -dx, height: rect.height)) }
        return strips
    }

    /// Where the pixels now in `area` are after the move, kept inside `rect`.
    public func carried(_ area: PixelRect) -> PixelRect {
        area.intersection(rect).offsetBy(dx: dx, dy: dy).intersection(rect)
    }

    public var description: String { "\(rect) by \(dx),\(dy)" }
}

extension PixelRect {
    public func offsetBy(dx: Int, dy: Int) -> PixelRect { PixelRect(x: x + dx, y: y + dy, width: width, height: height) }
}

extension Bitmap {
    /// Slides the pixels inside `move.rect` by its offset. Where they come
    /// from outside the rectangle the old pixels stay: the caller draws there.
    public func apply(_ move: PixelMove) {
        // Both ends inside the bitmap: a rectangle partly off it moves only what is on it.
        let inside = move.rect.intersection(bounds)
        let destination = inside.intersection(inside.offsetBy(dx: move.dx, dy: move.dy))
        guard !destination.isEmpty, move.dx != 0 || move.dy != 0 else { return }
        finishDrawing()
        let base = pixels
        let bytes = destination.width * 4
        // Rows are visited so that none is read after it was written over.
        let rows = move.dy > 0
            ? Swift.stride(from: destination.maxY - 1, through: destination.y, by: -1)
            : Swift.stride(from: destination.y, through: destination.maxY - 1, by: 1)
        for row in rows {
            let target = base + row * stride + destination.x * 4
            let source = base + (row - move.dy) * stride + (destination.x - move.dx) * 4
            memmove(target, source, bytes)
        }
        pixelsChanged()
    }
}

extension Bitmap {
    /// A new bitmap (opaque unless told) holding the pixels of `rect` of this one.
    public func cropped(to rect: PixelRect, opaque: Bool = true) throws -> Bitmap {
        precondition(bounds.contains(rect), "\(rect) is not inside the \(width)x\(height) bitmap")
        let copy = try Bitmap(width: rect.width, height: rect.height, opaque: opaque)
        finishDrawing()
        for row in 0..<rect.height {
            (copy.pixels + row * copy.stride).copyMemory(from: pixels + (rect.y + row) * stride + rect.x * 4, byteCount: rect.width * 4)
        }
        copy.pixelsChanged()
        return copy
    }

    /// Whether both hold the same pixels, byte for byte (sizes too).
    public func hasSamePixels(as other: Bitmap) -> Bool {
        guard width == other.width, height == other.height else { return false }
        finishDrawing()
        other.finishDrawing()
        for row in 0..<height where memcmp(pixels + row * stride, other.pixels + row * other.stride, width * 4) != 0 { return false }
        return true
    }

    /// The first pixel, row by row, where this and `other` differ, said in
    /// words for a test's message; nil when none does (sizes taken as this one's).
    public func firstDifference(from other: Bitmap) -> String? {
        for y in 0..<height {
            for x in 0..<width where pixel(x: x, y: y) != other.pixel(x: x, y: y) {
                return "pixel \(x), \(y): \(pixel(x: x, y: y)) against \(other.pixel(x: x, y: y))"
            }
        }
        return nil
    }

    /// The smallest rectangle outside which every pixel is fully
    /// transparent: the drawn part of a picture with room around it (a
    /// finger marker's stamp). Empty when nothing is drawn.
    public func drawnBounds() -> PixelRect {
        finishDrawing()
        var minX = width, minY = height, maxX = -1, maxY = -1
        for row in 0..<height {
            let line = (pixels + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<width where line[column] >> 24 != 0 {
                minX = Swift.min(minX, column)
                maxX = Swift.max(maxX, column)
                minY = Swift.min(minY, row)
                maxY = row
            }
        }
        guard maxX >= 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
