import Glibc
import Testing
import TouchUI

/// Core Animation on a view's own layer (`view.layer.add(_:forKey:)`), as
/// UIKit apps spin, shake and pulse views: what is drawn moves while the
/// view's own properties keep the app's values, and block animations of
/// the same view go on beside it.
@MainActor
struct ViewLayerAnimationTests {
    let stage = LayerStage()
    var app: Application { stage.app }
    var window: Window { stage.window }
    let card = View(frame: CGRect(x: 60, y: 50, width: 80, height: 60))

    init() {
        card.backgroundColor = .systemBlue
        card.layer.cornerRadius = 8
        stage.holder.addSubview(card)
    }

    func at(_ time: Double) { stage.at(time) }

    func angle(_ t: CGAffineTransform) -> Double { atan2(t.b, t.a) }

    /// A spinner's turn is drawn, pixel for pixel, as the view with that
    /// transform set would be; the view's own transform stays the app's.
    @Test func aSpinTurnsWhatIsDrawnNotTheModel() throws {
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = Double.pi * 2
        spin.duration = 1
        spin.repeatCount = .infinity
        card.layer.add(spin, forKey: "spin")
        let kept = try window.drawnAfresh()
        at(0.25)
        let drawn = try #require(card.layer.presentation())
        #expect(abs(angle(drawn.affineTransform()) - .pi / 2) < 2 * .pi / 50, "a quarter turn: \(angle(drawn.affineTransform()))")
        #expect(card.transform == .identity && card.layer.affineTransform() == .identity, "the model is the app's")
        #expect(card.layer.animationKeys() == ["spin"] && card.layer.animation(forKey: "spin") === spin)
        // Only the damage repainted gives the screen drawn afresh...
        #expect(try window.repaintDifference(in: kept) == nil)
        // ...and that is the screen of the same view turned by its transform.
        let turned = LayerStage()
        let twin = View(frame: card.frame)
        twin.backgroundColor = .systemBlue
        twin.layer.cornerRadius = 8
        twin.transform = drawn.affineTransform()
        turned.holder.addSubview(twin)
        #expect(try window.drawnAfresh().firstDifference(from: turned.window.drawnAfresh()) == nil)
        card.layer.removeAnimation(forKey: "spin")
        #expect(card.layer.presentation()?.affineTransform() == .identity && card.layer.animationKeys() == nil)
        at(0.5)
        #expect(app.virtualTimeline.pendingTimerCount == 0, "no ticks once it is gone")
    }

    /// A refused field's shake: an additive keyframe animation of
    /// `position.x`. Touches and layout go by the model, as on iOS.
    @Test func aShakeMovesTheViewWhereItIsDrawnOnly() throws {
        let shake = CAKeyframeAnimation(keyPath: "position.x")
        shake.values = [0, 10, -10, 10, 0]
        shake.keyTimes = [0, 0.25, 0.5, 0.75, 1]
        shake.duration = 0.4
        shake.isAdditive = true
        var ended: [Bool] = []
        shake.completion = { ended.append($0) }
        card.layer.add(shake, forKey: "shake")
        let kept = try window.drawnAfresh()
        at(0.1)
        #expect(abs((card.layer.presentation()?.position.x ?? 0) - 110) < 2.5, "\(card.layer.presentation()?.position.x ?? 0)")
        #expect(card.center == CGPoint(x: 100, y: 80) && card.frame.minX == 60)
        #expect(card.layer.presentation()?.frame.minX != 60)
        #expect(try window.repaintDifference(in: kept) == nil)
        // The app moves it mid-shake: the shake goes on about the new place.
        card.center.x = 150
        at(0.2)
        #expect(abs((card.layer.presentation()?.position.x ?? 0) - 140) < 5, "half way: 10 to the left of the new place")
        // Hit-testing goes by the model: its middle, not where it is drawn.
        #expect(window.hitTest(CGPoint(x: 20 + 150, y: 20 + 80), with: nil) === card)
        at(0.5)
        #expect(ended == [true] && card.layer.animationKeys() == nil)
        #expect(card.layer.presentation()?.position == CGPoint(x: 150, y: 80))
        #expect(try window.repaintDifference(in: kept) == nil)
    }

    /// A property with no presentation of its own (the corner radius) reads
    /// as drawn while it animates, and is the app's again after.
    @Test func aCornerRadiusPulseGivesTheAppsValueBack() throws {
        let round = CABasicAnimation(keyPath: "cornerRadius")
        round.toValue = 30
        round.duration = 1
        round.autoreverses = true
        card.layer.add(round, forKey: nil)
        at(0.5)
        #expect(abs(card.layer.cornerRadius - 19) < 1, "half way from 8 to 30: \(card.layer.cornerRadius)")
        at(2.1)
        #expect(card.layer.cornerRadius == 8)
    }

    /// A block animation of the alpha and a layer animation of the position
    /// of the same view: each ends when its own time is up, the other going on.
    @Test func blockAndLayerAnimationsShareTheView() throws {
        var blockEnded: [Bool] = []
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { card.alpha = 0 }, completion: { blockEnded.append($0) })
        let slide = CABasicAnimation(keyPath: "position.y")
        slide.byValue = 40
        slide.duration = 0.5
        card.layer.add(slide, forKey: "slide")
        let kept = try window.drawnAfresh()
        at(0.25)
        let early = try #require(card.layer.presentation())
        #expect(abs(Double(early.opacity) - 0.75) < 0.03 && abs(early.position.y - 100) < 1.5, "\(early)")
        at(0.75)
        let late = try #require(card.layer.presentation())
        #expect(late.position.y == 80, "the slide is over")
        #expect(abs(Double(late.opacity) - 0.25) < 0.03, "the fade goes on: \(late.opacity)")
        #expect(try window.repaintDifference(in: kept) == nil)
        at(1.1)
        #expect(blockEnded == [true] && card.alpha == 0 && card.layer.presentation()?.opacity == 0)

