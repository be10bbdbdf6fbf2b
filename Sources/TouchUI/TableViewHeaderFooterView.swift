/// A section's header or footer, as UITableViewHeaderFooterView. The table
/// makes one for each section title: in the plain style a grey band with
/// the title in bold; in the grouped styles small grey text above the
/// section (in capitals) or under it (as written, on as many lines as it needs).
@MainActor
open class TableViewHeaderFooterView: View {
    public let textLabel = Label()

    /// False for the headers and footers the table makes for section titles, which it reuses.
    let isCustom: Bool
    /// How the title is placed: the table's style, header or footer, and the rows' inset.
    private var placement = (style: TableView.Style.plain, isFooter: false, inset: 0.0)

    public override init(frame: Rect = .zero) {
        isCustom = true
        super.init(frame: frame)
        addSubview(textLabel)
        showPlainBand()
    }

    /// A header the table makes for a section's title.
    init(titleHeader: Void) {
        isCustom = false
        super.init(frame: .zero)
        addSubview(textLabel)
        showPlainBand()
    }

    private func showPlainBand() {
        backgroundColor = .controlGray(0.94, dark: 0.1)
        textLabel.font = .boldSystemFont(ofSize: 14)
        textLabel.textColor = .controlGray(0.4, dark: 0.6)
        textLabel.numberOfLines = 1
    }

    /// Shows a section's title as a table of `style` shows it: a grouped header in capitals.
    func showTitle(_ title: String?, style: TableView.Style, isFooter: Bool, inset: Double) {
        showStyle(style, isFooter: isFooter, inset: inset)
        textLabel.text = style != .plain && !isFooter ? title?.uppercased() : title
    }

    /// The look of a table of `style`: a band in the plain style; small grey
    /// text in the grouped ones, a footer's on as many lines as it needs.
    func showStyle(_ style: TableView.Style, isFooter: Bool, inset: Double) {
        placement = (style, isFooter, inset)
        if style == .plain {
            showPlainBand()
        } else {
            backgroundColor = nil
            textLabel.font = .preferredFont(forTextStyle: .footnote)
            textLabel.textColor = .secondaryLabel
            textLabel.numberOfLines = isFooter ? 0 : 1
        }
        setNeedsLayout()
    }

    /// Space above a grouped header's title and below a footer's, and the gap on the rows' side.
    static let groupedOuterGap = 17.0, groupedInnerGap = 7.0

    /// The height a grouped section's title takes at `width` (the rows' width), shown as `showTitle` shows it.
    static func groupedHeight(ofTitle title: String, width: Double, isFooter: Bool) -> Double {
        let view = TableViewHeaderFooterView(titleHeader: ())
        view.showTitle(title, style: .grouped, isFooter: isFooter, inset: 0)
        let text = view.textLabel.sizeThatFits(Size(width: max(1, width - 32), height: 0)).height
        return (text + groupedOuterGap + groupedInnerGap).rounded(.up)
    }

    open override func layoutSubviews() {
        let x = placement.inset + 16
        let width = max(0, bounds.width - 2 * x)
        guard placement.style != .plain else {
            textLabel.frame = Rect(x: x, y: 0, width: width, height: bounds.height)
            return
        }
        let height = max(0, bounds.height - Self.groupedOuterGap - Self.groupedInnerGap)
        // A header's title sits just above the rows, a footer's just under them.
        let y = placement.isFooter ? Self.groupedInnerGap : Self.groupedOuterGap
        textLabel.frame = Rect(x: x, y: y, width: width, height: height)
    }
}
