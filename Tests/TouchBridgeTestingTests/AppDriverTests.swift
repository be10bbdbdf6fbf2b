import TouchBridgeDemo
import Foundation
import Testing
import TouchBridgeTesting

/// The testing library, driving the demo app as an app's own tests would.
@MainActor
struct AppDriverTests {
    @Test func aScriptedTapPressesAButton() throws {
        let app = try AppDriver(DemoAppDelegate.self)
        let demo = try #require(app.delegate.demo)
        try app.tap(app.button(titled: "Red"))
        #expect(demo.lastButton == "Red")
        #expect(app.button(titled: "Red")?.backgroundColor == DemoApp.selectedButtonColor)
        #expect(app.button(titled: "Blue")?.backgroundColor == .white)
        #expect(app.label(containing: "tapped Red") != nil)
    }

    @Test func theDemoPaintsOnASecondScreenWhenThereIsOne() throws {
        let screens = [
            Screen(bounds: Rect(x: 0, y: 0, width: 800, height: 480), name: "HDMI-A-1"),
            Screen(bounds: Rect(x: 0, y: 0, width: 640, height: 400), name: "HDMI-A-2"),
        ]
        Screen.screens = screens
        defer { Screen.main = Screen(bounds: Rect(x: 0, y: 0, width: 800, height: 480)) }
        let application = Application()
        application.timeline = VirtualTimeline()
        let delegate = DemoAppDelegate()
        let main = try application.launch(delegate, mode: .replay)
        let second = try #require(delegate.otherScreens.first)
        #expect(delegate.otherScreens.count == 1)
        #expect(application.window(on: screens[0]) === main && application.keyWindow === main)
        #expect(application.window(on: screens[1]) === second.window)
        #expect(second.window.frame.size == Size(width: 640, height: 400))
        #expect(second.title.text?.contains("Screen 2: HDMI-A-2") == true)
        #expect(second.canvas.paintColor == .systemBlue)
    }

    /// A failed search says what was looked for, what was there, and the test's line that asked.
    @Test func errorsSayWhatWasLookedForAndWhere() throws {
        let app = try AppDriver(DemoAppDelegate.self)
        let line = #line + 2
        do {
            try app.tap(app.button(titled: "Purple"))
            Issue.record("tapping a button that is not there should throw")
        } catch let error as DriverError {
            #expect(error.description.hasPrefix("TouchBridgeTestingTests/AppDriverTests.swift:\(line): nothing to tap: no button titled \"Purple\" among the"))
            #expect(error.description.contains("\"Red\"") && error.description.contains("buttons on the screen"))
        }
        #expect(app.cell(containing: "no such row") == nil)
        #expect(throws: DriverError.self) { try app.tap(app.cell(containing: "no such row")) }
    }

    /// What a customer would reject on sight is found and named: a text cut
    /// short, a control off the screen, two over each other; a control
    /// clipped out of sight is not counted.
    @Test func layoutProblemsAreFoundAndNamed() throws {
        let app = try AppDriver(DemoAppDelegate.self)
        #expect(app.layoutProblems() == [])
        // A clean screen for the faults below: the demo's own views hidden.
        for view in app.window.subviews { view.isHidden = true }
        let cramped = Label(frame: Rect(x: 10, y: 400, width: 40, height: 20), text: "Your order is empty")
        let pay = Button(frame: Rect(x: 100, y: 400, width: 100, height: 40), title: "Pay")
        let cancel = Button(frame: Rect(x: 150, y: 410, width: 100, height: 40), title: "Cancel")
        let gone = Button(frame: Rect(x: 780, y: 10, width: 100, height: 40), title: "Help")
        let clip = View(frame: Rect(x: 300, y: 300, width: 50, height: 50))
        clip.clipsToBounds = true
        clip.addSubview(Button(frame: Rect(x: 60, y: 0, width: 40, height: 40), title: "Hidden"))
        for view in [cramped, pay, cancel, gone, clip] { app.window.addSubview(view) }
        let problems = app.layoutProblems()
        #expect(problems.count == 3, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("\"Your order is empty\" is cut short") })
        #expect(problems.contains { $0.hasPrefix("Button \"Help\" at") && $0.hasSuffix("is off the screen") })
        #expect(problems.contains { $0.hasPrefix("Button \"Pay\" and Button \"Cancel\" overlap") })
    }

    @Test func aTapOnNothingPressesNothing() throws {
        let app = try AppDriver(DemoAppDelegate.self)
        #expect(throws: DriverError.self) { try app.tap(app.button(titled: "Green")) }
        #expect(app.delegate.demo?.lastButton == nil)
    }

