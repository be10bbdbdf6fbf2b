import Testing
import TouchUI

/// Presentation as Apple documents it ("The presentation process",
/// UIModalPresentationStyle): who presents, what the presented controller
/// and its children report, where each style puts the view, and what the
/// presenter hears.
@MainActor
struct PresentationTests {
    let app = Application()
    /// The application holds its windows weakly; the test keeps them.
    final class Windows { var all: [Window] = [] }
    let windows = Windows()

    func window(_ width: Double, _ height: Double, root: ViewController) -> Window {
        let window = Window(frame: Rect(x: 0, y: 0, width: width, height: height), application: app)
        window.rootViewController = root
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        windows.all.append(window)
        return window
    }

    final class Recorder: ViewController {
        var heard: [String] = []
        override func viewWillAppear(_ animated: Bool) { heard.append("willAppear") }
        override func viewDidAppear(_ animated: Bool) { heard.append("didAppear") }
        override func viewWillDisappear(_ animated: Bool) { heard.append("willDisappear") }
        override func viewDidDisappear(_ animated: Bool) { heard.append("didDisappear") }
    }

    /// "A full-screen presentation must be made by a view controller that
    /// itself covers the entire screen. If the current view controller is
    /// unable to fulfill a request, it forwards the request up the view
    /// controller hierarchy to its nearest parent."
    @Test func aChildsFullScreenPresentationIsMadeByTheControllerCoveringTheScreen() {
        let list = ViewController()
        let navigation = NavigationController(rootViewController: list)
        let window = window(800, 480, root: navigation)
        let detail = ViewController()
        detail.modalPresentationStyle = .fullScreen
        list.present(detail)
        #expect(navigation.presentedViewController === detail)
        #expect(detail.presentingViewController === navigation)
        #expect(detail.next === navigation, "the presenter is next in the responder chain")
        #expect(detail.view.frame == window.bounds)
        // Dismissing from the child that asked takes it down, as UIKit forwards it.
        list.dismiss()
        #expect(navigation.presentedViewController == nil && detail.view.superview == nil)
    }

    /// "If the view controller is not presented, but one of its ancestors
    /// is being presented, this property holds the view controller
    /// presenting the nearest ancestor."
    @Test func aPresentedControllersChildrenReportItsPresenter() {
        let root = ViewController()
        _ = window(800, 480, root: root)
        let form = ViewController()
        let navigation = NavigationController(rootViewController: form)
        root.present(navigation)
        #expect(navigation.presentingViewController === root)
        #expect(form.presentingViewController === root)
        #expect(form.next !== root, "a child's next responder is still its view's superview")
        // "If you call this method on the presented view controller itself, UIKit asks the presenting view controller to handle the dismissal."
        form.dismiss()
        #expect(root.presentedViewController == nil && navigation.view.superview == nil)
        #expect(form.presentingViewController == nil)
    }

    @Test func theDefaultIsAPageSheetThatFitsTheScreensSizeClasses() {
        // Regular width and height: a centred card, as on an iPad.
        let root = ViewController()
        let window = window(1024, 768, root: root)
        let sheet = ViewController()
        #expect(sheet.modalPresentationStyle == .automatic)
        root.present(sheet)
        #expect(sheet.view.frame == Rect(x: 160, y: 20, width: 704, height: 728))
        #expect(sheet.view.cornerRadius == 10 && sheet.view.clipsToBounds)
        // Compact width: the full width, from just below the top.
        window.frame = Rect(x: 0, y: 0, width: 480, height: 800)
        window.layoutIfNeeded()
        #expect(sheet.view.frame == Rect(x: 0, y: 10, width: 480, height: 790))
        #expect(sheet.view.maskedCorners == .top)
        // Compact height: the whole screen, square.
        window.frame = Rect(x: 0, y: 0, width: 800, height: 480)
        window.layoutIfNeeded()
        #expect(sheet.view.frame == window.bounds && sheet.view.cornerRadius == 0)
        root.dismiss()
        #expect(!sheet.view.clipsToBounds && sheet.view.maskedCorners == .all, "the view's own look comes back")
    }

    @Test func aFormSheetTakesItsPreferredSize() {
        let root = ViewController()
        let window = window(1024, 768, root: root)
        let form = ViewController()
        form.modalPresentationStyle = .formSheet
        root.present(form)
        #expect(form.view.frame == Rect(x: 242, y: 74, width: 540, height: 620), "540 x 620 by default, centred")
        root.dismiss()
        form.preferredContentSize = Size(width: 400, height: 300)
        root.present(form)
        #expect(form.view.frame == Rect(x: 312, y: 234, width: 400, height: 300))
        #expect(window.subviews.count == 3, "the root's view, the dimming and the sheet")
    }

