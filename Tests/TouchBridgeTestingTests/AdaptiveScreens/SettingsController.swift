import TouchBridge

/// A kiosk's settings, written as Apple's documentation writes a settings
/// screen: an inset grouped table filling the view, rows from
/// `defaultContentConfiguration()`, switches as accessory views, and
/// section titles above and below.
final class SettingsController: ViewController, TableViewDataSource, TableViewDelegate {
    struct Row {
        var title: String
        var value: String? = nil
        var image: Image? = nil
        var isSwitch = false
        var accessory: (() -> View)? = nil
    }

    let tableView = TableView(frame: .zero, style: .insetGrouped)
    let sections: [(header: String?, rows: [Row], footer: String?)] = [
        (header: "Screen", rows: [
            Row(title: "Brightness", value: "80 %"),
            Row(title: "Dim when idle", isSwitch: true),
            Row(title: "Power off after", value: "10 minutes"),
            Row(title: "Text size", accessory: {
                let sizes = SegmentedControl(items: ["S", "M", "L"])
                sizes.selectedSegmentIndex = 1
                return sizes
            }),
        ], footer: "The panel dims first, then powers off; a touch wakes it."),
        (header: "Network", rows: [
            Row(title: "Wi-Fi", value: "Office"),
            Row(title: "Remote support", isSwitch: true),
            Row(title: "Update", value: "60 %", accessory: {
                let bar = ProgressView(progressViewStyle: .default)
                bar.frame.size.width = 120
                bar.progress = 0.6
                return bar
            }),
        ], footer: nil),
        (header: nil, rows: [Row(title: "About this kiosk")], footer: "TouchBridge 1.0"),
    ]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Settings"
        view.backgroundColor = .systemGroupedBackground
        tableView.translatesAutoresizingMaskIntoConstraints = false
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "Row")
        tableView.dataSource = self
        tableView.delegate = self
        view.addSubview(tableView)
        LayoutConstraint.activate([
            tableView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            tableView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            tableView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            tableView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
        ])
    }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].rows.count }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { sections[section].header }
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { sections[section].footer }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let row = sections[indexPath.section].rows[indexPath.row]
        let cell = tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
        var content = ListContentConfiguration.valueCell()
        content.text = row.title
        content.secondaryText = row.value
        cell.contentConfiguration = content
        let control = row.accessory?() ?? (row.isSwitch ? Switch() : nil)
        cell.accessoryView = control
        cell.accessoryType = control == nil ? .disclosureIndicator : .none
        cell.selectionStyle = control == nil ? .default : .none
        return cell
    }
}
