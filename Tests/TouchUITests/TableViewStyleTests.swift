import Testing
import TouchUI

/// UITableView's styles and UIListContentConfiguration, as Apple's
/// documentation describes them: plain, grouped and inset grouped tables,
/// section footers, and cells filled through content configurations.
@MainActor
struct TableViewStyleTests {
    class Settings: TableViewDataSource, TableViewDelegate {
        var sections: [(header: String?, rows: [String], footer: String?)]
        var selected: [IndexPath] = []

        init(_ sections: [(header: String?, rows: [String], footer: String?)]) { self.sections = sections }

        func numberOfSections(in tableView: TableView) -> Int { sections.count }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].rows.count }
        func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { sections[section].header }
        func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { sections[section].footer }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "Row") ?? TableViewCell(style: .value1, reuseIdentifier: "Row")
            var content = cell.defaultContentConfiguration()
            content.text = sections[indexPath.section].rows[indexPath.row]
            content.secondaryText = "On"
            cell.contentConfiguration = content
            return cell
        }
        func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath) }
        func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { nil }
    }

    let app = Application()
    let window: Window

    init() {
        app.timeline = VirtualTimeline()
        window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 600), application: app)
        window.makeKeyAndVisible()
    }

    func table(_ style: TableView.Style, _ source: Settings, width: Double = 400) -> TableView {
        let table = TableView(frame: Rect(x: 0, y: 0, width: width, height: 600), style: style)
        window.addSubview(table)
        table.dataSource = source
        table.delegate = source
        table.layoutIfNeeded()
        return table
    }

    static func general() -> Settings {
        Settings([
            (header: "Network", rows: ["Wi-Fi", "Ethernet", "Proxy"], footer: "The kiosk joins the first network that answers."),
            (header: nil, rows: ["Brightness"], footer: nil),
        ])
    }

    /// "init(frame:style:)": the style is fixed at creation; init(frame:) makes a plain table.
    @Test func aTableKeepsTheStyleItWasMadeWith() {
        #expect(TableView(frame: .zero).style == .plain)
        #expect(TableView(frame: .zero, style: .insetGrouped).style == .insetGrouped)
        #expect(TableView(frame: .zero).backgroundColor == .systemBackground)
        #expect(TableView(frame: .zero, style: .grouped).backgroundColor == .systemGroupedBackground)
    }

    /// Plain headers float at the top while their section scrolls; grouped ones scroll with it.
    @Test func groupedHeadersScrollWithTheirSection() {
        let source = Settings([(header: "Drinks", rows: (0..<30).map { "Row \($0)" }, footer: nil)])
        let plain = table(.plain, source)
        let grouped = table(.grouped, source)
        for table in [plain, grouped] {
            table.contentOffset = Point(x: 0, y: 200)
            table.layoutIfNeeded()
        }
        let plainHeader = plain.subviews.compactMap { $0 as? TableViewHeaderFooterView }.first { !$0.isHidden }
        let groupedHeader = grouped.subviews.compactMap { $0 as? TableViewHeaderFooterView }.first { !$0.isHidden }
        #expect(plainHeader?.frame.minY == 200)
        #expect(groupedHeader == nil, "scrolled out of sight with its section's top")
        #expect(grouped.rectForHeader(inSection: 0).minY == 0)
    }

    /// "titleForFooterInSection": the footer's text stands under the section's last row, on as many lines as it needs.
    @Test func aFooterTitleStandsUnderTheLastRowAndWraps() {
        let short = Settings([(header: nil, rows: ["A"], footer: "Short.")])
        let long = Settings([(header: nil, rows: ["A"], footer: String(repeating: "A footer that explains a setting at length. ", count: 6))])
        let shortTable = table(.insetGrouped, short), longTable = table(.insetGrouped, long)
        let footer = shortTable.rectForFooter(inSection: 0)
        #expect(footer.minY == shortTable.rectForRow(at: IndexPath(row: 0, section: 0)).maxY)
        #expect(longTable.rectForFooter(inSection: 0).height > footer.height + 30, "the long footer wraps onto more lines")
        let shown = shortTable.subviews.compactMap { $0 as? TableViewHeaderFooterView }.first { !$0.isHidden }
        #expect(shown?.textLabel.text == "Short.")
        #expect(shown?.frame.minY == footer.minY)
        #expect(longTable.contentSize.height == longTable.rectForFooter(inSection: 0).maxY)
    }

    /// Grouped headers are in capitals, footers as written.
    @Test func groupedHeadersAreInCapitals() {
        let table = table(.grouped, Self.general())
        let titles = Set(table.subviews.compactMap { ($0 as? TableViewHeaderFooterView)?.textLabel.text })
        #expect(titles.contains("NETWORK"))
        #expect(titles.contains("The kiosk joins the first network that answers."))
    }

    /// Inset grouped: each section is a card inside the margins, rounded at its ends, with no line under its last row.
    @Test func insetGroupedSectionsAreRoundedCardsInsideTheMargins() throws {
        let source = Self.general()
        let compact = table(.insetGrouped, source)
        let rows = (0..<3).map { compact.cellForRow(at: IndexPath(row: $0, section: 0))! }
        #expect(rows.allSatisfy { $0.frame.minX == 16 && $0.frame.maxX == 400 - 16 })
        #expect(rows[0].cornerRadius == 10 && rows[0].maskedCorners == .top)
        #expect(rows[1].cornerRadius == 0)
        #expect(rows[2].cornerRadius == 10 && rows[2].maskedCorners == .bottom)
        let single = try #require(compact.cellForRow(at: IndexPath(row: 0, section: 1)))
        #expect(single.maskedCorners == .all && single.cornerRadius == 10)
        #expect(rows.allSatisfy { $0.backgroundColor == .secondarySystemGroupedBackground })
        // A finger in the margin beside a card touches no row.
        #expect(compact.indexPathForRow(at: Point(x: 8, y: rows[1].frame.midY)) == nil)
        #expect(compact.indexPathForRow(at: Point(x: 30, y: rows[1].frame.midY)) == IndexPath(row: 1, section: 0))

        window.frame = Rect(x: 0, y: 0, width: 800, height: 600)
        window.layoutIfNeeded()
        let regular = table(.insetGrouped, source, width: 800)
        #expect(regular.cellForRow(at: IndexPath(row: 0, section: 0))?.frame.minX == 20, "a regular width's margin")
    }

    /// "defaultContentConfiguration()": a configuration in the arrangement of the cell's style, with no content.
    @Test func aCellsDefaultConfigurationFollowsItsStyle() {
        let value = TableViewCell(style: .value1, reuseIdentifier: nil).defaultContentConfiguration()
        let subtitle = TableViewCell(style: .subtitle, reuseIdentifier: nil).defaultContentConfiguration()
        #expect(value == .valueCell() && value.arrangement == .sideBySide && value.text == nil)
        #expect(subtitle == .subtitleCell() && subtitle.arrangement == .stacked)
        #expect(TableViewCell(reuseIdentifier: nil).defaultContentConfiguration() == .cell())
        #expect(subtitle.secondaryTextProperties.font.size < subtitle.textProperties.font.size)
    }

    /// "contentConfiguration": the view it makes shows the texts, and a new configuration updates the same view.
    @Test func aConfigurationShowsItsTextsAndUpdatesInPlace() throws {
        let cell = TableViewCell(style: .default, reuseIdentifier: nil)
        cell.frame = Rect(x: 0, y: 0, width: 320, height: 44)
        var content = ListContentConfiguration.valueCell()
        content.text = "Wi-Fi"
        content.secondaryText = "Office"
        cell.contentConfiguration = content
        cell.layoutIfNeeded()
        func labels() -> [Label] { labelsIn(cell.contentView).filter { !$0.isHidden } }
        #expect(labels().map(\.text) == ["Wi-Fi", "Office"])
        #expect(cell.textLabel?.isHidden == true, "the legacy label gives way")
        let made = cell.contentView.subviews.last
        let office = try #require(labels().last)
        #expect(office.frame.maxX == 320 - 16, "the value at the trailing margin")
        #expect(labels().first!.frame.minX == 16)

        content.secondaryText = "Home"
        cell.contentConfiguration = content
        #expect(cell.contentView.subviews.last === made, "the same view, updated")
        #expect(labels().map(\.text) == ["Wi-Fi", "Home"])

        cell.contentConfiguration = nil
        #expect(!(cell.contentView.subviews.last is ListContentView))
        #expect(cell.textLabel?.isHidden == false)
    }

    /// A selection traces the configuration's text, as it does a label's.
    @Test func aSelectedRowIsTracedByItsConfiguredText() {
        var lines: [String] = []
        app.actionTrace = { lines.append($0) }
        let source = Self.general()
        let table = table(.insetGrouped, source)
        let row = table.rectForRow(at: IndexPath(row: 1, section: 0))
        app.tap(Point(x: row.midX, y: row.midY), in: window, at: 1)
        #expect(source.selected == [IndexPath(row: 1, section: 0)])
        #expect(lines.contains("TableView selected row 1 in section 0 \"Ethernet\""))
    }

    func labelsIn(_ view: View) -> [Label] {
        view.subviews.flatMap { subview -> [Label] in (subview as? Label).map { [$0] } ?? labelsIn(subview) }
    }

    /// Measured before it had a width (frame .zero, laid out by constraints later), a table measures its titles again at its width.
    @Test func titlesAreMeasuredAgainAtTheTablesWidth() {
        let source = Settings([(header: "Network", rows: ["Wi-Fi"], footer: "The kiosk joins the first network that answers.")])
        let early = TableView(frame: .zero, style: .insetGrouped)
        early.dataSource = source
        #expect(early.numberOfRows(inSection: 0) == 1)
        early.frame = Rect(x: 0, y: 0, width: 400, height: 600)
        window.addSubview(early)
        early.layoutIfNeeded()
        let sized = table(.insetGrouped, source)
        #expect(early.rectForFooter(inSection: 0) == sized.rectForFooter(inSection: 0))
        #expect(early.cellForRow(at: IndexPath(row: 0, section: 0))?.frame.minX == 16)
    }

    /// A plain table's pinned header stops at its section's last row: it never covers the footer.
    @Test func aPinnedHeaderStopsAboveItsFooter() {
        let source = Settings([(header: "Drinks", rows: (0..<3).map { "Row \($0)" }, footer: "Prices include tax."),
                               (header: "Food", rows: (0..<30).map { "Row \($0)" }, footer: nil)])
        let plain = table(.plain, source)
        plain.contentOffset = Point(x: 0, y: 150)
        plain.layoutIfNeeded()
        let header = plain.subviews.compactMap { $0 as? TableViewHeaderFooterView }.first { !$0.isHidden && $0.textLabel.text == "Drinks" }
        #expect(header.map { $0.frame.maxY <= plain.rectForFooter(inSection: 0).minY } == true)
    }

    /// The table's own header view class, returned by the delegate, takes the grouped look.
    @Test func aCustomHeaderOfTheTablesClassTakesItsStyle() {
        final class Custom: Settings {
            override func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? {
                let header = TableViewHeaderFooterView()
                header.textLabel.text = "Mine"
                return header
            }
        }
        let grouped = table(.grouped, Custom([(header: nil, rows: ["A"], footer: nil)]))
        let header = grouped.subviews.compactMap { $0 as? TableViewHeaderFooterView }.first { $0.textLabel.text == "Mine" }
        #expect(header?.backgroundColor == nil, "no plain band in a grouped table")
    }

    /// What a card's end did to a cell is undone when the cell shows in a plain table.
    @Test func aCellLeavesItsCardLookBehind() throws {
        final class OneCell: TableViewDataSource {
            let cell = TableViewCell(reuseIdentifier: nil)
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { cell }
        }
        let source = OneCell()
        let cards = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 300), style: .insetGrouped)
        window.addSubview(cards)
        cards.dataSource = source
        cards.layoutIfNeeded()
        #expect(source.cell.cornerRadius == 10 && source.cell.backgroundColor == .secondarySystemGroupedBackground)
        cards.dataSource = nil
        cards.layoutIfNeeded()
        let plain = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        window.addSubview(plain)
        plain.dataSource = source
        plain.layoutIfNeeded()
        #expect(source.cell.cornerRadius == 0 && !source.cell.clipsToBounds && source.cell.backgroundColor == .systemBackground)
    }
}
