import Glibc
import Graphics
import Testing

/// CATransform3D's arithmetic, and a picture drawn in perspective checked
/// against where the 4x4 matrix sends each of its points.
struct Transform3DTests {
    /// (x, y, z, 1) times the matrix, divided by w: the definition, written apart from `planar`.
    func project(_ t: Transform3D, _ x: Double, _ y: Double) -> Point {
        let w = x * t.m14 + y * t.m24 + t.m44
        return Point(x: (x * t.m11 + y * t.m21 + t.m41) / w, y: (x * t.m12 + y * t.m22 + t.m42) / w)
    }

    /// Whether `p` is inside the convex `polygon`, or within a pixel and a half of its edges.
    func inside(_ polygon: [Point], _ p: Point) -> Bool {
        var sign = 0.0
        for (index, a) in polygon.enumerated() {
            let b = polygon[(index + 1) % polygon.count]
            let dx = b.x - a.x, dy = b.y - a.y
            let distance = (dx * (p.y - a.y) - dy * (p.x - a.x)) / (dx * dx + dy * dy).squareRoot()
            if abs(distance) <= 1.5 { continue }
            if sign == 0 { sign = distance } else if (sign > 0) != (distance > 0) { return false }
        }
        return true
    }

    func close(_ a: Transform3D, _ b: Transform3D) -> Bool {
        let x = [a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24, a.m31, a.m32, a.m33, a.m34, a.m41, a.m42, a.m43, a.m44]
        let y = [b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24, b.m31, b.m32, b.m33, b.m34, b.m41, b.m42, b.m43, b.m44]
        return zip(x, y).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    @Test func aTurnAboutZIsTheAffineTurn() {
        let turn = Transform3D(rotationAngle: 0.7, x: 0, y: 0, z: 1)
        #expect(turn.isAffine)
        let affine = AffineTransform(rotationAngle: 0.7)
        #expect(close(turn, Transform3D(affine)))
        // About y, a quarter turn sends x into depth: (1, 0, 0) goes to (0, 0, -1), as Core Animation's.
        let quarter = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0)
        #expect(abs(quarter.m11) < 1e-12 && abs(quarter.m13 + 1) < 1e-12)
        #expect(!quarter.isAffine)
        #expect(Transform3D(rotationAngle: 1, x: 0, y: 0, z: 0) == .identity)
    }

    @Test func concatenationAndInverse() {
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        t = t.rotated(by: 0.5, x: 0, y: 1, z: 0).translatedBy(x: 10, y: -4, z: 3).scaledBy(x: 2, y: 1, z: 1)
        #expect(close(t.concatenating(t.inverted()), .identity))
        #expect(close(t.inverted().concatenating(t), .identity))
        // Translate then scale: the translation is scaled.
        let moved = Transform3D(scaleX: 2, y: 2, z: 1).translatedBy(x: 5, y: 0, z: 0)
        #expect(project(moved, 0, 0) == Point(x: 10, y: 0))
        // A singular one comes back unchanged.
        let flat = Transform3D(scaleX: 0, y: 1, z: 1)
        #expect(flat.inverted() == flat)
    }

    @Test func thePlaneLandsAsTheMatrixSays() throws {
        var t = Transform3D.identity
        t.m34 = -1.0 / 300
        t = t.rotated(by: 0.6, x: 0.3, y: 1, z: 0).translatedBy(x: 20, y: 10, z: 0)
        let planar = t.planar
        #expect(!planar.isAffine)
        for (x, y) in [(0.0, 0.0), (50, 0), (0, 50), (37, 12)] {
            let p = try #require(planar.apply(Point(x: x, y: y)))
            let q = project(t, x, y)
            #expect(abs(p.x - q.x) < 1e-9 && abs(p.y - q.y) < 1e-9)
            let back = try #require(planar.inverted()?.apply(p))
            #expect(abs(back.x - x) < 1e-9 && abs(back.y - y) < 1e-9)
        }
    }

