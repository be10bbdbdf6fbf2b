import Glibc

/// A 3-D transform in CATransform3D's layout: a point is a row vector
/// (x, y, z, 1) multiplied on the left, so m41, m42 and m43 translate and
/// m34 gives perspective (-1 / the eye's distance, as Core Animation code
/// sets it). A layer lies in the plane z = 0 and is drawn flattened into
/// its superlayer's plane: where it lands is `planar`.
public struct Transform3D: Hashable, Sendable {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    public init(
        m11: Double, m12: Double, m13: Double, m14: Double, m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double, m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    public init(translationX tx: Double, y ty: Double, z tz: Double) {
        self = .identity
        (m41, m42, m43) = (tx, ty, tz)
    }

    public init(scaleX sx: Double, y sy: Double, z sz: Double) {
        self = .identity
        (m11, m22, m33) = (sx, sy, sz)
    }

    /// A turn of `angle` radians about the axis (x, y, z) through the
    /// origin; about z it turns as `AffineTransform(rotationAngle:)` does.
    /// An axis of no length gives the identity, as in Core Animation.
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else {
            self = .identity
            return
        }
        let (x, y, z) = (x / length, y / length, z / length)
        let c = cos(angle), s = sin(angle), t = 1 - c
        self.init(
            m11: t * x * x + c, m12: t * x * y + s * z, m13: t * x * z - s * y, m14: 0,
            m21: t * x * y - s * z, m22: t * y * y + c, m23: t * y * z + s * x, m24: 0,
            m31: t * x * z + s * y, m32: t * y * z - s * x, m33: t * z * z + c, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// The affine transform in three dimensions (CATransform3DMakeAffineTransform).
    public init(_ t: AffineTransform) {
        self.init(
            m11: t.a, m12: t.b, m13: 0, m14: 0, m21: t.c, m22: t.d, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0,
            m41: t.tx, m42: t.ty, m43: 0, m44: 1)
    }

    public var isIdentity: Bool { self == .identity }

    /// Whether it is an affine transform in the plane and leaves depth alone (CATransform3DIsAffine).
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// Its plane part (CATransform3DGetAffineTransform): exact when `isAffine`.
    public var affineTransform: AffineTransform { AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42) }

    /// Where the plane z = 0 lands, seen along z: the layer flattened into its superlayer's plane.
    public var planar: ProjectiveTransform {
        ProjectiveTransform(m11: m11, m12: m12, m13: m14, m21: m21, m22: m22, m23: m24, m31: m41, m32: m42, m33: m44)
    }

    /// This transform followed by `other` (CATransform3DConcat).
    /// Written out, not looped over arrays: a view under a sublayer
    /// transform concatenates on every hit-test and conversion, and arrays
    /// would allocate each time.
    public func concatenating(_ other: Transform3D) -> Transform3D {
        let b = other
        func row(_ x: Double, _ y: Double, _ z: Double, _ w: Double) -> (Double, Double, Double, Double) {
            (
                x * b.m11 + y * b.m21 + z * b.m31 + w * b.m41, x * b.m12 + y * b.m22 + z * b.m32 + w * b.m42,
                x * b.m13 + y * b.m23 + z * b.m33 + w * b.m43, x * b.m14 + y * b.m24 + z * b.m34 + w * b.m44
            )
        }
        let r1 = row(m11, m12, m13, m14), r2 = row(m21, m22, m23, m24), r3 = row(m31, m32, m33, m34), r4 = row(m41, m42, m43, m44)
        return Transform3D(
            m11: r1.0, m12: r1.1, m13: r1.2, m14: r1.3, m21: r2.0, m22: r2.1, m23: r2.2, m24: r2.3,
            m31: r3.0, m32: r3.1, m33: r3.2, m34: r3.3, m41: r4.0, m42: r4.1, m43: r4.2, m44: r4.3)
    }

    /// A translation, then this (CATransform3DTranslate).
    public func translatedBy(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(translationX: x, y: y, z: z).concatenating(self)
    }

    /// A scale, then this (CATransform3DScale).
    public func scaledBy(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(scaleX: x, y: y, z: z).concatenating(self)
    }

    /// A turn, then this (CATransform3DRotate).
    public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// The inverse; one that cannot be inverted comes back unchanged, as in Core Animation.
    public func inverted() -> Transform3D {
        let m = rows
        // Gauss-Jordan with partial pivoting on [m | I].
        var a = m.map { $0 + [0, 0, 0, 0] }
        for i in 0..<4 { a[i][4 + i] = 1 }
        for column in 0..<4 {
            let pivot = (column..<4).max { abs(a[$0][column]) < abs(a[$1][column]) }!
            guard abs(a[pivot][column]) > 1e-12 else { return self }
            a.swapAt(column, pivot)
            let scale = a[column][column]
            for j in 0..<8 { a[column][j] /= scale }
            for i in 0..<4 where i != column {
                let factor = a[i][column]
                if factor != 0 { for j in 0..<8 { a[i][j] -= factor * a[column][j] } }
            }
        }
        return Transform3D(rows: a.map { Array($0[4..<8]) })
    }

    private var rows: [[Double]] { [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]] }

