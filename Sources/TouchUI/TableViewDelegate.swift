/// What a table view asks and tells about its rows, as UITableViewDelegate;
/// every method is optional. It is also the table's scroll view delegate:
/// assign it to `tableView.delegate`.
@MainActor
public protocol TableViewDelegate: ScrollViewDelegate {
    /// A row's height; the table's `rowHeight` unless you say otherwise.
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double
    /// A section header's height; `TableView.automaticDimension` (the default)
    /// gives `sectionHeaderHeight` to sections with a header and 0 to the others.
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double
    /// A header view of your own; nil shows the data source's title, if any.
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View?
    /// A section footer's height; `TableView.automaticDimension` (the default) fits the footer's title.
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double
    /// A footer view of your own; nil shows the data source's footer title, if any.
    func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View?
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath)

    func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath)
    func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath)
    /// The row to select instead (the same by default), or nil to select none.
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    /// The row to deselect instead (the same by default), or nil to keep it selected.
    func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
}

extension TableViewDelegate {
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double { tableView.rowHeight }
    public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double { TableView.automaticDimension }
    public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { nil }
    public func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double { TableView.automaticDimension }
    public func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? { nil }
    public func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
}
