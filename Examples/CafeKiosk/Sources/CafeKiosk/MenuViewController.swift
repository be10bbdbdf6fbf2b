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

    private let size: Size

    /// `size` is the space under the navigation bar.
    init(size: Size) {
        self.size = size
        super.init()
        title = "Café Lumen · touch an item to order"
        navigationItem.backButtonTitle = "Menu"
    }

    public override func loadView() {
        let w = size.width, h = size.height
        let root = View(frame: Rect(origin: .zero, size: size))
        root.backgroundColor = Theme.cream

        table = TableView(frame: Rect(x: 0, y: 0, width: w, height: h - Theme.barHeight))
        table.rowHeight = MenuCell.height
        table.sectionHeaderHeight = 34
        table.separatorColor = Theme.line
        table.register(MenuCell.self, forCellReuseIdentifier: MenuCell.identifier)
        table.dataSource = self
        table.delegate = self
        root.addSubview(table)

        let bar = View(frame: Rect(x: 0, y: h - Theme.barHeight, width: w, height: Theme.barHeight))
        bar.backgroundColor = Theme.cream
        let buttonWidth = min(220.0, w * 0.4)
        summaryLabel = Label(frame: Rect(x: Theme.margin, y: 0, width: w - buttonWidth - 3 * Theme.margin, height: Theme.barHeight))
        summaryLabel.font = .systemFont(ofSize: 20)
        viewOrderButton = Theme.button(
            "View order", frame: Rect(x: w - buttonWidth - Theme.margin, y: 12, width: buttonWidth, height: Theme.barHeight - 24), primary: true)
        viewOrderButton.addAction(for: .touchUpInside) { [unowned self] _, _ in self.onViewOrder?() }
        bar.addSubview(summaryLabel)
        bar.addSubview(viewOrderButton)
        root.addSubview(bar)
        view = root
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
