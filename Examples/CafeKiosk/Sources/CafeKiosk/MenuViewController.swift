import TouchBridge

/// The first screen: the menu in a scrolling list, and a bar with the order so far.
public final class MenuViewController: ViewController {
    public private(set) var list: ScrollView!
    public private(set) var rows: [MenuRow] = []
    public private(set) var summaryLabel: Label!
    public private(set) var viewOrderButton: Button!

    private let size: Size
    private let order: Order
    private let onSelect: (MenuItem) -> Void
    private let onViewOrder: () -> Void

    init(size: Size, order: Order, onSelect: @escaping (MenuItem) -> Void, onViewOrder: @escaping () -> Void) {
        self.size = size
        self.order = order
        self.onSelect = onSelect
        self.onViewOrder = onViewOrder
        super.init()
    }

    public override func loadView() {
        let w = size.width, h = size.height
        let root = View(frame: Rect(origin: .zero, size: size))
        root.backgroundColor = Theme.cream
        root.addSubview(Theme.header(width: w, title: "Café Lumen · touch an item to order"))

        list = ScrollView(frame: Rect(x: 0, y: Theme.headerHeight, width: w, height: h - Theme.headerHeight - Theme.barHeight))
        list.backgroundColor = .white
        list.alwaysBounceVertical = true
        for (index, item) in MenuItem.menu.enumerated() {
            let row = MenuRow(item: item, width: w)
            row.frame.origin.y = Double(index) * MenuRow.height
            row.addAction(for: .touchUpInside) { [unowned self] _, _ in self.onSelect(item) }
            list.addSubview(row)
            rows.append(row)
        }
        list.contentSize = Size(width: w, height: Double(rows.count) * MenuRow.height)
        root.addSubview(list)

        let bar = View(frame: Rect(x: 0, y: h - Theme.barHeight, width: w, height: Theme.barHeight))
        bar.backgroundColor = Theme.cream
        let buttonWidth = min(220.0, w * 0.4)
        summaryLabel = Label(
            frame: Rect(x: Theme.margin, y: 0, width: w - buttonWidth - 3 * Theme.margin, height: Theme.barHeight),
            text: order.isEmpty ? "Your order is empty" : "Your order: \(order.summary)")
        summaryLabel.font = .systemFont(ofSize: 20)
        viewOrderButton = Theme.button(
            "View order", frame: Rect(x: w - buttonWidth - Theme.margin, y: 12, width: buttonWidth, height: Theme.barHeight - 24), primary: true)
        viewOrderButton.isEnabled = !order.isEmpty
        if order.isEmpty { viewOrderButton.backgroundColor = Theme.line }
        viewOrderButton.addAction(for: .touchUpInside) { [unowned self] _, _ in self.onViewOrder() }
        bar.addSubview(summaryLabel)
        bar.addSubview(viewOrderButton)
        root.addSubview(bar)
        view = root
    }
}