    @Test func aViewIsTappedWhereItShowsAndNeverThroughAnother() throws {
        let app = try AppDriver(DemoAppDelegate.self)
        let list = try #require(app.delegate.demo?.list)
        // Each row is a cell with a label in it.
        let rows = list.subviews.filter { $0.subviews.first is Label }
        // The last row is below the list's clip: out of sight.
        #expect(throws: DriverError.self) { try app.visibleCenter(of: rows.last) }
        // A row cut by the list's bottom edge is touched in the part that shows.
        let cut = try #require(rows.first { $0.frame.minY < list.bounds.maxY && $0.frame.maxY > list.bounds.maxY })
        let point = try app.visibleCenter(of: list)
        #expect(list.bounds.contains(list.convert(point, from: nil)))
        let cutPoint = list.convert(Point(x: cut.frame.midX, y: (cut.frame.minY + list.bounds.maxY) / 2), to: nil)
        // Labels take no touches: the list does, so the driver refuses to call it the row's.
        #expect(throws: DriverError.self) { try app.visibleCenter(of: cut) }
        #expect(app.window.hitTest(cutPoint, with: nil) === list)
    }

    @Test func aDragPaintsAStrokeThatShowsOnTheScreen() throws {
        let app = try AppDriver(DemoAppDelegate.self)
        let canvas = try #require(app.delegate.demo?.canvas)
        #expect(canvas.strokeCount == 0)
        let start = canvas.convert(Point(x: 20, y: 40), to: nil), end = canvas.convert(Point(x: 200, y: 40), to: nil)
        app.drag(from: start, to: end, duration: 0.4)
        #expect(canvas.strokeCount > 0)
        let screen = try app.screenshot()
        let red = PixelColor(red: 255, green: 59, blue: 48)
        #expect(screen.pixel(x: Int((start.x + end.x) / 2), y: Int(start.y)).distance(to: red) <= 40)
    }

    @Test func aSpreadScalesThePhoto() throws {
        let app = try AppDriver(DemoAppDelegate.self)
        let photo = try #require(app.delegate.demo?.photo)
        let center = photo.superview!.convert(photo.center, to: nil)
        app.pinch(center: center, from: 40, to: 120, duration: 0.5)
        #expect(photo.transform.a > 2.5 && photo.transform.a < 3.5, "scale \(photo.transform.a)")
    }

    @Test func aRecordingPlaysIntoTheApp() throws {
        let app = try AppDriver(DemoAppDelegate.self)
        app.wait(2)
        let recording = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/recordings/evemu-atmel-maxtouch-touchscreen-1finger-drag.txt").path
        try app.play(recording)
        #expect(app.delegate.demo?.lastButton == "Blue")
        #expect(app.now > 2)
    }

    @Test func theFirstComparisonRecordsTheScreenAndTheNextOneChecksIt() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("driver-\(getpid())/start.png").path
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path) }
        let app = try AppDriver(DemoAppDelegate.self)
        #expect(throws: DriverError.self) { try app.expectScreen(matches: path) }
        try app.expectScreen(matches: path)
        try app.tap(app.button(titled: "Red"))
        #expect(throws: DriverError.self) { try app.expectScreen(matches: path) }
        #expect(FileManager.default.fileExists(atPath: path.replacingOccurrences(of: ".png", with: ".actual.png")))
    }
}

extension AppDriverTests {
    @Test func typingWithNothingFocusedFillsTheDemosTextField() throws {
        let app = try AppDriver(DemoAppDelegate.self)
        let demo = try #require(app.delegate.demo)
        app.type("Hey, kiosk!\n")
        #expect(demo.textField.text == "Hey, kiosk!")
        #expect(demo.lastEntry == "Hey, kiosk!")
        #expect(!demo.textField.isFirstResponder)
        // Typed on a hardware keyboard: no on-screen keyboard came up.
        #expect(app.window.inputViewShown == nil)
        #expect(app.label(containing: "entered Hey, kiosk!") != nil)
    }

    @Test func keysTheFocusedFieldPassesOnGoNoFurther() throws {
        let app = try AppDriver(DemoAppDelegate.self)
        let demo = try #require(app.delegate.demo)
        app.type("ab")
        app.type("\t")  // Tab: the field passes it up the chain; the window must not hand it back
        #expect(demo.textField.text == "ab" && demo.textField.isFirstResponder)
        // Focused from the keyboard, then touched: the on-screen keyboard comes up.
        #expect(app.window.inputViewShown == nil)
        try app.tap(demo.textField)
        #expect(app.window.inputViewShown is KeyboardView)
    }

    @Test func aTapOnTheTextFieldBringsUpTheOnScreenKeyboard() throws {
        let app = try AppDriver(DemoAppDelegate.self)
        let demo = try #require(app.delegate.demo)
        try app.tap(demo.textField)
        let keyboard = try #require(app.window.inputViewShown as? KeyboardView)
        // The field starts a sentence: the keyboard comes up shifted, as UIKit's does.
        try app.tap(keyboard.key(titled: "O"))
        try app.tap(keyboard.key(titled: "k"))
        try app.tap(keyboard.key(titled: KeyboardView.returnTitle))
        #expect(demo.lastEntry == "Ok")
        #expect(app.window.inputViewShown == nil)
    }
}