    /// A turned card in perspective: each point of the picture, away from its
    /// edges and the boundary between its halves, lands where the matrix
    /// sends it, with its colour; outside the card nothing is drawn.
    @Test func aPictureDrawnInPerspective() throws {
        let card = try Bitmap(width: 120, height: 80)
        let cardContext = GraphicsContext(bitmap: card)
        cardContext.fill(Rect(x: 0, y: 0, width: 60, height: 80), with: .red)
        cardContext.fill(Rect(x: 60, y: 0, width: 60, height: 80), with: .blue)
        cardContext.flush()
        // Turned 50 degrees about its vertical centre line, seen from 250 points away, at (100, 60).
        var t = Transform3D.identity
        t.m34 = -1.0 / 250
        t = t.rotated(by: 50 * .pi / 180, x: 0, y: 1, z: 0).translatedBy(x: -60, y: -40, z: 0)
            .concatenating(Transform3D(translationX: 160, y: 100, z: 0))
        let screen = try Bitmap(width: 320, height: 200)
        let context = GraphicsContext(bitmap: screen)
        context.fill(Rect(x: 0, y: 0, width: 320, height: 200), with: .white)
        context.draw(card, at: .zero, projectedBy: t.planar)
        var checked = 0
        for x in stride(from: 4.0, through: 116, by: 8) where abs(x - 60) > 4 {
            for y in stride(from: 4.0, through: 76, by: 8) {
                let p = project(t, x, y)
                let pixel = screen.pixel(x: Int(p.x), y: Int(p.y))
                #expect(pixel.distance(to: x < 60 ? PixelColor(red: 255, green: 0, blue: 0) : PixelColor(red: 0, green: 0, blue: 255)) <= 40, "at \(x), \(y)")
                checked += 1
            }
        }
        #expect(checked > 100)
        // Along the middle row, the card's edges and the line between its halves are where the matrix puts them, within a pixel.
        let row = Int(project(t, 60, 40).y)
        let columns = (0..<320).map { screen.pixel(x: $0, y: row) }
        let white = PixelColor(red: 255, green: 255, blue: 255)
        let firstDrawn = try #require(columns.firstIndex { $0.distance(to: white) > 128 })
        let lastDrawn = try #require(columns.lastIndex { $0.distance(to: white) > 128 })
        let firstBlue = try #require(columns.firstIndex { $0.blue > $0.red && $0.blue > 128 })
        #expect(abs(Double(firstDrawn) + 0.5 - project(t, 0, 40).x) <= 1)
        #expect(abs(Double(lastDrawn) + 0.5 - project(t, 120, 40).x) <= 1)
        #expect(abs(Double(firstBlue) + 0.5 - project(t, 60, 40).x) <= 1)
        // The side turned away is narrower than the side turned near.
        let left = project(t, 0, 40).x, middle = project(t, 60, 40).x, right = project(t, 120, 40).x
        #expect(abs(right - middle) < abs(middle - left))
        // Outside the card's outline, not a pixel drawn (pixman's projective fetch left stray columns there).
        let outline = t.planar.visiblePolygon(of: Rect(x: 0, y: 0, width: 120, height: 80)).points
        var strays = 0
        for y in 0..<200 {
            for x in 0..<320 where screen.pixel(x: x, y: y) != white && !inside(outline, Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) { strays += 1 }
        }
        #expect(strays == 0)
        // Just past its box: white.
        let box = t.planar.boundingBox(of: Rect(x: 0, y: 0, width: 120, height: 80))
        #expect(screen.pixel(x: Int(box.minX) - 3, y: 100) == PixelColor(red: 255, green: 255, blue: 255))
        #expect(screen.pixel(x: Int(box.maxX) + 3, y: 100) == PixelColor(red: 255, green: 255, blue: 255))
        #expect(screen.pixel(x: 160, y: Int(box.minY) - 3) == PixelColor(red: 255, green: 255, blue: 255))
    }

