/// A scrolling list of rows in sections, as UITableView, in its three
/// styles: plain, grouped, and inset grouped (sections as rounded cards).
///
/// Only the rows in sight have cells: scrolled out, a cell goes back to a
/// pool by its reuse identifier and `dequeueReusableCell` hands it out again,
/// so a table of 100,000 rows keeps about a screenful of cells. Row heights
/// are asked once per `reloadData`, and finding the rows in sight is a binary
/// search, so scrolling costs the same whatever the number of rows.
///
/// Selection is UIKit's: a touch that stays on a row highlights it once the
/// scroll view's content delay has passed (at once for a quick tap), the row
/// is selected when the finger lifts on it, and a drag that scrolls cancels
/// the highlight. In the plain style section headers stay pinned to the top
/// while their section's rows scroll under them; in the grouped styles they
/// scroll with it. Footers scroll with their section in every style (UIKit
/// pins a plain table's footers to the bottom).
@MainActor
open class TableView: ScrollView {
    /// How sections look, as UITableView.Style.
    public enum Style: Sendable {
        /// Rows edge to edge, headers pinned as their section scrolls.
        case plain
        /// Sections apart on a grey background, with small grey titles above and below.
        case grouped
        /// As grouped, each section a card with rounded corners inside the margins.
        case insetGrouped
    }

    public enum ScrollPosition: Sendable {
        /// Scroll as little as puts the row in sight.
        case none
        case top, middle, bottom
    }

    /// Asks the delegate for the usual value (a header's height).
    public static let automaticDimension = -1.0

    public weak var dataSource: (any TableViewDataSource)? {
        didSet { reloadData() }
    }
    /// The scroll view delegate, seen as a table view delegate when it is one.
    open override var delegate: (any ScrollViewDelegate)? {
        didSet {
            tableDelegate = delegate as? any TableViewDelegate
            reloadData()
        }
    }
    private weak var tableDelegate: (any TableViewDelegate)?

    public var rowHeight = 44.0 {
        didSet { if oldValue != rowHeight { reloadData() } }
    }
    /// A titled header's height in the plain style (the grouped styles fit the title).
    public var sectionHeaderHeight = 28.0 {
        didSet { if oldValue != sectionHeaderHeight { reloadData() } }
    }
    /// A titled footer's least height in the plain style (a longer title takes more).
    public var sectionFooterHeight = 28.0 {
        didSet { if oldValue != sectionFooterHeight { reloadData() } }
    }
    public let style: Style
    public var allowsSelection = true
    public var allowsMultipleSelection = false
    /// The line between rows; nil for none.
    public var separatorColor: Color? = Color.controlGray(0.85, dark: 0.22) {
        didSet { if oldValue != separatorColor { setNeedsLayout() } }
    }
    public var separatorInset = EdgeInsets(top: 0, left: 16, bottom: 0, right: 0)

    /// Where each section's header and rows are, in content coordinates.
    private struct SectionLayout {
        var top: Double
        var headerHeight: Double
        /// The top of each row, and the end of the last row.
        var rowTops: [Double]
        var footerHeight: Double
        /// Whether the header's and footer's space shows a view (a grouped section has space without one).
        var showsHeader: Bool
        var showsFooter: Bool
        var rowCount: Int { rowTops.count - 1 }
        var rowsEnd: Double { rowTops[rowTops.count - 1] }
        var bottom: Double { rowsEnd + footerHeight }
    }
    private var sections: [SectionLayout] = []
    private var needsReload = true
    /// The width the sections were measured at: titles wrap, and the inset follows the size class.
    private var measuredWidth = -1.0

    private var visibleCellsByPath: [IndexPath: TableViewCell] = [:]
    private var visibleHeaders: [Int: View] = [:]
    private var visibleFooters: [Int: View] = [:]
    private var reusableCells: [String: [TableViewCell]] = [:]
    private var registeredCells: [String: TableViewCell.Type] = [:]
    private var reusableTitleHeaders: [TableViewHeaderFooterView] = []
    /// Cells without a reuse identifier, out of sight, waiting to leave.
    private var discarded: [TableViewCell] = []
    private var selected: Set<IndexPath> = []
    /// The touch pressing a row, and the row.
    private var press: (touch: Touch, indexPath: IndexPath, highlighted: Bool)?

