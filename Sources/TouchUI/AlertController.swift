/// A short message with buttons over a dimmed screen, as UIAlertController
/// in its alert style. Present it; a tap on an action dismisses the alert,
/// then runs the action's handler. Two actions sit side by side, more are
/// stacked, and the cancel action goes last.
@MainActor
open class AlertController: ViewController {
    public var message: String?
    public private(set) var actions: [AlertAction] = []
    public var preferredAction: AlertAction?

    /// The box the title, message and buttons are in.
    public private(set) var contentView: View?
    public static let width = 300.0

    public init(title: String?, message: String?) {
        self.message = message
        super.init()
        self.title = title
        modalTransitionStyle = .crossDissolve
    }

    public func addAction(_ action: AlertAction) {
        // One cancel action at most, as UIKit requires.
        precondition(action.style != .cancel || !actions.contains { $0.style == .cancel },
                     "AlertController can only have one action with the cancel style")
        actions.append(action)
    }

    /// The actions in the order they are shown: the cancel action last.
    private var orderedActions: [AlertAction] { actions.filter { $0.style != .cancel } + actions.filter { $0.style == .cancel } }

    open override func loadView() {
        let dim = View()
        dim.backgroundColor = Color(white: 0, alpha: 0.4)
        view = dim
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        buildContent()
    }

    private func buildContent() {
        contentView?.removeFromSuperview()
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

    private func choose(_ action: AlertAction) {
        dismiss(animated: true) { action.handler?(action) }
    }
}
