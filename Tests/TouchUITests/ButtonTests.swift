import Testing
import TouchUI

/// UIButton's per-state titles, colours and images: a state with nothing
/// of its own shows the normal one.
@MainActor
struct ButtonTests {
    @Test func titlesAndColoursPerState() {
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 40), title: "Play")
        button.setTitle("Playing", for: .selected)
        button.setTitleColor(.systemRed, for: .highlighted)
        #expect(button.currentTitle == "Play")
        #expect(button.title(for: .disabled) == "Play")  // falls back to normal
        button.isSelected = true
        #expect(button.currentTitle == "Playing")
        button.isSelected = false
        button.isHighlighted = true
        #expect(button.currentTitleColor == .systemRed)
        button.setTitleColor(nil, for: .highlighted)
        #expect(button.currentTitleColor == Color.systemBlue.withAlphaComponent(0.3))  // dimmed normal
        button.isHighlighted = false
        button.isEnabled = false
        #expect(button.currentTitleColor == .gray)
        button.setTitleColor(.black, for: .disabled)
        #expect(button.currentTitleColor == .black)
        button.title = "Stop"
        #expect(button.title(for: .normal) == "Stop")
    }

    @Test func anImageSitsBeforeTheTitleAndCountsInTheSize() throws {
        let button = Button(title: "Coffee")
        let bare = button.intrinsicContentSize
        let bitmap = try Bitmap(width: 24, height: 24)
        let icon = Image(bitmap: bitmap)
        button.setImage(icon, for: .normal)
        #expect(button.currentImage === icon)
        #expect(button.intrinsicContentSize.width == bare.width + 24 + button.imagePadding)
        button.isHighlighted = true
        #expect(button.currentImage === icon)  // from the normal state
    }

    @Test func theCurrentStateIsWhatIsDrawn() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 40), application: Application())
        window.backgroundColor = .white
        let button = Button(frame: window.bounds, title: "████")
        button.setTitleColor(.red, for: .normal)
        button.setTitleColor(.green, for: .selected)
        window.addSubview(button)
        let bitmap = try Bitmap(width: 100, height: 40)
        let context = GraphicsContext(bitmap: bitmap)
        func has(_ color: Color) -> Bool {
            window.render(window.takeDamage(), in: context)
            return (0..<100).contains { x in bitmap.pixel(x: x, y: 20).distance(to: color.pixel) <= 8 }
        }
        #expect(has(.red) && !has(.green))
        button.isSelected = true
        #expect(has(.green))
    }
}
