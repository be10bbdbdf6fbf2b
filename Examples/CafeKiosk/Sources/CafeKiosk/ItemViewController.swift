import TouchBridge

/// One item: what it is, how many, and what that comes to.
public final class ItemViewController: ViewController {
    public let item: MenuItem
    public private(set) var stepper: Stepper!
    public private(set) var quantityLabel: Label!
    public private(set) var totalLabel: Label!
    public var quantity: Int { Int(stepper.value) }

    private let onAdd: (Int) -> Void
    /// No one orders more of one thing at a kiosk; more is a mistake.
    public static let maximumQuantity = 20

    /// The navigation bar's back button returns to the menu.
    init(item: MenuItem, onAdd: @escaping (Int) -> Void) {
        self.item = item
        self.onAdd = onAdd
        super.init()
        title = item.name
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Theme.cream
        let column = Theme.column(in: view), m = Theme.margin

        let detail = Theme.label(item.detail, font: .systemFont(ofSize: 20))
        detail.numberOfLines = 2
        let price = Theme.label("\(formatPrice(item.price)) each", font: .systemFont(ofSize: 18), color: Theme.secondaryText)
        let caption = Theme.label("Quantity", font: .systemFont(ofSize: 20))
        quantityLabel = Theme.label(font: .boldSystemFont(ofSize: 28), alignment: .center)
        // Large, for fingers in a hurry: quick taps should not fall just outside it.
        stepper = Stepper()
        stepper.translatesAutoresizingMaskIntoConstraints = false
        stepper.minimumValue = 1
        stepper.maximumValue = Double(Self.maximumQuantity)
        stepper.value = 1
        stepper.tintColor = Theme.accent
        stepper.addAction(for: .valueChanged) { [unowned self] _, _ in self.quantityChanged() }
        totalLabel = Theme.label(font: .boldSystemFont(ofSize: 24), alignment: .right)
        let add = Theme.button("Add to order", primary: true)
        add.addAction(for: .touchUpInside) { [unowned self] _, _ in self.onAdd(self.quantity) }
        for subview in [detail, price, caption, quantityLabel!, stepper!, totalLabel!, add] as [View] { view.addSubview(subview) }

        LayoutConstraint.activate([
            detail.topAnchor.constraint(equalTo: column.topAnchor, constant: m),
            detail.heightAnchor.constraint(equalToConstant: 56),
            price.topAnchor.constraint(equalTo: detail.bottomAnchor),
            price.heightAnchor.constraint(equalToConstant: 30),

            // The quantity row: caption, number, stepper, and the total at the far end.
            caption.topAnchor.constraint(equalTo: price.bottomAnchor, constant: 2 * m),
            caption.widthAnchor.constraint(equalToConstant: 120),
            caption.heightAnchor.constraint(equalToConstant: 56),
            quantityLabel.leadingAnchor.constraint(equalTo: caption.trailingAnchor),
            quantityLabel.widthAnchor.constraint(equalToConstant: 60),
            quantityLabel.heightAnchor.constraint(equalTo: caption.heightAnchor),
            quantityLabel.centerYAnchor.constraint(equalTo: caption.centerYAnchor),
            stepper.leadingAnchor.constraint(equalTo: quantityLabel.trailingAnchor, constant: 10),
            stepper.widthAnchor.constraint(equalToConstant: 180),
            stepper.heightAnchor.constraint(equalToConstant: 64),
            stepper.centerYAnchor.constraint(equalTo: caption.centerYAnchor),
            totalLabel.leadingAnchor.constraint(equalTo: stepper.trailingAnchor, constant: 20),
            totalLabel.centerYAnchor.constraint(equalTo: caption.centerYAnchor),

            add.bottomAnchor.constraint(equalTo: column.bottomAnchor, constant: -12),
            add.heightAnchor.constraint(equalToConstant: Theme.barHeight - 20),
        ])
        // Everything but the row's middle runs from one side of the column to the other.
        for subview in [detail, price, caption, add] as [View] {
            subview.leadingAnchor.constraint(equalTo: column.leadingAnchor, constant: m).isActive = true
        }
        for subview in [detail, price, totalLabel!, add] as [View] {
            subview.trailingAnchor.constraint(equalTo: column.trailingAnchor, constant: -m).isActive = true
        }
        quantityChanged()
    }

    private func quantityChanged() {
        quantityLabel.text = "\(quantity)"
        totalLabel.text = formatPrice(item.price * quantity)
    }
}
