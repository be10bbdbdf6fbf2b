import FoundationEssentials
import Testing

// Testable: what is drawn mid-animation (a view's presentation) has no public reader yet.
@testable import TouchUI

@MainActor
@Suite struct KeyboardAnimationTests {
    /// An 800x480 window on a virtual clock, with a field across it (20
    /// points in from each side) standing 10 points above the keyboard guide.
    func windowWithAFieldOnTheKeyboardGuide() -> (Application, Window, TextField) {
        let app = Application()
        app.timeline = VirtualTimeline()
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
        window.makeKeyAndVisible()
        let field = TextField(frame: .zero)
        field.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(field)
        LayoutConstraint.activate([
            field.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
            field.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -20),
            field.bottomAnchor.constraint(equalTo: window.keyboardLayoutGuide.topAnchor, constant: -10),
            field.heightAnchor.constraint(equalToConstant: 40),
        ])
        window.layoutIfNeeded()
        return (app, window, field)
    }

    @Test func theKeyboardGuideFollowsTheKeyboard() throws {
        let (_, window, field) = windowWithAFieldOnTheKeyboardGuide()
        #expect(field.frame == Rect(x: 20, y: 430, width: 760, height: 40))
        field.becomeFirstResponder()
        let keyboard = try #require(window.inputViewShown)
        window.layoutIfNeeded()
        #expect(field.frame.maxY == keyboard.frame.minY - 10)
        field.resignFirstResponder()
        window.layoutIfNeeded()
        #expect(field.frame.maxY == 470)
    }

    /// The keyboard slides in and out, and what sits on its guide moves in
    /// step with it, in the same animation (as UIKit runs the layout pass
    /// inside the keyboard's animation).
    @Test func theKeyboardSlidesAndTheGuideMovesWithIt() throws {
        let (app, window, field) = windowWithAFieldOnTheKeyboardGuide()
        let other = TextField(frame: Rect(x: 20, y: 20, width: 200, height: 40))
        window.addSubview(other)
        func advance(_ seconds: Double) { app.virtualTimeline.advance(to: app.virtualTimeline.now + seconds) }
        func drawnMinY(_ view: View) -> Double {
            (view.presentation?.center?.y ?? view.center.y) - view.bounds.height / 2
        }

        field.becomeFirstResponder()
        let keyboard = try #require(window.inputViewShown)
        // The model is where it ends, at once.
        #expect(keyboard.frame.maxY == 480)
        #expect(field.frame.maxY == keyboard.frame.minY - 10)
        #expect(keyboard.isAnimating && field.isAnimating)
        advance(Window.keyboardAnimationDuration / 2)
        // Half way: the keyboard is drawn between the bottom edge and its place, and the field ten points above it.
        let keyboardTop = drawnMinY(keyboard)
        #expect(keyboardTop > keyboard.frame.minY + 1 && keyboardTop < 479)
        #expect(abs(drawnMinY(field) + 40 - (keyboardTop - 10)) < 0.5)
        advance(Window.keyboardAnimationDuration)
        #expect(!keyboard.isAnimating && !field.isAnimating)

        // Editing moves to another field: the same keyboard stays up.
        other.becomeFirstResponder()
        #expect(window.inputViewShown === keyboard)
        advance(Window.keyboardAnimationDuration * 2)
        #expect(keyboard.superview === window && drawnMinY(keyboard) == keyboard.frame.minY)

        // Editing ends: the keyboard slides out and then leaves the window; the field comes down with it.
        other.resignFirstResponder()
        #expect(window.inputViewShown == nil)
        #expect(field.frame.maxY == 470)
        advance(Window.keyboardAnimationDuration / 2)
        #expect(keyboard.superview === window)
        #expect(drawnMinY(keyboard) > 480 - keyboard.frame.height + 1)
        #expect(abs(drawnMinY(field) + 40 - (drawnMinY(keyboard) - 10)) < 0.5)
        advance(Window.keyboardAnimationDuration)
        #expect(keyboard.superview == nil)
        #expect(drawnMinY(field) == 430)
    }

    /// Focus moving from one field to another keeps the keyboard where it
    /// is drawn: no slide down and back up, for it or for what sits on its guide.
    @Test func movingTheFocusLeavesTheKeyboardStill() throws {
        let app = Application()
        app.timeline = VirtualTimeline()
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
        window.makeKeyAndVisible()
        let first = TextField(frame: Rect(x: 20, y: 20, width: 200, height: 40))
        let second = TextField(frame: Rect(x: 20, y: 80, width: 200, height: 40))
        let bar = View()
        bar.translatesAutoresizingMaskIntoConstraints = false
        for view in [first, second, bar] { window.addSubview(view) }
        LayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: window.leadingAnchor),
            bar.trailingAnchor.constraint(equalTo: window.trailingAnchor),
            bar.bottomAnchor.constraint(equalTo: window.keyboardLayoutGuide.topAnchor),
            bar.heightAnchor.constraint(equalToConstant: 30),
        ])
        first.becomeFirstResponder()
        app.virtualTimeline.advance(to: app.virtualTimeline.now + 1)
        let keyboard = try #require(window.inputViewShown)
        let barPlace = bar.frame
        second.becomeFirstResponder()
        #expect(window.inputViewShown === keyboard)
        app.virtualTimeline.advance(to: app.virtualTimeline.now + Window.keyboardAnimationDuration / 2)
        #expect(keyboard.presentation?.center == nil || keyboard.presentation?.center == keyboard.center, "drawn where it stands")
        #expect(bar.frame == barPlace && (bar.presentation?.center ?? bar.center) == bar.center)

        // A custom input view shared by two fields stays up the same way.
        let pad = View(frame: Rect(x: 0, y: 0, width: 0, height: 150))
        first.inputView = pad
        second.inputView = pad
        first.becomeFirstResponder()
        app.virtualTimeline.advance(to: app.virtualTimeline.now + 1)
        #expect(window.inputViewShown === pad && pad.frame.minY == 330)
        second.becomeFirstResponder()
        app.virtualTimeline.advance(to: app.virtualTimeline.now + Window.keyboardAnimationDuration / 2)
        #expect(window.inputViewShown === pad && pad.superview === window)
        #expect((pad.presentation?.center ?? pad.center) == pad.center)
    }

    /// A screen taken away while one of its fields edits: the keyboard's
    /// slide lays the window out as the field resigns, and the screen's
    /// constraints must still leave the window's engine with it.
    @Test func aScreenRemovedWhileEditingTakesItsConstraintsAlong() throws {
        let app = Application()
        app.timeline = VirtualTimeline()
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
        window.makeKeyAndVisible()
        var inner: [LayoutConstraint] = []
        do {
            let screen = View(frame: window.bounds)
            let field = TextField()
            field.translatesAutoresizingMaskIntoConstraints = false
            screen.addSubview(field)
            window.addSubview(screen)
            inner = [
                field.leadingAnchor.constraint(equalTo: screen.leadingAnchor, constant: 20),
                field.topAnchor.constraint(equalTo: screen.topAnchor, constant: 20),
                field.widthAnchor.constraint(equalToConstant: 200),
            ]
            LayoutConstraint.activate(inner)
            window.layoutIfNeeded()
            field.becomeFirstResponder()
            let engine = try #require(inner[0].engine)
            screen.removeFromSuperview()
            #expect(inner.allSatisfy { $0.engine !== engine }, "none left in the window's engine")
        }
        // The screen is gone; the window lays out and draws without it.
        app.virtualTimeline.advance(to: app.virtualTimeline.now + 1)
        window.layoutIfNeeded()
        #expect(window.inputViewShown == nil)
    }
}

