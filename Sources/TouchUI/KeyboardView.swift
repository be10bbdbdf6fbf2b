/// The on-screen keyboard, which comes up at the bottom of the window while
/// a text field edits (unless the field has an `inputView` of its own, or
/// the application has `showsOnScreenKeyboard` off). Its keys are ordinary
/// buttons, touched through the ordinary event path; they type into the
/// first responder through `KeyInput`.
///
/// Letters follow the application's `keyboardLetterRows` (the host fills
/// them from the configured XKB layout: QWERTZ for de, AZERTY for fr), with
/// Shift, a page of digits and symbols, Backspace, Space and Return. A
/// number or decimal pad is a grid of digits with Backspace and Done.
@MainActor
open class KeyboardView: View {
    public static let qwertyRows = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
    public static let symbolRows = ["1234567890", "-/:;()€&@\"", ".,?!'#%+="]
    /// The titles of the keys that are not characters.
    public static let backspaceTitle = "⌫", shiftTitle = "⇧", doneTitle = "Done"
    public static let returnTitle = ReturnKeyType.default.title
    public static let symbolsTitle = "123", lettersTitle = "ABC", spaceTitle = "space"
    /// A letter key's face (and the shift key's while shifted).
    static let letterKeyColor = Color.controlGray(1, dark: 0.42)

    public let keyboardType: KeyboardType
    /// What the Return key says (the text field's `returnKeyType`).
    public var returnKeyType = ReturnKeyType.default {
        didSet { if returnKeyType != oldValue { rebuild() } }
    }
    public let letterRows: [String]
    /// The keys on show, each a button whose title is what it types or does.
    public private(set) var keys: [Button] = []
    private var showsSymbols = false
    private var isShifted = false

    /// The height the keyboard takes in a window of `size`.
    public static func height(in size: Size, for type: KeyboardType) -> Double {
        (min(size.height * (type == .default ? 0.45 : 0.4), 300)).rounded()
    }

    public init(frame: Rect, keyboardType: KeyboardType = .default, letterRows: [String] = KeyboardView.qwertyRows) {
        self.keyboardType = keyboardType
        self.letterRows = letterRows.filter { !$0.isEmpty }.isEmpty ? Self.qwertyRows : letterRows.filter { !$0.isEmpty }
        super.init(frame: frame)
        backgroundColor = .controlGray(0.82, dark: 0.17)
        isMultipleTouchEnabled = true
        rebuild()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        placeKeys()
    }

    /// The key whose title is `title`, on the page on show.
    public func key(titled title: String) -> Button? { keys.first { $0.title == title } }

    // MARK: Keys