    public init(frame: Rect = .zero, style: Style) {
        self.style = style
        super.init(frame: frame)
        setUp()
    }

    /// A plain table.
    public override init(frame: Rect = .zero) {
        style = .plain
        super.init(frame: frame)
        setUp()
    }

    private func setUp() {
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
        alwaysBounceVertical = true
    }

    // MARK: Data

    /// Forgets every row and asks the data source again at the next layout.
    open func reloadData() {
        endPress()
        for (indexPath, cell) in visibleCellsByPath { recycle(cell, at: indexPath) }
        visibleCellsByPath.removeAll()
        for (_, header) in visibleHeaders { recycleHeader(header) }
        visibleHeaders.removeAll()
        for (_, footer) in visibleFooters { recycleHeader(footer) }
        visibleFooters.removeAll()
        selected.removeAll()
        needsReload = true
        setNeedsLayout()
    }

    /// How rows come and go, as UITableView.RowAnimation. Rows change at
    /// once here: the cells are asked for again and drawn at the next frame.
    public enum RowAnimation: Sendable {
        case automatic, fade, right, left, top, bottom, middle, none
    }

    /// Asks the data source again for these rows, as UIKit's
    /// `reloadRows(at:with:)` (the change shows at once, whatever `animation`).
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        reloadRows(at: indexPaths)
    }

    /// Asks the data source again for these rows (and every row's height).
    open func reloadRows(at indexPaths: [IndexPath]) {
        for indexPath in indexPaths {
            if let cell = visibleCellsByPath.removeValue(forKey: indexPath) { recycle(cell, at: indexPath) }
        }
        computeLayout()
        setNeedsLayout()
    }

    public var numberOfSections: Int {
        settleLayout()
        return sections.count
    }

    public func numberOfRows(inSection section: Int) -> Int {
        settleLayout()
        return sections.indices.contains(section) ? sections[section].rowCount : 0
    }

    // MARK: Cells and reuse

    /// Makes `dequeueReusableCell(withIdentifier:for:)` create cells of this class when none is free.
    public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
        registeredCells[identifier] = cellClass
    }

    /// A cell put aside under `identifier`, ready for another row; nil when none is free.
    /// A cell put aside under `identifier`, ready for another row; a new one
    /// of the class registered for it when none is free; nil when neither.
    public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
        if let cell = reusableCells[identifier]?.popLast() {
            cell.prepareForReuse()
            return cell
        }
        return registeredCells[identifier].map { $0.init(style: .default, reuseIdentifier: identifier) }
    }

    /// A free cell under `identifier`, or a new one of the class registered for it.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        guard let cell = dequeueReusableCell(withIdentifier: identifier) else {
            preconditionFailure("TableView: no cell class registered for reuse identifier \"\(identifier)\"; call register(_:forCellReuseIdentifier:) first")
        }
        return cell
    }

    /// The cell showing a row, if the row is in sight.
    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
        layoutIfNeeded()
        return visibleCellsByPath[indexPath]
    }

    public var visibleCells: [TableViewCell] {
        layoutIfNeeded()
        return visibleCellsByPath.sorted { $0.key < $1.key }.map(\.value)
    }

    public var indexPathsForVisibleRows: [IndexPath] {
        layoutIfNeeded()
        return visibleCellsByPath.keys.sorted()
    }

    public func indexPath(for cell: TableViewCell) -> IndexPath? {
        visibleCellsByPath.first { $0.value === cell }?.key
    }

    // MARK: Geometry

    /// The row at `point`, in the table's coordinates; nil over a header or no row.
    public func indexPathForRow(at point: Point) -> IndexPath? {
        settleLayout()
        let inset = rowInset
        guard point.x >= inset, point.x < bounds.width - inset, let section = sectionIndex(containing: point.y) else { return nil }
        let layout = sections[section]
        guard point.y >= layout.rowTops[0], point.y < layout.rowsEnd else { return nil }
        return IndexPath(row: firstRow(endingAfter: point.y, in: layout), section: section)
    }

    public func rectForRow(at indexPath: IndexPath) -> Rect {
        settleLayout()
        guard sections.indices.contains(indexPath.section), (0..<sections[indexPath.section].rowCount).contains(indexPath.row) else {
            return .zero
        }
        let tops = sections[indexPath.section].rowTops
        let inset = rowInset
        return Rect(x: inset, y: tops[indexPath.row], width: max(0, bounds.width - 2 * inset), height: tops[indexPath.row + 1] - tops[indexPath.row])
    }

    /// How far rows stand in from each side: the inset grouped style's margin.
    private var rowInset: Double {
        style == .insetGrouped ? (traitCollection.horizontalSizeClass == .regular ? 20 : 16) : 0
    }

    public func rectForHeader(inSection section: Int) -> Rect {
        settleLayout()
        guard sections.indices.contains(section) else { return .zero }
        return Rect(x: 0, y: sections[section].top, width: bounds.width, height: sections[section].headerHeight)
    }

    public func rectForFooter(inSection section: Int) -> Rect {
        settleLayout()
        guard sections.indices.contains(section) else { return .zero }
        return Rect(x: 0, y: sections[section].rowsEnd, width: bounds.width, height: sections[section].footerHeight)
    }

    /// Scrolls so that the row is in sight, placed as `position` says.
    public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        let row = rectForRow(at: indexPath)
        guard !row.isEmpty else { return }
        // A pinned header covers the top of its section.
        let header = style == .plain ? sections[indexPath.section].headerHeight : 0
        let viewHeight = bounds.height - contentInset.top - contentInset.bottom
        var y = contentOffset.y
        switch position {
        case .top: y = row.minY - header - contentInset.top
        case .middle: y = row.midY - viewHeight / 2 - contentInset.top
        case .bottom: y = row.maxY - viewHeight - contentInset.top
        case .none:
            if row.minY - header < contentOffset.y + contentInset.top {
                y = row.minY - header - contentInset.top
            } else if row.maxY > contentOffset.y + bounds.height - contentInset.bottom {
                y = row.maxY - bounds.height + contentInset.bottom
            }
        }
        y = min(max(y, minimumOffset.y), maximumOffset.y)
        setContentOffset(Point(x: contentOffset.x, y: y), animated: animated)
    }

    // MARK: Selection

    public var indexPathForSelectedRow: IndexPath? { selected.min() }
    public var indexPathsForSelectedRows: [IndexPath]? { selected.isEmpty ? nil : selected.sorted() }

    /// Selects a row as code does in UIKit: the delegate is not told.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for row in selected { deselectRow(at: row, animated: animated) }
            return
        }
        if !allowsMultipleSelection {
            for row in selected where row != indexPath { deselectRow(at: row, animated: animated) }
        }
        selected.insert(indexPath)
        visibleCellsByPath[indexPath]?.setSelected(true, animated: animated)
        // Apple: .none here means no scrolling at all, unlike scrollToRow's .none.
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects a row as code does in UIKit: the delegate is not told.
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        guard selected.remove(indexPath) != nil else { return }
        visibleCellsByPath[indexPath]?.setSelected(false, animated: animated)
    }

    /// A lift on a row: UIKit's order of asking and telling the delegate.
    private func selectByTouch(_ indexPath: IndexPath) {
        if allowsMultipleSelection && selected.contains(indexPath) {
            deselectByTouch(indexPath)
            return
        }
        guard let target = tableDelegate?.tableView(self, willSelectRowAt: indexPath) ?? (tableDelegate == nil ? indexPath : nil),
            isValid(target)
        else { return }
        if !allowsMultipleSelection {
            for row in selected.sorted() where row != target { deselectByTouch(row) }
        }
        // A row tapped again while selected is selected again: the delegate hears of it once more.
        selected.insert(target)
        visibleCellsByPath[target]?.setSelected(true, animated: false)
        if let trace = application?.actionTrace {
            let text = visibleCellsByPath[target]?.shownText.map { " \"\($0)\"" } ?? ""
            trace("\(type(of: self)) selected row \(target.row) in section \(target.section)\(text)")
        }
        tableDelegate?.tableView(self, didSelectRowAt: target)
    }

    private func deselectByTouch(_ indexPath: IndexPath) {
        guard let target = tableDelegate?.tableView(self, willDeselectRowAt: indexPath) ?? (tableDelegate == nil ? indexPath : nil),
            selected.contains(target)
        else { return }
        deselectRow(at: target, animated: false)
        tableDelegate?.tableView(self, didDeselectRowAt: target)
    }

    private func isValid(_ indexPath: IndexPath) -> Bool {
        sections.indices.contains(indexPath.section) && (0..<sections[indexPath.section].rowCount).contains(indexPath.row)
    }

    // MARK: Touches: cells pass theirs on to the table, which highlights and selects.

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard press == nil, allowsSelection, let touch = touches.first, !isOnHeader(touch),
            let indexPath = indexPathForRow(at: touch.location(in: self))
        else { return }
        let highlights = tableDelegate?.tableView(self, shouldHighlightRowAt: indexPath) ?? true
        press = (touch, indexPath, highlights)
        if highlights { setHighlighted(true, at: indexPath) }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        // A finger that slides off its row (the table not scrolling) lets go of it.
        guard let press, touches.contains(press.touch),
            indexPathForRow(at: press.touch.location(in: self)) != press.indexPath
        else { return }
        endPress()
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let press, touches.contains(press.touch) else { return }
        endPress()
        if indexPathForRow(at: press.touch.location(in: self)) == press.indexPath { selectByTouch(press.indexPath) }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        guard let press, touches.contains(press.touch) else { return }
        endPress()
    }

    /// A touch on a header (pinned over the rows scrolling under it) selects nothing.
    private func isOnHeader(_ touch: Touch) -> Bool {
        guard let view = touch.view else { return false }
        return visibleHeaders.values.contains { view.isDescendant(of: $0) }
    }

    private func endPress() {
        if let press, press.highlighted { setHighlighted(false, at: press.indexPath) }
        press = nil
    }

    private func setHighlighted(_ highlighted: Bool, at indexPath: IndexPath) {
        visibleCellsByPath[indexPath]?.setHighlighted(highlighted, animated: false)
        if highlighted {
            tableDelegate?.tableView(self, didHighlightRowAt: indexPath)
        } else {
            tableDelegate?.tableView(self, didUnhighlightRowAt: indexPath)
        }
    }

    // MARK: Layout

    /// Asks the data source and delegate for counts and heights, if a reload asked for it.
    private func settleLayout() {
        if needsReload { computeLayout() }
    }

    private func computeLayout() {
        needsReload = false
        measuredWidth = bounds.width
        sections.removeAll()
        guard let dataSource else {
            contentSize = Size(width: bounds.width, height: 0)
            return
        }
        let delegate = tableDelegate
        let titleWidth = bounds.width - 2 * rowInset
        var y = 0.0
        for section in 0..<max(0, dataSource.numberOfSections(in: self)) {
            let headerTitle = dataSource.tableView(self, titleForHeaderInSection: section)
            let hasHeaderView = delegate?.tableView(self, viewForHeaderInSection: section) != nil
            var header = delegate?.tableView(self, heightForHeaderInSection: section) ?? Self.automaticDimension
            if header < 0 {
                if hasHeaderView {
                    header = sectionHeaderHeight
                } else if let headerTitle {
                    header = style == .plain ? sectionHeaderHeight : TableViewHeaderFooterView.groupedHeight(ofTitle: headerTitle, width: titleWidth, isFooter: false)
                } else {
                    // Grouped sections stand apart even without titles; the first one further from the top.
                    header = style == .plain ? 0 : section == 0 ? 35 : 18
                }
            }
            let top = y
            y += header
            let rows = max(0, dataSource.tableView(self, numberOfRowsInSection: section))
            var tops = [Double]()
            tops.reserveCapacity(rows + 1)
            for row in 0..<rows {
                tops.append(y)
                y += max(0, delegate?.tableView(self, heightForRowAt: IndexPath(row: row, section: section)) ?? rowHeight)
            }
            tops.append(y)
            let footerTitle = dataSource.tableView(self, titleForFooterInSection: section)
            let hasFooterView = delegate?.tableView(self, viewForFooterInSection: section) != nil
            var footer = delegate?.tableView(self, heightForFooterInSection: section) ?? Self.automaticDimension
            if footer < 0 {
                if hasFooterView {
                    footer = sectionFooterHeight
                } else if let footerTitle {
                    // A plain table's footer is a one-line band, as its header is.
                    footer = style == .plain ? sectionFooterHeight : TableViewHeaderFooterView.groupedHeight(ofTitle: footerTitle, width: titleWidth, isFooter: true)
                } else {
                    footer = style == .plain ? 0 : 17
                }
            }
            y += footer
            sections.append(
                SectionLayout(
                    top: top, headerHeight: header, rowTops: tops, footerHeight: footer,
                    // A plain table shows a band wherever a header has height, as before there were footers.
                    showsHeader: style == .plain || hasHeaderView || headerTitle != nil,
                    showsFooter: hasFooterView || footerTitle != nil))
        }
        contentSize = Size(width: bounds.width, height: y)
    }

    /// The section whose header or rows contain `y`.
    private func sectionIndex(containing y: Double) -> Int? {
        guard let first = sections.first, y >= first.top, y < sections[sections.count - 1].bottom else { return nil }
        var low = 0, high = sections.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if sections[mid].top <= y { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The first row of `layout` whose bottom is below `y`.
    private func firstRow(endingAfter y: Double, in layout: SectionLayout) -> Int {
        var low = 0, high = layout.rowCount - 1
        while low < high {
            let mid = (low + high) / 2
            if layout.rowTops[mid + 1] > y { high = mid } else { low = mid + 1 }
        }
        return low
    }

    open override func layoutSubviews() {
        settleLayout()
        if measuredWidth != bounds.width {
            // A new width: titles wrap anew and inset cards follow the size class. Cells and selection stay.
            computeLayout()
            for (_, view) in visibleHeaders { recycleHeader(view) }
            for (_, view) in visibleFooters { recycleHeader(view) }
            visibleHeaders.removeAll()
            visibleFooters.removeAll()
        }
        if contentSize.width != bounds.width { contentSize.width = bounds.width }
        let visible = bounds
        // Rows in sight, section by section.
        var wanted: [IndexPath] = []
        if let firstSection = sectionIndex(containing: max(visible.minY, 0)) {
            var section = firstSection
            while section < sections.count, sections[section].top < visible.maxY {
                let layout = sections[section]
                if layout.rowCount > 0 && layout.rowsEnd > visible.minY && layout.rowTops[0] < visible.maxY {
                    var row = firstRow(endingAfter: max(visible.minY, layout.rowTops[0]), in: layout)
                    while row < layout.rowCount && layout.rowTops[row] < visible.maxY {
                        wanted.append(IndexPath(row: row, section: section))
                        row += 1
                    }
                }
                section += 1
            }
        }
        // Cells that went out of sight go back to their pools, before new rows take them.
        if let first = wanted.first, let last = wanted.last {
            for (indexPath, cell) in visibleCellsByPath where indexPath < first || indexPath > last {
                visibleCellsByPath[indexPath] = nil
                recycle(cell, at: indexPath)
            }
        } else {
            for (indexPath, cell) in visibleCellsByPath { recycle(cell, at: indexPath) }
            visibleCellsByPath.removeAll()
        }
        let separator = separatorColor.map { (color: $0, leftInset: separatorInset.left) }
        for indexPath in wanted {
            let cell: TableViewCell
            if let shown = visibleCellsByPath[indexPath] {
                cell = shown
            } else {
                guard let dataSource else { break }
                cell = dataSource.tableView(self, cellForRowAt: indexPath)
                if cell.superview !== self { insertSubview(cell, at: 0) }
                cell.isHidden = false
                cell.setSelected(selected.contains(indexPath), animated: false)
                cell.setHighlighted(press.map { $0.highlighted && $0.indexPath == indexPath } ?? false, animated: false)
                visibleCellsByPath[indexPath] = cell
                tableDelegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
            }
            let frame = rectForRow(at: indexPath)
            if cell.frame != frame { cell.frame = frame }
            let isLast = indexPath.row == sections[indexPath.section].rowCount - 1
            // The grouped styles end a section with its edge, not a line.
            cell.separator = style != .plain && isLast ? nil : separator
            cell.place(in: style, first: indexPath.row == 0, last: isLast)
        }
        layoutHeaders(in: visible)
        layoutFooters(in: visible)
        // Last, so that the scroll indicators go over the cells and headers.
        super.layoutSubviews()
    }

    /// Headers of sections in sight, each pinned to the top while its section scrolls under it.
    private func layoutHeaders(in visible: Rect) {
        var shown: Set<Int> = []
        for (index, layout) in sections.enumerated() where layout.headerHeight > 0 && layout.showsHeader {
            // A pinned header shows while any of its section does; another, while it does itself.
            let isInSight = style == .plain
                ? layout.bottom > visible.minY + contentInset.top : layout.top + layout.headerHeight > visible.minY
            guard layout.top < visible.maxY, isInSight else { continue }
            shown.insert(index)
            let header: View
            if let existing = visibleHeaders[index] {
                header = existing
            } else {
                header = makeHeaderOrFooter(for: index, isFooter: false)
                visibleHeaders[index] = header
            }
            let pinnedTop = style == .plain ? min(max(layout.top, visible.minY + contentInset.top), layout.rowsEnd - layout.headerHeight) : layout.top
            let frame = Rect(x: 0, y: pinnedTop, width: bounds.width, height: layout.headerHeight)
            if header.frame != frame { header.frame = frame }
        }
        for (index, header) in visibleHeaders where !shown.contains(index) {
            visibleHeaders[index] = nil
            recycleHeader(header)
        }
    }

    /// Footers of sections in sight, under their last rows.
    private func layoutFooters(in visible: Rect) {
        var shown: Set<Int> = []
        for (index, layout) in sections.enumerated() where layout.footerHeight > 0 && layout.showsFooter {
            guard layout.rowsEnd < visible.maxY, layout.bottom > visible.minY else { continue }
            shown.insert(index)
            let footer = visibleFooters[index] ?? makeHeaderOrFooter(for: index, isFooter: true)
            visibleFooters[index] = footer
            let frame = Rect(x: 0, y: layout.rowsEnd, width: bounds.width, height: layout.footerHeight)
            if footer.frame != frame { footer.frame = frame }
        }
        for (index, footer) in visibleFooters where !shown.contains(index) {
            visibleFooters[index] = nil
            recycleHeader(footer)
        }
    }

    /// A section's header or footer: the delegate's view, or a title view the table keeps for reuse.
    private func makeHeaderOrFooter(for section: Int, isFooter: Bool) -> View {
        let view: View
        let custom = isFooter
            ? tableDelegate?.tableView(self, viewForFooterInSection: section) : tableDelegate?.tableView(self, viewForHeaderInSection: section)
        if let custom {
            // The table's own header view class takes the table's look, as UIKit's does.
            (custom as? TableViewHeaderFooterView)?.showStyle(style, isFooter: isFooter, inset: rowInset)
            view = custom
        } else {
            let titled = reusableTitleHeaders.popLast() ?? TableViewHeaderFooterView(titleHeader: ())
            let title = isFooter
                ? dataSource?.tableView(self, titleForFooterInSection: section) : dataSource?.tableView(self, titleForHeaderInSection: section)
            titled.showTitle(title, style: style, isFooter: isFooter, inset: rowInset)
            view = titled
        }
        if view.superview === self { bringSubviewToFront(view) } else { addSubview(view) }
        view.isHidden = false
        return view
    }

    /// A title header is kept for another section; one of the delegate's is
    /// let go, since the delegate makes a new one each time.
    private func recycleHeader(_ header: View) {
        if let titled = header as? TableViewHeaderFooterView, titled.superview === self, !(titled.isCustom) {
            titled.isHidden = true
            reusableTitleHeaders.append(titled)
        } else {
            header.removeFromSuperview()
        }
    }

    /// A cell out of sight stays a hidden subview in its pool: a finger that
    /// scrolls the table may still be bound to it. A cell that cannot be
    /// reused (no identifier) leaves once no finger is on it.
    private func recycle(_ cell: TableViewCell, at indexPath: IndexPath) {
        cell.isHidden = true
        cell.setHighlighted(false, animated: false)
        tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
        if let identifier = cell.reuseIdentifier {
            reusableCells[identifier, default: []].append(cell)
        } else {
            discarded.append(cell)
        }
        discarded.removeAll { cell in
            let touched = window?.trackedTouches.contains { $0.view?.isDescendant(of: cell) == true } ?? false
            if !touched && cell.isHidden { cell.removeFromSuperview() }
            return !touched
        }
    }
}
