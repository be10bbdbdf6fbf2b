import Glibc
import Testing
import TouchUI

/// CABasicAnimation on an app's own layers: the app's value stays, what is
/// drawn follows the animation on the display tick, and shows the app's
/// value again when it ends.
@MainActor
struct BasicAnimationTests {
    let stage = LayerStage()
    var app: Application { stage.app }
    var window: Window { stage.window }
    let ring = CAShapeLayer()

    init() {
        ring.position = CGPoint(x: 100, y: 80)
        ring.path = BezierPath(ovalIn: CGRect(x: -50, y: -50, width: 100, height: 100)).cgPath
        ring.fillColor = nil
        ring.strokeColor = .red
        ring.lineWidth = 6
        stage.holder.layer.addSublayer(ring)
    }

    func at(_ time: Double) { stage.at(time) }

    /// A progress ring filling over two seconds: the app set 1 first.
    @Test func aProgressRingFillsAndEndsAtTheAppsValue() throws {
        ring.strokeEnd = 1
        let fill = CABasicAnimation(keyPath: "strokeEnd")
        fill.fromValue = 0
        fill.toValue = 1
        fill.duration = 2
        var ended: [Bool] = []
        fill.completion = { ended.append($0) }
        ring.add(fill, forKey: "fill")
        #expect(ring.strokeEnd == 0, "drawn from the start at once")
        #expect(app.hasRunningAnimations, "a test driver waits it out")
        at(1)
        #expect(abs(ring.strokeEnd - 0.5) < 0.01, "halfway at one second, linear until told otherwise")
        #expect(ring.animationKeys() == ["fill"])
        // The kept screen matches a fresh one along the way.
        let kept = try window.drawnAfresh()
        at(1.5)
        #expect(try window.repaintDifference(in: kept) == nil)
        at(2.1)
        #expect(ring.strokeEnd == 1 && ended == [true])
        #expect(ring.animationKeys() == nil && !app.hasRunningAnimations)
    }

    /// Removed on completion (the default), the layer shows the app's value,
    /// not the animation's last one; kept forwards, it holds the last one.
    @Test func theAppsValueShowsAgainUnlessKeptForwards() {
        ring.opacity = 1
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.toValue = 0.2
        fade.duration = 0.5
        ring.add(fade, forKey: nil)
        at(0.25)
        #expect(abs(ring.opacity - 0.6) < 0.02)
        at(0.6)
        #expect(ring.opacity == 1)
        let kept = CABasicAnimation(keyPath: "opacity")
        kept.toValue = 0.2
        kept.duration = 0.5
        kept.fillMode = .forwards
        kept.isRemovedOnCompletion = false
        ring.add(kept, forKey: "fade")
        at(1.2)
        #expect(abs(ring.opacity - 0.2) < 1e-9)
        #expect(ring.animationKeys() == ["fade"])
        ring.removeAnimation(forKey: "fade")
        #expect(ring.opacity == 1)
    }

    /// A value the app sets while the animation runs is the one shown after.
    @Test func aValueSetMidwayIsShownAfter() {
        ring.lineWidth = 6
        let swell = CABasicAnimation(keyPath: "lineWidth")
        swell.fromValue = 6
        swell.toValue = 20
        swell.duration = 1
        ring.add(swell, forKey: "swell")
        at(0.5)
        ring.lineWidth = 3
        at(1.1)
        #expect(ring.lineWidth == 3)
    }

    /// A spinner turns forever and is not waited out; removing it ends it.
    @Test func aSpinnerTurnsUntilRemoved() {
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = Double.pi * 2
        spin.duration = 1
        spin.repeatCount = .infinity
        var ended: [Bool] = []
        spin.completion = { ended.append($0) }
        ring.add(spin, forKey: "spin")
        #expect(!app.hasRunningAnimations)
        at(10.25)
        let angle = atan2(ring.affineTransform().b, ring.affineTransform().a)
        // Drawn at the last display tick: within a sixtieth of a turn.
        #expect(abs(angle - .pi / 2) < 2 * .pi / 60 + 1e-9, "a quarter turn past ten whole ones")
        ring.removeAllAnimations()
        #expect(ring.transform.isIdentity && ended == [false])
        at(11)
        #expect(ring.transform.isIdentity, "no tick moves it after")
    }

