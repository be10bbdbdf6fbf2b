import DemoApp
import Testing
import TouchBridgeTesting

/// The demo as its author tests it: through the public testing library only.
@MainActor
struct DemoAppTests {
    @Test func theButtonsChooseThePaint() throws {
        let app = try AppDriver(DemoAppDelegate.self)
        let demo = try #require(app.delegate.demo)
        #expect(demo.canvas.paintColor == .systemRed)
        try app.tap(app.button(titled: "Blue"))
        #expect(demo.canvas.paintColor == .systemBlue)
        #expect(app.label(containing: "tapped Blue") != nil)
    }

    @Test func clearWipesTheCanvas() throws {
        let app = try AppDriver(DemoAppDelegate.self)
        let canvas = try #require(app.delegate.demo?.canvas)
        app.drag(from: canvas.convert(Point(x: 30, y: 30), to: nil), to: canvas.convert(Point(x: 150, y: 120), to: nil))
        #expect(canvas.strokeCount > 0)
        try app.tap(app.button(titled: "Clear"))
        #expect(canvas.strokeCount == 0)
    }

    @Test func theStatusLineNamesTheDevices() throws {
        let app = try AppDriver(DemoAppDelegate.self)
        app.delegate.application(app.application, didChangeInputDevices: ["Atmel maXTouch"])
        #expect(app.label(containing: "Atmel maXTouch") != nil)
    }
}
