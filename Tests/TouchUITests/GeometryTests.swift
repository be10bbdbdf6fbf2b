import Foundation
import Testing
import TouchUI

struct GeometryTests {
    @Test func rectOperations() {
        let r = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(r.contains(Point(x: 10, y: 20)))
        #expect(!r.contains(Point(x: 110, y: 20)))  // the right edge is outside
        #expect(r.insetBy(dx: 10, dy: 5) == Rect(x: 20, y: 25, width: 80, height: 40))
        #expect(r.insetBy(dx: -20, dy: 0) == Rect(x: -10, y: 20, width: 140, height: 50))
        #expect(r.offsetBy(dx: 5, dy: -5) == Rect(x: 15, y: 15, width: 100, height: 50))
        #expect(r.intersection(Rect(x: 100, y: 0, width: 50, height: 30)) == Rect(x: 100, y: 20, width: 10, height: 10))
        #expect(r.intersection(Rect(x: 500, y: 0, width: 1, height: 1)).isNull)
        #expect(r.union(Rect(x: 0, y: 0, width: 1, height: 1)) == Rect(x: 0, y: 0, width: 110, height: 70))
        #expect(Rect(x: 10, y: 10, width: -5, height: -5).standardized == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(r.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == Rect(x: 12, y: 21, width: 94, height: 46))
    }

    @Test func transforms() {
        let move = AffineTransform(translationX: 10, y: 20)
        #expect(Point(x: 1, y: 2).applying(move) == Point(x: 11, y: 22))
        let scale = AffineTransform(scaleX: 2, y: 3)
        // Scale, then translate.
        #expect(Point(x: 1, y: 1).applying(scale.concatenating(move)) == Point(x: 12, y: 23))
        // translatedBy prepends: translate in the scaled space.
        #expect(Point(x: 0, y: 0).applying(scale.translatedBy(x: 1, y: 1)) == Point(x: 2, y: 3))
        let turn = AffineTransform(rotationAngle: .pi / 2)
        let p = Point(x: 1, y: 0).applying(turn)
        #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
        let any = scale.concatenating(turn).concatenating(move)
        let back = Point(x: 3, y: 4).applying(any).applying(any.inverted())
        #expect(abs(back.x - 3) < 1e-9 && abs(back.y - 4) < 1e-9)
        let singular = AffineTransform(scaleX: 0, y: 1)
        #expect(singular.inverted() == singular)
        #expect(Rect(x: 0, y: 0, width: 10, height: 20).applying(turn).size.width.rounded() == 20)
    }
}
