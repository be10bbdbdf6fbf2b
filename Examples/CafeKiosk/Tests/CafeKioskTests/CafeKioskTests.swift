import CafeKiosk
import Foundation
import Testing
import TouchBridgeTesting

/// The kiosk as a customer uses it, through the public testing library:
/// scripted taps and drags, and real recordings, on a virtual clock.
@MainActor
struct CafeKioskTests {
    let app: AppDriver<CafeKioskDelegate>
    let kiosk: KioskViewController

    init() throws {
        app = try AppDriver(CafeKioskDelegate.self)
        kiosk = try #require(app.delegate.kiosk)
    }

    static let screens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Screens")

    /// The menu's row for `name`, scrolled into sight as a customer would:
    /// slow drags of the table, so that it stops where the finger lifts.
    func row(_ name: String) throws -> MenuCell { try Self.row(name, in: app) }

    static func row(_ name: String, in app: AppDriver<CafeKioskDelegate>) throws -> MenuCell {
        app.waitForAnimations()
        let table = try #require(app.delegate.kiosk?.menu.table)
        let section = try #require(MenuItem.sections.firstIndex { $0.items.contains { $0.name == name } })
        let row = try #require(MenuItem.sections[section].items.firstIndex { $0.name == name })
        let target = table.rectForRow(at: IndexPath(row: row, section: section))
        for _ in 0..<10 where !table.bounds.insetBy(dx: 0, dy: 34).contains(target) {
            let middle = table.convert(Point(x: table.bounds.midX, y: table.bounds.midY), to: nil)
            let distance = min(120, abs(target.midY - table.bounds.midY)) * (target.midY > table.bounds.midY ? -1 : 1)
            app.drag(from: middle, to: Point(x: middle.x, y: middle.y + distance), duration: 1.5)
            app.wait(0.5)
        }
        return try #require(table.cellForRow(at: IndexPath(row: row, section: section)) as? MenuCell)
    }

    var itemScreen: ItemViewController? { kiosk.topViewController as? ItemViewController }

    /// The middle of the stepper's plus or minus half, in window coordinates.
    func stepperSegment(plus: Bool) throws -> Point {
        app.waitForAnimations()
        let stepper = try #require(itemScreen?.stepper)
        let x = plus ? stepper.bounds.width * 0.75 : stepper.bounds.width * 0.25
        return stepper.convert(Point(x: x, y: stepper.bounds.midY), to: nil)
    }

    @Test func orderingTwoFlatWhitesAndACroissant() throws {
        #expect(app.label(containing: "Your order is empty") != nil)
        #expect(app.button(titled: "View order")?.isEnabled == false)

        try app.tap(row("Flat white"))
        #expect(itemScreen?.item.name == "Flat white")
        app.tap(at: try stepperSegment(plus: true))
        #expect(itemScreen?.quantity == 2)
        #expect(itemScreen?.totalLabel.text == "€6.80")
        try app.tap(app.button(titled: "Add to order"))

        try app.tap(row("Croissant"))
        try app.tap(app.button(titled: "Add to order"))
        #expect(app.label(containing: "Your order: 3 items, €9.20") != nil)

        try app.tap(app.button(titled: "View order"))
        #expect(app.label(containing: "2 × Flat white") != nil)
        #expect(app.label(containing: "1 × Croissant") != nil)
        #expect(app.label(containing: "Total €9.20") != nil)
        try app.expectScreen(matches: Self.screens.appendingPathComponent("order.png").path)

        try app.tap(app.button(titled: "Place order"))
        #expect(app.label(containing: "Your order number is 1") != nil)
        #expect(app.label(containing: "Please pay €9.20") != nil)
        try app.expectScreen(matches: Self.screens.appendingPathComponent("confirmation.png").path)

        // Nobody touches "New order": the next customer finds the menu.
        app.wait(kiosk.confirmationTimeout + 0.1)
        #expect(kiosk.topViewController is MenuViewController)
        #expect(kiosk.order.isEmpty)
    }

