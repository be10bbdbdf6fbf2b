/// A short message with buttons, as UIAlertController: in the alert style,
/// a box over a dimmed screen; in the action-sheet style, a column of
/// choices at the bottom with Cancel in a box of its own. Present it; a tap
/// on an action dismisses it, then runs the action's handler. An alert's
/// two actions sit side by side with Cancel on the left, more are stacked
/// with Cancel last; a tap on the dimmed screen around an action sheet
/// chooses its Cancel.
@MainActor
open class AlertController: ViewController {
    /// UIAlertController.Style.
    public enum Style: Sendable {
        case actionSheet, alert
    }

    public var message: String?
    public let preferredStyle: Style
    public private(set) var actions: [AlertAction] = []
    public var preferredAction: AlertAction?

    /// The box the title, message and buttons are in (an action sheet's choices).
    public private(set) var contentView: View?
    /// An action sheet's Cancel, in a box of its own below the choices.
    public private(set) var cancelView: View?
    public static let width = 300.0
    /// The widest an action sheet gets: a column at the bottom of a wide screen, not a bar across it.
    public static let actionSheetWidth = 420.0

    public init(title: String?, message: String?, preferredStyle: Style) {
        self.message = message
        self.preferredStyle = preferredStyle
        super.init()
        self.title = title
        modalTransitionStyle = preferredStyle == .alert ? .crossDissolve : .coverVertical
        // It dims the whole screen itself, and lays its box out in it.
        modalPresentationStyle = .custom
    }

    public convenience init(title: String?, message: String?) {
        self.init(title: title, message: message, preferredStyle: .alert)
    }

    public func addAction(_ action: AlertAction) {
        // One cancel action at most, as UIKit requires.
        precondition(action.style != .cancel || !actions.contains { $0.style == .cancel },
                     "AlertController can only have one action with the cancel style")
        actions.append(action)
    }

    /// The actions in the order they are shown: Cancel first when two sit
    /// side by side in an alert (on the left, as UIKit puts it), last otherwise.
    private var orderedActions: [AlertAction] {
        let others = actions.filter { $0.style != .cancel }, cancel = actions.filter { $0.style == .cancel }
        return preferredStyle == .alert && actions.count == 2 ? cancel + others : others + cancel
    }

    open override func loadView() {
        let dim = View()
        dim.backgroundColor = Color(white: 0, alpha: 0.4)
        view = dim
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        buildContent()
    }

