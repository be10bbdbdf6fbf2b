import CCairo
import Glibc

extension GraphicsContext {
    /// Everything that shapes a stroke besides its colour: CGContext's line
    /// state, and CAShapeLayer's `strokeStart` and `strokeEnd`.
    public struct StrokeStyle: Sendable, Equatable {
        public var lineWidth: Double
        public var lineCap: LineCap
        public var lineJoin: LineJoin
        /// How far a mitred corner may reach, in line widths, before it is bevelled.
        public var miterLimit: Double
        /// Lengths of painted and unpainted stretches, in turn; empty for a solid line.
        public var dash: [Double]
        /// How far into `dash` the line starts.
        public var dashPhase: Double
        /// The part of the path stroked, as fractions of its whole length
        /// across all its subpaths: 0 and 1 stroke it all, as a progress
        /// ring's `strokeEnd` of 0.3 strokes its first 30%.
        public var start: Double
        public var end: Double

        public init(
            lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
            dash: [Double] = [], dashPhase: Double = 0, start: Double = 0, end: Double = 1
        ) {
            self.lineWidth = lineWidth
            self.lineCap = lineCap
            self.lineJoin = lineJoin
            self.miterLimit = miterLimit
            self.dash = dash
            self.dashPhase = dashPhase
            self.start = start
            self.end = end
        }

    }

    /// Strokes `path` with `color` as `style` says.
    public func stroke(_ path: Path, with color: Color, style: StrokeStyle) {
        let start = min(1, max(0, style.start.isNaN ? 0 : style.start))
        let end = min(1, max(0, style.end.isNaN ? 1 : style.end))
        guard end > start, style.lineWidth > 0 else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        setSource(color)
        cairo_set_line_width(cr, style.lineWidth)
        cairo_set_line_cap(cr, style.lineCap == .round ? CAIRO_LINE_CAP_ROUND : style.lineCap == .square ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, style.lineJoin == .round ? CAIRO_LINE_JOIN_ROUND : style.lineJoin == .bevel ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_MITER)
        cairo_set_miter_limit(cr, max(1, style.miterLimit))
        // cairo refuses a pattern of all zeros or with a negative length: such a pattern draws a solid line, as CoreGraphics does.
        let dash = style.dash.map { $0.isFinite ? $0 : 0 }
        if !dash.isEmpty, dash.allSatisfy({ $0 >= 0 }), dash.contains(where: { $0 > 0 }) {
            cairo_set_dash(cr, dash, Int32(dash.count), style.dashPhase.isFinite ? style.dashPhase : 0)
        }
        addPath(path)
        if start > 0 || end < 1 { trimCurrentPath(from: start, to: end) }
        cairo_stroke(cr)
    }

    /// Fills `path` with `color`; with `evenOdd`, areas the path winds around
    /// twice are holes (a ring drawn as two circles), as CAShapeLayer's `.evenOdd`.
    public func fill(_ path: Path, with color: Color, evenOdd: Bool) {
        guard evenOdd else { return fill(path, with: color) }
        cairo_save(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        fill(path, with: color)
        cairo_restore(cr)
    }

    /// Replaces cairo's current path with the part of it from `start` to
    /// `end` (fractions of its length), flattened into lines fine enough
    /// for the device (cairo's tolerance): curves stay smooth on screen.
    private func trimCurrentPath(from start: Double, to end: Double) {
        guard let flat = cairo_copy_path_flat(cr) else { return }
        defer { cairo_path_destroy(flat) }
        // The flattened path's segments, each from one point to the next.
        var segments: [(from: Point, to: Point, length: Double, startsSubpath: Bool, closes: Bool)] = []
        var current = Point.zero, subpathStart = Point.zero, newSubpath = true
        let data = flat.pointee.data!
        var i = 0
        while i < Int(flat.pointee.num_data) {
            let header = data[i].header
            func point(_ k: Int) -> Point { Point(x: data[i + k].point.x, y: data[i + k].point.y) }
            func segment(to next: Point, closes: Bool = false) {
                let length = ((next.x - current.x) * (next.x - current.x) + (next.y - current.y) * (next.y - current.y)).squareRoot()
                segments.append((current, next, length, newSubpath, closes))
                newSubpath = false
                current = next
            }
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                current = point(1)
                subpathStart = current
                newSubpath = true
            case CAIRO_PATH_LINE_TO: segment(to: point(1))
            case CAIRO_PATH_CLOSE_PATH: segment(to: subpathStart, closes: true)
            default: break
            }
            i += Int(header.length)
        }
        let total = segments.reduce(0) { $0 + $1.length }
        cairo_new_path(cr)
        guard total > 0 else { return }
        let from = start * total, to = end * total
        var walked = 0.0, drawing = false
        // Where the current subpath starts along the path: one kept whole closes as it did, with its join.
        var subpathStartsAt = 0.0
        for segment in segments {
            defer { walked += segment.length }
            if segment.startsSubpath { subpathStartsAt = walked }
            let segmentEnd = walked + segment.length
            if segment.closes && drawing && subpathStartsAt >= from && segmentEnd <= to {
                cairo_close_path(cr)
                continue
            }
            guard segmentEnd > from, walked < to, segment.length > 0 else {
                if walked >= to { break }
                continue
            }
            func at(_ distance: Double) -> Point {
                let t = min(1, max(0, (distance - walked) / segment.length))
                return Point(x: segment.from.x + (segment.to.x - segment.from.x) * t, y: segment.from.y + (segment.to.y - segment.from.y) * t)
            }
            if !drawing || segment.startsSubpath {
                let first = at(max(from, walked))
                cairo_move_to(cr, first.x, first.y)
                drawing = true
            }
            let last = at(min(to, segmentEnd))
            cairo_line_to(cr, last.x, last.y)
        }
    }
}