        // Now the other way round: the block ends first, the spin goes on.
        card.alpha = 1
        let spin = CABasicAnimation(keyPath: "transform.rotation")
        spin.byValue = Double.pi
        spin.duration = 1
        card.layer.add(spin, forKey: "spin")
        View.animate(withDuration: 0.25, delay: 0, options: [.curveLinear], animations: { card.backgroundColor = .systemRed })
        at(1.6)
        #expect(card.layer.presentation()?.backgroundColor == .systemRed)
        #expect(abs(angle(try #require(card.layer.presentation()).affineTransform()) - .pi / 2) < .pi / 25)
        #expect(try window.repaintDifference(in: kept) == nil)
    }

    /// `layer.removeAllAnimations()` stops both kinds, as on iOS, where block animations are layer animations.
    @Test func removeAllAnimationsStopsBothKinds() throws {
        var blockEnded: [Bool] = []
        var layerEnded: [Bool] = []
        View.animate(withDuration: 1, animations: { card.center.x = 160 }, completion: { blockEnded.append($0) })
        let pulse = CABasicAnimation(keyPath: "opacity")
        pulse.toValue = 0.2
        pulse.duration = 1
        pulse.completion = { layerEnded.append($0) }
        card.layer.add(pulse, forKey: "pulse")
        at(0.3)
        card.layer.removeAllAnimations()
        #expect(blockEnded == [false] && layerEnded == [false])
        let drawn = try #require(card.layer.presentation())
        #expect(drawn.position == CGPoint(x: 160, y: 80) && drawn.opacity == 1)
        #expect(!card.isAnimating)
    }

    /// An endless spin of a view out of any window keeps no display ticks;
    /// back in one, it goes on where its time has taken it.
    @Test func aSpinningViewOffScreenCostsNoTicks() {
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = Double.pi * 2
        spin.duration = 1
        spin.repeatCount = .infinity
        card.layer.add(spin, forKey: "spin")
        at(0.5)
        #expect(app.virtualTimeline.pendingTimerCount > 0)
        card.removeFromSuperview()
        at(0.6)
        #expect(app.virtualTimeline.pendingTimerCount == 0, "no tick while out of the window")
        at(3.25)
        stage.holder.addSubview(card)
        at(3.3)
        let turned = angle(card.layer.presentation()?.affineTransform() ?? .identity)
        #expect(abs(turned - .pi / 2) < 2 * .pi / 20, "a quarter turn past three whole ones: \(turned)")
    }

    /// Shadows and borders animate through the view's layer too.
    @Test func shadowAndBorderKeyPaths() {
        card.layer.shadowOpacity = 0.3
        let glow = CABasicAnimation(keyPath: "shadowRadius")
        glow.fromValue = 2
        glow.toValue = 12
        glow.duration = 1
        card.layer.add(glow, forKey: "glow")
        let edge = CABasicAnimation(keyPath: "borderWidth")
        edge.toValue = 4
        edge.duration = 1
        card.layer.add(edge, forKey: "edge")
        at(0.5)
        #expect(abs(card.layer.shadowRadius - 7) < 0.3 && abs(card.layer.borderWidth - 2) < 0.1)
        #expect(card.layer.animationKeys()?.sorted() == ["edge", "glow"])
        at(1.1)
        #expect(card.layer.shadowRadius == 3 && card.layer.borderWidth == 0)
    }

    /// With no `fromValue`, a layer animation starts from what is drawn (here mid-way through a block's fade).
    @Test func itStartsFromWhatIsDrawn() {
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { card.alpha = 0 })
        at(0.5)
        let back = CABasicAnimation(keyPath: "opacity")
        back.toValue = 1.0
        back.duration = 1
        card.layer.add(back, forKey: "back")
        let opacity = Double(card.layer.presentation()?.opacity ?? -1)
        #expect(abs(opacity - 0.5) < 0.03, "from the fade's half way, not the app's 0: \(opacity)")
    }

    /// A view let go mid-animation: its completion hears false, so a keyframe block's completion runs.
    @Test func aViewLetGoEndsItsAnimations() {
        var ended: [Bool] = []
        do {
            let toast = View(frame: CGRect(x: 10, y: 10, width: 50, height: 20))
            stage.holder.addSubview(toast)
            View.animateKeyframes(withDuration: 1, animations: {
                View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { toast.alpha = 0 }
            }, completion: { ended.append($0) })
            at(0.2)
            toast.removeFromSuperview()
        }
        at(0.4)
        #expect(ended == [false])
    }

    /// Hidden mid-shake, it leaves nothing behind where it was drawn.
    @Test func hiddenMidAnimationLeavesNoTrace() throws {
        let shake = CABasicAnimation(keyPath: "position.x")
        shake.byValue = 60
        shake.duration = 1
        card.layer.add(shake, forKey: "shake")
        let kept = try window.drawnAfresh()
        at(0.5)
        #expect(try window.repaintDifference(in: kept) == nil)
        card.isHidden = true
        #expect(try window.repaintDifference(in: kept) == nil)
    }
}
