import Testing
@testable import TouchUI

/// A view draws inside its bounds only, as a layer's backing store holds
/// no more: a glyph's edge past a label's side would stay on screen when
/// the text changes, since only the label's bounds are repainted.
@MainActor
struct DrawingInsideBoundsTests {
    let app = Application()

    @Test func newTextLeavesNothingOfTheOldBehind() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 60), application: app)
        window.backgroundColor = .white
        let label = Label(frame: CGRect(x: 20, y: 20, width: 160, height: 24))
        label.text = "Tea"
        window.addSubview(label)
        let kept = try Bitmap(width: 200, height: 60)
        window.setNeedsDisplay()
        window.render(window.takeDamage(), in: GraphicsContext(bitmap: kept))
        for text in ["Coffee", "Tea", "Jam", "Yoghurt", "Tea"] {
            label.text = text
            window.render(window.takeDamage(), in: GraphicsContext(bitmap: kept))
            let fresh = try Bitmap(width: 200, height: 60)
            window.setNeedsDisplay()
            window.render(window.takeDamage(), in: GraphicsContext(bitmap: fresh))
            for y in 0..<60 {
                for x in 0..<200 where kept.pixel(x: x, y: y) != fresh.pixel(x: x, y: y) {
                    Issue.record("\(text): pixel \(x), \(y) kept \(kept.pixel(x: x, y: y)), drawn afresh \(fresh.pixel(x: x, y: y))")
                    return
                }
            }
        }
    }
}
