import TouchBridge

/// A kiosk's settings, written as UIKit's documentation writes a settings
/// table: an inset-grouped table, content configurations, a switch as an
/// accessory view, a checkmark list, footers, `reloadRows(at:with:)`, and
/// a detail pushed with large titles in the navigation bar.
final class SettingsTableViewController: TableViewController {
    enum Section: Int, CaseIterable { case display, language, about }

    private(set) var nightMode = false
    private(set) var language = "English"
    let languages = ["English", "Deutsch", "Français", "العربية"]

    init() {
        super.init(style: .insetGrouped)
        title = "Settings"
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationController?.navigationBar.prefersLargeTitles = true
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "cell")
        navigationItem.rightBarButtonItem = BarButtonItem(systemItem: .done, primaryAction: Action { [unowned self] _ in
            self.dismiss(animated: true)
        })
    }

    override func numberOfSections(in tableView: TableView) -> Int { Section.allCases.count }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        switch Section(rawValue: section)! {
        case .display: 2
        case .language: languages.count
        case .about: 1
        }
    }

    override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        switch Section(rawValue: section)! {
        case .display: "Display"
        case .language: "Language"
        case .about: nil
        }
    }

    override func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        Section(rawValue: section) == .language ? "Customers can change it on the start screen." : nil
    }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        var content = cell.defaultContentConfiguration()
        cell.accessoryType = .none
        cell.accessoryView = nil
        switch Section(rawValue: indexPath.section)! {
        case .display where indexPath.row == 0:
            content.text = "Night mode"
            let toggle = Switch()
            toggle.isOn = nightMode
            toggle.addAction(Action { [unowned self, unowned toggle] _ in self.nightMode = toggle.isOn }, for: .valueChanged)
            cell.accessoryView = toggle
        case .display:
            content.text = "Brightness"
            content.secondaryText = nightMode ? "40%" : "80%"
            cell.accessoryType = .disclosureIndicator
        case .language:
            content.text = languages[indexPath.row]
            cell.accessoryType = languages[indexPath.row] == language ? .checkmark : .none
        case .about:
            content.text = "Version"
            content.secondaryText = "2.4.1"
        }
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard Section(rawValue: indexPath.section) == .language else { return }
        let previous = languages.firstIndex(of: language).map { IndexPath(row: $0, section: indexPath.section) }
        language = languages[indexPath.row]
        tableView.reloadRows(at: [previous, indexPath].compactMap { $0 }, with: .automatic)
    }
}
