import TouchUI

/// The seeds' scroll view: traces its touches (which stop here).
@MainActor
public final class LMScrollView: ScrollView {
    public let tracer: Tracer
    /// point(inside:) with the bounds grown sideways by this much (seed 003 §4).
    public var horizontalEnlargement = 0.0

    public init(frame: Rect, tracer: Tracer) {
        self.tracer = tracer
        super.init(frame: frame)
        backgroundColor = Color(white: 0.85)
    }

    public override func point(inside point: Point, with event: Event?) -> Bool {
        bounds.insetBy(dx: -horizontalEnlargement, dy: 0).contains(point)
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { tracer.log(self, "touchesBegan") }
    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { tracer.log(self, "touchesMoved") }
    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { tracer.log(self, "touchesEnded") }
    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { tracer.log(self, "touchesCancelled") }
}

/// The seeds' table: a real TableView whose 44-point rows are cells (so a
/// tap's hit view is a cell, content of the scroll view), tracing the touches
/// its cells pass on to it.
@MainActor
public final class LMTableView: TableView {
    public let tracer: Tracer
    /// The table's data source and delegate, held here: the table holds them weakly.
    private let rows: Rows

    public init(frame: Rect, rows count: Int, tracer: Tracer, didSelectRow: @escaping (Int) -> Void) {
        self.tracer = tracer
        rows = Rows(count: count, didSelectRow: didSelectRow)
        super.init(frame: frame)
        dataSource = rows
        delegate = rows
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        tracer.log(self, "touchesBegan")
        super.touchesBegan(touches, with: event)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        tracer.log(self, "touchesMoved")
        super.touchesMoved(touches, with: event)
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        tracer.log(self, "touchesEnded")
        super.touchesEnded(touches, with: event)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        tracer.log(self, "touchesCancelled")
        super.touchesCancelled(touches, with: event)
    }

    private final class Rows: TableViewDataSource, TableViewDelegate {
        let count: Int
        let didSelectRow: (Int) -> Void

        init(count: Int, didSelectRow: @escaping (Int) -> Void) {
            self.count = count
            self.didSelectRow = didSelectRow
        }

        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "Row") ?? TableViewCell(reuseIdentifier: "Row")
            cell.textLabel?.text = "Row \(indexPath.row)"
            cell.textLabel?.font = .systemFont(ofSize: 14)
            return cell
        }

        func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { didSelectRow(indexPath.row) }
    }
}

/// The seeds' controller as a scroll view delegate: reports the page it came to rest on.
extension ViewController: ScrollViewDelegate {
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
        let page = scrollView.bounds.width > 0 ? Int((scrollView.contentOffset.x / scrollView.bounds.width).rounded()) : 0
        tracer.log(self, "scrollViewDidEndDecelerating", "page=\(page)")
    }
}
