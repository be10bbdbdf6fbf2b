import TouchBridge

/// The order: a line per item, each removable, the total, and the way to place it.
///
/// Each line's Remove button sends `removeLine` with no target: the action
/// climbs the responder chain from the button, through its cell and the
/// table, to this controller, which asks the table which line it was.
public final class CartViewController: ViewController, TableViewDataSource {
    public private(set) var table: TableView!
    public private(set) var totalLabel: Label!
    /// The order shown; setting it shows the new one.
    public var order: Order {
        didSet { if isViewLoaded { show() } }
    }
    var onRemove: ((MenuItem) -> Void)?
    var onAddMore: (() -> Void)?
    var onPlace: (() -> Void)?
    var onStartOver: (() -> Void)?

    private let size: Size
    private static let lineHeight = 60.0

    /// `size` is the space under the navigation bar.
    init(size: Size, order: Order) {
        self.size = size
        self.order = order
        super.init()
        title = "Your order"
        navigationItem.rightBarButtonItem = BarButtonItem(title: "Start over") { [unowned self] _ in self.confirmStartOver() }
        addAction("removeLine") { [unowned self] sender in
            guard let button = sender as? View, let cell = self.cell(containing: button),
                let indexPath = self.table.indexPath(for: cell)
            else { return }
            self.onRemove?(self.order.lines[indexPath.row].item)
        }
    }

    public override func loadView() {
        let w = size.width, h = size.height, m = Theme.margin
        let root = View(frame: Rect(origin: .zero, size: size))
        root.backgroundColor = Theme.cream

        let totalHeight = 48.0
        table = TableView(frame: Rect(x: 0, y: 0, width: w, height: h - Theme.barHeight - totalHeight))
        table.rowHeight = Self.lineHeight
        table.allowsSelection = false
        table.separatorColor = Theme.line
        table.dataSource = self
        root.addSubview(table)

        totalLabel = Label(frame: Rect(x: m, y: table.frame.maxY, width: w - 2 * m, height: totalHeight))
        totalLabel.font = .boldSystemFont(ofSize: 24)
        totalLabel.textAlignment = .right
        root.addSubview(totalLabel)

        let buttonWidth = (w - 3 * m) / 2, buttonY = h - Theme.barHeight + 8, buttonHeight = Theme.barHeight - 20
        let more = Theme.button("Add more", frame: Rect(x: m, y: buttonY, width: buttonWidth, height: buttonHeight), primary: false)
        more.addAction(for: .touchUpInside) { [unowned self] _, _ in self.onAddMore?() }
        let place = Theme.button("Place order", frame: Rect(x: 2 * m + buttonWidth, y: buttonY, width: buttonWidth, height: buttonHeight), primary: true)
        place.addAction(for: .touchUpInside) { [unowned self] _, _ in self.onPlace?() }
        root.addSubview(more)
        root.addSubview(place)
        view = root
        show()
    }

    private func show() {
        totalLabel.text = "Total \(formatPrice(order.total))"
        table.reloadData()
    }

    private func cell(containing view: View) -> TableViewCell? {
        var current: View? = view
        while let candidate = current {
            if let cell = candidate as? TableViewCell { return cell }
            current = candidate.superview
        }
        return nil
    }

    /// Throwing a whole order away deserves a second question.
    private func confirmStartOver() {
        let alert = AlertController(title: "Start over?", message: "Everything in your order will be removed.")
        alert.addAction(AlertAction(title: "Keep my order", style: .cancel))
        alert.addAction(AlertAction(title: "Start over", style: .destructive) { [unowned self] _ in self.onStartOver?() })
        present(alert, animated: true)
    }

    // MARK: The table

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { order.lines.count }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Line") ?? Self.makeLineCell()
        let line = order.lines[indexPath.row]
        cell.textLabel?.text = "\(line.quantity) × \(line.item.name)"
        cell.detailTextLabel?.text = formatPrice(line.total)
        return cell
    }

    /// A line: what and how many on the left, the price, and a Remove button at the right.
    private static func makeLineCell() -> TableViewCell {
        let cell = LineCell(style: .value1, reuseIdentifier: "Line")
        cell.textLabel?.font = .systemFont(ofSize: 21)
        cell.detailTextLabel?.font = .systemFont(ofSize: 21)
        cell.detailTextLabel?.textColor = .black
        return cell
    }

    final class LineCell: TableViewCell {
        let remove = Button(title: "Remove")

        required init(style: CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            remove.titleColor = .systemRed
            remove.addTarget(nil, action: "removeLine", for: .touchUpInside)
            contentView.addSubview(remove)
        }

        override func layoutSubviews() {
            super.layoutSubviews()
            let removeWidth = 110.0
            let room = contentView.bounds.width - removeWidth - Theme.margin
            remove.frame = Rect(x: room, y: 8, width: removeWidth, height: bounds.height - 16)
            textLabel?.frame.size.width = room * 0.6
            detailTextLabel?.frame = Rect(x: room * 0.6, y: 0, width: room * 0.4 - Theme.margin, height: bounds.height)
        }
    }
}
