import Glibc

extension Transform3D {
    /// The transform `fraction` of the way from this one to `other`, as Core
    /// Animation and CSS go between two: each is taken apart into a
    /// perspective, a translation, a rotation (a quaternion), skews and
    /// scales; those are mixed, the rotation along the shorter arc, and put
    /// back together. A turn about y from 0 to 180 degrees then passes
    /// through edge on, where mixing the matrices' numbers would squash the
    /// layer flat. Where either cannot be taken apart (no scale along an
    /// axis), the numbers are mixed.
    public func interpolated(to other: Transform3D, fraction t: Double) -> Transform3D {
        guard let from = Decomposed(self), let to = Decomposed(other) else {
            return Transform3D.elementwise(self, other) { $0 + ($1 - $0) * t }
        }
        return from.mixed(with: to, t).recomposed
    }

    /// `f` of each pair of numbers in the two matrices.
    public static func elementwise(_ a: Transform3D, _ b: Transform3D, _ f: (Double, Double) -> Double) -> Transform3D {
        Transform3D(
            m11: f(a.m11, b.m11), m12: f(a.m12, b.m12), m13: f(a.m13, b.m13), m14: f(a.m14, b.m14),
            m21: f(a.m21, b.m21), m22: f(a.m22, b.m22), m23: f(a.m23, b.m23), m24: f(a.m24, b.m24),
            m31: f(a.m31, b.m31), m32: f(a.m32, b.m32), m33: f(a.m33, b.m33), m34: f(a.m34, b.m34),
            m41: f(a.m41, b.m41), m42: f(a.m42, b.m42), m43: f(a.m43, b.m43), m44: f(a.m44, b.m44))
    }
}

/// A 3D transform taken apart (row vectors: a point is scaled and skewed,
/// turned, moved, then seen in perspective).
private struct Decomposed {
    var perspective: (Double, Double, Double, Double)
    var translation: (Double, Double, Double)
    var scale: (Double, Double, Double)
    var skew: (xy: Double, xz: Double, yz: Double)
    var quaternion: (x: Double, y: Double, z: Double, w: Double)

