import Foundation
import Testing
@testable import Graphics

/// Dashes, the miter limit, even-odd fills and a trimmed stroke (CAShapeLayer's strokeStart and strokeEnd).
struct StrokeStyleTests {
    let black = PixelColor(red: 0, green: 0, blue: 0)
    let white = PixelColor(red: 255, green: 255, blue: 255)

    func canvas(_ draw: (GraphicsContext) -> Void) throws -> Bitmap {
        let bitmap = try Bitmap(width: 100, height: 40)
        let context = GraphicsContext(bitmap: bitmap)
        context.fill(Rect(x: 0, y: 0, width: 100, height: 40), with: .white)
        draw(context)
        context.flush()
        return bitmap
    }

    /// A line from x = 0 to 100 along y = 20, 10 wide.
    var line: Path {
        var path = Path()
        path.move(to: Point(x: 0, y: 20))
        path.addLine(to: Point(x: 100, y: 20))
        return path
    }

    /// The columns along y = 20 that are black.
    func inkedColumns(_ bitmap: Bitmap) -> [Int] { (0..<100).filter { bitmap.pixel(x: $0, y: 20) == black } }

    @Test func aTrimmedStrokeCoversItsPartOfTheLength() throws {
        let bitmap = try canvas { $0.stroke(line, with: .black, style: .init(lineWidth: 10, start: 0.25, end: 0.75)) }
        #expect(inkedColumns(bitmap) == Array(25..<75))
    }

    /// The length runs on across subpaths: two lines of 50, trimmed to the
    /// first 75%, stroke the whole first and half the second.
    @Test func aTrimRunsAcrossSubpaths() throws {
        var path = Path()
        path.move(to: Point(x: 0, y: 10))
        path.addLine(to: Point(x: 50, y: 10))
        path.move(to: Point(x: 0, y: 30))
        path.addLine(to: Point(x: 50, y: 30))
        let bitmap = try canvas { $0.stroke(path, with: .black, style: .init(lineWidth: 4, end: 0.75)) }
        #expect((0..<100).filter { bitmap.pixel(x: $0, y: 10) == black } == Array(0..<50))
        #expect((0..<100).filter { bitmap.pixel(x: $0, y: 30) == black } == Array(0..<25))
        // Nothing joins the end of one subpath to the start of the next.
        #expect(bitmap.pixel(x: 25, y: 20) == white)
    }

    /// A circle trimmed to its first quarter: cairo's flattening follows the curve.
    @Test func aTrimmedCircleFollowsTheCurve() throws {
        let circle = Path(ovalIn: Rect(x: 30, y: 0, width: 40, height: 40))
        let bitmap = try canvas { $0.stroke(circle, with: .black, style: .init(lineWidth: 3, end: 0.25)) }
        // The oval starts at its right and runs clockwise on screen: the first quarter is the lower right.
        let ring = { (angle: Double) in
            bitmap.pixel(x: Int((50 + 20 * cos(angle)).rounded()), y: Int((20 + 20 * sin(angle)).rounded()).clamped(to: 0...39))
        }
        #expect(ring(.pi / 4) == black)
        #expect(ring(.pi) == white)
        #expect(ring(-.pi / 2) == white)
    }

    /// A closed subpath kept whole by the trim still closes: its first corner has its mitre, not two butt ends.
    @Test func aWholeClosedSubpathStaysClosedWhenTrimmed() throws {
        var path = Path(rect: Rect(x: 10, y: 10, width: 20, height: 20))
        path.append(Path(rect: Rect(x: 60, y: 10, width: 20, height: 20)))
        let bitmap = try canvas { $0.stroke(path, with: .black, style: .init(lineWidth: 6, end: 0.75)) }
        #expect(bitmap.pixel(x: 8, y: 8) == black, "the first square's first corner, mitred")
        #expect(bitmap.pixel(x: 58, y: 8) == white, "the second, cut short, is open: its start is a butt end")
        #expect(bitmap.pixel(x: 70, y: 10) == black)
        #expect(bitmap.pixel(x: 60, y: 25) == white, "the second's last side, trimmed away")
    }

    @Test func nothingIsStrokedWhenTheEndIsNotPastTheStart() throws {
        let bitmap = try canvas { $0.stroke(line, with: .black, style: .init(lineWidth: 10, start: 0.5, end: 0.5)) }
        #expect(inkedColumns(bitmap).isEmpty)
        let nan = try canvas { $0.stroke(line, with: .black, style: .init(lineWidth: 10, start: .nan, end: .nan)) }
        #expect(inkedColumns(nan) == Array(0..<100), "NaN is read as the defaults: the whole path")
    }

    @Test func aDashLeavesGaps() throws {
        let bitmap = try canvas { $0.stroke(line, with: .black, style: .init(lineWidth: 10, dash: [10, 10])) }
        let inked = inkedColumns(bitmap)
        #expect(inked == (0..<100).filter { ($0 / 10) % 2 == 0 })
        // A pattern cairo would refuse draws solid, as CoreGraphics does.
        let refused = try canvas { $0.stroke(line, with: .black, style: .init(lineWidth: 10, dash: [0, 0])) }
        #expect(inkedColumns(refused) == Array(0..<100))
    }

