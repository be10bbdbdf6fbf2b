import Graphics
import Scenes
import Testing
import TouchUI

/// Spec §8's experiments through the Swift API: the scene is built, touches
/// are made and sent as events by hand, and the trace must be the spec's log.
@MainActor
struct ExperimentTests {
    /// Drives a scene's window with touches, a frame (one Event) at a time.
    @MainActor
    struct Driver {
        let scene: Scene
        var time = 0.0

        init(_ name: String) { scene = Scene.make(name, application: Application())! }

        func send(_ touches: [Touch]) {
            scene.window.application!.sendEvent(Event(touches: touches, timestamp: time))
        }

        mutating func tap(_ x: Double, _ y: Double) {
            let touch = Touch(timestamp: time, location: Point(x: x, y: y), window: scene.window)
            send([touch])
            time += 0.08
            touch.update(phase: .ended, location: Point(x: x, y: y), timestamp: time)
            send([touch])
            time += 0.5
        }

        /// The trace, keeping only the kinds of call the spec's row shows.
        func log(_ kinds: [String]) -> [String] {
            scene.tracer.lines.filter { line in kinds.contains { kind in callKind(line, is: kind) } }
        }
    }

    /// The photon benchmark's fixture: a marker layer under each finger, in the window's overlay, gone when it lifts.
    @Test func theMarkersSceneMarksEachFinger() throws {
        let driver = Driver("markers")
        let first = Touch(timestamp: 0, location: Point(x: 100, y: 100), window: driver.scene.window)
        let second = Touch(timestamp: 0, location: Point(x: 200, y: 300), window: driver.scene.window)
        driver.send([first, second])
        #expect(driver.scene.window.overlay.showsAnything)
        #expect(driver.scene.window.overlay.takeDamage().bounds.contains(PixelRect(x: 100, y: 100, width: 100, height: 200)))
        first.update(phase: .moved, location: Point(x: 130, y: 100), timestamp: 0.01)
        second.update(phase: .ended, location: Point(x: 200, y: 300), timestamp: 0.01)
        driver.send([first, second])
        let moved = driver.scene.window.overlay.takeDamage()
        #expect(moved.bounds.contains(PixelRect(x: 100, y: 100, width: 30, height: 1)) && moved.bounds.maxY > 300)
        first.update(phase: .ended, location: Point(x: 130, y: 100), timestamp: 0.02)
        driver.send([first])
        #expect(!driver.scene.window.overlay.showsAnything)
    }

