import Testing
import TouchUI

/// UISegmentedControl, UIProgressView and UIPageControl as Apple documents
/// them, driven by taps through the window as a finger drives them.
@MainActor
struct SmallControlsTests {
    let app = Application()
    let window: Window

    init() {
        app.timeline = VirtualTimeline()
        window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300), application: app)
        window.makeKeyAndVisible()
    }

    func tap(_ point: Point, in view: View, at time: Double) {
        app.tap(view.convert(point, to: nil), in: window, at: time)
    }

    /// "A segmented control... each segment functioning as a discrete button":
    /// a tap chooses a segment and sends valueChanged; code sends nothing; a disabled segment cannot be chosen.
    @Test func aTapChoosesASegment() {
        let control = SegmentedControl(items: ["Small", "Medium", "Large"])
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
        #expect(control.numberOfSegments == 3 && control.titleForSegment(at: 1) == "Medium")
        #expect(control.frame.size == control.intrinsicContentSize && control.frame.height == 32)
        control.frame.origin = Point(x: 10, y: 10)
        window.addSubview(control)
        var changes: [Int] = []
        control.addAction(Action { action in changes.append((action.sender as! SegmentedControl).selectedSegmentIndex) }, for: .valueChanged)
        let third = control.bounds.width / 3
        tap(Point(x: third * 2.5, y: 16), in: control, at: 1)
        #expect(control.selectedSegmentIndex == 2 && changes == [2])
        tap(Point(x: third * 2.5, y: 16), in: control, at: 2)
        #expect(changes == [2], "choosing the chosen segment changes nothing")
        control.setEnabled(false, forSegmentAt: 0)
        tap(Point(x: third * 0.5, y: 16), in: control, at: 3)
        #expect(control.selectedSegmentIndex == 2)
        control.selectedSegmentIndex = 1
        #expect(changes == [2], "code sends no valueChanged")
        control.insertSegment(withTitle: "Tiny", at: 0, animated: false)
        #expect(control.selectedSegmentIndex == 2 && control.titleForSegment(at: 2) == "Medium", "the chosen segment stays chosen")
        control.removeSegment(at: 2, animated: false)
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
    }

    /// "The current progress... a floating-point value between 0.0 and 1.0"; values outside are pinned.
    @Test func progressIsPinnedAndFillsItsShare() {
        let bar = ProgressView(progressViewStyle: .default)
        bar.frame = Rect(x: 0, y: 0, width: 200, height: 4)
        window.addSubview(bar)
        bar.progress = 0.25
        bar.layoutIfNeeded()
        #expect(bar.subviews.first?.frame.width == 50)
        bar.progress = 3
        #expect(bar.progress == 1)
        bar.progress = -1
        #expect(bar.progress == 0)
        bar.setProgress(0.5, animated: true)
        #expect(bar.subviews.first?.frame.width == 100, "the model is at once where it goes")
        #expect(bar.subviews.first?.isAnimating == true)
        app.virtualTimeline.advance(to: app.timeline.now + 0.3)
        #expect(bar.subviews.first?.isAnimating == false)
        #expect(bar.intrinsicContentSize.height == 4)
        window.tintColor = .systemOrange
        #expect(bar.subviews.first?.backgroundColor == .systemOrange, "the fill is in the tint colour")
    }

    /// "Tapping to the right of the current page indicator moves to the next page; left, to the previous one."
    @Test func aTapBesideTheCurrentDotTurnsThePage() {
        let pages = PageControl()
        pages.numberOfPages = 5
        pages.frame = Rect(origin: Point(x: 50, y: 200), size: Size(width: 300, height: 26))
        window.addSubview(pages)
        var changes: [Int] = []
        pages.addAction(for: .valueChanged) { control, _ in changes.append((control as! PageControl).currentPage) }
        tap(Point(x: 280, y: 13), in: pages, at: 1)
        tap(Point(x: 280, y: 13), in: pages, at: 2)
        #expect(pages.currentPage == 2 && changes == [1, 2])
        tap(Point(x: 10, y: 13), in: pages, at: 3)
        #expect(pages.currentPage == 1 && changes == [1, 2, 1])
        pages.currentPage = 9
        #expect(pages.currentPage == 4, "pinned to the last page")
        pages.numberOfPages = 2
        #expect(pages.currentPage == 1)
        #expect(pages.size(forNumberOfPages: 3).width > pages.size(forNumberOfPages: 2).width)
    }
}