extension Path {
    /// A rectangle holding everything `style` would stroke of the path: the
    /// control points' box grown by half the width, and by a mitre's
    /// length only at the corners that have one. A circle's ring reaches
    /// half its width past the circle, not the miter limit's ten times:
    /// what a progress ring damages stays small.
    public func strokeBounds(_ style: GraphicsContext.StrokeStyle) -> Rect {
        let box = boundingBox
        guard !box.isNull, style.lineWidth > 0 else { return box }
        let half = style.lineWidth / 2
        // Square caps reach past an end (and any trimmed end) by half the width, diagonally.
        let body = half * (style.lineCap == .square ? 2.0.squareRoot() : 1)
        var bounds = box.insetBy(dx: -body, dy: -body)
        guard style.lineJoin == .miter else { return bounds }
        for (corner, reach) in mitredCorners(half: half, limit: max(1, style.miterLimit)) where reach > body {
            bounds = bounds.union(Rect(x: corner.x - reach, y: corner.y - reach, width: 2 * reach, height: 2 * reach))
        }
        return bounds
    }

    /// The points where the path turns a corner, each with how far its
    /// mitre reaches (half the width times 1/sin of half the angle, or
    /// half the width where that passes the limit and the corner is bevelled).
    private func mitredCorners(half: Double, limit: Double) -> [(Point, Double)] {
        var corners: [(Point, Double)] = []
        var current = Point.zero, subpathStart = Point.zero
        /// The direction the path last left `current` in, and the first one of the subpath.
        var incoming: Point?, firstOutgoing: Point?
        func direction(_ from: Point, _ to: Point) -> Point? {
            let dx = to.x - from.x, dy = to.y - from.y, length = (dx * dx + dy * dy).squareRoot()
            return length > 1e-9 ? Point(x: dx / length, y: dy / length) : nil
        }
        func turn(at point: Point, into outgoing: Point?) {
            guard let outgoing else { return }
            defer { if firstOutgoing == nil { firstOutgoing = outgoing } }
            guard let incoming else { return }
            let cosine = -(incoming.x * outgoing.x + incoming.y * outgoing.y)
            // Straight on (cosine near -1): no corner.
            guard cosine > -0.9999 else { return }
            let sineOfHalf = ((1 - cosine) / 2).squareRoot()
            let ratio = sineOfHalf > 0 ? 1 / sineOfHalf : .infinity
            corners.append((point, ratio <= limit ? half * ratio : half))
        }
        func segment(to end: Point, leaving: Point?, arriving: Point?) {
            turn(at: current, into: leaving)
            if let arriving { incoming = arriving }
            current = end
        }
        for element in elements {
            switch element {
            case .move(let point):
                current = point
                subpathStart = point
                incoming = nil
                firstOutgoing = nil
            case .line(let point):
                let along = direction(current, point)
                segment(to: point, leaving: along, arriving: along)
            case .curve(let c1, let c2, let end):
                let leaving = direction(current, c1) ?? direction(current, c2) ?? direction(current, end)
                let arriving = direction(c2, end) ?? direction(c1, end) ?? direction(current, end)
                segment(to: end, leaving: leaving, arriving: arriving)
            case .arc(let center, let radius, let start, let end, let clockwise):
                // An arc starts with a line from the current point to its first point.
                let first = Point(x: center.x + radius * cos(start), y: center.y + radius * sin(start))
                let last = Point(x: center.x + radius * cos(end), y: center.y + radius * sin(end))
                let along = direction(current, first)
                segment(to: first, leaving: along, arriving: along)
                // Tangents: angles grow clockwise on screen (y down).
                let sign = clockwise ? 1.0 : -1.0
                let leaving = Point(x: -sin(start) * sign, y: cos(start) * sign)
                let arriving = Point(x: -sin(end) * sign, y: cos(end) * sign)
                segment(to: last, leaving: radius > 0 ? leaving : nil, arriving: radius > 0 ? arriving : nil)
            case .close:
                let back = direction(current, subpathStart)
                segment(to: subpathStart, leaving: back, arriving: back)
                // The join where the subpath closes on its first segment.
                turn(at: subpathStart, into: firstOutgoing)
                incoming = nil
                firstOutgoing = nil
            }
        }
        return corners
    }
}
