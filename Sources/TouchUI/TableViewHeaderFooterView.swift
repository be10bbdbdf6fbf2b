/// A section header as a table view draws a section's title, as
/// UITableViewHeaderFooterView: a grey band with the title.
@MainActor
open class TableViewHeaderFooterView: View {
    public let textLabel = Label()

    /// False for the headers the table makes for section titles, which it reuses.
    let isCustom: Bool

    public override init(frame: Rect = .zero) {
        isCustom = true
        super.init(frame: frame)
        setUp()
    }

    /// A header the table makes for a section's title.
    init(titleHeader: Void) {
        isCustom = false
        super.init(frame: .zero)
        setUp()
    }

    private func setUp() {
        backgroundColor = .controlGray(0.94, dark: 0.1)
        textLabel.font = .boldSystemFont(ofSize: 14)
        textLabel.textColor = .controlGray(0.4, dark: 0.6)
        addSubview(textLabel)
    }

    open override func layoutSubviews() {
        textLabel.frame = bounds.insetBy(dx: 16, dy: 0)
    }
}
