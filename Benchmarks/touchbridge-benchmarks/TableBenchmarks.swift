import Foundation
import TouchUI

/// Rows with a reusable cell each, as an app's data source is written.
@MainActor
final class BenchmarkRows: TableViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Row") ?? TableViewCell(style: .subtitle, reuseIdentifier: "Row")
        cell.textLabel?.text = "Item \(indexPath.row)"
        cell.detailTextLabel?.text = "€\(indexPath.row % 50).50"
        cell.accessoryType = .disclosureIndicator
        return cell
    }
}

/// A table in a window, scrolled from `start` (points) a display tick at a time.
@MainActor
struct TableScroller {
    let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let window: Window
    let rows: BenchmarkRows
    let start: Double

    init(rows count: Int) {
        let app = Application()
        app.timeline = VirtualTimeline()
        window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 800), application: app)
        window.makeKeyAndVisible()
        window.addSubview(table)
        rows = BenchmarkRows(count: count)
        table.dataSource = rows
        // The same stretch of 100 rows: the first ones of a short table, the middle of a long one.
        start = count > 100 ? Double(count / 2) * 44 : 0
        table.contentOffset = Point(x: 0, y: start)
        table.layoutIfNeeded()
    }

    /// `ticks` display ticks of 37 points each (a brisk fling: a new row
    /// almost every tick), down and back, laying out after every move as the
    /// display tick does before drawing.
    @inline(never)
    func scrollTicks(_ ticks: Int) {
        var y = start
        var step = 37.0
        for _ in 0..<ticks {
            if y + step > start + 3600 || y + step < start { step = -step }
            y += step
            table.contentOffset = Point(x: 0, y: y)
            table.layoutIfNeeded()
        }
    }
}

/// Scrolling a 100,000-row table against a 100-row one, per display tick:
/// the offset, recycling and configuring cells, laying them out.
@MainActor
func benchmarkTableScrolling() -> String {
    // BENCH_TABLE_ROWS=N scrolls one table only, for callgrind's instruction counts.
    if let rows = ProcessInfo.processInfo.environment["BENCH_TABLE_ROWS"].flatMap(Int.init) {
        TableScroller(rows: rows).scrollTicks(10_000)
        return "scrolled a \(rows)-row table for 10,000 ticks"
    }
    let small = TableScroller(rows: 100)
    let large = TableScroller(rows: 100_000)
    let ticks = 2_000
    small.scrollTicks(ticks)
    large.scrollTicks(ticks)
    var smallTimes: [Double] = [], largeTimes: [Double] = []
    for _ in 0..<15 {
        smallTimes.append(best(runs: 3) { _ in small.scrollTicks(ticks) } / Double(ticks))
        largeTimes.append(best(runs: 3) { _ in large.scrollTicks(ticks) } / Double(ticks))
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    let ratios = zip(largeTimes, smallTimes).map { $0 / $1 }.sorted()
    let ratio = median(ratios)
    let cells = large.table.subviews.filter { $0 is TableViewCell }.count
    return """
        ### Scrolling a table: 100,000 rows against 100, per display tick

        A 400x800 table of subtitle cells with a disclosure indicator, flung 37 points a tick
        over the same 100 rows (the start of the short table, the middle of the long one):
        contentOffset, then layout, which recycles the row that left and configures the one
        that came in. 15 pairs of runs of \(ticks) ticks, alternating.

        **100 rows \(String(format: "%.2f", median(smallTimes) * 1e6)) µs, 100,000 rows \(String(format: "%.2f", median(largeTimes) * 1e6)) µs per tick: \(String(format: "%.2f", ratio))x**
        (pairs' 10th–90th percentile \(String(format: "%.2f", ratios[1]))–\(String(format: "%.2f", ratios[13]))x; target: the same cost, within 1.2x) \(ratio < 1.2 ? "met" : "MISSED").
        The 100,000-row table made \(cells) cells in all.

        """
}
