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

/// UIButton's `titleLabel`: the label that shows the title, whose font and
/// line count the app sets, and whose text and colour follow the state.
@MainActor
struct ButtonTitleLabelTests {
    @Test func theTitleLabelShowsTheCurrentStatesTitleInItsColour() throws {
        let button = Button(type: .system)
        button.setTitle("Pay", for: .normal)
        button.setTitle("Paying", for: .highlighted)
        button.setTitleColor(.systemRed, for: .highlighted)
        let label = try #require(button.titleLabel)
        #expect(label.superview === button && label.text == "Pay" && label.textColor == .systemBlue)
        button.isHighlighted = true
        #expect(label.text == "Paying" && label.textColor == .systemRed)
        button.isHighlighted = false
        button.tintColor = .systemGreen
        #expect(label.textColor == .systemGreen, "a system button's title is the tint, wherever it comes from")
    }

    @Test func settingTheLabelsFontResizesTheButton() throws {
        let button = Button(type: .system)
        button.setTitle("Pay", for: .normal)
        let before = button.intrinsicContentSize
        button.titleLabel?.font = .boldSystemFont(ofSize: 34)
        #expect(button.font == .boldSystemFont(ofSize: 34))
        #expect(button.intrinsicContentSize.width > before.width + 20)
        #expect(button.intrinsicContentSize.height > before.height + 10)
        button.titleLabel?.numberOfLines = 0
        let oneLine = button.intrinsicContentSize.height
        button.setTitle("Pay\nby card", for: .normal)
        #expect(button.intrinsicContentSize.height > oneLine * 1.6, "two lines")
    }

    /// The label is laid out in the button, and the title is drawn by it, in its font.
    @Test func theTitleIsDrawnByTheLabelWhereTheButtonLaysItOut() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 60), application: Application())
        window.backgroundColor = .white
        let button = Button(frame: window.bounds, title: "WWW")
        window.addSubview(button)
        window.layoutIfNeeded()
        let label = try #require(button.titleLabel)
        #expect(label.frame == button.bounds.insetBy(dx: 4, dy: 0) && label.textAlignment == .center)
        func inked() throws -> Int {
            let bitmap = try Bitmap(width: 200, height: 60)
            window.setNeedsDisplay(); window.render(window.takeDamage(), in: GraphicsContext(bitmap: bitmap))
            var count = 0
            for y in 0..<60 { for x in 0..<200 where bitmap.pixel(x: x, y: y).distance(to: Color.white.pixel) > 60 { count += 1 } }
            return count
        }
        let small = try inked()
        #expect(small > 50, "the title is drawn")
        button.titleLabel?.font = .systemFont(ofSize: 34)
        window.layoutIfNeeded()
        #expect(try inked() > small * 2, "in the label's larger font")
        label.isHidden = true
        #expect(try inked() == 0, "and by the label alone")
    }
}
