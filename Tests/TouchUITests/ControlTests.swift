import Testing
import TouchUI

/// Every control event, with drags across the bounds (docs/event-delivery.md §6).
@MainActor
struct ControlTests {
    let app = Application()
    let window: Window
    let button = Button(frame: Rect(x: 100, y: 100, width: 100, height: 50), title: "OK")
    var events: [String] = []

    init() {
        window = Window(frame: Rect(x: 0, y: 0, width: 600, height: 600), application: app)
        window.makeKeyAndVisible()
        window.addSubview(button)
    }

    mutating func record() {
        let names: [(Control.Events, String)] = [
            (.touchDown, "down"), (.touchDownRepeat, "downRepeat"), (.touchDragInside, "dragInside"),
            (.touchDragOutside, "dragOutside"), (.touchDragEnter, "enter"), (.touchDragExit, "exit"),
            (.touchUpInside, "upInside"), (.touchUpOutside, "upOutside"), (.touchCancel, "cancel"),
            (.primaryActionTriggered, "primary"),
        ]
        for (event, name) in names {
            button.addAction(for: event) { [self] _, _ in recorded.append(name) }
        }
    }

    final class Log { var entries: [String] = [] }
    let log = Log()
    var recorded: [String] {
        get { log.entries }
        nonmutating set { log.entries = newValue }
    }

    func drag(_ points: [Point], end: Touch.Phase = .ended, tapCount: Int = 1) {
        let touch = Touch(timestamp: 0, location: points[0], window: window, tapCount: tapCount)
        app.sendEvent(Event(touches: [touch], timestamp: 0))
        #expect(button.isHighlighted && button.isTracking && button.state == .highlighted)
        for (index, point) in points.dropFirst().enumerated() {
            touch.update(phase: .moved, location: point, timestamp: Double(index + 1) * 0.01)
            app.sendEvent(Event(touches: [touch], timestamp: Double(index + 1) * 0.01))
        }
        touch.update(phase: end, location: points.last!, timestamp: 1)
        app.sendEvent(Event(touches: [touch], timestamp: 1))
        #expect(!button.isHighlighted && !button.isTracking)
    }

    @Test mutating func aTapInside() {
        record()
        drag([Point(x: 150, y: 125)])
        #expect(recorded == ["down", "upInside", "primary"])
    }

    @Test mutating func dragOutAndBackIn() {
        record()
        // 70 points of slop: (230, 125) is still inside, (300, 125) is out.
        drag([Point(x: 150, y: 125), Point(x: 230, y: 125), Point(x: 300, y: 125), Point(x: 160, y: 125)])
        #expect(recorded == ["down", "dragInside", "exit", "dragOutside", "enter", "dragInside", "upInside", "primary"])
    }

    @Test mutating func upOutside() {
        record()
        drag([Point(x: 150, y: 125), Point(x: 400, y: 400)])
        #expect(recorded == ["down", "exit", "dragOutside", "upOutside"])
    }

    @Test mutating func aCancelledTouch() {
        record()
        drag([Point(x: 150, y: 125)], end: .cancelled)
        #expect(recorded == ["down", "cancel"])
    }

    @Test mutating func aRepeatedTap() {
        record()
        drag([Point(x: 150, y: 125)], tapCount: 2)
        #expect(recorded == ["down", "downRepeat", "upInside", "primary"])
    }

    @Test mutating func aDisabledControlTakesNoTouches() {
        record()
        button.isEnabled = false
        #expect(button.state == .disabled)
        let touch = Touch(timestamp: 0, location: Point(x: 150, y: 125), window: window)
        app.sendEvent(Event(touches: [touch], timestamp: 0))
        #expect(recorded.isEmpty)
        #expect(touch.view === window)
    }

