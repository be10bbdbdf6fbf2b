import Glibc

extension Path {
    /// The path walked as straight steps, what something travelling along it
    /// follows (a keyframe animation's `path`): where it starts, then for
    /// each line, curve, arc or close, the points along it up to its end (a
    /// line's end alone; a curve or arc `steps` points, and an arc first the
    /// line to where it begins). A move after the first is walked straight
    /// to, as a line; a close that is already back where its shape began is
    /// no step. Nil for a path with no element to walk.
    public func walked(steps: Int = 16) -> (start: Point, pieces: [[Point]])? {
        var start: Point?
        var current = Point.zero, subpathStart = Point.zero
        var pieces: [[Point]] = []
        let steps = max(1, steps)
        for element in elements {
            switch element {
            case .move(let point):
                if start == nil {
                    start = point
                } else {
                    pieces.append([point])
                }
                current = point
                subpathStart = point
            case .line(let point):
                if start == nil { start = current }
                pieces.append([point])
                current = point
            case .curve(let c1, let c2, let end):
                if start == nil { start = current }
                let p0 = current
                pieces.append(
                    (1...steps).map { step in
                        let t = Double(step) / Double(steps), u = 1 - t
                        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                        return Point(x: a * p0.x + b * c1.x + c * c2.x + d * end.x, y: a * p0.y + b * c1.y + c * c2.y + d * end.y)
                    })
                current = end
            case .arc(let center, let radius, let from, var to, let clockwise):
                // As cairo draws it: clockwise (angles growing) wraps the end past the start, and the other way before it.
                if clockwise {
                    while to < from { to += 2 * .pi }
                } else {
                    while to > from { to -= 2 * .pi }
                }
                func point(_ angle: Double) -> Point { Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)) }
                let first = point(from)
                var piece: [Point] = []
                if start == nil {
                    start = first
                } else if first != current {
                    piece.append(first)
                }
                for step in 1...steps { piece.append(point(from + (to - from) * Double(step) / Double(steps))) }
                pieces.append(piece)
                current = point(to)
            case .close:
                // Closing where it already is (an oval's close) is no way to walk.
                guard start != nil, current != subpathStart else { continue }
                pieces.append([subpathStart])
                current = subpathStart
            }
        }
        guard let start, !pieces.isEmpty else { return nil }
        return (start, pieces)
    }
}

extension Path {
    /// The path `fraction` of the way to `other`, point by point, when the
    /// two are made of the same kinds of element in the same order (a
    /// circle's and a larger circle's, a rounded rectangle's and another's
    /// with the same corners); nil when they are not. What a shape
    /// layer's `path` animation draws between its two paths.
    public func interpolated(to other: Path, _ fraction: Double) -> Path? {
        guard elements.count == other.elements.count else { return nil }
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
        func mix(_ a: Point, _ b: Point) -> Point { Point(x: mix(a.x, b.x), y: mix(a.y, b.y)) }
        var result = Path()
        result.elements.reserveCapacity(elements.count)
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case (.move(let p), .move(let q)): result.elements.append(.move(mix(p, q)))
            case (.line(let p), .line(let q)): result.elements.append(.line(mix(p, q)))
            case (.curve(let p1, let p2, let p), .curve(let q1, let q2, let q)):
                result.elements.append(.curve(mix(p1, q1), mix(p2, q2), mix(p, q)))
            case (.arc(let c, let r, let s, let e, let cw), .arc(let d, let t, let u, let f, let dcw)) where cw == dcw:
                result.elements.append(.arc(center: mix(c, d), radius: mix(r, t), start: mix(s, u), end: mix(e, f), clockwise: cw))
            case (.close, .close): result.elements.append(.close)
            default: return nil
            }
        }
        return result
    }
}
