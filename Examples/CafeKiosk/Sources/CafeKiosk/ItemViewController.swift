import TouchBridge

/// One item: what it is, how many, and what that comes to.
public final class ItemViewController: ViewController {
    public let item: MenuItem
    public private(set) var stepper: Stepper!
    public private(set) var quantityLabel: Label!
    public private(set) var totalLabel: Label!
    public var quantity: Int { Int(stepper.value) }

    private let size: Size
    private let onAdd: (Int) -> Void
    /// No one orders more of one thing at a kiosk; more is a mistake.
    public static let maximumQuantity = 20

    /// `size` is the space under the navigation bar, whose back button returns to the menu.
    init(item: MenuItem, size: Size, onAdd: @escaping (Int) -> Void) {
        self.item = item
        self.size = size
        self.onAdd = onAdd
        super.init()
        title = item.name
    }

    public override func loadView() {
        let w = size.width, h = size.height, m = Theme.margin
        let root = View(frame: Rect(origin: .zero, size: size))
        root.backgroundColor = Theme.cream

        let detail = Label(frame: Rect(x: m, y: m, width: w - 2 * m, height: 56), text: item.detail)
        detail.font = .systemFont(ofSize: 20)
        detail.numberOfLines = 2
        let price = Label(frame: Rect(x: m, y: detail.frame.maxY, width: w - 2 * m, height: 30), text: "\(formatPrice(item.price)) each")
        price.font = .systemFont(ofSize: 18)
        price.textColor = Theme.secondaryText

        let rowY = price.frame.maxY + 2 * m
        let caption = Label(frame: Rect(x: m, y: rowY, width: 120, height: 56), text: "Quantity")
        caption.font = .systemFont(ofSize: 20)
        quantityLabel = Label(frame: Rect(x: m + 120, y: rowY, width: 60, height: 56))
        quantityLabel.font = .boldSystemFont(ofSize: 28)
        quantityLabel.textAlignment = .center
        // Large, for fingers in a hurry: quick taps should not fall just outside it.
        stepper = Stepper(frame: Rect(x: m + 190, y: rowY - 4, width: 180, height: 64))
        stepper.minimumValue = 1
        stepper.maximumValue = Double(Self.maximumQuantity)
        stepper.value = 1
        stepper.tintColor = Theme.accent
        stepper.addAction(for: .valueChanged) { [unowned self] _, _ in self.quantityChanged() }
        totalLabel = Label(frame: Rect(x: m + 390, y: rowY, width: max(0, w - 390 - 2 * m), height: 56))
        totalLabel.font = .boldSystemFont(ofSize: 24)
        totalLabel.textAlignment = .right

        let add = Theme.button(
            "Add to order", frame: Rect(x: m, y: h - Theme.barHeight + 8, width: w - 2 * m, height: Theme.barHeight - 20), primary: true)
        add.addAction(for: .touchUpInside) { [unowned self] _, _ in self.onAdd(self.quantity) }
        for view in [detail, price, caption, quantityLabel!, stepper!, totalLabel!, add] as [View] { root.addSubview(view) }
        view = root
        quantityChanged()
    }

    private func quantityChanged() {
        quantityLabel.text = "\(quantity)"
        totalLabel.text = formatPrice(item.price * quantity)
    }
}
