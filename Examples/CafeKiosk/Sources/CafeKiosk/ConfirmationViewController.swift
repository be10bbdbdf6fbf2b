import TouchBridge

/// The last screen: the order number to listen for.
public final class ConfirmationViewController: ViewController {
    public let orderNumber: Int
    private let size: Size
    private let total: Int
    private let onDone: () -> Void

    /// `size` is the space under the navigation bar. There is no way back
    /// to the placed order: only on to a new one.
    init(size: Size, orderNumber: Int, total: Int, onDone: @escaping () -> Void) {
        self.size = size
        self.orderNumber = orderNumber
        self.total = total
        self.onDone = onDone
        super.init()
        title = "Order placed"
        navigationItem.hidesBackButton = true
    }

    public override func loadView() {
        let w = size.width, h = size.height, m = Theme.margin
        let root = View(frame: Rect(origin: .zero, size: size))
        root.backgroundColor = Theme.espresso
        let lines: [(String, Font, Double)] = [
            ("Thank you!", .boldSystemFont(ofSize: 40), 64),
            ("Your order number is \(orderNumber)", .boldSystemFont(ofSize: 30), 52),
            ("Please pay \(formatPrice(total)) at the counter when we call it.", .systemFont(ofSize: 20), 40),
        ]
        var y = h * 0.1
        for (text, font, height) in lines {
            let label = Label(frame: Rect(x: m, y: y, width: w - 2 * m, height: height), text: text)
            label.font = font
            label.textColor = .white
            label.textAlignment = .center
            root.addSubview(label)
            y += height + 8
        }
        let done = Theme.button("New order", frame: Rect(x: (w - 260) / 2, y: h - Theme.barHeight - 24, width: 260, height: Theme.barHeight - 16), primary: true)
        done.addAction(for: .touchUpInside) { [unowned self] _, _ in self.onDone() }
        root.addSubview(done)
        view = root
    }
}