    @Test func theStepperStopsAtItsLimitsAndRepeatsWhenHeld() throws {
        try app.tap(row("Espresso"))
        // At 1 the minus half is dimmed and does nothing.
        app.tap(at: try stepperSegment(plus: false))
        #expect(itemScreen?.quantity == 1)
        // A held plus repeats, slowly then faster, and stops at the maximum.
        app.tap(at: try stepperSegment(plus: true), duration: 1.0)
        let afterOneSecond = try #require(itemScreen?.quantity)
        #expect(afterOneSecond > 3 && afterOneSecond < ItemViewController.maximumQuantity)
        app.tap(at: try stepperSegment(plus: true), duration: 5.0)
        #expect(itemScreen?.quantity == ItemViewController.maximumQuantity)
        #expect(itemScreen?.totalLabel.text == "€44.00")
        try app.expectScreen(matches: Self.screens.appendingPathComponent("item.png").path)
    }

    @Test func twoFlicksReachTheEndOfTheMenuWithoutChoosingAnything() throws {
        let table = kiosk.menu.table!
        let soup = IndexPath(row: 1, section: MenuItem.sections.count - 1)
        #expect(!table.bounds.intersects(table.rectForRow(at: soup)))  // below the fold
        let start = table.convert(Point(x: table.bounds.midX, y: table.bounds.maxY - 20), to: nil)
        for _ in 0..<2 {
            app.drag(from: start, to: Point(x: start.x, y: start.y - 300), duration: 0.3)
            app.wait(3)  // the fling settles
        }
        #expect(kiosk.topViewController is MenuViewController)
        #expect(table.indexPathForSelectedRow == nil)
        #expect(table.contentOffset.y == table.maximumOffset.y)
        #expect(table.bounds.contains(table.rectForRow(at: soup)))
        try app.tap(table.cellForRow(at: soup))
        #expect(itemScreen?.item.name == "Soup of the day")
        // The bar's back button returns to the menu, where the row is no longer selected.
        try app.tap(kiosk.navigationBar.backButton)
        app.waitForAnimations()
        #expect(kiosk.topViewController is MenuViewController)
        #expect(table.indexPathForSelectedRow == nil)
    }

    /// A section's header stays at the top while its rows scroll under it.
    @Test func sectionHeadersStayPinnedWhileScrolling() throws {
        let table = kiosk.menu.table!
        let start = table.convert(Point(x: table.bounds.midX, y: table.bounds.midY), to: nil)
        app.drag(from: start, to: Point(x: start.x, y: start.y - 100), duration: 1.5)
        app.wait(0.5)
        table.layoutIfNeeded()
        let header = try #require(app.views(TableViewHeaderFooterView.self).first { $0.textLabel.text == "Coffee" && !$0.isHidden })
        #expect(header.frame.minY == table.contentOffset.y)
        #expect(app.label(containing: "Espresso") != nil)
    }

    @Test func startingOverAsksFirst() throws {
        try app.tap(row("Cappuccino"))
        try app.tap(app.button(titled: "Add to order"))
        try app.tap(app.button(titled: "View order"))
        try app.tap(app.button(titled: "Start over"))
        app.waitForAnimations()
        try app.tap(app.button(titled: "Keep my order"))
        app.waitForAnimations()
        #expect(kiosk.order.itemCount == 1 && kiosk.topViewController is CartViewController)
        try app.tap(app.button(titled: "Start over"))
        app.waitForAnimations()
        let confirm = try #require(app.views(Button.self).last { $0.title == "Start over" })
        try app.tap(confirm)
        app.waitForAnimations()
        #expect(kiosk.order.isEmpty && kiosk.topViewController is MenuViewController)
        #expect(kiosk.presentedViewController == nil && kiosk.topViewController?.presentedViewController == nil)
    }

    @Test func aCustomerWhoWalksAwayLeavesAnEmptyMenuBehind() throws {
        try app.tap(row("Mocha"))
        try app.tap(app.button(titled: "Add to order"))
        try app.tap(app.button(titled: "View order"))
        app.wait(kiosk.idleTimeout - 5)
        #expect(kiosk.order.itemCount == 1)
        // A touch, even one on nothing in particular, keeps the order alive.
        app.tap(at: Point(x: 400, y: 30))
        app.wait(kiosk.idleTimeout - 5)
        #expect(kiosk.topViewController is CartViewController)
        app.wait(6)
        #expect(kiosk.topViewController is MenuViewController)
        #expect(kiosk.order.isEmpty)
        #expect(app.label(containing: "Your order is empty") != nil)
    }

