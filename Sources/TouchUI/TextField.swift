/// One line of editable text, as UITextField: a tap makes it the first
/// responder (and moves the caret where it landed), the on-screen keyboard
/// or a hardware keyboard types into it, Return ends the editing. It sends
/// editingDidBegin, editingChanged, editingDidEnd, and on Return
/// primaryActionTriggered and editingDidEndOnExit.
@MainActor
open class TextField: Control, KeyInput {
    public enum BorderStyle: Sendable { case none, line, roundedRect }

    /// The text; setting it puts the caret at its end and sends no event, as in UIKit.
    public var text: String? {
        get { storage }
        set {
            storage = newValue ?? ""
            caretPosition = storage.count
            contentChanged()
        }
    }
    public var placeholder: String? { didSet { contentChanged() } }
    public var font = Font.systemFont(ofSize: 17) {
        didSet {
            contentChanged()
            if oldValue != font { invalidateIntrinsicContentSize() }
        }
    }
    public var textColor: Color = .label { didSet { setNeedsDisplay() } }
    public var textAlignment: TextAlignment = .natural { didSet { contentChanged() } }
    public var borderStyle = BorderStyle.none {
        didSet {
            applyBorderStyle()
            invalidateIntrinsicContentSize()
        }
    }
    /// Dots in place of the characters: a PIN, a password.
    public var isSecureTextEntry = false { didSet { contentChanged() } }
    /// Which on-screen keyboard comes up; a number pad also keeps anything but digits out.
    public var keyboardType = KeyboardType.default
    /// The title of the on-screen keyboard's Return key ("Next", "Done", "Go"…).
    public var returnKeyType = ReturnKeyType.default
    /// When the on-screen keyboard shifts by itself: each sentence's first letter, by default, as in UIKit.
    public var autocapitalizationType = TextAutocapitalizationType.sentences
    /// Whether the text is cleared each time editing begins, as a PIN field does.
    public var clearsOnBeginEditing = false
    public var caretColor: Color = .systemBlue {
        didSet { caretLayer.backgroundColor = caretColor }
    }
    /// Space between the border and the text.
    public var textInsets = EdgeInsets(top: 4, left: 8, bottom: 4, right: 8) { didSet { contentChanged() } }
    public weak var delegate: (any TextFieldDelegate)?
    public private(set) var isEditing = false {
        didSet { if oldValue != isEditing && clearButtonMode != .never { contentChanged() } }
    }
    /// When the clear button (a cross in a grey circle at the trailing end)
    /// shows, while the field has text. A tap on it empties the field,
    /// if `textFieldShouldClear` agrees, and starts editing.
    public var clearButtonMode = ViewMode.never {
        didSet { if oldValue != clearButtonMode { contentChanged() } }
    }
    /// Where the caret is, in characters from the start of the text.
    public var caretPosition: Int {
        get { caret }
        set {
            let clamped = max(0, min(newValue, storage.count))
            guard clamped != caret else { return }
            caret = clamped
            showCaretNow()
            delegate?.textFieldDidChangeSelection(self)
        }
    }

    /// Seconds the caret is shown, then hidden, while editing.
    public static let caretBlinkInterval = 0.5

