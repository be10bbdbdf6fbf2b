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

    private static let lineHeight = 60.0

    init(order: Order) {
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

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Theme.cream
        let column = Theme.column(in: view), m = Theme.margin

        table = TableView()
        table.translatesAutoresizingMaskIntoConstraints = false
        table.rowHeight = Self.lineHeight
        table.allowsSelection = false
        table.separatorColor = Theme.line
        table.dataSource = self
        view.addSubview(table)

        totalLabel = Theme.label(font: .boldSystemFont(ofSize: 24), alignment: .right)
        view.addSubview(totalLabel)

        let more = Theme.button("Add more", primary: false)
        more.addAction(for: .touchUpInside) { [unowned self] _, _ in self.onAddMore?() }
        let place = Theme.button("Place order", primary: true)
        place.addAction(for: .touchUpInside) { [unowned self] _, _ in self.onPlace?() }
        // Two equal buttons side by side along the bottom.
        let buttons = StackView(arrangedSubviews: [more, place])
        buttons.translatesAutoresizingMaskIntoConstraints = false
        buttons.distribution = .fillEqually
        buttons.spacing = m
        view.addSubview(buttons)

        LayoutConstraint.activate([
            table.topAnchor.constraint(equalTo: column.topAnchor),
            table.leadingAnchor.constraint(equalTo: column.leadingAnchor),
            table.trailingAnchor.constraint(equalTo: column.trailingAnchor),

            totalLabel.topAnchor.constraint(equalTo: table.bottomAnchor),
            totalLabel.heightAnchor.constraint(equalToConstant: 48),
            totalLabel.leadingAnchor.constraint(equalTo: column.leadingAnchor, constant: m),
            totalLabel.trailingAnchor.constraint(equalTo: column.trailingAnchor, constant: -m),

            buttons.topAnchor.constraint(equalTo: totalLabel.bottomAnchor, constant: 8),
            buttons.bottomAnchor.constraint(equalTo: column.bottomAnchor, constant: -12),
            buttons.heightAnchor.constraint(equalToConstant: Theme.barHeight - 20),
            buttons.leadingAnchor.constraint(equalTo: column.leadingAnchor, constant: m),
            buttons.trailingAnchor.constraint(equalTo: column.trailingAnchor, constant: -m),
        ])
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
        cell.detailTextLabel?.textColor = .label
        return cell
    }

    final class LineCell: TableViewCell {
        let remove = Button(title: "Remove")

        required init(style: CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            remove.translatesAutoresizingMaskIntoConstraints = false
            remove.titleColor = .systemRed
            remove.addTarget(nil, action: "removeLine", for: .touchUpInside)
            contentView.addSubview(remove)
            LayoutConstraint.activate([
                remove.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -Theme.margin),
                remove.widthAnchor.constraint(equalToConstant: Self.removeWidth),
                remove.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
                remove.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -8),
            ])
        }

        static let removeWidth = 110.0

        /// The cell places its own labels; they keep out of the button's way.
        override func layoutSubviews() {
            super.layoutSubviews()
            let room = contentView.bounds.width - Self.removeWidth - Theme.margin
            textLabel?.frame.size.width = room * 0.6
            detailTextLabel?.frame = Rect(x: room * 0.6, y: 0, width: room * 0.4 - Theme.margin, height: bounds.height)
        }
    }
}
