import Testing
import TouchUI

/// UIKit's everyday vocabulary, each item as Apple's documentation gives it:
/// UIAction, UIButton(type:) and (primaryAction:), the tint colour handed
/// down the tree, UIAlertController's styles and button order, and the
/// smaller calls (a settable isOn, init(nibName:bundle:), custom stack
/// spacing, endEditing).
@MainActor
struct VocabularyTests {
    let app = Application()
    let window: Window

    init() {
        app.timeline = VirtualTimeline()
        window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300), application: app)
        window.makeKeyAndVisible()
    }

    func tap(_ view: View, at time: Double) {
        let point = view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil)
        tap(point, at: time)
    }

    func tap(_ point: Point, at time: Double) { app.tap(point, in: window, at: time) }

    /// "A button created with a primary action gets its title and image from it, and performs it when tapped."
    @Test func aButtonMadeWithAnActionShowsItsTitleAndPerformsIt() {
        var senders: [String] = []
        let pay = Button(primaryAction: Action(title: "Pay") { action in senders.append((action.sender as? Button)?.title ?? "none") })
        pay.frame = Rect(x: 10, y: 10, width: 100, height: 44)
        window.addSubview(pay)
        #expect(pay.title == "Pay")
        tap(pay, at: 1)
        #expect(senders == ["Pay"])
    }

    /// addAction(_:for:) runs the action for the events; one with the same identifier replaces it; removeAction takes it off.
    @Test func actionsAreAddedReplacedAndRemovedByIdentifier() {
        let stepper = Stepper(frame: Rect(x: 10, y: 10, width: 94, height: 32))
        window.addSubview(stepper)
        var log: [String] = []
        let id = Action.Identifier("count")
        stepper.addAction(Action(identifier: id) { _ in log.append("first") }, for: .valueChanged)
        stepper.addAction(Action(identifier: id) { action in log.append("second \((action.sender as? Stepper)?.value ?? -1)") }, for: .valueChanged)
        stepper.value = 0
        tap(Point(x: 10 + 94 * 0.75, y: 26), at: 1)
        #expect(log == ["second 1.0"])
        stepper.removeAction(identifiedBy: id, for: .valueChanged)
        tap(Point(x: 10 + 94 * 0.75, y: 26), at: 2)
        #expect(log == ["second 1.0"])
        #expect(stepper.allControlEvents.isEmpty)
    }

    /// "A control made with init(frame:primaryAction:) runs it on its primary action": a switch's change.
    @Test func aSwitchWithAPrimaryActionRunsItWhenFlipped() {
        var flips = 0
        let toggle = Switch(frame: Rect(x: 10, y: 10, width: 51, height: 31), primaryAction: Action { _ in flips += 1 })
        window.addSubview(toggle)
        tap(toggle, at: 1)
        #expect(flips == 1 && toggle.isOn)
        toggle.isOn = false  // settable, as UISwitch's, and sends nothing
        #expect(!toggle.isOn && flips == 1)
    }

    /// "The system button type shows its title in the tint colour; the custom type has no style of its own."
    @Test func buttonTypesAndTheTintHandedDownTheTree() {
        let container = View(frame: window.bounds)
        window.addSubview(container)
        let system = Button(type: .system), custom = Button(type: .custom)
        for button in [system, custom] { container.addSubview(button) }
        #expect(system.buttonType == .system && system.titleColor == .systemBlue)
        #expect(custom.titleColor == .white)

        final class Watcher: View {
            var changes = 0
            override func tintColorDidChange() { changes += 1 }
        }
        let watcher = Watcher()
        container.addSubview(watcher)
        window.tintColor = .systemOrange
        #expect(system.tintColor == .systemOrange && system.titleColor == .systemOrange && watcher.changes == 1)
        container.tintColor = .systemPurple
        #expect(system.titleColor == .systemPurple && window.tintColor == .systemOrange && watcher.changes == 2)
        system.setTitleColor(.systemRed, for: .normal)
        #expect(system.titleColor == .systemRed)
        container.tintColor = nil  // back to the window's
        #expect(watcher.tintColor == .systemOrange && watcher.changes == 3)
    }

    /// "In an alert with two buttons, Cancel is on the left."
    @Test func anAlertPutsCancelOnTheLeftOfTwo() throws {
        let root = ViewController()
        window.rootViewController = root
        let alert = AlertController(title: "Pay now?", message: nil, preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Pay", style: .default))
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        root.present(alert)
        let buttons = try #require(alert.contentView).subviews.compactMap { $0 as? Button }
        #expect(buttons.map(\.title) == ["Cancel", "Pay"])
        #expect(buttons[0].frame.minX < buttons[1].frame.minX && buttons[0].frame.minY == buttons[1].frame.minY)
    }

    /// "An action sheet: the choices at the bottom, Cancel apart below them; a tap outside cancels."
    @Test func anActionSheetSitsAtTheBottomAndATapOutsideCancels() throws {
        let root = ViewController()
        window.rootViewController = root
        var chosen: [String] = []
        let sheet = AlertController(title: "Receipt", message: "How would you like it?", preferredStyle: .actionSheet)
        for (title, style) in [("Print", AlertAction.Style.default), ("Email", .default), ("Cancel", .cancel)] {
            sheet.addAction(AlertAction(title: title, style: style) { chosen.append($0.title!) })
        }
        root.present(sheet)
        let choices = try #require(sheet.contentView), cancel = try #require(sheet.cancelView)
        #expect(choices.subviews.compactMap { ($0 as? Button)?.title } == ["Print", "Email"])
        #expect(cancel.subviews.compactMap { ($0 as? Button)?.title } == ["Cancel"])
        #expect(cancel.frame.maxY == window.bounds.maxY - 8)
        #expect(choices.frame.maxY == cancel.frame.minY - 8)
        #expect(choices.frame.width == min(AlertController.actionSheetWidth, window.bounds.width - 16))
        tap(Point(x: 200, y: 10), at: 1)
        app.virtualTimeline.advance(to: 2)
        #expect(chosen == ["Cancel"])
        #expect(root.presentedViewController == nil)
    }

    /// Target-action as UIKit developers write it, with a method reference where `#selector` would be.
    @Test func targetActionTakesMethodReferences() {
        final class Ticket: ViewController {
            var log: [String] = []
            func pay() { log.append("pay") }
            func pay(_ sender: Button) { log.append("pay \(sender.title ?? "")") }
            func tapped(_ recognizer: TapGestureRecognizer) { log.append("tapped \(recognizer.numberOfTapsRequired)") }
            func swiped() { log.append("swiped") }
        }
        let ticket = Ticket()
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 44), title: "Pay")
        button.addTarget(ticket, action: Ticket.pay as (Ticket) -> () -> Void, for: .touchUpInside)
        button.addTarget(ticket, action: Ticket.pay(_:), for: .touchUpInside)
        window.addSubview(button)
        tap(button, at: 1)
        #expect(ticket.log == ["pay", "pay Pay"])

        let area = View(frame: Rect(x: 0, y: 100, width: 200, height: 100))
        window.addSubview(area)
        let recognizer = TapGestureRecognizer(target: ticket, action: Ticket.tapped)
        area.addGestureRecognizer(recognizer)
        tap(area, at: 2)
        #expect(ticket.log.last == "tapped 1")
        #expect(SwipeGestureRecognizer(target: ticket, action: Ticket.swiped).view == nil)

        // UIKit's clean-up in prepareForReuse removes them too, so a reused button does not pay twice.
        button.removeTarget(nil, action: nil, for: .allEvents)
        tap(button, at: 3)
        #expect(ticket.log.filter { $0.hasPrefix("pay") }.count == 2)
        button.addTarget(ticket, action: Ticket.pay(_:), for: .touchUpInside)
        button.removeTarget(ticket, action: "pay", for: .touchUpInside)
        tap(button, at: 4)
        #expect(ticket.log.filter { $0.hasPrefix("pay") }.count == 3, "a selector names no method reference")
    }

    /// Dynamic Type's styles at the default (Large) size, as Apple's Human Interface Guidelines list them.
    @Test func preferredFontsHaveDynamicTypesDefaultSizes() {
        #expect(Font.preferredFont(forTextStyle: .body).size == 17)
        #expect(Font.preferredFont(forTextStyle: .largeTitle).size == 34)
        #expect(Font.preferredFont(forTextStyle: .caption2).size == 11)
        #expect(Font.preferredFont(forTextStyle: .headline).weight == .bold && Font.preferredFont(forTextStyle: .body).weight == .regular)
        let sizes = Font.TextStyle.allCases.map { Font.preferredFont(forTextStyle: $0).size }
        #expect(sizes == [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11])
    }

    @Test func smallerCalls() {
        let controller = ViewController(nibName: nil, bundle: nil)
        #expect(!controller.isViewLoaded)

        // Switches have a natural height (31 points), so the arrangement is exact.
        let a = Switch(), b = Switch(), c = Switch()
        let stack = StackView(arrangedSubviews: [a, b, c])
        stack.axis = .vertical
        stack.spacing = 4
        stack.setCustomSpacing(20, after: a)
        stack.frame = Rect(x: 0, y: 0, width: 60, height: 200)
        stack.layoutIfNeeded()
        #expect(b.frame.minY == 31 + 20 && c.frame.minY == 31 + 20 + 31 + 4)
        #expect(stack.customSpacing(after: a) == 20 && stack.customSpacing(after: b) == StackView.spacingUseDefault)
        #expect(stack.intrinsicContentSize.height == 3 * 31 + 24)
        stack.distribution = .equalSpacing
        stack.layoutIfNeeded()
        #expect(b.frame.minY - a.frame.maxY == c.frame.minY - b.frame.maxY, "the even spacing is above the custom minimum")
        stack.frame = Rect(x: 0, y: 0, width: 60, height: 120)
        stack.layoutIfNeeded()
        #expect(b.frame.minY - a.frame.maxY >= 20, "the custom spacing is a minimum between equally spaced views")

        let form = View(frame: window.bounds)
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 40))
        form.addSubview(field)
        window.addSubview(form)
        #expect(field.becomeFirstResponder())
        #expect(form.endEditing(false))
        #expect(!field.isFirstResponder)
    }
}

