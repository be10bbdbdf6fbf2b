import Testing
import TouchUI

/// UITextField's behaviour: focus by tap, the caret, editing events, the
/// delegate, hardware keys, and the on-screen keyboard through touches.
@MainActor
struct TextFieldTests {
    let app = Application()
    let window: Window
    let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))

    init() {
        app.timeline = VirtualTimeline()
        window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
        window.makeKeyAndVisible()
        window.addSubview(field)
    }

    final class Log: TextFieldDelegate {
        var entries: [String] = []
        var refuseDigits = false
        var keepsEditingOnReturn = false
        func textFieldDidBeginEditing(_ textField: TextField) { entries.append("didBegin") }
        func textFieldDidEndEditing(_ textField: TextField) { entries.append("didEnd") }
        func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool {
            entries.append("change \(range.lowerBound)..<\(range.upperBound) '\(string)'")
            return !(refuseDigits && string.contains { $0.isNumber })
        }
        func textFieldShouldReturn(_ textField: TextField) -> Bool {
            entries.append("shouldReturn")
            return !keepsEditingOnReturn
        }
    }

    func tap(_ point: Point) {
        let touch = Touch(timestamp: 0, location: point, window: window, tapCount: 1)
        app.sendEvent(Event(touches: [touch], timestamp: 0))
        touch.update(phase: .ended, location: point, timestamp: 0.05)
        app.sendEvent(Event(touches: [touch], timestamp: 0.05))
    }

    func press(_ usage: KeyboardHIDUsage, _ characters: String = "", modifiers: KeyModifierFlags = [], release: Bool = true) -> Press {
        let press = Press(key: Key(keyCode: usage, characters: characters, charactersIgnoringModifiers: characters.lowercased(), modifierFlags: modifiers), phase: .began, timestamp: app.timeline.now)
        app.sendEvent(Event(presses: [press], timestamp: app.timeline.now))
        if release {
            press.update(phase: .ended, timestamp: app.timeline.now)
            app.sendEvent(Event(presses: [press], timestamp: app.timeline.now))
        }
        return press
    }

    func events() -> Log {
        let log = Log()
        for (event, name) in [(Control.Events.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"), (.editingDidEnd, "editingDidEnd"),
                              (.editingDidEndOnExit, "editingDidEndOnExit"), (.primaryActionTriggered, "primaryActionTriggered")] {
            field.addAction(for: event) { _, _ in log.entries.append(name) }
        }
        return log
    }

    @Test func aTapFocusesAndBringsUpTheKeyboard() throws {
        let log = events()
        field.delegate = log
        tap(Point(x: 100, y: 40))
        #expect(field.isFirstResponder && field.isEditing)
        #expect(log.entries == ["editingDidBegin", "didBegin"])
        let keyboard = try #require(window.inputViewShown as? KeyboardView)
        #expect(keyboard.frame.maxY == 480 && keyboard.frame.width == 800)
        #expect(keyboard.superview === window)
    }

    /// A field tapped brings up the on-screen keyboard; a hardware key typed
    /// puts it away, the field still editing, as on an iPad; the next tap brings it back.
    @Test func aHardwareKeyPutsTheOnScreenKeyboardAway() throws {
        tap(Point(x: 100, y: 40))
        _ = try #require(window.inputViewShown as? KeyboardView)
        _ = press(.keyboardH, "h")
        #expect(window.inputViewShown == nil && field.isFirstResponder && field.text == "h")
        tap(Point(x: 100, y: 40))
        #expect(window.inputViewShown is KeyboardView)
    }

    @Test func hardwareKeysTypeEditAndReturn() {
        let log = events()
        field.delegate = log
        field.becomeFirstResponder()
        _ = press(.keyboardH, "H", modifiers: .shift)
        _ = press(.keyboardI, "i")
        _ = press(.keyboardLeftArrow)
        _ = press(.keyboardA, "a", modifiers: .control)  // a shortcut: not typed
        _ = press(.keyboardDeleteOrBackspace)
        #expect(field.text == "i" && field.caretPosition == 0)
        _ = press(.keyboardEnd)
        _ = press(.keyboard1, "!", modifiers: .shift)
        #expect(field.text == "i!")
        _ = press(.keyboardReturnOrEnter, "\r")
        #expect(!field.isFirstResponder && window.inputViewShown == nil)
        #expect(log.entries == [
            "editingDidBegin", "didBegin", "change 0..<0 'H'", "editingChanged", "change 1..<1 'i'", "editingChanged",
            "change 0..<1 ''", "editingChanged", "change 1..<1 '!'", "editingChanged", "shouldReturn",
            "primaryActionTriggered", "editingDidEndOnExit", "editingDidEnd", "didEnd",
        ])
    }

    @Test func theDelegateCanRefuseAChangeOrKeepEditing() {
        let log = Log()
        log.refuseDigits = true
        log.keepsEditingOnReturn = true
        field.delegate = log
        field.becomeFirstResponder()
        field.insertText("a1")
        field.insertText("b")
        field.insertText("\n")
        #expect(field.text == "b" && field.isEditing)
    }

    @Test func aNumberPadTakesDigitsOnly() throws {
        field.keyboardType = .numberPad
        field.becomeFirstResponder()
        field.insertText("12a")  // the letter is left out
        field.insertText("x")  // nothing to type
        field.insertText("7")
        #expect(field.text == "127")
        let pad = try #require(window.inputViewShown as? KeyboardView)
        #expect(pad.keyboardType == .numberPad)
        #expect(pad.key(titled: "q") == nil && pad.key(titled: "5") != nil && pad.key(titled: KeyboardView.doneTitle) != nil)
    }

    @Test func theOnScreenKeyboardTypesThroughTouches() throws {
        field.autocapitalizationType = .none
        field.becomeFirstResponder()
        let keyboard = try #require(window.inputViewShown as? KeyboardView)
        func tapKey(_ title: String) throws {
            let key = try #require(keyboard.key(titled: title), "no key \(title)")
            tap(key.convert(Point(x: key.bounds.midX, y: key.bounds.midY), to: nil))
        }
        try tapKey(KeyboardView.shiftTitle)
        try tapKey("K")  // Shift holds for one letter
        try tapKey("o")
        try tapKey(KeyboardView.spaceTitle)
        try tapKey(KeyboardView.symbolsTitle)
        try tapKey("4")
        try tapKey(KeyboardView.backspaceTitle)
        try tapKey("2")
        #expect(field.text == "Ko 2")
        try tapKey(KeyboardView.returnTitle)
        #expect(!field.isEditing)
    }

    /// UITextField's clearButtonMode: "the overlay view displays a clear
    /// button", by the mode, over text only; tapping it empties the field
    /// unless textFieldShouldClear says no.
    @Test func theClearButtonShowsByItsModeAndEmptiesTheField() throws {
        final class Refuser: TextFieldDelegate {
            var refuses = false
            func textFieldShouldClear(_ textField: TextField) -> Bool { !refuses }
        }
        let bitmap = try Bitmap(width: 800, height: 480)
        let context = GraphicsContext(bitmap: bitmap)
        let cross = field.clearButtonRect(forBounds: field.bounds)
        #expect(cross.maxX <= field.bounds.maxX && cross.minX > field.bounds.midX, "at the trailing end")
        // Just inside the circle's left edge, on the field's centre line: grey where the button is drawn.
        let probe = field.convert(Point(x: cross.minX + 3, y: cross.midY), to: nil)
        func buttonDrawn() -> Bool {
            window.render(window.takeDamage(), in: context)
            return bitmap.pixel(x: Int(probe.x), y: Int(probe.y)).distance(to: Color.systemGray2.pixel) <= 12
        }
        var changes = 0
        field.addAction(for: .editingChanged) { _, _ in changes += 1 }
        field.text = "AB12 CDE"
        #expect(!buttonDrawn(), "never, by default")
        field.clearButtonMode = .whileEditing
        #expect(!buttonDrawn(), "not while the field does not edit")
        field.becomeFirstResponder()
        #expect(buttonDrawn())
        field.resignFirstResponder()
        field.clearButtonMode = .unlessEditing
        #expect(buttonDrawn())
        field.clearButtonMode = .always
        let refuser = Refuser()
        refuser.refuses = true
        field.delegate = refuser
        tap(field.convert(Point(x: cross.midX, y: cross.midY), to: nil))
        #expect(field.text == "AB12 CDE" && field.isEditing, "the delegate said no; editing began")
        refuser.refuses = false
        tap(field.convert(Point(x: cross.midX, y: cross.midY), to: nil))
        #expect(field.text == "" && field.isEditing && changes == 1)
        #expect(!buttonDrawn(), "nothing to clear, no button")
    }

    /// UITextInputTraits' autocapitalizationType: the on-screen keyboard
    /// shifts by itself where the field's kind of text wants a capital.
    @Test func theKeyboardShiftsWhereTheFieldWantsACapital() throws {
        func type(_ keys: [String], into field: TextField) throws -> String {
            field.text = ""
            field.becomeFirstResponder()
            let keyboard = try #require(window.inputViewShown as? KeyboardView)
            for title in keys {
                // Each key as the keyboard shows it now: a capital while shifted.
                let key = try #require(keyboard.key(titled: title) ?? keyboard.key(titled: title.uppercased()), "no key \(title)")
                tap(key.convert(Point(x: key.bounds.midX, y: key.bounds.midY), to: nil))
            }
            field.resignFirstResponder()
            return field.text ?? ""
        }
        #expect(field.autocapitalizationType == .sentences, "UIKit's default")
        #expect(try type(["h", "i"], into: field) == "Hi")
        field.autocapitalizationType = .words
        #expect(try type(["a", "b", KeyboardView.spaceTitle, "c"], into: field) == "Ab C")
        field.autocapitalizationType = .allCharacters
        #expect(try type(["a", "b", "c"], into: field) == "ABC")
        field.autocapitalizationType = .none
        #expect(try type(["a", "b"], into: field) == "ab")
        // After a sentence's end and a space, the next letter starts shifted again.
        field.autocapitalizationType = .sentences
        field.becomeFirstResponder()
        field.insertText("Done. ")
        let keyboard = try #require(window.inputViewShown as? KeyboardView)
        let backspace = try #require(keyboard.key(titled: KeyboardView.backspaceTitle))
        tap(backspace.convert(Point(x: backspace.bounds.midX, y: backspace.bounds.midY), to: nil))
        #expect(keyboard.key(titled: "a") != nil, "after \"Done.\" with no space: lower case")
        let space = try #require(keyboard.key(titled: KeyboardView.spaceTitle))
        tap(space.convert(Point(x: space.bounds.midX, y: space.bounds.midY), to: nil))
        #expect(keyboard.key(titled: "A") != nil, "after \"Done. \": a capital")
    }

    /// UITextInputTraits: "the visible title of the Return key"; the key still ends editing.
    @Test func theReturnKeySaysWhatTheFieldAsks() throws {
        field.returnKeyType = .next
        field.becomeFirstResponder()
        let keyboard = try #require(window.inputViewShown as? KeyboardView)
        #expect(keyboard.key(titled: KeyboardView.returnTitle) == nil)
        let next = try #require(keyboard.key(titled: "Next"))
        #expect(ReturnKeyType.allCases.map(\.title).count == Set(ReturnKeyType.allCases.map(\.title)).count)
        tap(next.convert(Point(x: next.bounds.midX, y: next.bounds.midY), to: nil))
        #expect(!field.isEditing, "Next returns as Return does")
    }

    /// "If true, the text field clears its previous text when editing begins", unless the delegate says no.
    @Test func aFieldThatClearsOnBeginEditingStartsEmpty() {
        final class Keeper: TextFieldDelegate {
            var keeps = false
            func textFieldShouldClear(_ textField: TextField) -> Bool { !keeps }
        }
        field.text = "1234"
        field.clearsOnBeginEditing = true
        field.becomeFirstResponder()
        #expect(field.text == "")
        field.insertText("42")
        field.resignFirstResponder()
        let keeper = Keeper()
        keeper.keeps = true
        field.delegate = keeper
        field.becomeFirstResponder()
        #expect(field.text == "42")
    }

    @Test func theKeyboardFollowsTheLayoutsRowsAndCanBeTurnedOff() throws {
        app.keyboardLetterRows = ["azertyuiop", "qsdfghjklm", "wxcvbn"]
        field.autocapitalizationType = .none
        field.becomeFirstResponder()
        let keyboard = try #require(window.inputViewShown as? KeyboardView)
        #expect(keyboard.key(titled: "a")!.frame.minX < keyboard.key(titled: "z")!.frame.minX)
        #expect(keyboard.key(titled: "m") != nil)
        field.resignFirstResponder()
        app.showsOnScreenKeyboard = false
        field.becomeFirstResponder()
        #expect(window.inputViewShown == nil)
        // A field's own inputView comes up even so.
        field.resignFirstResponder()
        let picker = View(frame: Rect(x: 0, y: 0, width: 0, height: 120))
        field.inputView = picker
        field.becomeFirstResponder()
        #expect(window.inputViewShown === picker && picker.frame == Rect(x: 0, y: 360, width: 800, height: 120))
    }

    @Test func aTapPutsTheCaretWhereItLandsAndTheCaretBlinks() {
        field.text = "hello world"
        field.becomeFirstResponder()
        #expect(field.caretPosition == 11)
        let x = 20 + field.textInsets.left + field.font.width(of: "hello")
        tap(Point(x: x + 1, y: 40))
        #expect(field.caretPosition == 5)
        field.insertText(",")
        #expect(field.text == "hello, world")
        // The blink is a timer on the run loop: it keeps going while editing, and stops after.
        app.virtualTimeline.advance(to: app.timeline.now + 2)
        #expect(app.timeline.pendingTimerCount > 0)
        field.resignFirstResponder()
        app.virtualTimeline.advance(to: app.timeline.now + 2)
        #expect(app.timeline.pendingTimerCount == 0)
    }

    /// The caret is a layer of its own: a blink repaints the caret's few
    /// pixels, not the field, and every repaint (blinks, typing, moving the
    /// caret, the field scrolling its text, editing's end) is the window as
    /// drawing it afresh gives.
    @Test func aBlinkRepaintsTheCaretNotTheField() throws {
        app.showsOnScreenKeyboard = false
        field.removeFromSuperview()
        let edited = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        edited.borderStyle = .roundedRect
        edited.text = "hello"
        window.backgroundColor = .white
        window.addSubview(edited)
        edited.becomeFirstResponder()
        let kept = try window.drawnAfresh()
        let lit = (0..<800).filter { kept.pixel(x: $0, y: 40) == edited.caretColor.pixel }
        try #require(lit.count == 2, "a caret two pixels wide")
        for blink in 1...4 {
            app.virtualTimeline.advance(to: app.timeline.now + TextField.caretBlinkInterval)
            let damage = window.takeDamage()
            let area = damage.rects.reduce(0) { $0 + $1.width * $1.height }
            #expect(area > 0 && area <= 2 * Int(edited.font.lineHeight.rounded()), "blink \(blink): only the caret's place")
            window.render(damage, in: GraphicsContext(bitmap: kept))
            let shown = kept.pixel(x: lit[0], y: 40) == edited.caretColor.pixel
            #expect(shown == blink.isMultiple(of: 2), "blink \(blink): off, then on")
            #expect(try window.repaintDifference(in: kept) == nil)
        }
        edited.insertText(" world, a line longer than the field can show")
        #expect(try window.repaintDifference(in: kept) == nil, "typed past the end: the text scrolls, the caret follows")
        edited.caretPosition = 2
        #expect(try window.repaintDifference(in: kept) == nil, "the caret moved")
        edited.textAlignment = .right
        edited.caretPosition = 5
        edited.bounds.size.width = 220
        #expect(try window.repaintDifference(in: kept) == nil, "the field narrowed by its bounds: the text and the caret move")
        // An app clearing the layers it added takes the caret too: the next edit puts it back.
        edited.layer.sublayers?.forEach { $0.removeFromSuperlayer() }
        edited.insertText("!")
        #expect(try window.repaintDifference(in: kept) == nil)
        #expect((0..<800).contains { kept.pixel(x: $0, y: 40) == edited.caretColor.pixel }, "the caret is back")
        edited.resignFirstResponder()
        #expect(try window.repaintDifference(in: kept) == nil, "editing ended")
        #expect(!(0..<800).contains { kept.pixel(x: $0, y: 40) == edited.caretColor.pixel }, "no caret left")
        #expect(edited.layer.sublayers == nil, "a field not being edited holds no layer")
    }

    /// With blinking off (a replay's frames), the caret stays lit and no timer runs for it.
    @Test func aCaretThatDoesNotBlinkStaysLitAndSetsNoTimer() {
        app.caretBlinks = false
        field.text = "hello"
        field.becomeFirstResponder()
        field.insertText("!")
        app.virtualTimeline.advance(to: app.timeline.now + 2)
        #expect(app.timeline.pendingTimerCount == 0)
        #expect(field.isEditing)
    }

    /// Hebrew runs from the right: the field aligns it there, and a tap at the right edge is the text's start.
    @Test func rightToLeftTextStartsOnTheRight() {
        field.text = "שלום עולם"
        field.becomeFirstResponder()
        #expect(field.caretPosition == 9)
        let right = 20 + 300 - field.textInsets.right - 1
        tap(Point(x: right, y: 40))
        #expect(field.caretPosition == 0)
        field.insertText("א")
        #expect(field.text == "אשלום עולם" && field.caretPosition == 1)
        // The end of the text is its leftmost point.
        let left = right - field.font.width(of: field.text ?? "")
        tap(Point(x: left + 1, y: 40))
        #expect(field.caretPosition == 10)
    }

    @Test func aHeldKeyRepeats() {
        field.becomeFirstResponder()
        let held = press(.keyboardX, "x", release: false)
        app.virtualTimeline.advance(to: app.timeline.now + app.keyRepeat.delay + 4 / app.keyRepeat.rate + 0.001)
        held.update(phase: .ended, timestamp: app.timeline.now)
        app.sendEvent(Event(presses: [held], timestamp: app.timeline.now))
        app.virtualTimeline.advance(to: app.timeline.now + 1)
        #expect(field.text == "xxxxxx")
    }

    /// The host's configuration sets the repeat: here a second's delay, then 10 a second; then none at all.
    @Test func theRepeatFollowsTheApplicationsSetting() {
        app.keyRepeat = KeyRepeat(delay: 1, rate: 10)
        field.becomeFirstResponder()
        let held = press(.keyboardX, "x", release: false)
        app.virtualTimeline.advance(to: app.timeline.now + 0.9)
        #expect(field.text == "x")
        app.virtualTimeline.advance(to: app.timeline.now + 0.1 + 2 / 10 + 0.001)
        held.update(phase: .ended, timestamp: app.timeline.now)
        app.sendEvent(Event(presses: [held], timestamp: app.timeline.now))
        #expect(field.text == "xxxx")
        app.keyRepeat.rate = 0
        let again = press(.keyboardY, "y", release: false)
        app.virtualTimeline.advance(to: app.timeline.now + 5)
        again.update(phase: .ended, timestamp: app.timeline.now)
        app.sendEvent(Event(presses: [again], timestamp: app.timeline.now))
        #expect(field.text == "xxxxy")
    }

    @Test func secureEntryDrawsDotsNotTheText() throws {
        field.isSecureTextEntry = true
        field.text = "1234"
        #expect(field.text == "1234")
        let shown = field.offset(atX: 20 + field.textInsets.left + field.font.width(of: "••") - 20 + 1)
        #expect(shown == 2)
    }
}

