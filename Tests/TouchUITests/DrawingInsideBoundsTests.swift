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
        let kept = try window.drawnAfresh()
        for text in ["Coffee", "Tea", "Jam", "Yoghurt", "Tea"] {
            label.text = text
            if let difference = try window.repaintDifference(in: kept) { Issue.record("\(text): \(difference)") }
        }
    }
}
