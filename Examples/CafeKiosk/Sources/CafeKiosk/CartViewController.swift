import TouchBridge

/// The order: a line per item, each removable, the total, and the way to place it.
public final class CartViewController: ViewController {
    public private(set) var lineLabels: [Label] = []
    public private(set) var totalLabel: Label!

    private let size: Size
    private let order: Order
    private let onRemove: (MenuItem) -> Void
    private let onAddMore: () -> Void
    private let onPlace: () -> Void
    private static let lineHeight = 60.0

    init(size: Size, order: Order, onRemove: @escaping (MenuItem) -> Void, onAddMore: @escaping () -> Void, onPlace: @escaping () -> Void) {
        self.size = size
        self.order = order
        self.onRemove = onRemove
        self.onAddMore = onAddMore
        self.onPlace = onPlace
        super.init()
    }

    public override func loadView() {
        let w = size.width, h = size.height, m = Theme.margin
        let root = View(frame: Rect(origin: .zero, size: size))
        root.backgroundColor = Theme.cream
        root.addSubview(Theme.header(width: w, title: "Your order"))

        let totalHeight = 48.0
        let list = ScrollView(frame: Rect(x: 0, y: Theme.headerHeight, width: w, height: h - Theme.headerHeight - Theme.barHeight - totalHeight))
        list.backgroundColor = .white
        let removeWidth = 110.0, priceWidth = 100.0
        for (index, line) in order.lines.enumerated() {
            let y = Double(index) * Self.lineHeight
            let label = Label(
                frame: Rect(x: m, y: y, width: w - removeWidth - priceWidth - 3 * m, height: Self.lineHeight),
                text: "\(line.quantity) × \(line.item.name)")
            label.font = .systemFont(ofSize: 21)
            let price = Label(frame: Rect(x: w - removeWidth - priceWidth - 2 * m, y: y, width: priceWidth, height: Self.lineHeight), text: formatPrice(line.total))
            price.font = .systemFont(ofSize: 21)
            price.textAlignment = .right
            let remove = Button(frame: Rect(x: w - removeWidth - m, y: y + 8, width: removeWidth, height: Self.lineHeight - 16), title: "Remove")
            remove.titleColor = .systemRed
            let item = line.item
            remove.addAction(for: .touchUpInside) { [unowned self] _, _ in self.onRemove(item) }
            for view in [label, price, remove] as [View] { list.addSubview(view) }
            lineLabels.append(label)
        }
        list.contentSize = Size(width: w, height: Double(order.lines.count) * Self.lineHeight)
        root.addSubview(list)

        totalLabel = Label(frame: Rect(x: m, y: list.frame.maxY, width: w - 2 * m, height: totalHeight), text: "Total \(formatPrice(order.total))")
        totalLabel.font = .boldSystemFont(ofSize: 24)
        totalLabel.textAlignment = .right
        root.addSubview(totalLabel)

        let buttonWidth = (w - 3 * m) / 2, buttonY = h - Theme.barHeight + 8, buttonHeight = Theme.barHeight - 20
        let more = Theme.button("Add more", frame: Rect(x: m, y: buttonY, width: buttonWidth, height: buttonHeight), primary: false)
        more.addAction(for: .touchUpInside) { [unowned self] _, _ in self.onAddMore() }
        let place = Theme.button("Place order", frame: Rect(x: 2 * m + buttonWidth, y: buttonY, width: buttonWidth, height: buttonHeight), primary: true)
        place.addAction(for: .touchUpInside) { [unowned self] _, _ in self.onPlace() }
        root.addSubview(more)
        root.addSubview(place)
        view = root
    }
}