extension TextFieldTests {
    @Test func aCombiningMarkJoinsTheCharacterBeforeIt() {
        field.becomeFirstResponder()
        field.insertText("क")
        field.insertText("\u{93F}")  // the vowel sign i joins क: still one character
        #expect(field.text == "कि" && field.caretPosition == 1)
        field.deleteBackward()
        #expect(field.text == "" && field.caretPosition == 0)
    }

    @Test func aFieldLeavingTheWindowEndsEditingAndTakesItsKeyboard() {
        let log = events()
        field.becomeFirstResponder()
        #expect(window.inputViewShown != nil)
        field.removeFromSuperview()
        #expect(!field.isEditing && app.firstResponder == nil && window.inputViewShown == nil)
        #expect(log.entries.last == "editingDidEnd")
        app.virtualTimeline.advance(to: app.timeline.now + 2)
        #expect(app.timeline.pendingTimerCount == 0)
    }

    final class KeyCatcher: View {
        var log: [String] = []
        override var canBecomeFirstResponder: Bool { true }
        override func pressesBegan(_ presses: Set<Press>, with event: Event?) { log.append("began") }
        override func pressesEnded(_ presses: Set<Press>, with event: Event?) { log.append("ended") }
    }

    @Test func aPressEndsWhereItBegan() {
        let first = KeyCatcher(frame: .zero), second = KeyCatcher(frame: .zero)
        window.addSubview(first)
        window.addSubview(second)
        first.becomeFirstResponder()
        let held = press(.keyboardA, "a", release: false)
        second.becomeFirstResponder()
        held.update(phase: .ended, timestamp: 1)
        app.sendEvent(Event(presses: [held], timestamp: 1))
        #expect(first.log == ["began", "ended"] && second.log.isEmpty)
    }
}
