/// A section header as a table view draws a section's title, as
/// UITableViewHeaderFooterView: a grey band with the title.
@MainActor
open class TableViewHeaderFooterView: View {
    public let textLabel = Label()

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = Color(white: 0.94)
        textLabel.font = .boldSystemFont(ofSize: 14)
        textLabel.textColor = Color(white: 0.4)
        addSubview(textLabel)
    }

    open override func layoutSubviews() {
        textLabel.frame = bounds.insetBy(dx: 16, dy: 0)
    }
}
