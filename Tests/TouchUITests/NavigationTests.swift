import Testing
import TouchUI

/// NavigationController, modal presentation and AlertController, as UIKit
/// documents them: the stack, the slide, containment, appearance calls and
/// the responder chain throughout.
@MainActor
struct NavigationTests {
    final class Screen: ViewController {
        let name: String
        var log: [String]
        let record: (String) -> Void
        init(_ name: String, record: @escaping (String) -> Void) {
            self.name = name
            self.log = []
            self.record = record
            super.init()
            title = name
        }
        override func viewWillAppear(_ animated: Bool) { record("\(name) willAppear") }
        override func viewDidAppear(_ animated: Bool) { record("\(name) didAppear") }
        override func viewWillDisappear(_ animated: Bool) { record("\(name) willDisappear") }
        override func viewDidDisappear(_ animated: Bool) { record("\(name) didDisappear") }
        override func didMove(toParent parent: ViewController?) { record("\(name) didMove \(parent == nil ? "nil" : "in")") }
    }

    final class Log { var lines: [String] = [] }

    let app = Application()
    let window: Window
    let log = Log()
    let navigation: NavigationController
    let root: Screen

    init() {
        window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300), application: app)
        app.timeline = VirtualTimeline()
        let log = self.log
        root = Screen("Menu") { log.lines.append($0) }
        navigation = NavigationController(rootViewController: root)
        window.setRootViewController(navigation)
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
    }

    func screen(_ name: String) -> Screen {
        let log = self.log
        return Screen(name) { log.lines.append($0) }
    }

    func tap(_ point: Point, at time: Double) { app.tap(point, in: window, at: time) }

    @Test func theRootFillsTheSpaceUnderTheBar() {
        #expect(navigation.navigationBar.frame == Rect(x: 0, y: 0, width: 400, height: 44))
        #expect(root.view.frame == Rect(x: 0, y: 44, width: 400, height: 256))
        #expect(navigation.navigationBar.titleLabel.text == "Menu")
        #expect(navigation.navigationBar.backButton == nil)
        #expect(navigation.children.first === root && root.parent === navigation)
        #expect(root.navigationController === navigation)
    }

    @Test func aPushSlidesInFromTheRightInUIKitsOrder() {
        let item = screen("Item")
        log.lines.removeAll()
        navigation.pushViewController(item, animated: true)
        #expect(navigation.topViewController === item)  // the stack changes at once
        #expect(log.lines == ["Menu willDisappear", "Item willAppear"])
        #expect(navigation.navigationBar.titleLabel.text == "Item")
        #expect(item.view.frame.minX == 0)  // the model is in place
        #expect(item.view.isAnimating && app.hasRunningAnimations)
        // Touches pass an animating screen by.
        #expect(window.hitTest(Point(x: 200, y: 150), with: nil)?.isDescendant(of: item.view) != true)
        app.virtualTimeline.advance(to: NavigationController.transitionDuration + 0.05)
        #expect(!app.hasRunningAnimations)
        #expect(log.lines == ["Menu willDisappear", "Item willAppear", "Menu didDisappear", "Item didAppear", "Item didMove in"])
        #expect(root.view.superview == nil && item.view.superview === navigation.view)
        #expect(navigation.navigationBar.backButton?.title == "‹ Menu")
        #expect(window.hitTest(Point(x: 200, y: 150), with: nil) === item.view)
    }

    @Test func theBackButtonPops() throws {
        let item = screen("Item")
        navigation.pushViewController(item, animated: false)
        window.layoutIfNeeded()
        log.lines.removeAll()
        let back = try #require(navigation.navigationBar.backButton)
        tap(back.convert(Point(x: back.bounds.midX, y: back.bounds.midY), to: nil), at: 1)
        #expect(navigation.viewControllers.count == 1)
        #expect(log.lines == ["Item willDisappear", "Menu willAppear"])
        app.virtualTimeline.advance(to: 2)
        #expect(log.lines == ["Item willDisappear", "Menu willAppear", "Item didDisappear", "Menu didAppear", "Item didMove nil"])
        #expect(item.parent == nil && navigation.children.count == 1)
        #expect(item.view.superview == nil)
        #expect(root.view.frame == Rect(x: 0, y: 44, width: 400, height: 256))
    }

    @Test func popToRootAndSetViewControllers() {
        let a = screen("A"), b = screen("B"), c = screen("C")
        for screen in [a, b, c] { navigation.pushViewController(screen, animated: false) }
        #expect(navigation.viewControllers.count == 4)
        let popped = navigation.popToRootViewController(animated: false)
        #expect(popped?.count == 3 && popped?.last === c)
        #expect(navigation.topViewController === root && navigation.children.count == 1)
        #expect(navigation.popViewController(animated: false) == nil)  // the root stays
        navigation.setViewControllers([root, b], animated: false)
        #expect(navigation.topViewController === b && b.view.superview === navigation.view)
        #expect(navigation.navigationBar.backButton?.title == "‹ Menu")
    }

    @Test func aPushDuringAPushFinishesTheFirstAtOnce() {
        let a = screen("A"), b = screen("B")
        log.lines.removeAll()
        navigation.pushViewController(a, animated: true)
        app.virtualTimeline.advance(to: 0.1)
        navigation.pushViewController(b, animated: true)
        #expect(a.view.superview === navigation.view && root.view.superview == nil)
        // The first push ended (its did- calls) before the second began.
        #expect(log.lines == [
            "Menu willDisappear", "A willAppear", "Menu didDisappear", "A didAppear", "A didMove in",
            "A willDisappear", "B willAppear",
        ])
        app.virtualTimeline.advance(to: 1)
        #expect(a.view.superview == nil && b.view.superview === navigation.view)
        #expect(navigation.viewControllers.map { ($0 as! Screen).name } == ["Menu", "A", "B"])
    }

    /// Spec §3: a pushed screen's events climb through it to the navigation controller and the window.
    @Test func theChainRunsThroughTheStack() {
        let item = screen("Item")
        navigation.pushViewController(item, animated: false)
        let button = Button(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        item.view.addSubview(button)
        var chain: [Responder] = []
        var current: Responder? = button
        while let responder = current {
            chain.append(responder)
            current = responder.next
        }
        let expected: [Responder] = [button, item.view, item, navigation.view, navigation, window, app]
        #expect(chain.count == expected.count && zip(chain, expected).allSatisfy { $0 === $1 })
    }

    @Test func aPresentedScreenSlidesUpAndItsNextIsThePresenter() {
        let sheet = screen("Sheet")
        var done = 0
        navigation.present(sheet, animated: true) { done += 1 }
        #expect(sheet.next === navigation && navigation.presentedViewController === sheet)
        #expect(navigation.visibleViewController === sheet)
        #expect(done == 0)
        app.virtualTimeline.advance(to: 0.5)
        #expect(done == 1 && sheet.view.frame == window.bounds)
        sheet.dismiss(animated: true) { done += 1 }
        #expect(sheet.view.superview === window)  // still sliding down
        app.virtualTimeline.advance(to: 1)
        #expect(done == 2 && sheet.view.superview == nil && navigation.presentedViewController == nil)
    }

    @Test func anAlertDismissesAndThenRunsTheChosenAction() throws {
        let alert = AlertController(title: "Start over?", message: "Your order will be emptied.")
        var chosen: [String] = []
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { chosen.append($0.title!) })
        alert.addAction(AlertAction(title: "Start over", style: .destructive) { chosen.append($0.title!) })
        navigation.present(alert, animated: true)
        app.virtualTimeline.advance(to: 0.5)
        let box = try #require(alert.contentView)
        let buttons = box.subviews.compactMap { $0 as? Button }
        #expect(buttons.map(\.title) == ["Cancel", "Start over"])  // two side by side: Cancel on the left, as UIKit puts it
        #expect(buttons[0].frame.minY == buttons[1].frame.minY && buttons[0].frame.minX < buttons[1].frame.minX)
        let startOver = buttons[1]
        tap(startOver.convert(Point(x: startOver.bounds.midX, y: startOver.bounds.midY), to: nil), at: 1)
        #expect(chosen.isEmpty)  // not until the alert has gone
        app.virtualTimeline.advance(to: 2)
        #expect(chosen == ["Start over"])
        #expect(alert.view.superview == nil && navigation.presentedViewController == nil)
    }

    /// Review of UIKit's documentation: the first screen appears too; a stack
    /// set with a lower screen on top pops back to it; a second dismiss is no
    /// second dismissal; a title reaches the navigation item; the preferred action is the bold one.
    @Test func documentedDetails() {
        let firstLog = Log()
        let first = Screen("First") { firstLog.lines.append($0) }
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300), application: app)
        window.setRootViewController(NavigationController(rootViewController: first))
        #expect(firstLog.lines == ["First didMove in", "First willAppear", "First didAppear"])

        let a = screen("A"), b = screen("B")
        navigation.setViewControllers([root, a, b], animated: false)
        #expect(a.parent === navigation && b.view.superview === navigation.view)
        log.lines.removeAll()
        navigation.setViewControllers([root, a], animated: true)
        // A pop: the old top slides out to the right, the new one comes from the left.
        app.virtualTimeline.advance(to: 0.1)
        #expect(b.view.isAnimating && a.view.superview === navigation.view)
        app.virtualTimeline.advance(to: 1)
        #expect(log.lines == ["B willDisappear", "A willAppear", "B didDisappear", "A didAppear", "B didMove nil"])
        #expect(b.parent == nil && navigation.children.count == 2)

        a.title = "Renamed"
        #expect(a.navigationItem.title == "Renamed" && navigation.navigationBar.titleLabel.text == "Renamed")

        let sheet = screen("Sheet")
        navigation.present(sheet, animated: false)
        var dismissed = 0
        navigation.dismiss(animated: true) { dismissed += 1 }
        navigation.dismiss(animated: true) { dismissed += 1 }
        #expect(sheet.isBeingDismissed)
        app.virtualTimeline.advance(to: 2)
        #expect(dismissed == 1 && !sheet.isBeingDismissed && navigation.presentedViewController == nil)

        let alert = AlertController(title: "Pay", message: nil)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        let card = AlertAction(title: "Card", style: .default)
        alert.addAction(card)
        alert.preferredAction = card
        navigation.present(alert, animated: false)
        let buttons = alert.contentView?.subviews.compactMap { $0 as? Button } ?? []
        #expect(buttons.first { $0.title == "Card" }?.font.weight == .bold)
        #expect(buttons.first { $0.title == "Cancel" }?.font.weight == .regular)
    }

    @Test func aBarButtonItemsChangesShowAtOnce() throws {
        let item = BarButtonItem(title: "Edit")
        root.navigationItem.rightBarButtonItem = item
        window.layoutIfNeeded()
        item.title = "Done"
        item.isEnabled = false
        window.layoutIfNeeded()
        let button = try #require(navigation.navigationBar.rightButton)
        #expect(button.title == "Done" && !button.isEnabled)
    }
}
