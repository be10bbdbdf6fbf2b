import Testing

// Testable: what is drawn mid-animation (a view's presentation) has no public reader yet.
@testable import TouchUI

/// Large titles as Apple documents them (UINavigationBar.prefersLargeTitles,
/// UINavigationItem.largeTitleDisplayMode): the title large and leading in a
/// band under the bar, which is then 96 points tall; items choosing, or
/// following the item under them; and the titles cross-fading as a push or
/// pop slides, with the bar growing or shrinking between the two heights.
@MainActor
struct LargeTitleTests {
    let app = Application()
    let window: Window
    let root = ViewController()
    let navigation: NavigationController
    var bar: NavigationBar { navigation.navigationBar }

    init() {
        window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300), application: app)
        app.timeline = VirtualTimeline()
        root.title = "Menu"
        navigation = NavigationController(rootViewController: root)
        navigation.navigationBar.prefersLargeTitles = true
        window.setRootViewController(navigation)
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
    }

    func screen(_ title: String, _ mode: NavigationItem.LargeTitleDisplayMode = .automatic) -> ViewController {
        let screen = ViewController()
        screen.title = title
        screen.navigationItem.largeTitleDisplayMode = mode
        screen.view.backgroundColor = .blue
        return screen
    }

    func advance(_ seconds: Double) { app.virtualTimeline.advance(to: app.virtualTimeline.now + seconds) }
    func settle() { advance(NavigationController.transitionDuration + 0.1) }

    /// The bar's labels showing `text`: the title, or a leaving copy of it.
    func titles(_ text: String) -> [Label] {
        bar.subviews.compactMap { $0 as? Label }.filter { $0.text == text && !$0.isHidden }
    }

    /// The whole window drawn as it is now.
    func render() throws -> Bitmap {
        let bitmap = try Bitmap(width: 400, height: 300)
        window.setNeedsDisplay()
        window.render(window.takeDamage(), in: GraphicsContext(bitmap: bitmap))
        return bitmap
    }

    /// The columns with dark ink (black text on the light bar) in rows `rows`.
    func inkColumns(_ bitmap: Bitmap, rows: Range<Int>) -> ClosedRange<Int>? {
        let columns = (0..<400).filter { x in rows.contains { bitmap.pixel(x: x, y: $0).red < 128 } }
        return columns.first.map { $0...columns.last! }
    }

    /// The darkest red channel in `rows` (across the window, or `columns`): 0 where black text is drawn fully.
    func darkest(_ bitmap: Bitmap, rows: Range<Int>, columns: Range<Int> = 0..<400) -> Int {
        var darkest = 255
        for y in rows { for x in columns { darkest = min(darkest, Int(bitmap.pixel(x: x, y: y).red)) } }
        return darkest
    }

    @Test func theBarIs96PointsWithALargeTitleAnd44Without() {
        #expect(!NavigationBar().prefersLargeTitles)  // off unless asked for, as in UIKit
        #expect(bar.frame == Rect(x: 0, y: 0, width: 400, height: 96))
        #expect(root.view.frame == Rect(x: 0, y: 96, width: 400, height: 204))
        #expect(!bar.largeTitleLabel.isHidden && bar.largeTitleLabel.text == "Menu")
        #expect(bar.titleLabel.isHidden)  // the small title gives way to the large one

        bar.prefersLargeTitles = false
        window.layoutIfNeeded()
        #expect(bar.frame == Rect(x: 0, y: 0, width: 400, height: 44))
        #expect(root.view.frame == Rect(x: 0, y: 44, width: 400, height: 256))
        #expect(bar.largeTitleLabel.isHidden && !bar.titleLabel.isHidden && bar.titleLabel.text == "Menu")
    }

    @Test func theLargeTitleIs34PointBoldAtTheLeadingMargin() throws {
        let label = bar.largeTitleLabel
        #expect(label.font.size == 34 && label.font.weight == .bold)
        #expect(label.textAlignment == .natural)
        // In the 52-point band under the 44-point bar, from the content's 16-point margin.
        #expect(label.frame == Rect(x: 16, y: 44, width: 368, height: 52))

        var bitmap = try render()
        let latin = try #require(inkColumns(bitmap, rows: 44..<96))
        #expect(latin.lowerBound >= 16 && latin.lowerBound < 22 && latin.upperBound < 200)
        #expect(inkColumns(bitmap, rows: 0..<44) == nil)  // no small title in the bar's middle
        // Leading is the right for right-to-left text.
        root.title = "שלום"
        bitmap = try render()
        let hebrew = try #require(inkColumns(bitmap, rows: 44..<96))
        #expect(hebrew.upperBound <= 384 && hebrew.upperBound > 370 && hebrew.lowerBound > 200)
    }

    @Test func theScreensSafeAreaStartsBelowTheTallerBar() {
        let content = View()
        content.translatesAutoresizingMaskIntoConstraints = false
        root.view.addSubview(content)
        LayoutConstraint.activate([
            content.topAnchor.constraint(equalTo: root.view.safeAreaLayoutGuide.topAnchor),
            content.leadingAnchor.constraint(equalTo: root.view.safeAreaLayoutGuide.leadingAnchor),
            content.widthAnchor.constraint(equalToConstant: 10),
            content.heightAnchor.constraint(equalToConstant: 10),
        ])
        window.layoutIfNeeded()
        #expect(content.convert(content.bounds, to: nil).minY == 96)
        bar.prefersLargeTitles = false
        window.layoutIfNeeded()
        #expect(content.convert(content.bounds, to: nil).minY == 44)
    }

    /// "never: Never use a larger title when this item is topmost"; "automatic:
    /// Inherit the large title setting from the previous navigation item".
    @Test func eachItemChoosesOrFollowsTheOneUnderIt() throws {
        let detail = screen("Detail", .never)
        navigation.pushViewController(detail, animated: true)
        #expect(bar.frame.height == 44 && detail.view.frame == Rect(x: 0, y: 44, width: 400, height: 256))  // the model, at once
        advance(NavigationController.transitionDuration / 2)
        // Half way, the bar is drawn between its two heights, and the fading
        // large title only as far down as the bar is drawn.
        let drawn = bar.drawnBounds.height
        #expect(drawn > 44 && drawn < 96)
        let halfWay = try render()
        #expect(darkest(halfWay, rows: 44..<Int(drawn) - 1, columns: 0..<150) < 200)
        #expect(darkest(halfWay, rows: Int(drawn) + 1..<96, columns: 0..<150) > 200)
        settle()
        #expect(bar.frame.height == 44 && bar.drawnBounds.height == 44)
        #expect(!bar.titleLabel.isHidden && bar.titleLabel.text == "Detail" && bar.largeTitleLabel.isHidden)
        // Where the large title was, the pushed screen shows.
        #expect(try render().pixel(x: 30, y: 70) == Color.blue.pixel)

        let more = screen("More")
        navigation.pushViewController(more, animated: false)
        #expect(bar.frame.height == 44 && more.view.frame.minY == 44)  // as Detail chose
        let large = screen("Large", .always)
        navigation.pushViewController(large, animated: false)
        #expect(bar.frame.height == 96 && large.view.frame.minY == 96 && bar.largeTitleLabel.text == "Large")

        navigation.popToRootViewController(animated: true)
        settle()
        #expect(bar.frame.height == 96 && root.view.frame == Rect(x: 0, y: 96, width: 400, height: 204))
        #expect(bar.largeTitleLabel.text == "Menu" && !bar.largeTitleLabel.isHidden)

        // Without prefersLargeTitles, no item's title is large.
        bar.prefersLargeTitles = false
        navigation.pushViewController(screen("Always", .always), animated: false)
        #expect(bar.frame.height == 44 && bar.largeTitleLabel.isHidden)
    }

    @Test func theTitlesCrossFadeDuringAPush() throws {
        let before = try render()
        #expect(darkest(before, rows: 50..<90) < 40)  // "Menu", drawn fully
        let item = screen("Item")
        navigation.pushViewController(item, animated: true)
        #expect(bar.largeTitleLabel.text == "Item")  // the model, at once
        advance(NavigationController.transitionDuration / 2)
        let leaving = try #require(titles("Menu").first)
        for label in [leaving, bar.largeTitleLabel] {
            #expect(label.drawnAlpha > 0.1 && label.drawnAlpha < 0.9, "\(label.text ?? "") at \(label.drawnAlpha)")
        }
        // Neither title is drawn fully: the darkest ink in the band is grey.
        let halfWay = darkest(try render(), rows: 50..<90)
        #expect(halfWay > 40 && halfWay < 200)

        settle()
        #expect(titles("Menu").isEmpty && bar.leavingTitles.isEmpty)
        #expect(titles("Item").count == 1 && titles("Item").first === bar.largeTitleLabel)
        #expect(bar.largeTitleLabel.alpha == 1 && !bar.largeTitleLabel.isAnimating)
        #expect(darkest(try render(), rows: 50..<90) < 40)
    }

    /// Popping back from a screen with the standard bar: its small title
    /// fades out, the root's large one in, and the bar grows back to 96.
    @Test func aPopCrossFadesAndTheBarGrows() throws {
        navigation.pushViewController(screen("Detail", .never), animated: false)
        window.layoutIfNeeded()
        navigation.popViewController(animated: true)
        #expect(bar.frame.height == 96 && root.view.frame.minY == 96)
        advance(NavigationController.transitionDuration / 2)
        let leaving = try #require(titles("Detail").first)
        #expect(leaving.frame.minY == 0 && leaving.frame.height == 44)  // the small title
        #expect(leaving.drawnAlpha > 0.1 && leaving.drawnAlpha < 0.9)
        #expect(bar.largeTitleLabel.drawnAlpha > 0.1 && bar.largeTitleLabel.drawnAlpha < 0.9)
        #expect(bar.drawnBounds.height > 44 && bar.drawnBounds.height < 96)
        settle()
        #expect(titles("Detail").isEmpty && titles("Menu").count == 1 && titles("Menu").first === bar.largeTitleLabel)
        #expect(bar.drawnBounds.height == 96)
    }

    /// A push during a push ends the first at once: its leaving title goes with it.
    @Test func aSecondPushMidFadeLeavesOnlyItsTitle() {
        let a = screen("A")
        navigation.pushViewController(a, animated: true)
        advance(0.1)
        let b = screen("B")
        navigation.pushViewController(b, animated: true)
        #expect(titles("Menu").isEmpty)
        // The second push runs its course: A's title fades out over it.
        advance(0.1)
        #expect(b.view.isAnimating && titles("A").count == 1 && titles("A")[0].drawnAlpha < 1)
        settle()
        #expect(a.view.superview == nil && b.view.frame == Rect(x: 0, y: 96, width: 400, height: 204))
        #expect(bar.leavingTitles.isEmpty)
        let shown = bar.subviews.compactMap { $0 as? Label }.filter { !$0.isHidden }
        #expect(shown.map(\.text) == ["B"] && shown.allSatisfy { $0.alpha == 1 && !$0.isAnimating })
    }
}