    /// Placed again when the screen's size or safe area changed since it was built.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        if builtFor.size != view.bounds.size || builtFor.insets != view.safeAreaInsets { buildContent() }
    }

    /// The size and safe area the content was placed for.
    private var builtFor = (size: Size.zero, insets: EdgeInsets.zero)

    private func buildContent() {
        builtFor = (view.bounds.size, view.safeAreaInsets)
        contentView?.removeFromSuperview()
        cancelView?.removeFromSuperview()
        if preferredStyle == .actionSheet { return buildSheet() }
        let width = min(Self.width, view.bounds.width - 32)
        let box = View()
        box.backgroundColor = .controlGray(0.97, dark: 0.17)
        box.cornerRadius = 14
        box.clipsToBounds = true
        var y = 20.0
        for (text, font) in [(title, Font.boldSystemFont(ofSize: 17)), (message, Font.systemFont(ofSize: 14))] {
            guard let text, !text.isEmpty else { continue }
            let label = Label(text: text)
            label.font = font
            label.numberOfLines = 0
            label.textAlignment = .center
            let size = label.sizeThatFits(Size(width: width - 32, height: 0))
            label.frame = Rect(x: 16, y: y, width: width - 32, height: size.height)
            box.addSubview(label)
            y += size.height + 6
        }
        y += 14
        let ordered = orderedActions
        let buttonHeight = 48.0
        let sideBySide = ordered.count == 2
        for (index, action) in ordered.enumerated() {
            let frame = sideBySide
                ? Rect(x: Double(index) * width / 2, y: y, width: width / 2, height: buttonHeight)
                : Rect(x: 0, y: y + Double(index) * buttonHeight, width: width, height: buttonHeight)
            let separator = View(frame: Rect(x: frame.minX, y: frame.minY, width: frame.width, height: 1))
            separator.backgroundColor = .controlGray(0.8, dark: 0.3)
            let button = Button(frame: frame, title: action.title)
            // Apple: a preferred action takes the bold from the cancel button.
            let bold = preferredAction.map { $0 === action } ?? (action.style == .cancel)
            button.font = bold ? .boldSystemFont(ofSize: 17) : .systemFont(ofSize: 17)
            button.titleColor = action.style == .destructive ? .systemRed : .systemBlue
            button.isEnabled = action.isEnabled
            button.addAction(for: .touchUpInside) { [unowned self] _, _ in self.choose(action) }
            box.addSubview(button)
            box.addSubview(separator)
            if sideBySide && index == 1 {
                let divider = View(frame: Rect(x: frame.minX, y: frame.minY, width: 1, height: buttonHeight))
                divider.backgroundColor = .controlGray(0.8, dark: 0.3)
                box.addSubview(divider)
            }
        }
        let height = y + (ordered.isEmpty ? 0 : sideBySide ? buttonHeight : Double(ordered.count) * buttonHeight)
        box.frame = Rect(x: (view.bounds.width - width) / 2, y: (view.bounds.height - height) / 2, width: width, height: height)
        view.addSubview(box)
        contentView = box
    }

    /// The choices in a rounded box at the bottom, the title and message
    /// above them, and Cancel in a box of its own under them.
    private func buildSheet() {
        let width = min(Self.actionSheetWidth, view.bounds.width - 16)
        let rowHeight = 56.0
        func box() -> View {
            let box = View()
            box.backgroundColor = .controlGray(0.97, dark: 0.17)
            box.cornerRadius = 14
            box.clipsToBounds = true
            return box
        }
        func addButton(_ action: AlertAction, to box: View, at y: Double, separator: Bool) {
            let button = Button(frame: Rect(x: 0, y: y, width: width, height: rowHeight), title: action.title)
            button.font = action.style == .cancel || preferredAction === action ? .boldSystemFont(ofSize: 20) : .systemFont(ofSize: 20)
            button.titleColor = action.style == .destructive ? .systemRed : .systemBlue
            button.isEnabled = action.isEnabled
            button.addAction(for: .touchUpInside) { [unowned self] _, _ in self.choose(action) }
            box.addSubview(button)
            guard separator else { return }
            let line = View(frame: Rect(x: 0, y: y, width: width, height: 1))
            line.backgroundColor = .controlGray(0.8, dark: 0.3)
            box.addSubview(line)
        }
        let choices = box()
        var y = 0.0
        for (text, font) in [(title, Font.boldSystemFont(ofSize: 14)), (message, Font.systemFont(ofSize: 14))] {
            guard let text, !text.isEmpty else { continue }
            let label = Label(text: text)
            label.font = font
            label.textColor = .secondaryLabel
            label.numberOfLines = 0
            label.textAlignment = .center
            let size = label.sizeThatFits(Size(width: width - 32, height: 0))
            label.frame = Rect(x: 16, y: y + (y == 0 ? 14 : 2), width: width - 32, height: size.height)
            choices.addSubview(label)
            y = label.frame.maxY
        }
        if y > 0 { y += 14 }
        let others = actions.filter { $0.style != .cancel }
        for action in others {
            addButton(action, to: choices, at: y, separator: y > 0)
            y += rowHeight
        }
        let bottom = view.bounds.height - 8 - view.safeAreaInsets.bottom
        let x = (view.bounds.width - width) / 2
        var top = bottom
        if let cancel = actions.first(where: { $0.style == .cancel }) {
            let box = box()
            addButton(cancel, to: box, at: 0, separator: false)
            top -= rowHeight
            box.frame = Rect(x: x, y: top, width: width, height: rowHeight)
            view.addSubview(box)
            cancelView = box
            top -= 8
        }
        choices.frame = Rect(x: x, y: top - y, width: width, height: y)
        if y > 0 { view.addSubview(choices) }
        contentView = choices
    }

    /// A tap on the dimmed screen around an action sheet chooses its Cancel, as on a phone.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard preferredStyle == .actionSheet, let cancel = actions.first(where: { $0.style == .cancel }), cancel.isEnabled,
            let touch = touches.first, touch.view === view
        else { return super.touchesEnded(touches, with: event) }
        choose(cancel)
    }

    private func choose(_ action: AlertAction) {
        dismiss(animated: true) { action.handler?(action) }
    }

    // MARK: A hardware keyboard

    /// Return chooses the preferred action and Escape the cancel one, as
    /// on an iPad with a keyboard: the alert takes the keys while it shows.
    open override var canBecomeFirstResponder: Bool { true }

    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        _ = becomeFirstResponder()
    }

    open override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        if isFirstResponder { _ = resignFirstResponder() }
    }

    open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        let chosen: AlertAction? = presses.lazy.compactMap { press -> AlertAction? in
            switch press.key?.keyCode {
            case .keyboardReturnOrEnter?, .keypadEnter?: self.preferredAction
            case .keyboardEscape?: self.actions.first { $0.style == .cancel }
            default: nil
            }
        }.first
        guard let chosen, chosen.isEnabled, !isBeingDismissed else { return super.pressesBegan(presses, with: event) }
        choose(chosen)
    }
}
