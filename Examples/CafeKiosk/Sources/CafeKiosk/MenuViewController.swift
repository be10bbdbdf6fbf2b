import TouchBridge

/// The first screen: the menu in a table, a section per kind of thing, and
/// a bar with the order so far.
public final class MenuViewController: ViewController, TableViewDataSource, TableViewDelegate {
    public private(set) var table: TableView!
    public private(set) var summaryLabel: Label!
    public private(set) var viewOrderButton: Button!
    /// The order so far, as the bar shows it.
    public var order = Order() {
        didSet { if isViewLoaded { showOrder() } }
    }
    var onSelect: ((MenuItem) -> Void)?
    var onViewOrder: (() -> Void)?

    public override init() {
        super.init()
        title = "Café Lumen · touch an item to order"
        navigationItem.backButtonTitle = "Menu"
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Theme.cream
        let column = Theme.column(in: view)

        table = TableView()
        table.translatesAutoresizingMaskIntoConstraints = false
        table.rowHeight = MenuCell.height
        table.sectionHeaderHeight = 34
        table.separatorColor = Theme.line
        table.register(MenuCell.self, forCellReuseIdentifier: MenuCell.identifier)
        table.dataSource = self
        table.delegate = self
        view.addSubview(table)

        summaryLabel = Theme.label(font: .systemFont(ofSize: 20))
        viewOrderButton = Theme.button("View order", primary: true)
        viewOrderButton.addAction(for: .touchUpInside) { [unowned self] _, _ in self.onViewOrder?() }
        view.addSubview(summaryLabel)
        view.addSubview(viewOrderButton)

        // The button is 220 points wide where there is room, never more than
        // two fifths of the column; the summary has the rest of the bar.
        let buttonWidth = viewOrderButton.widthAnchor.constraint(equalToConstant: 220)
        buttonWidth.priority = .defaultHigh
        LayoutConstraint.activate([
            table.topAnchor.constraint(equalTo: column.topAnchor),
            table.leadingAnchor.constraint(equalTo: column.leadingAnchor),
            table.trailingAnchor.constraint(equalTo: column.trailingAnchor),
            table.bottomAnchor.constraint(equalTo: column.bottomAnchor, constant: -Theme.barHeight),

            viewOrderButton.trailingAnchor.constraint(equalTo: column.trailingAnchor, constant: -Theme.margin),
            viewOrderButton.centerYAnchor.constraint(equalTo: table.bottomAnchor, constant: Theme.barHeight / 2),
            viewOrderButton.heightAnchor.constraint(equalToConstant: Theme.barHeight - 24),
            buttonWidth,
            viewOrderButton.widthAnchor.constraint(lessThanOrEqualTo: column.widthAnchor, multiplier: 0.4),

            summaryLabel.leadingAnchor.constraint(equalTo: column.leadingAnchor, constant: Theme.margin),
            summaryLabel.trailingAnchor.constraint(lessThanOrEqualTo: viewOrderButton.leadingAnchor, constant: -Theme.margin),
            summaryLabel.centerYAnchor.constraint(equalTo: viewOrderButton.centerYAnchor),
        ])
        showOrder()
    }

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        // Back from an item, the row it was chosen from is no longer selected.
        if let selected = table.indexPathForSelectedRow { table.deselectRow(at: selected, animated: animated) }
    }

    private func showOrder() {
        summaryLabel.text = order.isEmpty ? "Your order is empty" : "Your order: \(order.summary)"
        viewOrderButton.isEnabled = !order.isEmpty
        viewOrderButton.backgroundColor = order.isEmpty ? Theme.line : Theme.accent
    }

    // MARK: The table

    public func numberOfSections(in tableView: TableView) -> Int { MenuItem.sections.count }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        MenuItem.sections[section].items.count
    }

    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        MenuItem.sections[section].title
    }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: MenuCell.identifier, for: indexPath) as! MenuCell
        cell.show(MenuItem.sections[indexPath.section].items[indexPath.row])
        return cell
    }

    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        onSelect?(MenuItem.sections[indexPath.section].items[indexPath.row])
    }
}
