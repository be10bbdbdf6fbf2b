import Testing
import TouchUI

/// TableView against UITableView's documented behaviour: reuse, sections,
/// selection after the content delay, and the calls that move and reload rows.
@MainActor
struct TableViewTests {
    final class Source: TableViewDataSource, TableViewDelegate {
        var rows: [Int]
        var titles: [String?]
        var log: [String] = []
        var created = 0
        var redirect: ((IndexPath) -> IndexPath?)?
        var heights: ((IndexPath) -> Double)?

        init(rows: [Int], titles: [String?] = []) {
            self.rows = rows
            self.titles = titles
        }

        func numberOfSections(in tableView: TableView) -> Int { rows.count }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows[section] }
        func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
            titles.indices.contains(section) ? titles[section] : nil
        }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "Cell") ?? {
                created += 1
                return TableViewCell(reuseIdentifier: "Cell")
            }()
            cell.textLabel?.text = "\(indexPath.section).\(indexPath.row)"
            return cell
        }
        func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
            heights?(indexPath) ?? tableView.rowHeight
        }
        func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath) { log.append("highlight \(indexPath)") }
        func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath) { log.append("unhighlight \(indexPath)") }
        func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
            log.append("willSelect \(indexPath)")
            return redirect.map { $0(indexPath) } ?? indexPath
        }
        func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { log.append("didSelect \(indexPath)") }
        func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
            log.append("willDeselect \(indexPath)")
            return indexPath
        }
        func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { log.append("didDeselect \(indexPath)") }
        func scrollViewWillBeginDragging(_ scrollView: ScrollView) { log.append("willBeginDragging") }
    }

    let app = Application()
    let window: Window
    let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 440))

    init() {
        window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 440), application: app)
        window.makeKeyAndVisible()
        app.timeline = VirtualTimeline()
        window.addSubview(table)
    }

    func show(_ source: Source) {
        table.dataSource = source
        table.delegate = source
        table.layoutIfNeeded()
    }

    /// A finger down at `y`, held `hold` seconds, moved by `dy` in ten steps, lifted.
    func touch(at y: Double, hold: Double, dy: Double = 0, moveTime: Double = 0.2) {
        let start = app.timeline.now
        let finger = Touch(timestamp: start, location: Point(x: 160, y: y), window: window)
        app.sendEvent(Event(touches: [finger], timestamp: start))
        app.virtualTimeline.advance(to: start + hold)
        var time = start + hold
        if dy != 0 {
            for step in 1...10 {
                time = start + hold + moveTime * Double(step) / 10
                app.virtualTimeline.advance(to: time)
                finger.update(phase: .moved, location: Point(x: 160, y: y + dy * Double(step) / 10), timestamp: time)
                app.sendEvent(Event(touches: [finger], timestamp: time))
                table.layoutIfNeeded()
            }
        }
        finger.update(phase: .ended, location: Point(x: 160, y: y + dy), timestamp: time)
        app.sendEvent(Event(touches: [finger], timestamp: time))
        table.layoutIfNeeded()
    }

    @Test func aHundredThousandRowsKeepAScreenfulOfCells() {
        let source = Source(rows: [100_000])
        show(source)
        #expect(table.contentSize.height == 4_400_000)
        #expect(table.indexPathsForVisibleRows.count == 10)
        for page in 1...50 {
            table.contentOffset = Point(x: 0, y: Double(page) * 1000 + 7)
            table.layoutIfNeeded()
        }
        #expect(source.created <= 12)  // a screenful, plus the row half in sight at each end
        #expect(table.subviews.filter { $0 is TableViewCell }.count <= 12)
        table.scrollToRow(at: IndexPath(row: 99_999, section: 0), at: .bottom, animated: false)
        table.layoutIfNeeded()
        #expect(table.indexPathsForVisibleRows.last == IndexPath(row: 99_999, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 99_999, section: 0))?.textLabel?.text == "0.99999")
        #expect(table.contentOffset.y == table.maximumOffset.y)
    }

    @Test func rowsHaveTheDelegatesHeights() {
        let source = Source(rows: [20])
        source.heights = { $0.row % 2 == 0 ? 30 : 60 }
        show(source)
        #expect(table.contentSize.height == 10 * 30 + 10 * 60)
        #expect(table.rectForRow(at: IndexPath(row: 3, section: 0)) == Rect(x: 0, y: 30 + 60 + 30, width: 320, height: 60))
        #expect(table.indexPathForRow(at: Point(x: 10, y: 125)) == IndexPath(row: 3, section: 0))
        #expect(table.indexPathForRow(at: Point(x: 10, y: 900)) == nil)
    }

    @Test func sectionHeadersTakeTheirPlaceAndStayPinned() {
        let source = Source(rows: [5, 5, 5], titles: ["Hot", nil, "Cold"])
        show(source)
        // Titled sections get sectionHeaderHeight; an untitled one none.
        #expect(table.rectForHeader(inSection: 0).height == 28)
        #expect(table.rectForHeader(inSection: 1).height == 0)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 1)).minY == 28 + 5 * 44)
        #expect(table.indexPathForRow(at: Point(x: 10, y: 10)) == nil)  // on the header
        // Scrolled into section 0, its header stays at the top of the visible area.
        table.contentOffset = Point(x: 0, y: 100)
        table.layoutIfNeeded()
        let header = table.subviews.first { ($0 as? TableViewHeaderFooterView)?.textLabel.text == "Hot" && !$0.isHidden }
        #expect(header?.frame.minY == 100)
        // Near the section's end, the header is pushed up by the section's bottom.
        table.contentOffset = Point(x: 0, y: 28 + 5 * 44 - 10)
        table.layoutIfNeeded()
        let sectionBottom = 28.0 + 5 * 44
        #expect(header?.frame.maxY == sectionBottom)
    }

    @Test func aQuickTapSelectsOnLiftInUIKitsOrder() {
        let source = Source(rows: [20])
        show(source)
        touch(at: 66, hold: 0.05)  // row 1
        #expect(source.log == ["highlight [0, 1]", "unhighlight [0, 1]", "willSelect [0, 1]", "didSelect [0, 1]"])
        #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.isSelected == true)
        source.log.removeAll()
        touch(at: 110, hold: 0.05)  // row 2: row 1 is deselected first
        #expect(source.log == [
            "highlight [0, 2]", "unhighlight [0, 2]", "willSelect [0, 2]", "willDeselect [0, 1]", "didDeselect [0, 1]",
            "didSelect [0, 2]",
        ])
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
        table.deselectRow(at: IndexPath(row: 2, section: 0), animated: false)
        #expect(table.indexPathForSelectedRow == nil)
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.isSelected == false)
    }

    /// The row highlights only once the content delay has passed, while the finger stays.
    @Test func aHeldFingerHighlightsAfterTheContentDelay() {
        let source = Source(rows: [20])
        show(source)
        let finger = Touch(timestamp: 0, location: Point(x: 160, y: 20), window: window)
        app.sendEvent(Event(touches: [finger], timestamp: 0))
        app.virtualTimeline.advance(to: 0.1)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.isHighlighted == false)
        app.virtualTimeline.advance(to: 0.2)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.isHighlighted == true)
        #expect(source.log == ["highlight [0, 0]"])
        finger.update(phase: .ended, location: Point(x: 160, y: 20), timestamp: 0.5)
        app.sendEvent(Event(touches: [finger], timestamp: 0.5))
        #expect(source.log.last == "didSelect [0, 0]")
    }

    /// A drag that scrolls after the row lit up cancels the highlight and selects nothing.
    @Test func aDragThatScrollsCancelsTheHighlight() {
        let source = Source(rows: [20])
        show(source)
        touch(at: 300, hold: 0.3, dy: -200)
        #expect(source.log.first == "highlight [0, 6]")
        #expect(source.log.contains("willBeginDragging"))
        #expect(source.log.contains("unhighlight [0, 6]"))
        #expect(!source.log.contains { $0.hasPrefix("didSelect") })
        #expect(table.contentOffset.y > 0)
        // A quick flick never highlights at all.
        source.log.removeAll()
        app.virtualTimeline.runPendingTimers(limit: 1000)
        touch(at: 300, hold: 0, dy: -150, moveTime: 0.1)
        #expect(!source.log.contains { $0.hasPrefix("highlight") || $0.hasPrefix("didSelect") })
    }

    @Test func willSelectMayRedirectOrRefuse() {
        let source = Source(rows: [20])
        show(source)
        source.redirect = { $0.row == 1 ? nil : IndexPath(row: 5, section: 0) }
        touch(at: 66, hold: 0.05)
        #expect(table.indexPathForSelectedRow == nil)
        touch(at: 22, hold: 0.05)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 5, section: 0))
        #expect(source.log.last == "didSelect [0, 5]")
    }

    @Test func multipleSelectionTogglesRows() {
        let source = Source(rows: [20])
        show(source)
        table.allowsMultipleSelection = true
        touch(at: 22, hold: 0.05)
        touch(at: 66, hold: 0.05)
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)])
        touch(at: 22, hold: 0.05)
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])
        #expect(source.log.last == "didDeselect [0, 0]")
    }

    @Test func reloadingAsksAgain() {
        let source = Source(rows: [20])
        show(source)
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.textLabel?.text == "0.2")
        source.rows = [3]
        table.reloadData()
        #expect(table.numberOfRows(inSection: 0) == 3)
        #expect(table.indexPathsForVisibleRows.count == 3)
        #expect(table.subviews.filter { $0 is TableViewCell && !$0.isHidden }.count == 3)
        source.heights = { $0.row == 1 ? 100 : 44 }
        table.reloadRows(at: [IndexPath(row: 1, section: 0)])
        #expect(table.rectForRow(at: IndexPath(row: 2, section: 0)).minY == 144)
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.frame.minY == 144)
    }

    @Test func scrollToRowPlacesTheRow() {
        show(Source(rows: [100]))
        let row = IndexPath(row: 50, section: 0)
        table.scrollToRow(at: row, at: .top, animated: false)
        #expect(table.contentOffset.y == 50 * 44)
        table.scrollToRow(at: row, at: .middle, animated: false)
        #expect(table.contentOffset.y == 50 * 44 + 22 - 220)
        table.scrollToRow(at: row, at: .bottom, animated: false)
        #expect(table.contentOffset.y == 51 * 44 - 440)
        table.scrollToRow(at: IndexPath(row: 49, section: 0), at: .none, animated: false)
        #expect(table.contentOffset.y == 51 * 44 - 440)  // already in sight: no move
        table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .bottom, animated: true)
        app.virtualTimeline.runPendingTimers(limit: 200)
        #expect(table.contentOffset.y == 0)  // clamped to the top
    }

    @Test func registeredCellClassesAreMadeOnDemand() {
        final class PriceCell: TableViewCell {
            var reused = 0
            override func prepareForReuse() { reused += 1 }
        }
        final class Prices: TableViewDataSource {
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1000 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                tableView.dequeueReusableCell(withIdentifier: "Price", for: indexPath)
            }
        }
        let prices = Prices()
        table.register(PriceCell.self, forCellReuseIdentifier: "Price")
        table.dataSource = prices
        table.layoutIfNeeded()
        #expect(table.visibleCells.allSatisfy { $0 is PriceCell })
        table.contentOffset = Point(x: 0, y: 2000)
        table.layoutIfNeeded()
        #expect(table.visibleCells.contains { ($0 as? PriceCell)?.reused == 1 })
        #expect(table.visibleCells.first?.reuseIdentifier == "Price")
    }

    /// UIKit's nil-targeted action from a control in a cell reaches the cell's view controller.
    @Test func aButtonInACellReachesTheControllerThroughTheChain() {
        final class Controller: ViewController, TableViewDataSource {
            var tapped = 0
            let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 440))
            override func viewDidLoad() {
                view.addSubview(table)
                table.dataSource = self
                addAction("order") { [unowned self] _ in self.tapped += 1 }
            }
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 5 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = TableViewCell(reuseIdentifier: nil)
                let button = Button(frame: Rect(x: 200, y: 0, width: 100, height: 44), title: "Order")
                button.addTarget(nil, action: "order", for: .touchUpInside)
                cell.contentView.addSubview(button)
                return cell
            }
        }
        let controller = Controller()
        table.removeFromSuperview()
        window.setRootViewController(controller)
        controller.table.layoutIfNeeded()
        let finger = Touch(timestamp: 0, location: Point(x: 250, y: 66), window: window)
        app.sendEvent(Event(touches: [finger], timestamp: 0))
        finger.update(phase: .ended, location: Point(x: 250, y: 66), timestamp: 0.05)
        app.sendEvent(Event(touches: [finger], timestamp: 0.05))
        #expect(controller.tapped == 1)
    }

    /// deselectRow(animated: true) fades the selected background, as UIKit does when a screen comes back.
    @Test func anAnimatedDeselectFades() throws {
        show(Source(rows: [20]))
        touch(at: 22, hold: 0.05)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        let background = try #require(cell.selectedBackgroundView)
        #expect(background.alpha == 1)
        let start = app.timeline.now
        table.deselectRow(at: IndexPath(row: 0, section: 0), animated: true)
        #expect(!cell.isSelected && background.alpha == 0 && background.isAnimating)
        app.virtualTimeline.advance(to: start + TableViewCell.selectionFadeDuration + 0.05)
        #expect(!background.isAnimating)
    }

    /// Review of UIKit's documentation: selectRow with .none does not scroll;
    /// dequeueReusableCell(withIdentifier:) makes a registered class's cell;
    /// a tap on a pinned header selects nothing; a selected row tapped again is selected again.
    @Test func documentedDetails() {
        let source = Source(rows: [40, 40], titles: ["A", "B"])
        show(source)
        table.selectRow(at: IndexPath(row: 30, section: 0), animated: false, scrollPosition: .none)
        #expect(table.contentOffset.y == 0 && table.indexPathForSelectedRow == IndexPath(row: 30, section: 0))
        table.selectRow(at: IndexPath(row: 30, section: 0), animated: false, scrollPosition: .top)
        #expect(table.contentOffset.y > 0)

        table.register(TableViewCell.self, forCellReuseIdentifier: "Registered")
        #expect(table.dequeueReusableCell(withIdentifier: "Registered")?.reuseIdentifier == "Registered")
        #expect(table.dequeueReusableCell(withIdentifier: "Unknown") == nil)

        table.contentOffset = Point(x: 0, y: 300)
        table.layoutIfNeeded()
        source.log.removeAll()
        touch(at: 10, hold: 0.05)  // on section A's header, pinned over row 6
        #expect(source.log.isEmpty)
        touch(at: 100, hold: 0.05)
        let row = table.indexPathForSelectedRow
        touch(at: 100, hold: 0.05)
        #expect(source.log.filter { $0.hasPrefix("didSelect") }.count == 2 && table.indexPathForSelectedRow == row)
    }

    /// Headers of the delegate's own are let go when they scroll away, not piled up hidden.
    @Test func customHeadersDoNotPileUp() {
        final class Headed: TableViewDataSource, TableViewDelegate {
            func numberOfSections(in tableView: TableView) -> Int { 50 }
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 5 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                tableView.dequeueReusableCell(withIdentifier: "C") ?? TableViewCell(reuseIdentifier: "C")
            }
            func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { View() }
        }
        let headed = Headed()
        table.dataSource = headed
        table.delegate = headed
        for pass in 0..<3 {
            for step in 0..<60 {
                table.contentOffset = Point(x: 0, y: Double(pass % 2 == 0 ? step : 59 - step) * 100)
                table.layoutIfNeeded()
            }
        }
        #expect(table.subviews.filter { !($0 is TableViewCell) }.count < 10)
    }
}
