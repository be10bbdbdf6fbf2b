import Testing
import TouchBridge
import TouchBridgeTesting

final class PinPadDelegate: ScreenDelegate {
    override class func makeRootViewController() -> ViewController { PinPadViewController(nibName: nil, bundle: nil) }
}

final class SettingsTableDelegate: ScreenDelegate {
    override class func makeRootViewController() -> ViewController { NavigationController(rootViewController: SettingsTableViewController()) }
}

final class SparklineDashboardDelegate: ScreenDelegate {
    override class func makeRootViewController() -> ViewController { DashboardViewController() }
}

final class ProductGridDelegate: ScreenDelegate {
    override class func makeRootViewController() -> ViewController { NavigationController(rootViewController: ProductGridViewController()) }
}

/// Four screens written as Apple's documentation writes UIKit screens (a
/// PIN pad, a settings table, a dashboard drawn in `draw(_:)`, a product
/// grid with an action sheet), with the `UI` prefix dropped and selectors
/// written as actions: they compile, and they behave as UIKit's would.
@MainActor
struct UIKitScreenTests {
    static let screens = AdaptiveScreenTests.screens

    @Test func thePinPadSignsInAndMakesRoomForTheKeyboard() throws {
        let app = try AppDriver(PinPadDelegate.self, screen: CGSize(width: 1024, height: 768))
        let pad = try #require(app.window.rootViewController as? PinPadViewController)
        #expect(app.layoutProblems() == [])
        let one = try #require(app.button(titled: "1"))
        #expect(one.titleLabel?.font == Font.systemFont(ofSize: 28, weight: .medium))
        // Too short: an alert.
        for key in ["1", "2", "OK"] { try app.tap(app.button(titled: key)) }
        app.waitForAnimations()
        let alert = try #require(pad.presentedViewController as? AlertController)
        #expect(alert.title == "PIN too short")
        // The alert's OK, over the pad's.
        try app.tap(app.views(Button.self).last { $0.title == "OK" && $0.isDescendant(of: alert.view) })
        app.waitForAnimations()
        #expect(pad.presentedViewController == nil)
        // The keyboard comes up for the staff number; the pad rises above it, told by the keyboard's message.
        let field = try #require(app.views(TextField.self).first)
        try app.tap(field)
        app.waitForAnimations()
        let keyboard = try #require(app.window.inputViewShown)
        #expect(pad.keyboardHeights == [keyboard.frame.height])
        let okKey = try #require(app.button(titled: "OK"))
        #expect(okKey.convert(okKey.bounds, to: nil).maxY <= keyboard.frame.minY - 20 + 0.5)
        app.type("4711")
        for key in ["3", "4", "OK"] { try app.tap(app.button(titled: key)) }
        #expect(pad.pin == "1234" && pad.signedIn == "4711")
        app.waitForAnimations()
        #expect(app.window.inputViewShown == nil, "signing in ends editing: the keyboard goes")
    }

    @Test func theSettingsTableMovesItsCheckmarkAndKeepsItsSwitch() throws {
        let app = try AppDriver(SettingsTableDelegate.self, screen: CGSize(width: 1024, height: 768))
        let navigation = try #require(app.window.rootViewController as? NavigationController)
        let settings = try #require(navigation.topViewController as? SettingsTableViewController)
        #expect(settings.tableView.style == .insetGrouped)
        #expect(navigation.navigationBar.prefersLargeTitles)
        #expect(app.layoutProblems() == [])
        #expect(app.cell(containing: "English")?.accessoryType == .checkmark)
        try app.tap(app.cell(containing: "Deutsch"))
        #expect(settings.language == "Deutsch")
        #expect(app.cell(containing: "Deutsch")?.accessoryType == .checkmark)
        #expect(app.cell(containing: "English")?.accessoryType == TableViewCell.AccessoryType.none)
        let toggle = try #require(app.views(Switch.self).first)
        try app.tap(toggle)
        #expect(settings.nightMode && toggle.isOn)
        #expect(app.label(containing: "Customers can change it") != nil, "the footer")
    }

    @Test(arguments: [CGSize(width: 1024, height: 600), CGSize(width: 600, height: 1024)])
    func theDashboardDrawsItsCharts(_ size: CGSize) throws {
        let app = try AppDriver(SparklineDashboardDelegate.self, screen: size)
        let dashboard = try #require(app.window.rootViewController as? DashboardViewController)
        #expect(app.layoutProblems() == [])
        let chart = dashboard.temperature.convert(dashboard.temperature.bounds, to: nil)
        let other = dashboard.pressure.convert(dashboard.pressure.bounds, to: nil)
        #expect(size.width > size.height ? abs(chart.minY - other.minY) < 1 : chart.maxY < other.minY, "side by side when wide, stacked when tall")
        // The line and its dot are the system green; the caption is drawn in the label colour.
        let screen = try app.screenshot()
        let green = Color.systemGreen.pixel
        var greenPixels = 0
        for y in Int(chart.minY)..<Int(chart.maxY) {
            for x in Int(chart.minX)..<Int(chart.maxX) where screen.pixel(x: x, y: y).distance(to: green) < 30 { greenPixels += 1 }
        }
        #expect(greenPixels > 300, "the line, the dot and the value")
        try app.expectScreen(matches: Self.screens.appendingPathComponent("sparklines-\(Int(size.width))x\(Int(size.height)).png").path)
    }

    @Test func theGridOffersDetailsInAFormSheetThatDismissesItself() throws {
        let app = try AppDriver(ProductGridDelegate.self, screen: CGSize(width: 1024, height: 768))
        let navigation = try #require(app.window.rootViewController as? NavigationController)
        let grid = try #require(navigation.topViewController as? ProductGridViewController)
        #expect(app.layoutProblems() == [])
        try app.tap(app.button(titled: "Tile 5"))
        app.waitForAnimations()
        // The grid is a navigation controller's child: the navigation controller presents.
        let sheet = try #require(navigation.presentedViewController as? AlertController)
        #expect(sheet.presentingViewController === navigation && sheet.preferredStyle == .actionSheet)
        try app.tap(app.button(titled: "Add to basket"))
        app.waitForAnimations()
        #expect(grid.basket == ["Tile 5"])
        try app.tap(app.button(titled: "Tile 2"))
        app.waitForAnimations()
        try app.tap(app.button(titled: "Details"))
        app.waitForAnimations()
        let detailNavigation = try #require(navigation.presentedViewController as? NavigationController)
        let detail = try #require(detailNavigation.topViewController as? ProductDetailViewController)
        #expect(detailNavigation.view.frame == CGRect(x: 272, y: 204, width: 480, height: 360), "a form sheet of its preferred size, centred")
        #expect(detail.presentingViewController === navigation, "a presented controller's child reports its presenter")
        try app.tap(app.button(titled: "Done"))
        app.waitForAnimations()
        #expect(navigation.presentedViewController == nil)
    }
}