/// "The view's Core Animation layer", as apps set it: corner radius, border, clipping and opacity.
@MainActor
struct LayerForwardingTests {
    @Test func aViewsLayerPropertiesAreTheViewsOwn() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), application: Application())
        window.backgroundColor = .white
        let card = View(frame: Rect(x: 10, y: 10, width: 80, height: 80))
        card.backgroundColor = .systemBlue
        card.layer.cornerRadius = 20
        card.layer.borderWidth = 2
        card.layer.borderColor = Color.systemRed.cgColor
        card.layer.masksToBounds = true
        card.layer.opacity = 0.5
        #expect(card.cornerRadius == 20 && card.borderWidth == 2 && card.borderColor == .systemRed)
        #expect(card.clipsToBounds && card.alpha == 0.5)
        card.layer.opacity = 1
        window.addSubview(card)
        let bitmap = try Bitmap(width: 100, height: 100)
        window.render(window.takeDamage(), in: GraphicsContext(bitmap: bitmap))
        #expect(bitmap.pixel(x: 11, y: 11).distance(to: Color.white.pixel) <= 6, "the rounded corner is cut off")
        #expect(bitmap.pixel(x: 50, y: 11).distance(to: Color.systemRed.pixel) <= 40, "the border along the top")
        #expect(bitmap.pixel(x: 50, y: 50).distance(to: Color.systemBlue.pixel) <= 6)
        card.layer.position = Point(x: 60, y: 60)
        #expect(card.frame.origin == Point(x: 20, y: 20))
    }
}
