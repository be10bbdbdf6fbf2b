import TouchBridge

/// The last screen: the order number to listen for.
public final class ConfirmationViewController: ViewController {
    public let orderNumber: Int
    private let total: Int
    private let onDone: () -> Void
    private let checkmark = CheckmarkView(color: .white)

    /// There is no way back to the placed order: only on to a new one.
    init(orderNumber: Int, total: Int, onDone: @escaping () -> Void) {
        self.orderNumber = orderNumber
        self.total = total
        self.onDone = onDone
        super.init()
        title = "Order placed"
        navigationItem.hidesBackButton = true
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Theme.espresso
        let column = Theme.column(in: view)
        let lines = StackView(arrangedSubviews: [
            Theme.label("Thank you!", font: .boldSystemFont(ofSize: 40), color: .white, alignment: .center),
            Theme.label("Your order number is \(orderNumber)", font: .boldSystemFont(ofSize: 30), color: .white, alignment: .center),
            Theme.label(
                "Please pay \(formatPrice(total)) at the counter when we call it.", font: .systemFont(ofSize: 20), color: .white,
                alignment: .center),
        ])
        lines.translatesAutoresizingMaskIntoConstraints = false
        lines.axis = .vertical
        lines.spacing = 20
        let done = Theme.button("New order", primary: true)
        done.addAction(for: .touchUpInside) { [unowned self] _, _ in self.onDone() }
        view.addSubview(checkmark)
        view.addSubview(lines)
        view.addSubview(done)

        // The message a little above the middle, the button at the bottom.
        let space = LayoutGuide()
        view.addLayoutGuide(space)
        LayoutConstraint.activate([
            space.topAnchor.constraint(equalTo: column.topAnchor),
            space.bottomAnchor.constraint(equalTo: done.topAnchor),
            // The tick and the message together a little above the middle.
            lines.centerYAnchor.constraint(equalTo: space.centerYAnchor, constant: (CheckmarkView.side + 20) / 2 - 16),
            checkmark.bottomAnchor.constraint(equalTo: lines.topAnchor, constant: -20),
            checkmark.centerXAnchor.constraint(equalTo: column.centerXAnchor),
            lines.leadingAnchor.constraint(equalTo: column.leadingAnchor, constant: Theme.margin),
            lines.trailingAnchor.constraint(equalTo: column.trailingAnchor, constant: -Theme.margin),
            done.centerXAnchor.constraint(equalTo: column.centerXAnchor),
            done.widthAnchor.constraint(equalToConstant: 260),
            done.heightAnchor.constraint(equalToConstant: Theme.barHeight - 16),
            done.bottomAnchor.constraint(equalTo: column.bottomAnchor, constant: -24),
        ])
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        checkmark.play()
    }
}