    /// Turned so far that part of it is behind the eye: only what is in front is drawn, and nothing mirrored.
    @Test func whatIsBehindTheEyeIsNotDrawn() throws {
        let card = try Bitmap(width: 200, height: 50)
        GraphicsContext(bitmap: card).fill(Rect(x: 0, y: 0, width: 200, height: 50), with: .green)
        var t = Transform3D.identity
        t.m34 = -1.0 / 50
        t = t.rotated(by: 60 * .pi / 180, x: 0, y: 1, z: 0).translatedBy(x: -100, y: -25, z: 0)
            .concatenating(Transform3D(translationX: 150, y: 100, z: 0))
        let planar = t.planar
        let (polygon, cut) = planar.visiblePolygon(of: Rect(x: 0, y: 0, width: 200, height: 50))
        #expect(cut)
        #expect(polygon.count == 4)
        let screen = try Bitmap(width: 300, height: 200)
        let context = GraphicsContext(bitmap: screen)
        context.fill(Rect(x: 0, y: 0, width: 300, height: 200), with: .white)
        context.draw(card, at: .zero, projectedBy: planar)
        // The end in front of the eye shows green; the other would map, mirrored, to the other side.
        #expect(planar.apply(Point(x: 5, y: 25)) == nil)
        let near = try #require(planar.apply(Point(x: 195, y: 25)))
        #expect(screen.pixel(x: Int(near.x), y: Int(near.y)).green > 200)
        // Nothing outside the outline of what is in front (a pixel's leeway for the edges).
        var greenOutside = 0
        for y in 0..<200 {
            for x in 0..<300 where screen.pixel(x: x, y: y) != PixelColor(red: 255, green: 255, blue: 255) && !inside(polygon, Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
                greenOutside += 1
            }
        }
        #expect(greenOutside == 0)
    }
}

/// Going between two 3D transforms as Core Animation does: taken apart, mixed, put back.
struct Transform3DInterpolationTests {
    /// Alike as maps of points: a matrix and its multiples are the same transform (taking apart divides by m44).
    func close(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9) -> Bool {
        let a = Transform3D.elementwise(a, a) { x, _ in x / a.m44 }, b = Transform3D.elementwise(b, b) { x, _ in x / b.m44 }
        let x = [a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24, a.m31, a.m32, a.m33, a.m34, a.m41, a.m42, a.m43, a.m44]
        let y = [b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24, b.m31, b.m32, b.m33, b.m34, b.m41, b.m42, b.m43, b.m44]
        return zip(x, y).allSatisfy { abs($0 - $1) < tolerance }
    }

    @Test func takenApartAndPutBackIsTheSame() {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 400
        let cases = [
            Transform3D.identity,
            Transform3D(rotationAngle: 0.8, x: 0.2, y: 1, z: 0.3).translatedBy(x: 5, y: -7, z: 2).scaledBy(x: 1.5, y: 0.7, z: 1),
            perspective.rotated(by: 1.1, x: 0, y: 1, z: 0).translatedBy(x: -60, y: -40, z: 0),
            Transform3D(AffineTransform(a: 1, b: 0.3, c: 0.5, d: 1, tx: 3, ty: 4)),
            Transform3D(scaleX: -1, y: 1, z: 1),
        ]
        for t in cases {
            #expect(close(t.interpolated(to: t, fraction: 0.37), t), "\(t)")
            #expect(close(t.interpolated(to: .identity, fraction: 0), t))
            #expect(close(Transform3D.identity.interpolated(to: t, fraction: 1), t))
        }
    }

    /// Half of a half turn about y, with perspective, is a quarter turn with the same perspective: not a flattened mix.
    @Test func aHalfTurnGoesThroughEdgeOn() {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        let start = perspective, end = perspective.rotated(by: .pi * 0.9, x: 0, y: 1, z: 0)
        let middle = start.interpolated(to: end, fraction: 0.5)
        #expect(close(middle, perspective.rotated(by: .pi * 0.45, x: 0, y: 1, z: 0)))
        // A third of the way: a third of the angle.
        #expect(close(start.interpolated(to: end, fraction: 1.0 / 3), perspective.rotated(by: .pi * 0.3, x: 0, y: 1, z: 0)))
        // Moves and scales mix as numbers.
        let moved = Transform3D(translationX: 10, y: 20, z: 0).interpolated(to: Transform3D(translationX: 30, y: 0, z: 0), fraction: 0.25)
        #expect(close(moved, Transform3D(translationX: 15, y: 15, z: 0)))
    }
}
