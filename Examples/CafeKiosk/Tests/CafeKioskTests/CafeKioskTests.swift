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
    /// slow drags of the list, so that it stops where the finger lifts.
    func row(_ name: String) throws -> MenuRow {
        let row = try #require(app.views(MenuRow.self).first { $0.item.name == name })
        let list = try #require(row.superview as? ScrollView)
        for _ in 0..<10 where !list.bounds.contains(row.frame) {
            let middle = list.convert(Point(x: list.bounds.midX, y: list.bounds.midY), to: nil)
            let distance = min(120, abs(row.frame.midY - list.bounds.midY)) * (row.frame.midY > list.bounds.midY ? -1 : 1)
            app.drag(from: middle, to: Point(x: middle.x, y: middle.y + distance), duration: 1.5)
            app.wait(0.5)
        }
        return row
    }

    var itemScreen: ItemViewController? { kiosk.screen as? ItemViewController }

    /// The middle of the stepper's plus or minus half, in window coordinates.
    func stepperSegment(plus: Bool) throws -> Point {
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
        #expect(kiosk.screen is MenuViewController)
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
        let list = try #require((kiosk.screen as? MenuViewController)?.list)
        let soup = try #require(app.views(MenuRow.self).last)
        #expect(!list.bounds.intersects(soup.frame))  // below the fold
        let start = list.convert(Point(x: list.bounds.midX, y: list.bounds.maxY - 20), to: nil)
        for _ in 0..<2 {
            app.drag(from: start, to: Point(x: start.x, y: start.y - 300), duration: 0.3)
            app.wait(3)  // the fling settles
        }
        #expect(kiosk.screen is MenuViewController)
        #expect(list.contentOffset.y == list.maximumOffset.y)
        #expect(list.bounds.contains(soup.frame))
        try app.tap(soup)
        #expect(itemScreen?.item.name == "Soup of the day")
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
        #expect(kiosk.screen is CartViewController)
        app.wait(6)
        #expect(kiosk.screen is MenuViewController)
        #expect(kiosk.order.isEmpty)
        #expect(app.label(containing: "Your order is empty") != nil)
    }

    @Test func removingTheLastLineGoesBackToTheMenu() throws {
        try app.tap(row("Black tea"))
        try app.tap(app.button(titled: "Add to order"))
        try app.tap(app.button(titled: "View order"))
        try app.tap(app.button(titled: "Remove"))
        #expect(kiosk.order.isEmpty)
        #expect(kiosk.screen is MenuViewController)
    }

    // MARK: Real panels

    static let recordings = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../../../Tests/Fixtures/recordings").standardized.path

    @Test func aRealPanelsDragScrollsTheMenuAndChoosesNothing() throws {
        var actions: [String] = []
        app.application.actionTrace = { actions.append($0) }
        try app.play("\(Self.recordings)/evemu-atmel-maxtouch-touchscreen-1finger-drag.txt")
        app.wait(3)
        #expect(actions.first == "PanGestureRecognizer began on ScrollView")
        #expect(actions.contains("PanGestureRecognizer ended on ScrollView"))
        #expect(!actions.contains { $0.hasSuffix("touchUpInside") })
        #expect(kiosk.screen is MenuViewController)
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
