@_exported import TouchBridge
import Bridge
import Display
import Foundation
import KernelInput

/// Drives an app in a test, as a person at its screen would: scripted
/// taps, drags and pinches, or real recordings, delivered on a virtual
/// clock (timers fire at their moments, as fast as the machine allows),
/// with the screen drawn as it would be on the panel.
///
/// ```swift
/// @Test @MainActor func addingACoffee() throws {
///     let app = try AppDriver(CafeAppDelegate.self)
///     try app.tap(app.button(titled: "Flat white"))
///     #expect(app.label(containing: "1 item") != nil)
///     try app.expectScreen(matches: "Tests/Screens/cart.png")
/// }
/// ```
@MainActor
public final class AppDriver<Delegate: ApplicationDelegate> {
    public let application: Application
    public let window: Window
    public var delegate: Delegate { application.delegate as! Delegate }
    /// Seconds on the app's virtual clock since it launched.
    public var now: Double { timeline.now }
    /// Frames per second of scripted gestures: a touchscreen's usual report rate.
    public var frameRate = 60.0

    private let timeline = VirtualTimeline()
    private let dispatcher: TouchDispatcher
    private let compositor: Compositor
    private var tapCounter = TapCounter()
    private var nextTouch = 0
    private var frame = 0

    /// Launches the app on a screen of `screen` points, light or dark, as `APP replay` does.
    public init(_ delegate: Delegate.Type, screen: Size = Size(width: 800, height: 480), appearance: UserInterfaceStyle = .light) throws {
        let app = HostedApp(name: "\(delegate)", version: touchBridgeVersion, summary: "", makeDelegate: { Delegate() })
        (application, window) = try AppHost.launchForReplay(app, screen: screen, appearance: appearance, timeline: timeline)
        dispatcher = TouchDispatcher(application: application, window: window)
        compositor = try Compositor(
            window: window, surface: MemorySurface(width: Int(screen.width), height: Int(screen.height)))
        // The first screen as it will be shown: frames from constraints and layoutSubviews are there to ask.
        window.layoutIfNeeded()
    }

    // MARK: Time

    /// Lets `seconds` pass with no touch: timers due on the way fire.
    public func wait(_ seconds: Double) {
        timeline.advance(to: now + seconds)
    }

    // MARK: Scripted gestures

    /// One finger down and up at `point` (window coordinates), `duration` apart.
    public func tap(at point: Point, duration: Double = 0.06) {
        let finger = beginTouch(at: point)
        wait(duration)
        endTouch(finger, at: point)
        wait(1 / frameRate)
    }

    /// Taps the centre of the part of `view` that can be seen: a row half
    /// under the edge of its scroll view is tapped where it shows. A view
    /// out of sight, or under another that would take the touch, is an error.
    /// An error names the line that asked (`file` and `line`), and a view
    /// that was not found names what was looked for and what was there.
    public func tap(_ view: View?, file: String = #fileID, line: Int = #line) throws {
        waitForAnimations()
        try tap(at: visibleCenter(of: view, file: file, line: line))
    }

    /// Lets time pass until no view animates (a push, a presented alert),
    /// at most `limit` seconds.
    public func waitForAnimations(limit: Double = 10) {
        let deadline = now + limit
        while application.hasRunningAnimations && now < deadline { wait(1 / frameRate) }
    }

    /// Where a finger would touch `view`: the centre of its visible part, in window coordinates.
    public func visibleCenter(of view: View?, file: String = #fileID, line: Int = #line) throws -> Point {
        let at = "\(file):\(line): "
        guard let view else { throw DriverError(description: at + "nothing to tap: " + (lastMiss ?? "the view was not found")) }
        let name = "\(Swift.type(of: view))"
        guard view.window === window else { throw DriverError(description: at + "\(name) is not on the screen") }
        // What a person sees is laid out: layout that is due happens before the screen shows.
        window.layoutIfNeeded()
        var visible = view.convert(view.bounds, to: nil).intersection(window.bounds)
        var ancestor = view.superview
        while let clip = ancestor, clip !== window {
            if clip.clipsToBounds { visible = visible.intersection(clip.convert(clip.bounds, to: nil)) }
            ancestor = clip.superview
        }
        guard !visible.isEmpty else { throw DriverError(description: at + "\(name) is out of sight: scroll it onto the screen first") }
        let center = Point(x: visible.midX, y: visible.midY)
        guard let hit = window.hitTest(center, with: nil), hit === view || hit.isDescendant(of: view) else {
            let other = window.hitTest(center, with: nil).map { "\(Swift.type(of: $0))" } ?? "nothing"
            throw DriverError(description: at + "\(name) is covered at (\(center.x), \(center.y)): a touch there goes to \(other)")
        }
        return center
    }

