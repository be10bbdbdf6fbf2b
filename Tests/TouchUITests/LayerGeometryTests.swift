import Testing
@testable import TouchUI

/// CALayer's anchorPoint and zPosition, set through `view.layer`.
@MainActor
struct LayerGeometryTests {
    let app = Application()
    let red = PixelColor(red: 255, green: 0, blue: 0)
    let blue = PixelColor(red: 0, green: 0, blue: 255)
    let white = PixelColor(red: 255, green: 255, blue: 255)

    func render(_ window: Window) throws -> Bitmap { try window.drawnAfresh() }

    /// A red square and a blue one added after it, overlapping at (60, 60).
    func overlappingSquares(in window: Window) -> (back: View, front: View) {
        let back = View(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
        back.backgroundColor = .red
        let front = View(frame: CGRect(x: 50, y: 50, width: 60, height: 60))
        front.backgroundColor = .blue
        window.addSubview(back)
        window.addSubview(front)
        return (back, front)
    }

    func whiteWindow() -> Window { Window.white(application: app) }

    @Test func aNewAnchorKeepsThePositionAndMovesTheFrame() throws {
        let window = whiteWindow()
        let view = View(frame: CGRect(x: 100, y: 100, width: 40, height: 20))
        view.backgroundColor = .red
        window.addSubview(view)
        #expect(view.layer.position == CGPoint(x: 120, y: 110))
        view.layer.anchorPoint = CGPoint(x: 0, y: 0)
        #expect(view.layer.position == CGPoint(x: 120, y: 110))
        #expect(view.frame == CGRect(x: 120, y: 110, width: 40, height: 20))
        let screen = try render(window)
        #expect(screen.pixel(x: 125, y: 115) == red)
        #expect(screen.pixel(x: 105, y: 105) == white)
        // Setting the frame places the anchor to match, as UIKit's does.
        view.frame = CGRect(x: 10, y: 10, width: 40, height: 20)
        #expect(view.center == CGPoint(x: 10, y: 10))
        #expect(view.convert(CGPoint(x: 0, y: 0), to: nil) == CGPoint(x: 10, y: 10))
    }

    /// An instrument's needle turns about its foot.
    @Test func aNeedleTurnsAboutItsAnchor() throws {
        let window = whiteWindow()
        let needle = View(frame: CGRect(x: 0, y: 0, width: 10, height: 50))
        needle.backgroundColor = .red
        needle.layer.anchorPoint = CGPoint(x: 0.5, y: 1)
        needle.layer.position = CGPoint(x: 105, y: 150)
        window.addSubview(needle)
        #expect(needle.frame == CGRect(x: 100, y: 100, width: 10, height: 50))
        needle.layer.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        let frame = needle.frame
        #expect(abs(frame.minX - 105) < 1e-9 && abs(frame.minY - 145) < 1e-9 && abs(frame.width - 50) < 1e-9 && abs(frame.height - 10) < 1e-9)
        let screen = try render(window)
        #expect(screen.pixel(x: 130, y: 150) == red, "turned to point right of its foot")
        #expect(screen.pixel(x: 105, y: 125) == white, "no longer upright")
        #expect(window.hitTest(CGPoint(x: 130, y: 150), with: nil) === needle)
        #expect(window.hitTest(CGPoint(x: 105, y: 125), with: nil) === window)
        let tip = needle.convert(CGPoint(x: 5, y: 0), to: nil)
        #expect(abs(tip.x - 155) < 1e-9 && abs(tip.y - 150) < 1e-9)
    }

    @Test func zPositionPutsAViewInFrontOfLaterSiblings() throws {
        let window = whiteWindow()
        let (back, front) = overlappingSquares(in: window)
        #expect(try render(window).pixel(x: 60, y: 60) == blue)
        back.layer.zPosition = 1
        #expect(try render(window).pixel(x: 60, y: 60) == red)
        #expect(window.hitTest(CGPoint(x: 60, y: 60), with: nil) === back)
        front.layer.zPosition = 1
        #expect(try render(window).pixel(x: 60, y: 60) == blue, "equal positions keep the subviews' order")
        #expect(window.hitTest(CGPoint(x: 60, y: 60), with: nil) === front)
        back.removeFromSuperview()
        front.layer.zPosition = 0
        #expect(window.raisedSubviews == 0)
    }

    @Test func whatIsRepaintedMatchesTheWindowDrawnAfresh() throws {
        let window = whiteWindow()
        let (back, front) = overlappingSquares(in: window)
        let kept = try render(window)
        func step(_ what: String, _ change: () -> Void) throws {
            change()
            if let difference = try window.repaintDifference(in: kept) { Issue.record("after \(what): \(difference)") }
        }
        try step("raising the back one") { back.layer.zPosition = 2 }
        try step("a new anchor") { front.layer.anchorPoint = CGPoint(x: 1, y: 1) }
        try step("turned about it") { front.layer.setAffineTransform(CGAffineTransform(rotationAngle: 0.3)) }
        try step("lowered") { back.layer.zPosition = -1 }
    }
}
