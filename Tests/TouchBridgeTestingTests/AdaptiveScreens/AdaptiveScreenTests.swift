import Foundation
import Testing
import TouchBridge
import TouchBridgeTesting

/// A form, a dashboard, a settings table and a grid written with anchors and guides, laid out
/// on every panel a kiosk is built with, each kept as a reference screen
/// and checked for what a customer would reject on sight (`layoutProblems`).
@MainActor
struct AdaptiveScreenTests {
    nonisolated static let panels: [Size] = [
        Size(width: 800, height: 480), Size(width: 1024, height: 600), Size(width: 1280, height: 800),
        Size(width: 1920, height: 1080), Size(width: 600, height: 1024),
    ]

    static let screens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Screens")

    static func reference(_ name: String, _ size: Size, _ appearance: UserInterfaceStyle = .light) -> String {
        let suffix = appearance == .dark ? "-dark" : ""
        return screens.appendingPathComponent("\(name)-\(Int(size.width))x\(Int(size.height))\(suffix).png").path
    }

    // MARK: The form

    @Test(arguments: panels)
    func theFormLaysOutOnEveryPanel(_ size: Size) throws {
        let app = try AppDriver(FormDelegate.self, screen: size)
        let form = try #require(app.window.rootViewController as? ParkingFormController)
        #expect(app.layoutProblems() == [], "the form at \(size)")
        // The rows keep to the readable width, centred; the captions share the fields' baselines.
        let margins = form.view.layoutMarginsGuide.layoutFrame
        let readable = form.view.readableContentGuide.layoutFrame
        #expect(readable.width == min(margins.width, View.readableContentWidth))
        #expect(abs(readable.midX - margins.midX) < 0.5)
        #expect(form.pay.frame.maxY == form.view.bounds.maxY - 16)
        // A short screen closes the rows up.
        #expect(form.rowGaps[1].constant == (size.height < 600 ? 12 : 24))
        try app.expectScreen(matches: Self.reference("form", size))
    }

    /// Typing: the keyboard comes up, the pay button rides above it, and the
    /// form above the button scrolls instead of hiding under it.
    @Test func theFormKeepsThePayButtonAboveTheKeyboard() throws {
        let app = try AppDriver(FormDelegate.self, screen: Size(width: 800, height: 480))
        let form = try #require(app.window.rootViewController as? ParkingFormController)
        try app.tap(form.email)
        app.waitForAnimations()
        let keyboard = try #require(app.window.inputViewShown)
        #expect(form.pay.convert(form.pay.bounds, to: nil).maxY == keyboard.frame.minY - 16)
        #expect(form.scrollView.frame.maxY == form.pay.frame.minY - 8)
        #expect(form.scrollView.contentSize.height > form.scrollView.bounds.height, "the rows scroll in what is left")
        // The scroll view scrolled the field being edited into sight, as UIKit's does.
        #expect(form.scrollView.bounds.contains(form.email.frame))
        #expect(app.layoutProblems() == [], "the form while typing")
        try app.expectScreen(matches: Self.screens.appendingPathComponent("form-800x480-typing.png").path)
    }

    // MARK: The dashboard