    private init(rows r: [[Double]]) {
        self.init(
            m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3], m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
            m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3], m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
    }
}

/// How a plane lands on another seen in perspective: (x, y) goes to
/// ((m11·x + m21·y + m31) / w, (m12·x + m22·y + m32) / w) with
/// w = m13·x + m23·y + m33, row vectors as in `Transform3D`. Points with
/// w ≤ 0 are behind the eye and land nowhere.
public struct ProjectiveTransform: Hashable, Sendable {
    public var m11, m12, m13, m21, m22, m23, m31, m32, m33: Double

    public init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double, m31: Double, m32: Double, m33: Double) {
        (self.m11, self.m12, self.m13, self.m21, self.m22, self.m23, self.m31, self.m32, self.m33) = (m11, m12, m13, m21, m22, m23, m31, m32, m33)
    }

    public init(_ t: AffineTransform) {
        self.init(m11: t.a, m12: t.b, m13: 0, m21: t.c, m22: t.d, m23: 0, m31: t.tx, m32: t.ty, m33: 1)
    }

    /// Whether it is an affine transform (no perspective): then `affineTransform` is exact.
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 != 0 }

    public var affineTransform: AffineTransform {
        AffineTransform(a: m11 / m33, b: m12 / m33, c: m21 / m33, d: m22 / m33, tx: m31 / m33, ty: m32 / m33)
    }

    /// The homogeneous weight of `point`: above zero in front of the eye.
    public func weight(of point: Point) -> Double { m13 * point.x + m23 * point.y + m33 }

    /// Where `point` lands; nil behind the eye.
    public func apply(_ point: Point) -> Point? {
        let w = weight(of: point)
        guard w > Self.nearestWeight else { return nil }
        return Point(x: (m11 * point.x + m21 * point.y + m31) / w, y: (m12 * point.x + m22 * point.y + m32) / w)
    }

    /// How close to the eye a point may come and still be drawn: nearer, it would cover the world.
    public static let nearestWeight = 1e-3

    /// This, then `other`.
    public func concatenating(_ other: ProjectiveTransform) -> ProjectiveTransform {
        let a = self, b = other
        return ProjectiveTransform(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31, m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31, m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31, m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33)
    }

    public func concatenating(_ other: AffineTransform) -> ProjectiveTransform { concatenating(ProjectiveTransform(other)) }

    /// The inverse (the adjugate: a projective map is the same at any scale); nil when it has none.
    public func inverted() -> ProjectiveTransform? {
        let c11 = m22 * m33 - m23 * m32, c12 = m13 * m32 - m12 * m33, c13 = m12 * m23 - m13 * m22
        let c21 = m23 * m31 - m21 * m33, c22 = m11 * m33 - m13 * m31, c23 = m13 * m21 - m11 * m23
        let c31 = m21 * m32 - m22 * m31, c32 = m12 * m31 - m11 * m32, c33 = m11 * m22 - m12 * m21
        let determinant = m11 * c11 + m12 * c21 + m13 * c31
        guard abs(determinant) > 1e-15, determinant.isFinite else { return nil }
        // Divided so that a point in front of the eye keeps a positive weight both ways.
        let d = determinant
        return ProjectiveTransform(m11: c11 / d, m12: c12 / d, m13: c13 / d, m21: c21 / d, m22: c22 / d, m23: c23 / d, m31: c31 / d, m32: c32 / d, m33: c33 / d)
    }

    /// The part of `rect` in front of the eye, as a polygon where it lands
    /// (in order around it), and whether some of it was behind the eye.
    public func visiblePolygon(of rect: Rect) -> (points: [Point], cut: Bool) {
        let corners = [
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY),
        ]
        let limit = Self.nearestWeight * 2
        var kept: [Point] = []
        var cut = false
        for (index, point) in corners.enumerated() {
            let next = corners[(index + 1) % 4]
            let w0 = weight(of: point), w1 = weight(of: next)
            if w0 >= limit { kept.append(point) } else { cut = true }
            // Where the edge crosses the limit, it is cut there.
            if (w0 >= limit) != (w1 >= limit) {
                let t = (limit - w0) / (w1 - w0)
                kept.append(Point(x: point.x + (next.x - point.x) * t, y: point.y + (next.y - point.y) * t))
            }
        }
        return (kept.compactMap { apply($0) }, cut)
    }

    /// The bounding box of where the visible part of `rect` lands (null when none of it shows).
    public func boundingBox(of rect: Rect) -> Rect {
        visiblePolygon(of: rect).points.reduce(Rect.null) { $0.union(Rect(x: $1.x, y: $1.y, width: 0, height: 0)) }
    }
}