    @Test func evenOddLeavesAHoleWhereTwoShapesOverlap() throws {
        var rings = Path(rect: Rect(x: 10, y: 5, width: 30, height: 30))
        rings.append(Path(rect: Rect(x: 15, y: 10, width: 20, height: 20)))
        let evenOdd = try canvas { $0.fill(rings, with: .black, evenOdd: true) }
        #expect(evenOdd.pixel(x: 12, y: 20) == black)
        #expect(evenOdd.pixel(x: 25, y: 20) == white)
        let nonZero = try canvas { $0.fill(rings, with: .black, evenOdd: false) }
        #expect(nonZero.pixel(x: 25, y: 20) == black)
    }

    /// Only real corners reach as far as a mitre: a circle's ring reaches half its width.
    @Test func theStrokeBoundsReachMitresOnlyAtCorners() {
        let mitred = GraphicsContext.StrokeStyle(lineWidth: 4, lineJoin: .miter, miterLimit: 10)
        #expect(Path(ovalIn: Rect(x: 10, y: 10, width: 40, height: 40)).strokeBounds(mitred) == Rect(x: 8, y: 8, width: 44, height: 44))
        #expect(Path(roundedRect: Rect(x: 10, y: 10, width: 40, height: 40), cornerRadius: 8).strokeBounds(mitred) == Rect(x: 8, y: 8, width: 44, height: 44))
        // A square's corners: a mitre of half the width times the square root of two.
        let square = Path(rect: Rect(x: 10, y: 10, width: 40, height: 40)).strokeBounds(mitred)
        #expect(abs(square.minX - (10 - 2 * 2.0.squareRoot())) < 1e-9 && abs(square.width - (40 + 4 * 2.0.squareRoot())) < 1e-9)
        // A sharp V passes the limit of 10 and is bevelled: half the width.
        var vee = Path()
        vee.move(to: Point(x: 0, y: 0))
        vee.addLine(to: Point(x: 50, y: 1))
        vee.addLine(to: Point(x: 0, y: 2))
        #expect(vee.strokeBounds(mitred) == Rect(x: -2, y: -2, width: 54, height: 6))
        // A V within the limit (60 degrees: twice the half width) reaches its mitre.
        var wide = Path()
        wide.move(to: Point(x: 0, y: 0))
        wide.addLine(to: Point(x: 10, y: 10 * 3.0.squareRoot()))
        wide.addLine(to: Point(x: 20, y: 0))
        let tip = wide.strokeBounds(mitred)
        #expect(abs(tip.maxY - (10 * 3.0.squareRoot() + 4)) < 1e-9)
        // Round joins and square caps.
        #expect(square == Path(rect: Rect(x: 10, y: 10, width: 40, height: 40)).strokeBounds(.init(lineWidth: 4, lineJoin: .miter, miterLimit: 1.5)))
        #expect(Path(rect: Rect(x: 10, y: 10, width: 40, height: 40)).strokeBounds(.init(lineWidth: 4, lineJoin: .round)) == Rect(x: 8, y: 8, width: 44, height: 44))
    }

    /// Every pixel a stroke inks lies inside its bounds, over shapes with corners, curves and arcs.
    @Test func theStrokeBoundsHoldWhatIsStroked() throws {
        var shapes = [Path(rect: Rect(x: 30, y: 12, width: 30, height: 14)), Path(ovalIn: Rect(x: 20, y: 8, width: 50, height: 20))]
        var zigzag = Path()
        zigzag.move(to: Point(x: 20, y: 15))
        zigzag.addLine(to: Point(x: 40, y: 25))
        zigzag.addLine(to: Point(x: 55, y: 12))
        zigzag.addArc(center: Point(x: 60, y: 20), radius: 6, startAngle: 0, endAngle: 2)
        shapes.append(zigzag)
        for (index, path) in shapes.enumerated() {
            for style in [GraphicsContext.StrokeStyle(lineWidth: 3), .init(lineWidth: 5, lineCap: .square, lineJoin: .bevel)] {
                let bitmap = try canvas { $0.stroke(path, with: .black, style: style) }
                let bounds = path.strokeBounds(style)
                for y in 0..<40 {
                    for x in 0..<100 where bitmap.pixel(x: x, y: y) != white {
                        #expect(bounds.intersects(Rect(x: Double(x), y: Double(y), width: 1, height: 1)), "shape \(index): pixel \(x), \(y) outside \(bounds)")
                    }
                }
            }
        }
    }
}

extension Int {
    fileprivate func clamped(to range: ClosedRange<Int>) -> Int { Swift.min(range.upperBound, Swift.max(range.lowerBound, self)) }
}