    @Test func e1HitTestingAsksTheTopmostFirst() {
        var driver = Driver("E1")
        driver.tap(140, 260)
        #expect(
            driver.log(["hitTest", "pointInside"]) == [
                "LMYellowView.hitTest", "LMYellowView.pointInside", "LMGrayView.hitTest", "LMGrayView.pointInside",
                "LMBlueView.hitTest", "LMBlueView.pointInside", "LMRedView.hitTest", "LMRedView.pointInside",
            ])
    }

    @Test func e2TouchesBubbleUpTheChain() {
        var driver = Driver("E2")
        driver.tap(140, 260)
        #expect(
            driver.log(["touches"]) == [
                "LMRedView.touchesBegan", "LMGrayView.touchesBegan", "ViewController.touchesBegan",
                "LMRedView.touchesEnded", "LMGrayView.touchesEnded", "ViewController.touchesEnded",
            ])
    }

    @Test func e10APointInsideOverrideReachesASubviewOutside() {
        var driver = Driver("E10")
        driver.tap(225, 325)
        #expect(driver.log(["touches"]) == ["LMRedView.touchesBegan", "LMRedView.touchesEnded"])
    }

    @Test func e13FingersInOneFrameComeInOneCall() {
        let driver = Driver("E13")
        let a = Touch(timestamp: 0, location: Point(x: 100, y: 200), window: driver.scene.window)
        let b = Touch(timestamp: 0, location: Point(x: 250, y: 400), window: driver.scene.window)
        driver.send([a, b])
        a.update(phase: .ended, location: Point(x: 100, y: 200), timestamp: 0.1)
        b.update(phase: .ended, location: Point(x: 250, y: 400), timestamp: 0.1)
        driver.send([a, b])
        let c = Touch(timestamp: 0.6, location: Point(x: 120, y: 220), window: driver.scene.window)
        driver.send([c])
        let d = Touch(timestamp: 0.65, location: Point(x: 260, y: 420), window: driver.scene.window)
        c.markStationary()
        driver.send([c, d])
        #expect(
            driver.log(["touchesBegan"]) == [
                "LMGrayView.touchesBegan touches=2", "LMGrayView.touchesBegan touches=1",
                "LMGrayView.touchesBegan touches=1",
            ])
    }

    @Test func e14ADraggedViewFollowsTheFinger() {
        let driver = Driver("E14")
        let touch = Touch(timestamp: 0, location: Point(x: 150, y: 150), window: driver.scene.window)
        driver.send([touch])
        for step in 1...5 {
            touch.update(
                phase: .moved, location: Point(x: 150 + 10 * Double(step), y: 150 + 6 * Double(step)),
                timestamp: 0.01 * Double(step))
            driver.send([touch])
        }
        touch.update(phase: .ended, location: Point(x: 200, y: 180), timestamp: 0.08)
        driver.send([touch])
        #expect(driver.log(["touchesEnded"]) == ["LMRedView.touchesEnded frame=(150.0, 130.0, 100.0, 100.0)"])
    }

    @Test(arguments: ["E15a", "E15b", "E15c"])
    func e15HiddenDisabledOrTransparentViewsAreSkipped(_ name: String) {
        var driver = Driver(name)
        driver.tap(200, 300)
        #expect(driver.log(["touches"]) == ["LMGrayView.touchesBegan", "LMGrayView.touchesEnded"])
    }

    @Test func e3AButtonDoesNotPassTouchesOn() {
        var driver = Driver("E3")
        driver.tap(140, 260)
        #expect(
            driver.log(["touches"]) == [
                "LMRedView.touchesBegan", "LMButton.touchesBegan", "LMRedView.touchesEnded", "LMButton.touchesEnded",
            ])
    }

    @Test func e5TheDeepestRecognizerWinsAndTheViewsAreCancelled() {
        var driver = Driver("E5")
        driver.tap(140, 260)
        #expect(
            driver.log(["touches", "Click"]) == [
                "LMGrayGestureRecognizer.touchesBegan", "LMRedGestureRecognizer.touchesBegan", "LMRedView.touchesBegan",
                "LMGrayView.touchesBegan", "ViewController.touchesBegan", "LMGrayGestureRecognizer.touchesEnded",
                "LMRedGestureRecognizer.touchesEnded", "ViewController.redViewClick", "LMRedView.touchesCancelled",
                "LMGrayView.touchesCancelled", "ViewController.touchesCancelled",
            ])
    }

    @Test func e6AnAncestorsTapDoesNotTakeAControlsTap() {
        var driver = Driver("E6")
        driver.tap(140, 260)
        #expect(
            driver.log(["touches", "Click"]) == [
                "LMGrayGestureRecognizer.touchesBegan", "LMButton.touchesBegan", "LMGrayGestureRecognizer.touchesEnded",
                "LMButton.touchesEnded", "ViewController.buttonClick",
            ])
    }

    @Test func e7ButItTakesATapOnAPlainSubviewOfTheControl() {
        var driver = Driver("E7")
        driver.tap(120, 220)
        #expect(
            driver.log(["touches", "Click"]) == [
                "LMGrayGestureRecognizer.touchesBegan", "LMBlueView.touchesBegan", "LMButton.touchesBegan",
                "LMGrayGestureRecognizer.touchesEnded", "ViewController.grayViewClick", "LMBlueView.touchesCancelled",
                "LMButton.touchesCancelled",
            ])
    }

    @Test func e9AnEnlargedHitArea() {
        var driver = Driver("E9")
        driver.tap(165, 325)
        #expect(driver.log(["Click"]) == ["ViewController.buttonClick"])
        driver.tap(150, 325)
        #expect(driver.log(["Click"]) == ["ViewController.buttonClick"])
    }

    @Test func e11AViewThatLetsTouchesFallThroughItself() {
        var driver = Driver("E11")
        driver.tap(150, 250)
        #expect(driver.log(["touches", "Click"]) == ["ViewController.buttonClick"])
        driver.tap(150, 375)
        #expect(
            driver.log(["touches", "Click"]) == [
                "ViewController.buttonClick", "LMRedView.touchesBegan", "LMRedView.touchesEnded",
            ])
    }

    @Test(arguments: [true, false])
    func e4AScrollViewDoesNotPassTouchesOn(_ delays: Bool) {
        var driver = Driver("E4")
        let scroll = driver.scene.window.rootViewController!.view.subviews[0] as! ScrollView
        scroll.delaysContentTouches = delays
        driver.scene.window.hostApplication.timeline = VirtualTimeline()
        driver.tap(140, 260)
        #expect(
            driver.log(["touches"]) == [
                "LMRedView.touchesBegan", "LMScrollView.touchesBegan", "LMRedView.touchesEnded", "LMScrollView.touchesEnded",
            ])
    }

    @Test func e8AnAncestorsTapTakesATableRow() {
        var driver = Driver("E8")
        driver.tap(140, 230)
        #expect(
            driver.log(["touches", "Click", "didSelectRow"]) == [
                "LMGrayGestureRecognizer.touchesBegan", "LMGrayGestureRecognizer.touchesEnded", "ViewController.grayViewClick",
            ])
    }

    @Test func e8bWithoutTheRecognizerTheRowIsSelected() {
        var driver = Driver("E8b")
        driver.tap(140, 230)
        #expect(
            driver.log(["touches", "Click", "didSelectRow"]) == [
                "LMTableView.touchesBegan", "LMTableView.touchesEnded", "ViewController.didSelectRow row=0",
            ])
    }

    @Test func e8cWithCancelsTouchesInViewOffBothHappen() {
        var driver = Driver("E8c")
        driver.tap(140, 230)
        let log = driver.log(["Click", "didSelectRow"])
        #expect(log.contains("ViewController.grayViewClick") && log.contains("ViewController.didSelectRow row=0"))
    }

    @Test func e12APagingScrollViewGrabbedOutsideItsFrame() {
        let driver = Driver("E12")
        let app = driver.scene.window.hostApplication
        app.timeline = VirtualTimeline()
        let touch = Touch(timestamp: 0, location: Point(x: 355, y: 275), window: driver.scene.window)
        app.sendEvent(Event(touches: [touch], timestamp: 0))
        for step in 1...10 {
            let time = 0.02 * Double(step)
            app.virtualTimeline.advance(to: time)
            touch.update(phase: .moved, location: Point(x: 355 - 20 * Double(step), y: 275), timestamp: time)
            app.sendEvent(Event(touches: [touch], timestamp: time))
        }
        touch.update(phase: .ended, location: Point(x: 155, y: 275), timestamp: 0.2)
        app.sendEvent(Event(touches: [touch], timestamp: 0.2))
        app.virtualTimeline.runPendingTimers(limit: 5)
        #expect(driver.log(["scrollViewDidEndDecelerating"]) == ["ViewController.scrollViewDidEndDecelerating page=1"])
    }

    @Test func hitTestingHappensOncePerTouch() {
        var driver = Driver("E1")
        driver.tap(140, 260)
        #expect(driver.log(["hitTest"]).filter { $0 == "LMRedView.hitTest" }.count == 1)
    }
}

/// Whether a trace line's method ("LMRedView.touchesBegan", "ViewController.redViewClick")
/// is of `kind`: it starts with it ("touches", "hitTest") or ends with it ("Click").
func callKind(_ line: String, is kind: String) -> Bool {
    guard let dot = line.firstIndex(of: ".") else { return false }
    let method = line[line.index(after: dot)...].prefix { $0 != " " }
    return method.hasPrefix(kind) || method.hasSuffix(kind)
}