    /// What `cafe-kiosk replay --trace` prints besides controls and gestures:
    /// a row selected, a push and a pop, an alert presented and dismissed.
    @Test func theTraceNamesRowsPushesPopsAndAlerts() throws {
        var lines: [String] = []
        app.application.actionTrace = { lines.append($0) }
        try app.tap(app.cell(containing: "A double shot"))
        app.waitForAnimations()
        #expect(lines.contains("TableView selected row 0 in section 0 \"Espresso\""))
        #expect(lines.contains("KioskViewController pushed ItemViewController \"Espresso\""))
        try app.tap(app.button(titled: "Add to order"))
        app.waitForAnimations()
        #expect(lines.contains("KioskViewController popped to MenuViewController \"Café Lumen · touch an item to order\""))
        try app.tap(app.button(titled: "View order"))
        app.waitForAnimations()
        try app.tap(app.button(titled: "Start over"))
        app.waitForAnimations()
        #expect(lines.contains("CartViewController presented AlertController \"Start over?\""))
        try app.tap(app.button(titled: "Keep my order"))
        app.waitForAnimations()
        #expect(lines.contains("CartViewController dismissed AlertController \"Start over?\""))
    }

    @Test func removingTheLastLineGoesBackToTheMenu() throws {
        try app.tap(row("Black tea"))
        try app.tap(app.button(titled: "Add to order"))
        try app.tap(app.button(titled: "View order"))
        try app.tap(app.button(titled: "Remove"))
        #expect(kiosk.order.isEmpty)
        #expect(kiosk.topViewController is MenuViewController)
    }

    // MARK: Every panel

    /// The panels kiosks are built with, landscape and portrait.
    nonisolated static let panels: [Size] = [
        Size(width: 800, height: 480), Size(width: 1024, height: 600), Size(width: 1280, height: 800),
        Size(width: 1920, height: 1080), Size(width: 600, height: 1024),
    ]

    /// On each panel, each screen is laid out from its constraints alone:
    /// every text shown whole, every control on the screen and clear of
    /// the others, and the screen as its reference picture has it.
    @Test(arguments: panels)
    func everyScreenFitsThePanel(_ size: Size) throws {
        let app = try AppDriver(CafeKioskDelegate.self, screen: size)
        let kiosk = try #require(app.delegate.kiosk)
        let name = "\(Int(size.width))x\(Int(size.height))"
        func check(_ screen: String) throws {
            app.waitForAnimations()
            #expect(app.layoutProblems() == [], "\(screen) at \(name)")
            try app.expectScreen(matches: Self.screens.appendingPathComponent("\(screen)-\(name).png").path)
        }
        #expect(kiosk.menu.table.frame.width == min(size.width, 1040))
        try check("menu")
        try app.tap(Self.row("Flat white", in: app))
        try check("item")
        try app.tap(app.button(titled: "Add to order"))
        try app.tap(Self.row("Croissant", in: app))
        try app.tap(app.button(titled: "Add to order"))
        try app.tap(app.button(titled: "View order"))
        try check("order")
        try app.tap(app.button(titled: "Place order"))
        try check("confirmation")
    }

    // MARK: Real panels

    static let recordings = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../../../Tests/Fixtures/recordings").standardized.path

    @Test func aRealPanelsDragScrollsTheMenuAndChoosesNothing() throws {
        var actions: [String] = []
        app.application.actionTrace = { actions.append($0) }
        try app.play("\(Self.recordings)/evemu-atmel-maxtouch-touchscreen-1finger-drag.txt")
        app.wait(3)
        #expect(actions.first == "PanGestureRecognizer began on TableView")
        #expect(actions.contains("PanGestureRecognizer ended on TableView"))
        #expect(!actions.contains { $0.hasSuffix("touchUpInside") })
        #expect(kiosk.topViewController is MenuViewController)
    }

    @Test func aRealPanelsQuickTapsChooseAnItemAndStepItsQuantity() throws {
        var steps = 0
        app.application.actionTrace = { if $0 == "Stepper valueChanged" { steps += 1 } }
        try app.play("\(Self.recordings)/evemu-atmel-maxtouch-touchscreen-1finger-fast-taps.txt")
        let item = try #require(itemScreen, "the first tap should choose an item")
        #expect(steps > 0)
        #expect(item.quantity == 1 + steps)
        #expect(item.totalLabel.text == formatPrice(item.item.price * (1 + steps)))
    }
}