    private var rows: [[String]] {
        switch keyboardType {
        case .numberPad, .decimalPad:
            return [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"], [keyboardType == .decimalPad ? "." : "", "0", ""]]
        case .default:
            let characters = showsSymbols ? Self.symbolRows : letterRows
            var rows = characters.map { row in row.map { isShifted && !showsSymbols ? $0.uppercased() : String($0) } }
            rows[rows.count - 1] = [showsSymbols ? "" : Self.shiftTitle] + rows[rows.count - 1] + [Self.backspaceTitle]
            rows.append([showsSymbols ? Self.lettersTitle : Self.symbolsTitle, Self.spaceTitle, returnKeyType.title])
            return rows
        }
    }

    private func rebuild() {
        for key in keys { key.removeFromSuperview() }
        keys = []
        var titles = rows.flatMap { $0 }.filter { !$0.isEmpty }
        if keyboardType != .default { titles += [Self.backspaceTitle, Self.doneTitle] }
        for title in titles {
            let key = Button(frame: .zero, title: title)
            key.backgroundColor = title.count == 1 && title != Self.backspaceTitle && title != Self.shiftTitle ? Self.letterKeyColor : .controlGray(0.7, dark: 0.27)
            key.cornerRadius = 5
            key.font = .systemFont(ofSize: title.count == 1 ? 20 : 15)
            key.setTitleColor(.label, for: .normal)
            if title == Self.shiftTitle && isShifted { key.backgroundColor = Self.letterKeyColor }
            key.addAction(for: .touchUpInside) { [unowned self] control, _ in self.pressed((control as! Button).title ?? "") }
            addSubview(key)
            keys.append(key)
        }
        placeKeys()
    }

    private func placeKeys() {
        let gap = 6.0
        let rows = rows
        let rowHeight = (bounds.height - gap * Double(rows.count + 1)) / Double(rows.count)
        var index = 0
        if keyboardType != .default {
            // Digits on the left three quarters, Backspace and Done down the right.
            let column = (bounds.width - gap * 5) / 4
            for (rowIndex, row) in rows.enumerated() {
                for (columnIndex, title) in row.enumerated() where !title.isEmpty {
                    keys[index].frame = Rect(
                        x: gap + Double(columnIndex) * (column + gap), y: gap + Double(rowIndex) * (rowHeight + gap), width: column, height: rowHeight)
                    index += 1
                }
            }
            let x = gap + 3 * (column + gap), tall = rowHeight * 2 + gap
            keys[index].frame = Rect(x: x, y: gap, width: column, height: tall)
            keys[index + 1].frame = Rect(x: x, y: gap * 3 + tall, width: column, height: tall)
            return
        }
        // Letter keys share one width, that of the longest row's; the bottom row splits by weight.
        let longest = Double(rows.dropLast().map(\.count).max() ?? 10)
        let keyWidth = (bounds.width - gap * (longest + 1)) / longest
        for (rowIndex, row) in rows.enumerated() {
            let y = gap + Double(rowIndex) * (rowHeight + gap)
            let titles = row.filter { !$0.isEmpty }
            if rowIndex == rows.count - 1 {
                let weights: [Double] = [1.5, 6, 2]
                let unit = (bounds.width - gap * Double(titles.count + 1)) / weights.reduce(0, +)
                var x = gap
                for (position, _) in titles.enumerated() {
                    keys[index].frame = Rect(x: x, y: y, width: unit * weights[position], height: rowHeight)
                    x += unit * weights[position] + gap
                    index += 1
                }
                continue
            }
            let sideKeys = titles.filter { $0 == Self.shiftTitle || $0 == Self.backspaceTitle }.count
            let letters = titles.count - sideKeys
            let sideWidth = sideKeys > 0 ? max(keyWidth, (bounds.width - gap * Double(titles.count + 1) - keyWidth * Double(letters)) / Double(sideKeys)) : 0
            let total = Double(letters) * keyWidth + Double(sideKeys) * sideWidth + gap * Double(titles.count - 1)
            var x = (bounds.width - total) / 2
            for title in titles {
                let width = title == Self.shiftTitle || title == Self.backspaceTitle ? sideWidth : keyWidth
                keys[index].frame = Rect(x: x, y: y, width: width, height: rowHeight)
                x += width + gap
                index += 1
            }
        }
    }

    private func pressed(_ title: String) {
        let input = hostApplication?.firstResponder as? KeyInput
        switch title {
        case Self.backspaceTitle: input?.deleteBackward()
        case returnKeyType.title, Self.doneTitle: input?.insertText("\n")
        case Self.spaceTitle: input?.insertText(" ")
        case Self.shiftTitle:
            isShifted.toggle()
            rebuild()
        case Self.symbolsTitle, Self.lettersTitle:
            showsSymbols.toggle()
            rebuild()
        default:
            input?.insertText(title)
        }
        // Shift holds for one letter, as on a phone; then the field's
        // autocapitalization decides whether the next one starts shifted.
        if title != Self.shiftTitle && title != Self.symbolsTitle && title != Self.lettersTitle { shiftForNextLetter() }
    }

    /// Shifts, or not, for the first responder's next letter (its
    /// `autocapitalizationType`): when the keyboard comes up and after each key.
    func shiftForNextLetter() {
        let wanted = (hostApplication?.firstResponder as? TextField)?.capitalizesNextLetter ?? false
        guard wanted != isShifted else { return }
        isShifted = wanted
        rebuild()
    }

    private var hostApplication: Application? { (window as Window?)?.hostApplication }
}
