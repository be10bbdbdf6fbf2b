import Glibc
import Graphics
import Testing

/// A path walked as straight steps, as an animation along it follows it.
struct PathWalkTests {
    func near(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    @Test func aRectangleIsItsThreeLinesAndItsClose() throws {
        let walk = try #require(Path(rect: Rect(x: 10, y: 20, width: 30, height: 40)).walked())
        #expect(walk.start == Point(x: 10, y: 20))
        #expect(walk.pieces == [[Point(x: 40, y: 20)], [Point(x: 40, y: 60)], [Point(x: 10, y: 60)], [Point(x: 10, y: 20)]])
        #expect(Path().walked() == nil)
    }

    /// Arcs go as cairo draws them: growing angles clockwise on screen
    /// (y down), the end wrapped past the start; the other way, before it.
    @Test func arcsGoTheWayTheyAreDrawn() throws {
        let centre = Point(x: 50, y: 50)
        var short = Path()
        short.addArc(center: centre, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        let quarter = try #require(short.walked(steps: 2))
        #expect(quarter.start == Point(x: 60, y: 50))
        #expect(near(quarter.pieces[0][0], Point(x: 50 + 10 * cos(.pi / 4), y: 50 + 10 * sin(.pi / 4))))
        #expect(near(quarter.pieces[0][1], Point(x: 50, y: 60)))

        var long = Path()
        long.addArc(center: centre, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let most = try #require(long.walked(steps: 3))
        // Three quarters the other way: up through the top, then the left, to the bottom.
        #expect(near(most.pieces[0][0], Point(x: 50, y: 40)) && near(most.pieces[0][1], Point(x: 40, y: 50)))
        #expect(near(most.pieces[0][2], Point(x: 50, y: 60)))

        // From a line's end, an arc first goes straight to where it begins.
        var joined = Path()
        joined.move(to: .zero)
        joined.addArc(center: centre, radius: 10, startAngle: .pi, endAngle: 0, clockwise: true)
        let walk = try #require(joined.walked(steps: 1))
        #expect(walk.pieces.count == 1 && walk.pieces[0].count == 2)
        #expect(near(walk.pieces[0][0], Point(x: 40, y: 50)) && near(walk.pieces[0][1], Point(x: 60, y: 50)), "over the top, to the right")
    }

    /// An oval's four curves, and no close: it already ends where it began.
    @Test func anOvalIsFourCurves() throws {
        let walk = try #require(Path(ovalIn: Rect(x: 0, y: 0, width: 20, height: 20)).walked(steps: 8))
        #expect(walk.pieces.count == 4 && walk.pieces.allSatisfy { $0.count == 8 })
        for point in walk.pieces.joined() {
            let r = ((point.x - 10) * (point.x - 10) + (point.y - 10) * (point.y - 10)).squareRoot()
            #expect(abs(r - 10) < 0.03, "\(point) is \(r) from the centre")
        }
    }
}