    /// The dimming keeps touches from the presenter beneath a sheet.
    @Test func theDimmingBehindASheetTakesTheTouches() throws {
        let root = ViewController()
        let window = window(1024, 768, root: root)
        let button = Button(frame: Rect(x: 10, y: 300, width: 100, height: 44), title: "Behind")
        root.view.addSubview(button)
        root.present(ViewController())
        let hit = window.hitTest(Point(x: 50, y: 320), with: nil)
        #expect(hit != nil && hit !== button && hit?.isDescendant(of: root.view) == false)
    }

    /// A full-screen presentation hides what it covers, which hears that it
    /// disappears and appears again; a sheet leaves the presenter as it is.
    @Test func fullScreenHidesThePresenterASheetDoesNot() {
        let root = Recorder()
        _ = window(1024, 768, root: root)
        root.heard = []
        let cover = ViewController()
        cover.modalPresentationStyle = .fullScreen
        root.present(cover)
        #expect(root.heard == ["willDisappear", "didDisappear"] && root.view.isHidden)
        root.dismiss()
        #expect(root.heard == ["willDisappear", "didDisappear", "willAppear", "didAppear"] && !root.view.isHidden)
        root.heard = []
        root.present(ViewController())
        #expect(root.heard == [] && !root.view.isHidden)
    }

    /// "The view controller whose definesPresentationContext property is
    /// true ... provides the context": a current-context presentation covers
    /// that controller's view only.
    @Test func aCurrentContextPresentationCoversTheDefiningControllersView() {
        let root = ViewController()
        let panel = Recorder()
        root.addChild(panel)
        root.view.addSubview(panel.view)
        panel.view.frame = Rect(x: 400, y: 0, width: 400, height: 480)
        panel.didMove(toParent: root)
        panel.definesPresentationContext = true
        let inner = ViewController()
        panel.addChild(inner)
        panel.view.addSubview(inner.view)
        inner.didMove(toParent: panel)
        _ = window(800, 480, root: root)
        let detail = ViewController()
        detail.modalPresentationStyle = .currentContext
        inner.present(detail)
        #expect(detail.presentingViewController === panel)
        #expect(detail.view.frame == Rect(x: 400, y: 0, width: 400, height: 480))
        #expect(panel.view.isHidden && !root.view.isHidden)
        inner.dismiss()
        #expect(!panel.view.isHidden && detail.view.superview == nil)
    }

    /// An alert shows itself over the whole screen, and takes a hardware
    /// keyboard's Return for its preferred action and Escape for Cancel.
    @Test func anAlertAnswersReturnAndEscape() {
        app.timeline = VirtualTimeline()
        let root = ViewController()
        _ = window(1024, 768, root: root)
        var chosen: [String] = []
        func alert() -> AlertController {
            let alert = AlertController(title: "Pay 4.50?", message: nil, preferredStyle: .alert)
            alert.addAction(AlertAction(title: "Cancel", style: .cancel) { _ in chosen.append("cancel") })
            let pay = AlertAction(title: "Pay", style: .default) { _ in chosen.append("pay") }
            alert.addAction(pay)
            alert.preferredAction = pay
            return alert
        }
        func press(_ usage: KeyboardHIDUsage) {
            let key = Key(keyCode: usage, characters: "", charactersIgnoringModifiers: "")
            app.sendEvent(Event(presses: [Press(key: key, phase: .began, timestamp: app.timeline.now)], timestamp: app.timeline.now))
            // The alert goes animated, then runs the handler.
            app.virtualTimeline.advance(to: app.timeline.now + 1)
        }
        let first = alert()
        #expect(first.modalPresentationStyle == .custom)
        root.present(first)
        #expect(first.view.frame == root.view.window?.bounds)
        press(.keyboardReturnOrEnter)
        #expect(chosen == ["pay"] && root.presentedViewController == nil)
        root.present(alert())
        press(.keyboardEscape)
        #expect(chosen == ["pay", "cancel"] && root.presentedViewController == nil)
        #expect(app.firstResponder == nil, "the alert gave up the keys as it went")
    }

    /// Dismissed before its slide in is over, a full-screen presentation
    /// leaves what it covered showing, and the presenter answers the next one.
    @Test func aQuickDismissLeavesThePresenterShowing() {
        app.timeline = VirtualTimeline()
        let root = ViewController()
        _ = window(800, 480, root: root)
        let cover = ViewController()
        cover.modalPresentationStyle = .fullScreen
        root.present(cover, animated: true)
        app.virtualTimeline.advance(to: app.timeline.now + 0.1)
        root.dismiss(animated: true)
        app.virtualTimeline.advance(to: app.timeline.now + 1)
        #expect(!root.view.isHidden && root.presentedViewController == nil && cover.view.superview == nil)
    }

    /// A child asking while its ancestor already presents: nothing happens, as in UIKit.
    @Test func aSecondPresentationIsRefused() {
        let list = ViewController()
        let navigation = NavigationController(rootViewController: list)
        _ = window(1024, 768, root: navigation)
        let sheet = ViewController()
        navigation.present(sheet)
        list.present(AlertController(title: "Again?", message: nil, preferredStyle: .alert))
        #expect(navigation.presentedViewController === sheet && list.presentedViewController == nil)
    }
}
