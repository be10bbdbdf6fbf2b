import Testing
import TouchUI

/// A screen written with CoreGraphics' names compiles as it is, and the names
/// are the UI model's own types (CGRect is Rect), so values pass both ways.
@MainActor
struct CoreGraphicsNamesTests {
    @Test func aFrameWrittenWithCGNamesIsTheViewsFrame() {
        let padding: CGFloat = 16
        let card = View(frame: CGRect(x: padding, y: padding, width: 320 - 2 * padding, height: 120))
        let frame: Rect = card.frame
        #expect(frame == Rect(x: 16, y: 16, width: 288, height: 120))
        let center: CGPoint = card.center
        #expect(center == CGPoint(x: 160, y: 76))
        let size: CGSize = card.bounds.size
        #expect(size == CGSize(width: 288, height: 120))
        #expect(CGFloat.pi == Double.pi)
    }

    @Test func integerInitializersAsCoreGraphicsHasThem() {
        let columns = 3, cell = 100
        #expect(CGRect(x: columns * cell, y: 0, width: cell, height: cell) == CGRect(x: 300.0, y: 0, width: 100, height: 100))
        #expect(CGPoint(x: columns, y: cell) == CGPoint(x: 3.0, y: 100.0))
        #expect(CGSize(width: cell, height: columns) == CGSize(width: 100.0, height: 3.0))
    }

    @Test func transformsUnderTheirCoreGraphicsName() {
        let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        view.transform = CGAffineTransform(translationX: 10, y: -5).scaledBy(x: 2, y: 2)
        #expect(view.frame == CGRect(x: -40, y: -25, width: 200, height: 80))
        view.transform = .identity
        let rotated = CGSize(width: 100, height: 40).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(rotated.width + 40) < 1e-9 && abs(rotated.height - 100) < 1e-9)
    }

    @Test func integralRoundsOutToWholePoints() {
        #expect(CGRect(x: 0.5, y: 1.2, width: 10.2, height: 3.9).integral == CGRect(x: 0, y: 1, width: 11, height: 5))
        #expect(CGRect(x: -1.5, y: -0.5, width: 1, height: 1).integral == CGRect(x: -2, y: -1, width: 2, height: 2))
        #expect(CGRect.null.integral.isNull)
    }
}