    init?(_ m: Transform3D) {
        guard m.m44 != 0 else { return nil }
        let n = Transform3D.elementwise(m, m) { a, _ in a / m.m44 }
        // The perspective column: solved through the matrix without it.
        var withoutPerspective = n
        (withoutPerspective.m14, withoutPerspective.m24, withoutPerspective.m34, withoutPerspective.m44) = (0, 0, 0, 1)
        let p = withoutPerspective
        let determinant3 = p.m11 * (p.m22 * p.m33 - p.m23 * p.m32) - p.m12 * (p.m21 * p.m33 - p.m23 * p.m31) + p.m13 * (p.m21 * p.m32 - p.m22 * p.m31)
        guard abs(determinant3) > 1e-12 else { return nil }
        if n.m14 != 0 || n.m24 != 0 || n.m34 != 0 {
            // The right-hand column times the inverse transpose of the matrix without perspective.
            let inverse = withoutPerspective.inverted()
            let r = (n.m14, n.m24, n.m34, n.m44)
            perspective = (
                r.0 * inverse.m11 + r.1 * inverse.m12 + r.2 * inverse.m13 + r.3 * inverse.m14,
                r.0 * inverse.m21 + r.1 * inverse.m22 + r.2 * inverse.m23 + r.3 * inverse.m24,
                r.0 * inverse.m31 + r.1 * inverse.m32 + r.2 * inverse.m33 + r.3 * inverse.m34,
                r.0 * inverse.m41 + r.1 * inverse.m42 + r.2 * inverse.m43 + r.3 * inverse.m44)
        } else {
            perspective = (0, 0, 0, 1)
        }
        translation = (n.m41, n.m42, n.m43)
        var row0 = (n.m11, n.m12, n.m13), row1 = (n.m21, n.m22, n.m23), row2 = (n.m31, n.m32, n.m33)
        func length(_ v: (Double, Double, Double)) -> Double { (v.0 * v.0 + v.1 * v.1 + v.2 * v.2).squareRoot() }
        func dot(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double { a.0 * b.0 + a.1 * b.1 + a.2 * b.2 }
        func combine(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ sa: Double, _ sb: Double) -> (Double, Double, Double) {
            (a.0 * sa + b.0 * sb, a.1 * sa + b.1 * sb, a.2 * sa + b.2 * sb)
        }
        func scaled(_ a: (Double, Double, Double), _ s: Double) -> (Double, Double, Double) { (a.0 * s, a.1 * s, a.2 * s) }
        var sx = length(row0)
        guard sx > 1e-12 else { return nil }
        row0 = scaled(row0, 1 / sx)
        var xy = dot(row0, row1)
        row1 = combine(row1, row0, 1, -xy)
        var sy = length(row1)
        guard sy > 1e-12 else { return nil }
        row1 = scaled(row1, 1 / sy)
        xy /= sy
        var xz = dot(row0, row2)
        row2 = combine(row2, row0, 1, -xz)
        var yz = dot(row1, row2)
        row2 = combine(row2, row1, 1, -yz)
        var sz = length(row2)
        guard sz > 1e-12 else { return nil }
        row2 = scaled(row2, 1 / sz)
        xz /= sz
        yz /= sz
        // A mirror image: one scale negative, the rows flipped.
        let cross = (row1.1 * row2.2 - row1.2 * row2.1, row1.2 * row2.0 - row1.0 * row2.2, row1.0 * row2.1 - row1.1 * row2.0)
        if dot(row0, cross) < 0 {
            (sx, sy, sz) = (-sx, -sy, -sz)
            (row0, row1, row2) = (scaled(row0, -1), scaled(row1, -1), scaled(row2, -1))
        }
        scale = (sx, sy, sz)
        skew = (xy, xz, yz)
        // The rotation matrix's quaternion (rows as in Transform3D).
        let trace = row0.0 + row1.1 + row2.2
        var q: (x: Double, y: Double, z: Double, w: Double)
        if trace > 0 {
            let s = 0.5 / (trace + 1).squareRoot()
            q = ((row1.2 - row2.1) * s, (row2.0 - row0.2) * s, (row0.1 - row1.0) * s, 0.25 / s)
        } else if row0.0 > row1.1 && row0.0 > row2.2 {
            let s = 2 * (1 + row0.0 - row1.1 - row2.2).squareRoot()
            q = (0.25 * s, (row1.0 + row0.1) / s, (row2.0 + row0.2) / s, (row1.2 - row2.1) / s)
        } else if row1.1 > row2.2 {
            let s = 2 * (1 + row1.1 - row0.0 - row2.2).squareRoot()
            q = ((row1.0 + row0.1) / s, 0.25 * s, (row2.1 + row1.2) / s, (row2.0 - row0.2) / s)
        } else {
            let s = 2 * (1 + row2.2 - row0.0 - row1.1).squareRoot()
            q = ((row2.0 + row0.2) / s, (row2.1 + row1.2) / s, 0.25 * s, (row0.1 - row1.0) / s)
        }
        quaternion = q
    }

    func mixed(with other: Decomposed, _ t: Double) -> Decomposed {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        var result = self
        result.perspective = (
            mix(perspective.0, other.perspective.0), mix(perspective.1, other.perspective.1), mix(perspective.2, other.perspective.2),
            mix(perspective.3, other.perspective.3))
        result.translation = (mix(translation.0, other.translation.0), mix(translation.1, other.translation.1), mix(translation.2, other.translation.2))
        result.scale = (mix(scale.0, other.scale.0), mix(scale.1, other.scale.1), mix(scale.2, other.scale.2))
        result.skew = (mix(skew.xy, other.skew.xy), mix(skew.xz, other.skew.xz), mix(skew.yz, other.skew.yz))
        // Spherical, along the shorter arc.
        let a = quaternion
        var b = other.quaternion
        var cosine = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
        if cosine < 0 {
            b = (-b.x, -b.y, -b.z, -b.w)
            cosine = -cosine
        }
        let (wa, wb): (Double, Double)
        if cosine > 0.9995 {
            (wa, wb) = (1 - t, t)
        } else {
            let angle = acos(cosine), sine = sin(angle)
            (wa, wb) = (sin((1 - t) * angle) / sine, sin(t * angle) / sine)
        }
        var q = (x: a.x * wa + b.x * wb, y: a.y * wa + b.y * wb, z: a.z * wa + b.z * wb, w: a.w * wa + b.w * wb)
        let norm = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
        if norm > 0 { q = (q.x / norm, q.y / norm, q.z / norm, q.w / norm) }
        result.quaternion = q
        return result
    }

    /// Scale and skew, then the turn, then the move, then the perspective: the inverse of taking it apart.
    var recomposed: Transform3D {
        let (x, y, z, w) = quaternion
        let rotation = Transform3D(
            m11: 1 - 2 * (y * y + z * z), m12: 2 * (x * y + z * w), m13: 2 * (x * z - y * w), m14: 0,
            m21: 2 * (x * y - z * w), m22: 1 - 2 * (x * x + z * z), m23: 2 * (y * z + x * w), m24: 0,
            m31: 2 * (x * z + y * w), m32: 2 * (y * z - x * w), m33: 1 - 2 * (x * x + y * y), m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
        let shape = Transform3D(scaleX: scale.0, y: scale.1, z: scale.2)
        // Skews as they were taken out: row1 += xy·row0, row2 += xz·row0 + yz·row1 (in scaled units).
        var skewing = Transform3D.identity
        skewing.m21 = skew.xy
        skewing.m31 = skew.xz
        skewing.m32 = skew.yz
        let perspectiveMatrix = Transform3D(
            m11: 1, m12: 0, m13: 0, m14: perspective.0, m21: 0, m22: 1, m23: 0, m24: perspective.1,
            m31: 0, m32: 0, m33: 1, m34: perspective.2, m41: 0, m42: 0, m43: 0, m44: perspective.3)
        return shape.concatenating(skewing).concatenating(rotation)
            .concatenating(Transform3D(translationX: translation.0, y: translation.1, z: translation.2))
            .concatenating(perspectiveMatrix)
    }
}