    /// One finger from `start` to `end` in a straight line over `duration`, a frame at a time.
    public func drag(from start: Point, to end: Point, duration: Double = 0.5) {
        let finger = beginTouch(at: start)
        let steps = max(1, Int((duration * frameRate).rounded()))
        for step in 1...steps {
            wait(duration / Double(steps))
            let t = Double(step) / Double(steps)
            move([(finger, Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))])
        }
        endTouch(finger, at: end)
        wait(1 / frameRate)
    }

    /// Two fingers either side of `center` on a horizontal line, `startDistance`
    /// apart, moving to `endDistance` apart over `duration`: a pinch (closer) or a spread.
    public func pinch(center: Point, from startDistance: Double, to endDistance: Double, duration: Double = 0.5) {
        func fingers(_ distance: Double) -> (Point, Point) {
            (Point(x: center.x - distance / 2, y: center.y), Point(x: center.x + distance / 2, y: center.y))
        }
        let (a0, b0) = fingers(startDistance)
        let a = nextTouch, b = nextTouch + 1
        nextTouch += 2
        send([record(a, .began, a0, tapCount: 1), record(b, .began, b0, tapCount: 1)])
        let steps = max(1, Int((duration * frameRate).rounded()))
        for step in 1...steps {
            wait(duration / Double(steps))
            let (pa, pb) = fingers(startDistance + (endDistance - startDistance) * Double(step) / Double(steps))
            move([(a, pa), (b, pb)])
        }
        let (a1, b1) = fingers(endDistance)
        send([record(a, .ended, a1, tapCount: 1), record(b, .ended, b1, tapCount: 1)])
        wait(1 / frameRate)
    }

    /// Plays recordings (evemu, evtest, libinput record) into the app, mapped to its screen.
    public func play(_ paths: String...) throws {
        // This driver's screen, not Screen.main: tests with drivers of other sizes may have run since.
        let options = InputOptions(screenWidth: window.bounds.width, screenHeight: window.bounds.height)
        // Its own numbering of touches, apart from the scripted ones.
        let recorded = TouchDispatcher(application: application, window: window)
        let keys = PressDispatcher(application: application)
        // A recording's own clock may start anywhere: it is laid after what has happened so far.
        let recordings = try RecordingReader.load(files: paths)
        let start = recordings.compactMap { $0.events.first?.time.seconds }.min() ?? 0
        let offset = now + 1 / frameRate - start
        try TouchReplay(options: options).run(
            recordings, warn: { FileHandle.standardError.write(Data("\($0)\n".utf8)) },
            onFrame: { records in
                // A later file may start earlier on its own clock: time never runs backwards.
                timeline.advance(to: max(now, records[0].time.seconds + offset))
                recorded.dispatch(records)
            },
            onKeys: { records in
                timeline.advance(to: max(now, records[0].time.seconds + offset))
                keys.dispatch(records)
            })
    }

    // MARK: Scripted typing

    /// Types `text` on a hardware keyboard, a key at a time: each character
    /// goes down and up as a press to the first responder (else the key
    /// window), with Shift for capitals; "\n" is Return.
    public func type(_ text: String) {
        for character in text {
            let key = Self.key(for: character)
            let press = Press(key: key, phase: .began, timestamp: now)
            application.sendEvent(Event(presses: [press], timestamp: now))
            wait(0.05)
            press.update(phase: .ended, timestamp: now)
            application.sendEvent(Event(presses: [press], timestamp: now))
            wait(0.05)
        }
    }

    /// The key of a US keyboard that types `character`.
    static func key(for character: Character) -> Key {
        if character == "\n" || character == "\r" {
            return Key(keyCode: .keyboardReturnOrEnter, characters: "\r", charactersIgnoringModifiers: "\r")
        }
        let text = String(character)
        let lower = text.lowercased()
        var usage = KeyboardHIDUsage.keyboardErrorUndefined
        if let scalar = lower.unicodeScalars.first, lower.unicodeScalars.count == 1 {
            switch scalar.value {
            case 0x61...0x7A: usage = KeyboardHIDUsage(rawValue: UInt16(0x04 + scalar.value - 0x61))
            case 0x31...0x39: usage = KeyboardHIDUsage(rawValue: UInt16(0x1E + scalar.value - 0x31))
            case 0x30: usage = .keyboard0
            case 0x20: usage = .keyboardSpacebar
            default: break
            }
        }
        return Key(keyCode: usage, characters: text, charactersIgnoringModifiers: lower, modifierFlags: text != lower ? .shift : [])
    }

    // MARK: What is on the screen

    /// Every view of class `T` in the window, front to back in tree order.
    public func views<T: View>(_ type: T.Type = T.self) -> [T] {
        var found: [T] = []
        func visit(_ view: View) {
            guard !view.isHidden else { return }
            if let match = view as? T { found.append(match) }
            for subview in view.subviews { visit(subview) }
        }
        visit(window)
        return found
    }

    /// The first button titled `title`; nil, remembering what was there, when there is none.
    public func button(titled title: String) -> Button? {
        let buttons = views(Button.self)
        // A button drawn from a configuration shows the configuration's title.
        func shown(_ button: Button) -> String? { button.configuration?.title ?? button.title }
        return found(buttons.first { shown($0) == title }, "no button titled \"\(title)\"", among: "buttons", buttons.map { shown($0) ?? "" })
    }

    /// The first label whose text contains `text`.
    public func label(containing text: String) -> Label? {
        let labels = views(Label.self)
        return found(labels.first { $0.text?.contains(text) == true }, "no label containing \"\(text)\"", among: "labels", labels.map { $0.text ?? "" })
    }

    /// The first table cell on the screen showing `text` in one of its labels.
    public func cell(containing text: String) -> TableViewCell? {
        let cells = views(TableViewCell.self)
        func texts(_ cell: TableViewCell) -> [String] {
            var found: [String] = []
            func visit(_ view: View) {
                if let text = (view as? Label)?.text { found.append(text) }
                for subview in view.subviews where !subview.isHidden { visit(subview) }
            }
            visit(cell)
            return found
        }
        return found(
            cells.first { texts($0).contains { $0.contains(text) } }, "no cell containing \"\(text)\"", among: "cells",
            cells.map { texts($0).joined(separator: " / ") })
    }

    /// What the last search that found nothing looked for, and what it found instead.
    private var lastMiss: String?

    private func found<T>(_ match: T?, _ missing: String, among kind: String, _ shown: [String]) -> T? {
        if match != nil {
            lastMiss = nil
        } else {
            let listed = shown.prefix(8).map { "\"\($0)\"" }.joined(separator: ", ") + (shown.count > 8 ? ", ..." : "")
            lastMiss = shown.isEmpty ? "\(missing): there are no \(kind) on the screen" : "\(missing) among the \(shown.count) \(kind) on the screen: \(listed)"
        }
        return match
    }

    /// What a customer would reject on sight, one sentence each, once
    /// layout is done: a one-line text cut short, a control off the screen,
    /// two controls over each other. Controls are taken as far as they
    /// show (a row half under the edge of its table counts by the half that
    /// shows). Empty when the screen is tidy:
    /// `#expect(app.layoutProblems().isEmpty)` at each size an app runs at.
    public func layoutProblems() -> [String] {
        waitForAnimations()
        window.layoutIfNeeded()
        func shown(_ view: View) -> Bool {
            var current: View? = view
            while let candidate = current {
                if candidate.isHidden || candidate.alpha < 0.01 { return false }
                current = candidate.superview
            }
            return true
        }
        // Cut by every clipping ancestor but the window: what sticks out of the window is a problem, not hidden.
        func visible(_ view: View) -> Rect {
            var rect = view.convert(view.bounds, to: nil)
            var ancestor = view.superview
            while let clip = ancestor, clip !== window {
                if clip.clipsToBounds { rect = rect.intersection(clip.convert(clip.bounds, to: nil)) }
                ancestor = clip.superview
            }
            return rect
        }
        func name(_ view: View) -> String {
            "\(Swift.type(of: view))" + ((view as? Button)?.title.map { " \"\($0)\"" } ?? "")
        }
        var problems: [String] = []
        for label in views(Label.self) where shown(label) && label.numberOfLines == 1 && !visible(label).isEmpty {
            guard let text = label.text, !text.isEmpty, label.intrinsicContentSize.width > label.bounds.width + 0.5 else { continue }
            problems.append("\"\(text)\" is cut short: it needs \(label.intrinsicContentSize.width) points, its label is \(label.bounds.width)")
        }
        // Controls on the screen the person sees: those under a presented screen (an alert's dimming) are not.
        let presented = window.subviews.lastIndex { ($0.next as? ViewController)?.presentingViewController != nil } ?? 0
        let front = window.subviews[min(presented, window.subviews.count)...]
        let controls = views(Control.self).filter { control in shown(control) && front.contains { control.isDescendant(of: $0) } }
            .map { ($0, visible($0)) }.filter { !$0.1.isEmpty }
        for (control, frame) in controls where !window.bounds.contains(frame) {
            problems.append("\(name(control)) at \(frame) is off the screen")
        }
        for (index, (control, frame)) in controls.enumerated() {
            for (other, otherFrame) in controls[(index + 1)...]
            where !frame.intersection(otherFrame).isEmpty && !other.isDescendant(of: control) && !control.isDescendant(of: other) {
                problems.append("\(name(control)) and \(name(other)) overlap at \(frame.intersection(otherFrame))")
            }
        }
        return problems
    }

    /// The screen as the panel would show it now.
    public func screenshot() throws -> Bitmap {
        try compositor.presentNow()
        return compositor.backBuffer
    }

    /// Compares the screen with a PNG; a missing reference is written and
    /// reported, so the first run records it. Pixels may differ by
    /// `tolerance` (antialiasing) and up to `allowedFraction` of them by more.
    ///
    /// The first run has no reference: it writes one and fails, so that a
    /// person looks at it before it is trusted.
    public func expectScreen(
        matches path: String, tolerance: Int = 40, allowedFraction: Double = 0.001, file: String = #fileID, line: Int = #line
    ) throws {
        let at = "\(file):\(line): "
        // Compared once the screen has stopped moving, as a person would look at it.
        waitForAnimations()
        let screen = try screenshot()
        guard FileManager.default.fileExists(atPath: path) else {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try screen.writePNG(to: path)
            throw DriverError(description: at + "\(path) did not exist: the screen was written there; look at it, then run again")
        }
        let reference = try Bitmap.readPNG(at: path)
        guard reference.width == screen.width, reference.height == screen.height else {
            throw DriverError(description: at + "\(path) is \(reference.width)x\(reference.height); the screen is \(screen.width)x\(screen.height)")
        }
        var differing = 0
        for y in 0..<screen.height {
            for x in 0..<screen.width where screen.pixel(x: x, y: y).distance(to: reference.pixel(x: x, y: y)) > tolerance {
                differing += 1
            }
        }
        if Double(differing) > allowedFraction * Double(screen.width * screen.height) {
            let actual = path.replacingOccurrences(of: ".png", with: ".actual.png")
            try screen.writePNG(to: actual)
            throw DriverError(description: at + "\(differing) pixels differ from \(path); the screen is in \(actual)")
        }
    }

    /// Ends the app, as SIGTERM would: the delegate hears applicationWillTerminate.
    public func terminate() { application.terminate() }

    // MARK: Touches

    private func beginTouch(at point: Point) -> Int {
        let finger = nextTouch
        nextTouch += 1
        let taps = tapCounter.touchBegan(at: point, time: now)
        starts[finger] = (point, taps)
        send([record(finger, .began, point, tapCount: taps)])
        return finger
    }

    private var starts: [Int: (point: Point, taps: Int)] = [:]

    private func move(_ fingers: [(Int, Point)]) {
        send(fingers.map { record($0.0, .moved, $0.1, tapCount: starts[$0.0]?.taps ?? 1) })
    }

    private func endTouch(_ finger: Int, at point: Point) {
        let start = starts.removeValue(forKey: finger) ?? (point, 1)
        tapCounter.touchEnded(tapCount: start.taps, beganAt: start.point, endedAt: point, time: now)
        send([record(finger, .ended, point, tapCount: start.taps)])
    }

    private func record(_ finger: Int, _ phase: ContactPhase, _ point: Point, tapCount: Int) -> TouchRecord {
        TouchRecord(
            time: EventTime(microseconds: Int64((now * 1e6).rounded())), touch: finger, phase: phase, x: point.x, y: point.y,
            tapCount: tapCount, device: 0, frame: frame)
    }

    private func send(_ records: [TouchRecord]) {
        dispatcher.dispatch(records)
        frame += 1
    }
}

/// A test that could not drive the app as asked.
public struct DriverError: Error, CustomStringConvertible {
    public let description: String
}