    @Test(arguments: panels)
    func theDashboardLaysOutOnEveryPanelInTheDark(_ size: Size) throws {
        let app = try AppDriver(DashboardDelegate.self, screen: size, appearance: .dark)
        let dashboard = try #require(app.window.rootViewController as? DashboardController)
        #expect(dashboard.columns == (size.width >= 1200 ? 4 : 2))
        #expect(dashboard.traitCollection.userInterfaceStyle == .dark)
        #expect(app.layoutProblems() == [], "the dashboard at \(size)")
        let header = try #require(app.label(containing: "Pump station"))
        #expect(header.frame.minY == 16 && header.frame.height == header.intrinsicContentSize.height)
        // The tiles share the height below the header, every label inside its tile.
        let rows = Double(dashboard.tiles.count / dashboard.columns)
        let tileHeight = (size.height - header.frame.maxY - 32 - 16 * (rows - 1)) / rows
        for tile in dashboard.tiles {
            #expect(abs(tile.frame.height - tileHeight) <= 1)
            for label in tile.subviews { #expect(tile.bounds.contains(label.frame), "\(String(describing: (label as? Label)?.text))") }
        }
        // Each unit sits on its value's baseline.
        for tile in dashboard.tiles {
            let labels = tile.subviews.compactMap { $0 as? Label }
            let (value, unit) = (labels[1], labels[2])
            let valueBaseline = value.frame.midY + TextLayout(value.text!, font: value.font).baselinesFromCentre.last
            let unitBaseline = unit.frame.midY + TextLayout(unit.text!, font: unit.font).baselinesFromCentre.last
            #expect(abs(valueBaseline - unitBaseline) < 1.01, "\(value.text!) \(unit.text!)")
        }
        try app.expectScreen(matches: Self.reference("dashboard", size, .dark))
    }

    @Test func theDashboardInTheLight() throws {
        let app = try AppDriver(DashboardDelegate.self, screen: Size(width: 1024, height: 600))
        try app.expectScreen(matches: Self.reference("dashboard", Size(width: 1024, height: 600)))
    }

    /// A panel turned to portrait: the controller hears of the new size
    /// first and rearranges its tiles with it.
    @Test func theDashboardRearrangesWhenTheScreenTurns() throws {
        let app = try AppDriver(DashboardDelegate.self, screen: Size(width: 1920, height: 1080), appearance: .dark)
        let dashboard = try #require(app.window.rootViewController as? DashboardController)
        #expect(dashboard.columns == 4)
        app.window.frame = Rect(x: 0, y: 0, width: 1080, height: 1920)
        app.window.layoutIfNeeded()
        #expect(dashboard.transitions == 1)
        #expect(dashboard.columns == 2)
        #expect(dashboard.grid.arrangedSubviews.count == 2)
        #expect(dashboard.tiles.allSatisfy { $0.frame.width > 400 })
    }

    // MARK: The settings

    @Test(arguments: panels)
    func theSettingsTableLaysOutOnEveryPanel(_ size: Size) throws {
        let app = try AppDriver(SettingsDelegate.self, screen: size)
        let navigation = try #require(app.window.rootViewController as? NavigationController)
        let settings = try #require(navigation.topViewController as? SettingsController)
        #expect(app.layoutProblems() == [], "the settings at \(size)")
        // Each section is a card inside the margins: 20 points at a regular width, 16 at a compact one.
        let margin = size.width >= 600 ? 20.0 : 16.0
        for cell in settings.tableView.visibleCells {
            #expect(cell.frame.minX == margin && cell.frame.maxX == settings.tableView.bounds.width - margin)
        }
        let brightness = try #require(app.cell(containing: "Brightness"))
        #expect(brightness.maskedCorners == .top && brightness.cornerRadius == 10)
        try app.expectScreen(matches: Self.reference("settings", size))
    }

    @Test func theSettingsTableInTheDark() throws {
        let app = try AppDriver(SettingsDelegate.self, screen: Size(width: 800, height: 480), appearance: .dark)
        #expect(app.layoutProblems() == [])
        try app.expectScreen(matches: Self.reference("settings", Size(width: 800, height: 480), .dark))
    }

    // MARK: A dial drawn with BezierPath

    @Test(arguments: [Size(width: 800, height: 480), Size(width: 600, height: 1024)])
    func aDialDrawnInDrawRect(_ size: Size) throws {
        let app = try AppDriver(GaugeDelegate.self, screen: size)
        let controller = try #require(app.window.rootViewController as? GaugeController)
        #expect(app.layoutProblems() == [], "the dial at \(size)")
        #expect(controller.gauge.frame.width == controller.gauge.frame.height)
        if size.height < 600 {
            #expect(controller.reading.frame.minX > controller.gauge.frame.maxX, "beside the dial on a short screen")
        } else {
            #expect(controller.reading.frame.minY > controller.gauge.frame.maxY, "under the dial on a tall one")
        }
        try app.expectScreen(matches: Self.reference("gauge", size))
    }

    // MARK: Buttons from configurations

    @Test func ticketButtonsInEveryStyle() throws {
        let app = try AppDriver(TicketButtonsDelegate.self, screen: Size(width: 800, height: 480))
        let controller = try #require(app.window.rootViewController as? TicketButtonsController)
        #expect(app.layoutProblems() == [])
        // The capsule's ends are half its height; the subtitle makes it taller than one line.
        #expect(controller.pay.frame.height > controller.receipt.frame.height + 10)
        #expect(controller.pay.frame.width >= 240)
        try app.tap(controller.pay)
        #expect(controller.paid == 1)
        try app.expectScreen(matches: Self.reference("buttons", Size(width: 800, height: 480)))
    }

    // MARK: The grid

    @Test(arguments: panels)
    func theGridLaysOutOnEveryPanel(_ size: Size) throws {
        let app = try AppDriver(GridDelegate.self, screen: size)
        let grid = try #require(app.window.rootViewController as? GridController)
        #expect(app.layoutProblems() == [], "the grid at \(size)")
        let width = size.width - 2 * GridController.margin
        let columns = Int((width + GridController.spacing) / (GridController.minimumTileWidth + GridController.spacing))
        #expect(grid.columns == columns)
        let tile = grid.tiles[0].frame
        #expect(tile.width >= GridController.minimumTileWidth)
        #expect(abs(tile.height - tile.width * 0.75) <= 1)
        // Every tile the same size, the rows filling the width.
        #expect(grid.tiles.allSatisfy { abs($0.frame.width - tile.width) <= 1 && abs($0.frame.height - tile.height) <= 1 })
        let lastInRow = grid.tiles[columns - 1].frame
        #expect(abs(lastInRow.maxX - (size.width - GridController.margin)) <= 1)
        // The content is as tall as its rows.
        let rows = (grid.tiles.count + columns - 1) / columns
        #expect(grid.scrollView.contentSize.height == grid.tiles[grid.tiles.count - 1].frame.maxY + GridController.margin)
        #expect(abs(grid.scrollView.contentSize.height - (2 * GridController.margin + Double(rows) * tile.height + Double(rows - 1) * GridController.spacing)) <= Double(rows))
        try app.expectScreen(matches: Self.reference("grid", size))
    }

    /// A tile's action sheet: at the bottom, its choice runs its handler, Cancel in a box of its own.
    @Test func aTileOffersItsActionsInASheet() throws {
        let app = try AppDriver(GridDelegate.self, screen: Size(width: 800, height: 480))
        let grid = try #require(app.window.rootViewController as? GridController)
        try app.tap(grid.tiles[4])
        app.waitForAnimations()
        let sheet = try #require(grid.presentedViewController as? AlertController)
        #expect(sheet.title == "Tile 5" && sheet.preferredStyle == .actionSheet)
        #expect(app.layoutProblems() == [], "the sheet over the grid")
        try app.expectScreen(matches: Self.screens.appendingPathComponent("grid-800x480-sheet.png").path)
        try app.tap(app.button(titled: "Add to cart"))
        app.waitForAnimations()
        #expect(grid.chosen == ["Add to cart 5"])
        #expect(grid.presentedViewController == nil)
    }
}
