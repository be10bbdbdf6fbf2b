import Testing
import TouchUI

@MainActor
struct ViewTests {
    @Test func frameCenterAndBounds() {
        let view = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.center == Point(x: 60, y: 45))
        #expect(view.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        view.transform = AffineTransform(scaleX: 2, y: 2)
        // Scaling about the centre: the frame grows around it.
        #expect(view.frame == Rect(x: -40, y: -5, width: 200, height: 100))
        view.transform = .identity
        view.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(view.center == Point(x: 5, y: 5))
    }

    @Test func convertThroughTransformsAndBoundsOrigins() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400), application: Application())
        let parent = View(frame: Rect(x: 100, y: 100, width: 200, height: 200))
        let child = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        window.addSubview(parent)
        parent.addSubview(child)
        #expect(child.convert(Point(x: 0, y: 0), to: nil) == Point(x: 150, y: 150))
        #expect(child.convert(Point(x: 150, y: 150), from: nil) == Point(x: 0, y: 0))
        // A bounds origin scrolls the content: the child moves up-left by it.
        parent.bounds.origin = Point(x: 10, y: 20)
        #expect(child.convert(Point(x: 0, y: 0), to: nil) == Point(x: 140, y: 130))
        parent.bounds.origin = .zero
        // Rotating the parent a quarter turn about its centre (200, 200).
        parent.transform = AffineTransform(rotationAngle: .pi / 2)
        let p = child.convert(Point(x: 0, y: 0), to: nil)
        #expect(abs(p.x - 250) < 1e-9 && abs(p.y - 150) < 1e-9)
        let q = child.convert(p, from: nil)
        #expect(abs(q.x) < 1e-9 && abs(q.y) < 1e-9)
        let rect = child.convert(Rect(x: 0, y: 0, width: 10, height: 20), to: parent)
        #expect(rect == Rect(x: 50, y: 50, width: 10, height: 20))
        // Another view, moved and scaled 2x about its centre (25, 25): window
        // (250, 150) is (250 - 25) / 2 + 5, (150 - 25) / 2 + 5 inside it.
        let sibling = View(frame: Rect(x: 20, y: 20, width: 10, height: 10))
        sibling.transform = AffineTransform(scaleX: 2, y: 2)
        window.addSubview(sibling)
        let between = child.convert(Point(x: 0, y: 0), to: sibling)
        #expect(abs(between.x - 117.5) < 1e-9 && abs(between.y - 67.5) < 1e-9)
    }

    @Test func subviewOrder() {
        let parent = View()
        let a = View(), b = View(), c = View()
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(c, belowSubview: a)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
        parent.bringSubviewToFront(c)
        #expect(parent.subviews.last === c)
        parent.sendSubviewToBack(b)
        #expect(parent.subviews.first === b)
        parent.insertSubview(b, aboveSubview: a)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
        let other = View()
        other.addSubview(a)
        #expect(a.superview === other && parent.subviews.count == 2)
        a.removeFromSuperview()
        #expect(a.superview == nil && other.subviews.isEmpty)
        c.tag = 7
        #expect(parent.viewWithTag(7) === c)
    }

    @Test func hitTestingFollowsTheSpec() {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let back = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let front = View(frame: Rect(x: 100, y: 100, width: 200, height: 200))
        root.addSubview(back)
        root.addSubview(front)
        // Last added answers first.
        #expect(root.hitTest(Point(x: 150, y: 150), with: nil) === front)
        front.isHidden = true
        #expect(root.hitTest(Point(x: 150, y: 150), with: nil) === back)
        front.isHidden = false
        front.alpha = 0.009
        #expect(root.hitTest(Point(x: 150, y: 150), with: nil) === back)
        front.alpha = 1
        front.isUserInteractionEnabled = false
        #expect(root.hitTest(Point(x: 150, y: 150), with: nil) === back)
        // Outside its superview's bounds, a subview is not hit.
        let outside = View(frame: Rect(x: 190, y: 190, width: 50, height: 50))
        back.addSubview(outside)
        #expect(root.hitTest(Point(x: 220, y: 220), with: nil) === root)
        #expect(root.hitTest(Point(x: 195, y: 195), with: nil) === outside)
    }

    @Test func hitTestingThroughATransformAndABoundsOrigin() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let scroller = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        scroller.bounds.origin = Point(x: 0, y: 100)  // content scrolled up by 100
        let row = View(frame: Rect(x: 0, y: 150, width: 400, height: 50))
        root.addSubview(scroller)
        scroller.addSubview(row)
        #expect(root.hitTest(Point(x: 10, y: 60), with: nil) === row)
        #expect(root.hitTest(Point(x: 10, y: 160), with: nil) === scroller)
        let turned = View(frame: Rect(x: 100, y: 100, width: 200, height: 20))
        turned.transform = AffineTransform(rotationAngle: .pi / 2)  // now 20 wide, 200 tall about (200, 110)
        root.addSubview(turned)
        #expect(root.hitTest(Point(x: 200, y: 190), with: nil) === turned)
        #expect(root.hitTest(Point(x: 260, y: 110), with: nil) !== turned)
    }

    @Test func layoutRunsWhenNeeded() {
        final class Counting: View {
            var layouts = 0
            override func layoutSubviews() { layouts += 1 }
        }
        let view = Counting()
        view.layoutIfNeeded()
        view.layoutIfNeeded()
        #expect(view.layouts == 1)
        view.setNeedsLayout()
        view.layoutIfNeeded()
        #expect(view.layouts == 2)
        view.addSubview(View())
        view.layoutIfNeeded()
        #expect(view.layouts == 3)
    }

    @Test func layoutReachesADeepViewAndSkipsSettledOnes() {
        final class Counting: View {
            var layouts = 0
            override func layoutSubviews() { layouts += 1 }
        }
        let root = Counting(), middle = Counting(), leaf = Counting(), sibling = Counting()
        root.addSubview(middle)
        middle.addSubview(leaf)
        root.addSubview(sibling)
        root.layoutIfNeeded()
        #expect([root.layouts, middle.layouts, leaf.layouts, sibling.layouts] == [1, 1, 1, 1])
        leaf.setNeedsLayout()
        root.layoutIfNeeded()
        #expect([root.layouts, middle.layouts, leaf.layouts, sibling.layouts] == [1, 1, 2, 1])
        // A subtree that needs layout keeps needing it when it moves into a settled tree.
        let other = Counting(), newcomer = Counting()
        other.addSubview(newcomer)
        sibling.addSubview(other)
        root.layoutIfNeeded()
        #expect([other.layouts, newcomer.layouts] == [1, 1])
    }

    /// A view's superview is not a weak reference (weak ones make every
    /// retain slow), so a view that goes must tell the subviews still held.
    @Test func aSubviewHeldPastItsSuperviewForgetsIt() {
        let child = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        weak var gone: View?
        do {
            let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            parent.addSubview(child)
            gone = parent
            #expect(child.superview === parent)
        }
        #expect(gone == nil)
        #expect(child.superview == nil)
        #expect(child.window == nil)
        // So does a recognizer the app keeps.
        let recognizer = TapGestureRecognizer()
        do {
            let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            view.addGestureRecognizer(recognizer)
            #expect(recognizer.view === view)
        }
        #expect(recognizer.view == nil)
        // It can go into another tree as if new.
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), application: Application())
        window.addSubview(child)
        #expect(child.window === window)
    }
}
