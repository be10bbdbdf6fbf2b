import TouchBridge

/// A staff sign-in with a PIN pad, written as UIKit's documentation writes
/// a screen, with only the `UI` prefix dropped and selectors written as
/// actions: CG geometry, `Button(type:)` with `titleLabel`, a stack of
/// rows, a text field that follows the keyboard's messages.
final class PinPadViewController: ViewController {
    private let titleLabel = Label()
    private let dotsLabel = Label()
    private let staffField = TextField()
    private var keyboardObservers: [NotificationCenter.ObservationToken] = []
    private var padBottom: LayoutConstraint!
    private(set) var pin = ""
    private(set) var signedIn: String?
    private(set) var keyboardHeights: [CGFloat] = []

    static let keySize: CGFloat = 72

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Any?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        title = "Sign in"
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        titleLabel.text = "Enter your PIN"
        titleLabel.font = .preferredFont(forTextStyle: .title2)
        titleLabel.textAlignment = .center
        titleLabel.translatesAutoresizingMaskIntoConstraints = false

        dotsLabel.font = .systemFont(ofSize: 34, weight: .bold)
        dotsLabel.textAlignment = .center
        dotsLabel.textColor = .label
        dotsLabel.translatesAutoresizingMaskIntoConstraints = false

        staffField.placeholder = "Staff number"
        staffField.borderStyle = .roundedRect
        staffField.keyboardType = .numberPad
        staffField.returnKeyType = .done
        staffField.clearButtonMode = .whileEditing
        staffField.translatesAutoresizingMaskIntoConstraints = false

        let pad = StackView()
        pad.axis = .vertical
        pad.spacing = 12
        pad.distribution = .fillEqually
        pad.translatesAutoresizingMaskIntoConstraints = false
        for row in [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"], ["⌫", "0", "OK"]] {
            let rowStack = StackView()
            rowStack.axis = .horizontal
            rowStack.spacing = 12
            rowStack.distribution = .fillEqually
            for key in row {
                let button = Button(type: .system)
                button.setTitle(key, for: .normal)
                button.titleLabel?.font = .systemFont(ofSize: 28, weight: .medium)
                button.backgroundColor = key == "OK" ? .systemBlue : .secondarySystemBackground
                if key == "OK" { button.setTitleColor(.white, for: .normal) }
                button.layer.cornerRadius = PinPadViewController.keySize / 2
                button.addAction(Action { [unowned self] _ in self.keyTapped(key) }, for: .touchUpInside)
                rowStack.addArrangedSubview(button)
            }
            pad.addArrangedSubview(rowStack)
        }

        view.addSubview(titleLabel)
        view.addSubview(dotsLabel)
        view.addSubview(staffField)
        view.addSubview(pad)

        let guide = view.safeAreaLayoutGuide
        padBottom = pad.bottomAnchor.constraint(equalTo: guide.bottomAnchor, constant: -20)
        NSLayoutConstraint.activate([
            titleLabel.topAnchor.constraint(equalTo: guide.topAnchor, constant: 20),
            titleLabel.centerXAnchor.constraint(equalTo: guide.centerXAnchor),
            staffField.topAnchor.constraint(equalTo: titleLabel.bottomAnchor, constant: 12),
            staffField.centerXAnchor.constraint(equalTo: guide.centerXAnchor),
            staffField.widthAnchor.constraint(equalToConstant: 240),
            dotsLabel.topAnchor.constraint(equalTo: staffField.bottomAnchor, constant: 8),
            dotsLabel.centerXAnchor.constraint(equalTo: guide.centerXAnchor),
            pad.topAnchor.constraint(greaterThanOrEqualTo: dotsLabel.bottomAnchor, constant: 12),
            pad.centerXAnchor.constraint(equalTo: guide.centerXAnchor),
            pad.widthAnchor.constraint(equalToConstant: PinPadViewController.keySize * 3 + 24),
            padBottom,
        ])
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        let center = NotificationCenter.default
        keyboardObservers = [
            center.addObserver(of: Screen.self, for: .keyboardWillShow) { [weak self] message in
                guard let self else { return }
                keyboardHeights.append(message.endFrame.height)
                padBottom.constant = -message.endFrame.height - 20
                View.animate(withDuration: message.animationDuration, delay: 0, options: message.animationCurve.animationOptions) {
                    self.view.layoutIfNeeded()
                }
            },
            center.addObserver(of: Screen.self, for: .keyboardWillHide) { [weak self] message in
                guard let self else { return }
                padBottom.constant = -20
                View.animate(withDuration: message.animationDuration) { self.view.layoutIfNeeded() }
            },
        ]
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        for observer in keyboardObservers { NotificationCenter.default.removeObserver(observer) }
        keyboardObservers = []
    }

    private func keyTapped(_ key: String) {
        switch key {
        case "⌫": if !pin.isEmpty { pin.removeLast() }
        case "OK": signIn()
        default: if pin.count < 6 { pin.append(key) }
        }
        dotsLabel.text = String(repeating: "●", count: pin.count)
    }

    private func signIn() {
        guard pin.count >= 4 else {
            let alert = AlertController(title: "PIN too short", message: "A PIN has four to six digits.", preferredStyle: .alert)
            alert.addAction(AlertAction(title: "OK", style: .default))
            present(alert, animated: true)
            return
        }
        signedIn = staffField.text
        view.endEditing(true)
    }
}
