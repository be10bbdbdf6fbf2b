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

/// A table-like scroll view: 44-point rows are its subviews (so a tap's hit
/// view is a row, content of the scroll view), and a tap selects the row under it.
@MainActor
public final class LMTableView: ScrollView {
    public let tracer: Tracer
    public static let rowHeight = 44.0
    public var didSelectRow: ((Int) -> Void)?

    public init(frame: Rect, rows: Int, tracer: Tracer) {
        self.tracer = tracer
        super.init(frame: frame)
        contentSize = Size(width: frame.width, height: Double(rows) * Self.rowHeight)
        backgroundColor = .white
        for row in 0..<rows {
            let cell = Label(frame: Rect(x: 0, y: Double(row) * Self.rowHeight, width: frame.width, height: Self.rowHeight), text: " Row \(row)")
            cell.isUserInteractionEnabled = true  // rows are the hit views, as table cells are
            cell.font = .systemFont(ofSize: 14)
            cell.backgroundColor = row % 2 == 0 ? .white : Color(white: 0.95)
            addSubview(cell)
        }
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { tracer.log(self, "touchesBegan") }
    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { tracer.log(self, "touchesMoved") }
    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { tracer.log(self, "touchesCancelled") }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        tracer.log(self, "touchesEnded")
        guard let touch = touches.first else { return }
        let row = Int(touch.location(in: self).y / Self.rowHeight)
        if (0..<subviews.count).contains(row) { didSelectRow?(row) }
    }
}

/// The seeds' controller as a scroll view delegate: reports the page it came to rest on.
extension ViewController: ScrollViewDelegate {
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
        let page = scrollView.bounds.width > 0 ? Int((scrollView.contentOffset.x / scrollView.bounds.width).rounded()) : 0
        tracer.log(self, "scrollViewDidEndDecelerating", "page=\(page)")
    }
}