/// The keyboard's messages, as iOS 26's UIKit posts them through
/// NotificationCenter: will-show and will-change-frame before the slide,
/// did-show and did-change-frame after it, each with the frames in the
/// screen's coordinates and the slide's duration and curve.
@MainActor
@Suite struct KeyboardMessageTests {
    @Test func showingAndHidingPostTheKeyboardsMessages() throws {
        let (app, window, field) = KeyboardAnimationTests().windowWithAFieldOnTheKeyboardGuide()
        var heard: [String] = []
        var shown: [Responder.KeyboardWillShowMessage] = []
        var hidden: [Responder.KeyboardDidHideMessage] = []
        let center = NotificationCenter.default
        let tokens = [
            center.addObserver(of: Screen.self, for: .keyboardWillShow) { message in
                heard.append("willShow")
                shown.append(message)
            },
            center.addObserver(of: Screen.self, for: .keyboardDidShow) { _ in heard.append("didShow") },
            center.addObserver(of: Screen.self, for: .keyboardWillHide) { _ in heard.append("willHide") },
            center.addObserver(of: Screen.self, for: .keyboardDidHide) { message in
                heard.append("didHide")
                hidden.append(message)
            },
            center.addObserver(of: Screen.self, for: .keyboardWillChangeFrame) { _ in heard.append("willChange") },
            center.addObserver(of: Screen.self, for: .keyboardDidChangeFrame) { _ in heard.append("didChange") },
        ]
        defer { for token in tokens { center.removeObserver(token) } }
        func advance(_ seconds: Double) { app.virtualTimeline.advance(to: app.virtualTimeline.now + seconds) }

        field.becomeFirstResponder()
        let keyboard = try #require(window.inputViewShown)
        #expect(heard == ["willShow", "willChange"], "before the slide")
        let message = try #require(shown.first)
        #expect(message.endFrame == keyboard.frame)
        #expect(message.beginFrame == Rect(x: 0, y: 480, width: 800, height: keyboard.frame.height), "from below the bottom edge")
        #expect(message.animationDuration == 0.25 && message.animationCurve == .easeOut && message.isLocal)
        #expect(message.screen === window.screen)
        // An observer that animates with the message's values moves in step with the keyboard.
        #expect(message.animationCurve.animationOptions == .curveEaseOut)
        advance(0.3)
        #expect(heard == ["willShow", "willChange", "didShow", "didChange"])

        heard = []
        let shownFrame = keyboard.frame
        field.resignFirstResponder()
        #expect(heard == ["willHide", "willChange"])
        advance(0.3)
        #expect(heard == ["willHide", "willChange", "didHide", "didChange"])
        #expect(hidden.first?.beginFrame == shownFrame)
        #expect(hidden.first?.endFrame == shownFrame.offsetBy(dx: 0, dy: shownFrame.height), "below the bottom edge")
    }

    /// A message posted for one screen's keyboard reaches an observer of that screen only.
    @Test func anObserverOfAnotherScreenHearsNothing() throws {
        let (app, _, field) = KeyboardAnimationTests().windowWithAFieldOnTheKeyboardGuide()
        let elsewhere = Screen(bounds: Rect(x: 0, y: 0, width: 1024, height: 600), name: "HDMI-A-2")
        var heard = 0
        let token = NotificationCenter.default.addObserver(of: elsewhere, for: .keyboardWillShow) { _ in heard += 1 }
        defer { NotificationCenter.default.removeObserver(token) }
        field.becomeFirstResponder()
        app.virtualTimeline.advance(to: app.virtualTimeline.now + 0.3)
        #expect(heard == 0)
    }
}