    /// A spinner on a screen taken out of the window stops the display
    /// ticks (no frames while nothing shows); back in, it turns on where
    /// its time has taken it.
    @Test func aSpinnerOffScreenCostsNoTicks() throws {
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = Double.pi * 2
        spin.duration = 1
        spin.repeatCount = .infinity
        ring.add(spin, forKey: "spin")
        let holder = stage.holder
        at(0.5)
        #expect(app.virtualTimeline.pendingTimerCount > 0, "ticking while it shows")
        holder.removeFromSuperview()
        at(0.6)
        #expect(app.virtualTimeline.pendingTimerCount == 0, "no tick while out of the window")
        #expect(ring.animationKeys() == ["spin"], "kept, as Core Animation keeps it")
        at(3.25)
        window.addSubview(holder)
        #expect(app.virtualTimeline.pendingTimerCount > 0)
        at(3.3)
        let angle = atan2(ring.affineTransform().b, ring.affineTransform().a)
        #expect(abs(angle - .pi / 2) < 2 * .pi / 20, "a quarter turn past three whole ones: \(angle)")
    }

    @Test func autoreversingRepeatsAndEasing() {
        ring.position = CGPoint(x: 100, y: 80)
        let bob = CABasicAnimation(keyPath: "position.y")
        bob.byValue = 20
        bob.duration = 1
        bob.autoreverses = true
        bob.repeatCount = 2
        bob.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        ring.add(bob, forKey: "bob")
        at(0.5)
        #expect(abs(ring.position.y - 90) < 0.01, "ease in and out: half way at half time")
        at(1.0)
        #expect(abs(ring.position.y - 100) < 0.05)
        at(1.25)
        #expect(ring.position.y < 100 && ring.position.y > 90, "on the way back")
        // Twice there and back: four seconds.
        at(3.5)
        #expect(ring.position.y > 80)
        at(4.1)
        #expect(ring.position.y == 80 && ring.animationKeys() == nil)
    }

    @Test func aDelayedStartShowsTheAppsValueUntilThen() {
        ring.strokeEnd = 0.8
        let late = CABasicAnimation(keyPath: "strokeEnd")
        late.fromValue = 0
        late.toValue = 0.8
        late.duration = 1
        late.beginTime = 1
        ring.add(late, forKey: "late")
        at(0.5)
        #expect(ring.strokeEnd == 0.8)
        at(1.5)
        #expect(abs(ring.strokeEnd - 0.4) < 0.01)
    }

    /// Two added without a key both run; a second on the same stored property replaces the first.
    @Test func unnamedAnimationsBothRunAndOnePropertyHasOne() {
        func fade(to value: Double) -> CABasicAnimation {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.toValue = value
            fade.duration = 1
            return fade
        }
        let width = CABasicAnimation(keyPath: "lineWidth")
        width.toValue = 20
        width.duration = 1
        ring.add(fade(to: 0), forKey: nil)
        ring.add(width, forKey: nil)
        #expect(ring.animationKeys()?.count == 2)
        // A turn and a pulse both write the transform: the pulse replaces the turn.
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.toValue = Double.pi
        turn.duration = 1
        var turned: [Bool] = []
        turn.completion = { turned.append($0) }
        ring.add(turn, forKey: "turn")
        let pulse = CABasicAnimation(keyPath: "transform.scale")
        pulse.fromValue = 1
        pulse.toValue = 2
        pulse.duration = 1
        ring.add(pulse, forKey: "pulse")
        #expect(turned == [false])
        #expect(ring.animationKeys()?.contains("turn") == false)
        at(2)
        #expect(ring.transform.isIdentity, "the app's transform after, not a leftover of either")
        #expect(ring.opacity == 1 && ring.lineWidth == 6)
    }

    /// To and by without from start at to less by; Core Animation's default curve is its own.
    @Test func byAndToStartAtToLessBy() {
        ring.position = CGPoint(x: 100, y: 80)
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.toValue = 150
        slide.byValue = 40
        slide.duration = 1
        ring.add(slide, forKey: "slide")
        #expect(ring.position.x == 110)
        let eased = CABasicAnimation(keyPath: "strokeEnd")
        eased.fromValue = 0
        eased.toValue = 1
        eased.duration = 1
        eased.timingFunction = CAMediaTimingFunction(name: .default)
        let start = app.timeline.now
        ring.add(eased, forKey: "eased")
        at(start + 0.5)
        // (0.25, 0.1, 0.25, 1) at half time is about 0.80 of the way; ease-in-out would be 0.5.
        #expect(ring.strokeEnd > 0.75 && ring.strokeEnd < 0.85)
    }
}