    private var storage = ""
    private var caret = 0
    private var caretVisible = false
    private var blinkTimer: TimerID?
    private var repeatTimer: TimerID?
    private var repeatingPress: Press?
    /// How far the text is scrolled left so the caret stays in sight.
    private var scrollOffset = 0.0
    private var customInputView: View?
    /// The caret, a layer of its own over the text: a blink shows or hides
    /// it, repainting only where it stands, not the whole field. In the
    /// field's layer only while editing, so a field that is not edited has
    /// no layers, and is passed over as any view by a repaint away from it.
    private let caretLayer = CALayer()
    /// Whether the caret stands anywhere: not while not editing, nor in a field too small for it.
    private var caretHasPlace = false

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .controlGray(1, dark: 0.11)
        caretLayer.backgroundColor = caretColor
        caretLayer.isHidden = true
    }

    /// What comes up in place of the keyboard while editing; nil: the keyboard for `keyboardType`.
    open override var inputView: View? {
        get { customInputView }
        set { customInputView = newValue }
    }

    open override var canBecomeFirstResponder: Bool { isEnabled }

    override var triggersPrimaryActionOnTap: Bool { false }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !isFirstResponder else { return true }
        guard canBecomeFirstResponder, delegate?.textFieldShouldBeginEditing(self) ?? true, super.becomeFirstResponder() else { return false }
        isEditing = true
        if clearsOnBeginEditing && hasText && delegate?.textFieldShouldClear(self) ?? true { text = "" }
        showCaretNow()
        window?.showInput(for: self)
        sendActions(for: .editingDidBegin)
        delegate?.textFieldDidBeginEditing(self)
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return super.resignFirstResponder() }
        guard delegate?.textFieldShouldEndEditing(self) ?? true, super.resignFirstResponder() else { return false }
        endEditing()
        return true
    }

    override func lostFirstResponder() { endEditing() }

    private func endEditing() {
        guard isEditing else { return }
        isEditing = false
        stopBlinking()
        stopRepeating()
        window?.hideInput(for: self)
        contentChanged()
        sendActions(for: .editingDidEnd)
        delegate?.textFieldDidEndEditing(self)
    }

    // MARK: Typing

    public var hasText: Bool { !storage.isEmpty }

    /// Inserts at the caret; a line break is Return.
    public func insertText(_ text: String) {
        if text == "\n" || text == "\r" { return returnPressed() }
        replace(caret..<caret, with: text)
    }

    public func deleteBackward() {
        guard caret > 0 else { return }
        replace((caret - 1)..<caret, with: "")
    }

    /// Deletes the character after the caret (the Delete key).
    public func deleteForward() {
        guard caret < storage.count else { return }
        replace(caret..<(caret + 1), with: "")
    }

    /// What a number pad cannot type (letters from a hardware keyboard, a paste) is left out.
    private func replace(_ range: Range<Int>, with string: String) {
        let accepted = String(string.filter(accepts))
        guard accepted == string || !accepted.isEmpty else { return }
        guard delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: accepted) ?? true else { return }
        let start = storage.index(storage.startIndex, offsetBy: range.lowerBound)
        let end = storage.index(start, offsetBy: range.count)
        let insertedEnd = storage[..<start].utf8.count + accepted.utf8.count
        storage.replaceSubrange(start..<end, with: accepted)
        // A combining mark joins the character before it: count characters again rather than add.
        caret = min(storage.count, storage[..<storage.utf8.index(storage.utf8.startIndex, offsetBy: insertedEnd)].count)
        showCaretNow()
        sendActions(for: .editingChanged)
    }

    private func accepts(_ character: Character) -> Bool {
        switch keyboardType {
        case .default: true
        case .numberPad: character.isASCII && character.isNumber
        case .decimalPad: (character.isASCII && character.isNumber) || character == "." || character == ","
        }
    }

    private func returnPressed() {
        guard delegate?.textFieldShouldReturn(self) ?? true else { return }
        sendActions(for: .primaryActionTriggered)
        sendActions(for: .editingDidEndOnExit)
        resignFirstResponder()
    }

    // MARK: A hardware keyboard

    open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        var unhandled: Set<Press> = []
        for press in presses {
            guard isEditing, let key = press.key, handle(key) else {
                unhandled.insert(press)
                continue
            }
            // Its end comes here too, wherever the press was first sent (a window may hand keys to its field).
            press.responder = self
            if key.keyCode != .keyboardReturnOrEnter && key.keyCode != .keypadEnter { startRepeating(press) }
        }
        if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
    }

    open override func pressesEnded(_ presses: Set<Press>, with event: Event?) {
        if let repeatingPress, presses.contains(repeatingPress) { stopRepeating() }
        super.pressesEnded(presses, with: event)
    }

    open override func pressesCancelled(_ presses: Set<Press>, with event: Event?) {
        if let repeatingPress, presses.contains(repeatingPress) { stopRepeating() }
        super.pressesCancelled(presses, with: event)
    }

    /// Edits for one key; false for a key the field does not use (a shortcut, Tab, Escape, Shift).
    private func handle(_ key: Key) -> Bool {
        if !key.modifierFlags.isDisjoint(with: [.control, .command]) { return false }
        switch key.keyCode {
        case .keyboardReturnOrEnter, .keypadEnter: returnPressed()
        case .keyboardDeleteOrBackspace: deleteBackward()
        case .keyboardDeleteForward: deleteForward()
        case .keyboardLeftArrow: caretPosition -= 1
        case .keyboardRightArrow: caretPosition += 1
        case .keyboardHome, .keyboardUpArrow: caretPosition = 0
        case .keyboardEnd, .keyboardDownArrow: caretPosition = storage.count
        case .keyboardTab, .keyboardEscape: return false
        default:
            guard !key.characters.isEmpty, key.characters.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else { return false }
            insertText(key.characters)
        }
        return true
    }

    private func startRepeating(_ press: Press) {
        stopRepeating()
        repeatingPress = press
        guard let application, application.keyRepeat.rate > 0 else { return }
        repeatTimer = application.timeline.schedule(after: application.keyRepeat.delay) { [weak self] in self?.repeatPress() }
    }

    private func repeatPress() {
        guard let press = repeatingPress, let key = press.key, isEditing, handle(key), let application, application.keyRepeat.rate > 0 else {
            return stopRepeating()
        }
        repeatTimer = application.timeline.schedule(after: 1 / application.keyRepeat.rate) { [weak self] in self?.repeatPress() }
    }

    private func stopRepeating() {
        if let repeatTimer { application?.timeline.cancel(repeatTimer) }
        repeatTimer = nil
        repeatingPress = nil
    }

    // MARK: Touches

    /// A tap focuses the field and puts the caret where it landed.
    open override func endTracking(_ touch: Touch?, with event: Event?) {
        guard let touch, bounds.contains(touch.location(in: self)) else { return }
        // A finger's width around the cross counts as the cross.
        if showsClearButton && clearButtonRect(forBounds: bounds).insetBy(dx: -8, dy: -8).contains(touch.location(in: self)) {
            return clearTapped()
        }
        if !isFirstResponder && !becomeFirstResponder() { return }
        // Focused from a hardware keyboard, then touched: now the on-screen keyboard is wanted.
        if window?.inputViewShown == nil { window?.showInput(for: self) }
        caretPosition = offset(atX: touch.location(in: self).x)
    }

    /// The character boundary nearest to `x`, in the field's coordinates.
    public func offset(atX x: Double) -> Int {
        storage.isEmpty ? 0 : shownLayout.characterOffset(atX: x - textOrigin.x)
    }

    // MARK: Drawing

    private var displayedText: String { isSecureTextEntry ? String(repeating: "•", count: storage.count) : storage }

    /// What the field shows (the text, or the placeholder while empty), shaped
    /// once per change of text or font, not once per caret blink.
    private var cachedLayout: TextLayout?
    private var shownLayout: TextLayout {
        let shown = storage.isEmpty ? placeholder ?? "" : displayedText
        if let cachedLayout, cachedLayout.text == shown, cachedLayout.font == font { return cachedLayout }
        let layout = TextLayout(shown, font: font)
        cachedLayout = layout
        return layout
    }

    /// One line of the font and the insets around it (34 points for a
    /// rounded field in the 17-point system font, as UIKit's); no width of its own.
    open override var intrinsicContentSize: Size {
        let line = (font.lineHeight + textInsets.top + textInsets.bottom).rounded(.up)
        return Size(width: View.noIntrinsicMetric, height: borderStyle == .roundedRect ? max(34, line) : line)
    }

    /// The line's baseline: the line is centred in the text rect.
    override var textBaselinesFromCentre: (first: Double, last: Double)? {
        let layout = shownLayout
        let offset = (textInsets.top - textInsets.bottom) / 2 - font.lineHeight / 2 + layout.baseline
        return (offset, offset)
    }

    private var textRect: Rect {
        // The clear button takes the end of the line while it shows.
        let clearing = showsClearButton ? Self.clearButtonSide + 4 : 0
        return Rect(
            x: textInsets.left, y: textInsets.top, width: max(0, bounds.width - textInsets.left - textInsets.right - clearing),
            height: max(0, bounds.height - textInsets.top - textInsets.bottom))
    }

    // MARK: The clear button

    static let clearButtonSide = 19.0

    /// Whether the clear button shows now: by `clearButtonMode`, and only over some text.
    var showsClearButton: Bool {
        guard hasText else { return false }
        switch clearButtonMode {
        case .never: return false
        case .whileEditing: return isEditing
        case .unlessEditing: return !isEditing
        case .always: return true
        }
    }

    /// Where the clear button goes in `bounds`, as UITextField's: at the
    /// trailing end, inside the text insets, centred across the height.
    open func clearButtonRect(forBounds bounds: Rect) -> Rect {
        let side = Self.clearButtonSide
        return Rect(x: bounds.maxX - textInsets.right - side, y: bounds.midY - side / 2, width: side, height: side)
    }

    private func drawClearButton(in context: GraphicsContext) {
        let rect = clearButtonRect(forBounds: bounds)
        context.fill(Path(ovalIn: rect), with: .systemGray2)
        let inset = rect.width * 0.32
        let cross = rect.insetBy(dx: inset, dy: inset)
        context.strokeLine(from: Point(x: cross.minX, y: cross.minY), to: Point(x: cross.maxX, y: cross.maxY), with: .white, lineWidth: 1.6, lineCap: .round)
        context.strokeLine(from: Point(x: cross.maxX, y: cross.minY), to: Point(x: cross.minX, y: cross.maxY), with: .white, lineWidth: 1.6, lineCap: .round)
    }

    /// A tap on the clear button: the text goes (if the delegate agrees) and editing starts.
    private func clearTapped() {
        if !isFirstResponder && !becomeFirstResponder() { return }
        guard hasText, delegate?.textFieldShouldClear(self) ?? true else { return }
        text = ""
        sendActions(for: .editingChanged)
    }

    /// The top left of the text's line, after alignment and scrolling.
    /// Empty, the placeholder's line.
    private var textOrigin: Point {
        let rect = textRect
        let layout = shownLayout
        let width = layout.size.width
        var x: Double
        if width > rect.width {
            // Too long to fit: typed text scrolls with the caret; a placeholder shows its start,
            // which is on the right in Arabic or Hebrew.
            x = storage.isEmpty && layout.isRightToLeft ? rect.maxX - width : rect.minX - scrollOffset
        } else {
            switch textAlignment.resolved(rightToLeft: layout.isRightToLeft) {
            case .center: x = rect.minX + (rect.width - width) / 2
            case .right: x = rect.maxX - width
            case .left, .natural: x = rect.minX
            }
        }
        x = x.rounded()
        return Point(x: x, y: (rect.minY + (rect.height - font.lineHeight) / 2).rounded())
    }

    /// Where the caret stands across the field. Empty, it is where the first
    /// character will go, by the alignment alone (not at the placeholder's edge).
    private var caretX: Double {
        guard storage.isEmpty else { return textOrigin.x + shownLayout.caretX(atCharacterOffset: caret) }
        let rect = textRect
        switch textAlignment.resolved(rightToLeft: shownLayout.isRightToLeft) {
        case .center: return rect.midX
        case .right: return rect.maxX
        case .left, .natural: return rect.minX
        }
    }

    /// Scrolls so that the caret is in sight.
    private func keepCaretInSight() {
        let rect = textRect
        let layout = shownLayout
        let width = layout.size.width
        // A placeholder never scrolls: it shows its start.
        guard width > rect.width, !storage.isEmpty else {
            scrollOffset = 0
            return
        }
        let caretX = layout.caretX(atCharacterOffset: caret)
        if caretX - scrollOffset > rect.width - 2 { scrollOffset = caretX - rect.width + 2 }
        if caretX - scrollOffset < 0 { scrollOffset = caretX }
        scrollOffset = min(max(0, scrollOffset), width - rect.width + 2)
    }

    open override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        keepCaretInSight()
        let origin = textOrigin
        context.withSavedState {
            context.clip(to: textRect.insetBy(dx: -2, dy: 0))
            context.draw(shownLayout, at: origin, color: storage.isEmpty ? .controlGray(0.7, dark: 0.4) : textColor)
        }
        if showsClearButton { drawClearButton(in: context) }
    }

    private func applyBorderStyle() {
        switch borderStyle {
        case .none: (borderWidth, cornerRadius) = (0, 0)
        case .line: (borderWidth, cornerRadius, borderColor) = (1, 0, .black)
        case .roundedRect: (borderWidth, cornerRadius, borderColor) = (1, 6, .controlGray(0.75, dark: 0.3))
        }
    }

    /// Whether the next letter typed on the on-screen keyboard should be a
    /// capital, by `autocapitalizationType` and the text before the caret.
    var capitalizesNextLetter: Bool {
        let before = storage.prefix(caret)
        switch autocapitalizationType {
        case .none: return false
        case .allCharacters: return true
        case .words: return before.last.map(\.isWhitespace) ?? true
        case .sentences:
            guard let last = before.last else { return true }
            guard last.isWhitespace else { return false }
            // After the end of a sentence and a space, or at the start of the text.
            guard let end = before.last(where: { !$0.isWhitespace }) else { return true }
            return end == "." || end == "!" || end == "?"
        }
    }

    // MARK: The caret

    /// What the field draws changed, and so may where its caret stands.
    private func contentChanged() {
        setNeedsDisplay()
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        placeCaret()
    }

    /// Puts the caret layer where the caret stands, as the text is scrolled,
    /// inside the text's clip; shown while editing and in its blink's on half.
    private func placeCaret() {
        guard isEditing else {
            if caretLayer.superlayer != nil {
                caretLayer.removeFromSuperlayer()
                caretLayer.isHidden = true
            }
            caretHasPlace = false
            return
        }
        // In the field's layer while editing (put back if the app took the field's layers away).
        if caretLayer.superlayer == nil { layer.insertSublayer(caretLayer, at: 0) }
        keepCaretInSight()
        let place = Rect(x: caretX.rounded() - 1, y: textOrigin.y, width: 2, height: font.lineHeight.rounded())
            .intersection(textRect.insetBy(dx: -2, dy: 0))
        caretHasPlace = !place.isNull && !place.isEmpty
        if caretHasPlace, caretLayer.frame != place { caretLayer.frame = place }
        showCaret(caretVisible)
    }

    /// Shows or hides the caret layer (never one with no place), damaging it only when that changes.
    private func showCaret(_ shown: Bool) {
        let hidden = !(shown && caretHasPlace)
        if caretLayer.isHidden != hidden { caretLayer.isHidden = hidden }
    }

    /// Shows the caret at once and starts its blink again, as after any edit or move.
    private func showCaretNow() {
        contentChanged()
        guard isEditing else { return }
        caretVisible = true
        stopBlinking()
        scheduleBlink()
    }

    private func scheduleBlink() {
        guard let application, application.caretBlinks else { return }
        let timeline = application.timeline
        blinkTimer = timeline.schedule(after: Self.caretBlinkInterval) { [weak self] in
            guard let self, self.isEditing else { return }
            self.caretVisible.toggle()
            // The field is not drawn again: only the caret's few pixels change.
            self.showCaret(self.caretVisible)
            self.scheduleBlink()
        }
    }

    private func stopBlinking() {
        if let blinkTimer { application?.timeline.cancel(blinkTimer) }
        blinkTimer = nil
    }
}
