import Testing
import TouchUI

/// StackView as UIStackView documents it: axis, spacing, alignment,
/// each distribution, hidden views taking no room, and nesting.
@MainActor
struct StackViewTests {
    /// A view with a fixed natural size.
    final class Box: View {
        let natural: Size
        init(_ width: Double, _ height: Double) {
            natural = Size(width: width, height: height)
            super.init(frame: .zero)
        }
        override var intrinsicContentSize: Size { natural }
    }

    func frames(_ stack: StackView) -> [Rect] {
        stack.layoutIfNeeded()
        return stack.arrangedSubviews.filter { !$0.isHidden }.map(\.frame)
    }

    @Test func fillGivesTheSpareRoomToTheFlexibleView() {
        let flexible = View()  // no natural size: it stretches
        let stack = StackView(arrangedSubviews: [Box(50, 20), flexible, Box(30, 40)])
        stack.frame = Rect(x: 0, y: 0, width: 200, height: 60)
        stack.spacing = 10
        #expect(frames(stack) == [
            Rect(x: 0, y: 0, width: 50, height: 60), Rect(x: 60, y: 0, width: 100, height: 60),
            Rect(x: 170, y: 0, width: 30, height: 60),
        ])
        // With no flexible view, the last one takes the room.
        let plain = StackView(arrangedSubviews: [Box(50, 20), Box(30, 40)])
        plain.frame = Rect(x: 0, y: 0, width: 200, height: 60)
        #expect(frames(plain).map(\.width) == [50, 150])
    }

    /// As UIStackView's fill: the view that hugs its content least takes the
    /// spare room, and the one that resists compression least gives way.
    @Test func fillFollowsHuggingAndCompressionResistance() {
        let name = Box(80, 20), price = Box(40, 20), badge = Box(30, 20)
        let stack = StackView(arrangedSubviews: [name, price, badge])
        stack.frame = Rect(x: 0, y: 0, width: 300, height: 20)
        name.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        #expect(frames(stack).map(\.width) == [230, 40, 30])
        // Too narrow: the least resistant gives way first, then the next.
        stack.frame = Rect(x: 0, y: 0, width: 100, height: 20)
        price.setContentCompressionResistancePriority(.defaultHigh - 10, for: .horizontal)
        stack.setNeedsLayout()
        #expect(frames(stack).map(\.width) == [80, 0, 20])
        name.setContentCompressionResistancePriority(.defaultHigh - 20, for: .horizontal)
        stack.setNeedsLayout()
        #expect(frames(stack).map(\.width) == [30, 40, 30])
    }

    @Test func fillEquallyAndProportionally() {
        let stack = StackView(arrangedSubviews: [Box(10, 10), Box(30, 10), Box(60, 10)])
        stack.frame = Rect(x: 0, y: 0, width: 320, height: 40)
        stack.spacing = 10
        stack.distribution = .fillEqually
        #expect(frames(stack).map(\.width) == [100, 100, 100])
        stack.distribution = .fillProportionally
        #expect(frames(stack).map(\.width) == [30, 90, 180])
    }

    @Test func equalSpacingAndEqualCentering() {
        let stack = StackView(arrangedSubviews: [Box(20, 10), Box(40, 10), Box(20, 10)])
        stack.frame = Rect(x: 0, y: 0, width: 200, height: 10)
        stack.distribution = .equalSpacing
        #expect(frames(stack).map(\.minX) == [0, 80, 180])
        stack.distribution = .equalCentering
        #expect(frames(stack).map(\.midX) == [10, 100, 190])
    }

    @Test func alignmentAcrossTheAxis() {
        let stack = StackView(arrangedSubviews: [Box(20, 30)])
        stack.axis = .vertical
        stack.frame = Rect(x: 0, y: 0, width: 100, height: 30)
        stack.alignment = .fill
        #expect(frames(stack) == [Rect(x: 0, y: 0, width: 100, height: 30)])
        stack.alignment = .leading
        #expect(frames(stack) == [Rect(x: 0, y: 0, width: 20, height: 30)])
        stack.alignment = .center
        #expect(frames(stack) == [Rect(x: 40, y: 0, width: 20, height: 30)])
        stack.alignment = .trailing
        #expect(frames(stack) == [Rect(x: 80, y: 0, width: 20, height: 30)])
    }

    @Test func hiddenViewsTakeNoRoomAndShowingOneLaysOutAgain() {
        let middle = Box(40, 10)
        let stack = StackView(arrangedSubviews: [Box(20, 10), middle, Box(20, 10)])
        stack.frame = Rect(x: 0, y: 0, width: 200, height: 10)
        stack.distribution = .fillEqually
        middle.isHidden = true
        #expect(stack.needsLayout)
        #expect(frames(stack).map(\.width) == [100, 100])
        middle.isHidden = false
        #expect(stack.needsLayout)
        #expect(frames(stack).count == 3)
    }

    @Test func labelsAndButtonsAreMeasuredByTheirText() {
        let label = Label(text: "Quantity")
        let button = Button(title: "Add to order")
        let stack = StackView(arrangedSubviews: [label, button, View()])
        stack.frame = Rect(x: 0, y: 0, width: 600, height: 50)
        stack.spacing = 8
        let laidOut = frames(stack)
        #expect(laidOut[0].width == label.intrinsicContentSize.width && laidOut[0].width > 40)
        #expect(laidOut[1].minX == laidOut[0].maxX + 8)
        #expect(laidOut[1].width == button.intrinsicContentSize.width)
        // A longer text lays the stack out again.
        label.text = "Quantity in cups"
        #expect(stack.needsLayout)
        #expect(frames(stack)[0].width > laidOut[0].width)
    }

    @Test func stacksNestAndRemovingAnArrangedViewKeepsItAsASubview() {
        let row = StackView(arrangedSubviews: [Box(30, 20), Box(30, 20)])
        row.spacing = 4
        let column = StackView(arrangedSubviews: [Box(100, 40), row])
        column.axis = .vertical
        column.alignment = .leading
        column.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        #expect(row.intrinsicContentSize == Size(width: 64, height: 20))
        let laidOut = frames(column)
        #expect(laidOut[1].size.width == 64)
        row.layoutIfNeeded()
        #expect(row.arrangedSubviews[1].frame.minX == 34)
        let box = column.arrangedSubviews[0]
        column.removeArrangedSubview(box)
        #expect(box.superview === column && column.arrangedSubviews.count == 1)
        row.removeFromSuperview()
        #expect(column.arrangedSubviews.isEmpty)
    }

    @Test func layoutMarginsInsetTheArrangement() {
        let stack = StackView(arrangedSubviews: [View()])
        stack.frame = Rect(x: 0, y: 0, width: 100, height: 50)
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = EdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
        #expect(frames(stack) == [Rect(x: 10, y: 5, width: 80, height: 40)])
    }

    /// Apple: spacing is the least spacing for equalCentering too; and a
    /// change in an inner stack lays the outer one out again.
    @Test func equalCenteringKeepsTheSpacingAndInnerChangesReachTheOuterStack() {
        let stack = StackView(arrangedSubviews: [Box(80, 10), Box(80, 10), Box(80, 10)])
        stack.frame = Rect(x: 0, y: 0, width: 200, height: 10)
        stack.distribution = .equalCentering
        stack.spacing = 10
        let laidOut = frames(stack)
        #expect(laidOut[1].minX - laidOut[0].maxX >= 10 && laidOut[2].minX - laidOut[1].maxX >= 10)
        let inner = StackView(arrangedSubviews: [Box(10, 10)])
        let outer = StackView(arrangedSubviews: [inner, View()])
        outer.frame = Rect(x: 0, y: 0, width: 200, height: 10)
        outer.layoutIfNeeded()
        inner.addArrangedSubview(Box(30, 10))
        #expect(outer.needsLayout)
        #expect(frames(outer)[0].width == 40)
    }
}