    @Test func targetActionGoesThroughTheResponderChain() {
        let controller = ViewController()
        window.setRootViewController(controller)
        let inner = Button(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        controller.view.addSubview(inner)
        var saved = 0
        controller.addAction("save:") { sender in if sender as? Button === inner { saved += 1 } }
        inner.addTarget(nil, action: "save:", for: .touchUpInside)
        let touch = Touch(timestamp: 0, location: Point(x: 10, y: 10), window: window)
        app.sendEvent(Event(touches: [touch], timestamp: 0))
        touch.update(phase: .ended, location: Point(x: 10, y: 10), timestamp: 0.1)
        app.sendEvent(Event(touches: [touch], timestamp: 0.1))
        // A nil target starts at the first responder; with none, at the control
        // itself, so it reaches the controller that owns its view (UIKit's
        // nil-targeted actions, as a table cell's button uses them).
        #expect(saved == 1)
        inner.removeAllActions()
        inner.addTarget(controller, action: "save:", for: .touchUpInside)
        let second = Touch(timestamp: 1, location: Point(x: 10, y: 10), window: window)
        app.sendEvent(Event(touches: [second], timestamp: 1))
        second.update(phase: .ended, location: Point(x: 10, y: 10), timestamp: 1.1)
        app.sendEvent(Event(touches: [second], timestamp: 1.1))
        #expect(saved == 2)
    }

    @Test func removeTargetStopsWhatItNamesAndNothingElse() {
        let controller = ViewController()
        window.setRootViewController(controller)
        let button = Button(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        controller.view.addSubview(button)
        var calls: [String] = []
        controller.addAction("save:") { _ in calls.append("save") }
        controller.addAction("log:") { _ in calls.append("log") }
        button.addTarget(controller, action: "save:", for: [.touchUpInside, .touchDown])
        button.addTarget(controller, action: "log:", for: .touchUpInside)
        button.addAction(for: .touchUpInside) { _, _ in calls.append("closure") }
        func tap(at time: Double) {
            let touch = Touch(timestamp: time, location: Point(x: 10, y: 10), window: window)
            app.sendEvent(Event(touches: [touch], timestamp: time))
            touch.update(phase: .ended, location: Point(x: 10, y: 10), timestamp: time + 0.05)
            app.sendEvent(Event(touches: [touch], timestamp: time + 0.05))
        }
        tap(at: 0)
        #expect(calls == ["save", "save", "log", "closure"])
        // One event of one action: the other event stays.
        button.removeTarget(controller, action: "save:", for: .touchUpInside)
        calls.removeAll()
        tap(at: 1)
        #expect(calls == ["save", "log", "closure"])
        // A nil action: every action of that target; closures stay.
        button.removeTarget(controller, action: nil, for: .allEvents)
        calls.removeAll()
        tap(at: 2)
        #expect(calls == ["closure"])
        #expect(button.allControlEvents == .touchUpInside)
    }
}

@MainActor
struct ValueControlTests {
    let app = Application()
    let window: Window

    init() {
        window = Window(frame: Rect(x: 0, y: 0, width: 600, height: 600), application: app)
        window.makeKeyAndVisible()
    }

    func drag(_ points: [Point]) {
        let touch = Touch(timestamp: 0, location: points[0], window: window)
        app.sendEvent(Event(touches: [touch], timestamp: 0))
        for (index, point) in points.dropFirst().enumerated() {
            touch.update(phase: .moved, location: point, timestamp: Double(index + 1) * 0.01)
            app.sendEvent(Event(touches: [touch], timestamp: Double(index + 1) * 0.01))
        }
        touch.update(phase: .ended, location: points.last!, timestamp: 1)
        app.sendEvent(Event(touches: [touch], timestamp: 1))
    }

    @Test func aSwitchFlipsOnATapAndSaysSo() {
        let toggle = Switch(frame: Rect(x: 10, y: 10, width: 51, height: 31))
        window.addSubview(toggle)
        var changes: [Bool] = []
        toggle.addAction(for: .valueChanged) { control, _ in changes.append((control as! Switch).isOn) }
        drag([Point(x: 20, y: 20)])
        drag([Point(x: 20, y: 20)])
        drag([Point(x: 20, y: 20), Point(x: 400, y: 400)])  // dragged far away: no flip
        #expect(changes == [true, false])
        toggle.setOn(true)
        #expect(toggle.isOn && changes.count == 2)  // code changes send nothing
    }

    @Test func aSliderFollowsTheFinger() {
        let slider = Slider(frame: Rect(x: 100, y: 100, width: 200, height: 30))
        slider.minimumValue = 0
        slider.maximumValue = 100
        window.addSubview(slider)
        var values: [Double] = []
        slider.addAction(for: .valueChanged) { control, _ in values.append((control as! Slider).value) }
        drag([Point(x: 150, y: 110), Point(x: 200, y: 110), Point(x: 500, y: 110)])
        #expect(values == [25, 50, 100])  // clamped at the end of the track
        slider.isContinuous = false
        values.removeAll()
        drag([Point(x: 110, y: 110), Point(x: 120, y: 110), Point(x: 140, y: 110)])
        #expect(values == [20])  // once, when the finger lifts
        slider.setValue(-5)
        #expect(slider.value == 0)
    }

    /// A finger down on `point` at `start`, lifted `held` seconds later, on the virtual clock.
    func press(_ point: Point, at start: Double, held: Double) {
        let touch = Touch(timestamp: start, location: point, window: window)
        app.virtualTimeline.advance(to: start)
        app.sendEvent(Event(touches: [touch], timestamp: start))
        app.virtualTimeline.advance(to: start + held)
        touch.update(phase: .ended, location: point, timestamp: start + held)
        app.sendEvent(Event(touches: [touch], timestamp: start + held))
    }

    @Test func aStepperStepsOncePerTapWithinItsRangeAndRepeatsWhenHeld() {
        app.timeline = VirtualTimeline()
        let stepper = Stepper(frame: Rect(x: 100, y: 100, width: 100, height: 40))
        stepper.minimumValue = 0
        stepper.maximumValue = 10
        stepper.stepValue = 2
        window.addSubview(stepper)
        var values: [Double] = []
        stepper.addAction(for: .valueChanged) { control, _ in values.append((control as! Stepper).value) }
        let minus = Point(x: 125, y: 120), plus = Point(x: 175, y: 120)
        press(minus, at: 0, held: 0.05)
        #expect(values.isEmpty)  // at the minimum: nothing to step
        press(plus, at: 1, held: 0.05)
        press(plus, at: 2, held: 0.05)
        #expect(values == [2, 4])
        // Held: one step at once, the next after repeatDelay, then faster, up to the maximum.
        values.removeAll()
        press(plus, at: 3, held: Stepper.repeatDelay + 0.01)
        #expect(values == [6, 8])
        press(plus, at: 5, held: 3)
        #expect(values == [6, 8, 10])
        // Wrapping goes round instead of stopping.
        stepper.wraps = true
        press(plus, at: 9, held: 0.05)
        #expect(stepper.value == 0)
        stepper.value = 42
        #expect(stepper.value == 10)  // code is clamped too, and sends nothing
        #expect(values == [6, 8, 10, 0])
    }

    @Test func aHeldStepperPausesOffTheControlAndResumesBackOnIt() {
        app.timeline = VirtualTimeline()
        let stepper = Stepper(frame: Rect(x: 100, y: 100, width: 100, height: 40))
        stepper.touchSlop = 10
        window.addSubview(stepper)
        let plus = Point(x: 175, y: 120), away = Point(x: 175, y: 400)
        let touch = Touch(timestamp: 0, location: plus, window: window)
        app.sendEvent(Event(touches: [touch], timestamp: 0))
        #expect(stepper.value == 1)
        func move(to point: Point, at time: Double) {
            app.virtualTimeline.advance(to: time)
            touch.update(phase: .moved, location: point, timestamp: time)
            app.sendEvent(Event(touches: [touch], timestamp: time))
        }
        move(to: away, at: 0.1)
        app.virtualTimeline.advance(to: 2)
        #expect(stepper.value == 1)  // off the control: no steps
        move(to: plus, at: 2.05)
        app.virtualTimeline.advance(to: 3)
        #expect(stepper.value > 2)  // back on it: the repeat goes on
        touch.update(phase: .ended, location: plus, timestamp: 3)
        app.sendEvent(Event(touches: [touch], timestamp: 3))
    }
}
