/// One row of a table view, as UITableViewCell. Give it a
/// `contentConfiguration` (`defaultContentConfiguration()` filled in), put
/// your own views in `contentView`, or use the labels of a standard style.
/// A cell scrolled out of sight is reused for another row: reset what you
/// set in `prepareForReuse`.
///
/// A cell passes its touches on to the table, which highlights and selects rows.
@MainActor
open class TableViewCell: View {
    public enum CellStyle: Sendable {
        /// One label on the left.
        case `default`
        /// A label with a smaller grey one under it.
        case subtitle
        /// A label on the left and a grey one on the right.
        case value1
    }

    public enum AccessoryType: Sendable { case none, disclosureIndicator, checkmark }
    public enum SelectionStyle: Sendable { case none, `default` }

    public let style: CellStyle
    public let reuseIdentifier: String?
    /// Where your views go; it leaves room for the accessory.
    public let contentView = View()
    /// Optional as in UIKit, and always there: `cell.textLabel?.text = ...`.
    public private(set) var textLabel: Label?
    /// Present in the subtitle and value1 styles.
    public private(set) var detailTextLabel: Label?
    public var accessoryType = AccessoryType.none {
        didSet { if oldValue != accessoryType { standardAccessory.type = accessoryType; setNeedsLayout() } }
    }
    /// A view of your own at the right edge, in place of the standard accessory.
    public var accessoryView: View? {
        didSet {
            if oldValue !== accessoryView { oldValue?.removeFromSuperview() }
            if let accessoryView { addSubview(accessoryView) }
            setNeedsLayout()
        }
    }
    public var selectionStyle = SelectionStyle.default {
        didSet { if oldValue != selectionStyle { showSelection(animated: false) } }
    }
    /// Shown behind the content while the cell is highlighted or selected.
    public var selectedBackgroundView: View? {
        didSet {
            if oldValue !== selectedBackgroundView { oldValue?.removeFromSuperview() }
            if let selectedBackgroundView { insertSubview(selectedBackgroundView, at: 0) }
            showSelection(animated: false)
            setNeedsLayout()
        }
    }
    /// The colour of the standard selected background.
    public var selectedBackgroundColor = Color.controlGray(0.82, dark: 0.23) {
        didSet { selectedBackgroundView?.backgroundColor = selectedBackgroundColor }
    }
    /// What the cell shows, as a configuration: the view it makes fills
    /// `contentView`, in place of `textLabel` and `detailTextLabel`.
    public var contentConfiguration: (any ContentConfiguration)? {
        didSet { showContentConfiguration() }
    }
    private var configuredView: (any View & ContentView)?
    private let standardAccessory = AccessoryIndicator()
    public private(set) var isSelected = false
    public private(set) var isHighlighted = false
    /// The table's separator for this cell, drawn along its bottom edge; nil for none.
    var separator: (color: Color, leftInset: Double)? {
        didSet {
            if oldValue?.color != separator?.color || oldValue?.leftInset != separator?.leftInset {
                setNeedsDisplay()
                setNeedsLayout()
            }
        }
    }

    public required init(style: CellStyle = .default, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: Rect(x: 0, y: 0, width: 320, height: 44))
        backgroundColor = .systemBackground
        // Observers do not run in a class's own initializer: place the standard views by hand.
        let selection = View()
        selection.backgroundColor = selectedBackgroundColor
        selection.isUserInteractionEnabled = false
        selection.alpha = 0
        selectedBackgroundView = selection
        addSubview(selection)
        addSubview(contentView)
        addSubview(standardAccessory)
        let text = Label()
        textLabel = text
        contentView.addSubview(text)
        if style != .default {
            let detail = Label()
            detail.textColor = .controlGray(0.5, dark: 0.6)
            detail.font = .systemFont(ofSize: style == .subtitle ? 13 : 17)
            if style == .value1 { detail.textAlignment = .right }
            detailTextLabel = detail
            contentView.addSubview(detail)
        }
    }

    /// Called before the table hands the cell out again; reset per-row state here.
    open func prepareForReuse() {}

    /// A list configuration in the arrangement of the cell's style, with
    /// nothing in it yet: subtitle cells stack their texts, value1 cells
    /// put the secondary text at the trailing edge.
    public func defaultContentConfiguration() -> ListContentConfiguration {
        switch style {
        case .default: .cell()
        case .subtitle: .subtitleCell()
        case .value1: .valueCell()
        }
    }

    private func showContentConfiguration() {
        textLabel?.isHidden = contentConfiguration != nil
        detailTextLabel?.isHidden = contentConfiguration != nil
        guard let configuration = contentConfiguration else {
            configuredView?.removeFromSuperview()
            configuredView = nil
            return
        }
        if let configuredView, configuredView.supports(configuration) {
            configuredView.configuration = configuration
        } else {
            configuredView?.removeFromSuperview()
            let view = configuration.makeContentView()
            contentView.addSubview(view)
            configuredView = view
            setNeedsLayout()
        }
    }

    /// The row's text as the user reads it, for traces.
    var shownText: String? {
        (contentConfiguration as? ListContentConfiguration)?.text ?? textLabel?.text
    }

    /// How a table of `style` shows the cell as the first or last of its section:
    /// on a card's white in the grouped styles, its corners rounded at a card's ends when inset.
    func place(in style: TableView.Style, first: Bool, last: Bool) {
        if style != .plain, backgroundColor == .systemBackground {
            backgroundColor = .secondarySystemGroupedBackground
            placedOnCard = true
        } else if style == .plain, placedOnCard {
            if backgroundColor == .secondarySystemGroupedBackground { backgroundColor = .systemBackground }
            placedOnCard = false
        }
        var corners: CornerMask = []
        if style == .insetGrouped && first { corners.formUnion(.top) }
        if style == .insetGrouped && last { corners.formUnion(.bottom) }
        if !corners.isEmpty {
            (cornerRadius, maskedCorners, clipsToBounds) = (10, corners, true)
            roundedAsCardEnd = true
        } else if roundedAsCardEnd {
            // Only what was done here is undone: an app's own corners and clipping stay.
            (cornerRadius, maskedCorners, clipsToBounds) = (0, .all, false)
            roundedAsCardEnd = false
        }
    }
    private var placedOnCard = false, roundedAsCardEnd = false

    /// Selects or deselects the cell; animated, the selected background fades (a table's deselectRow(animated: true)).
    open func setSelected(_ selected: Bool, animated: Bool) {
        guard selected != isSelected else { return }
        isSelected = selected
        showSelection(animated: animated)
    }

    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        guard highlighted != isHighlighted else { return }
        isHighlighted = highlighted
        showSelection(animated: animated)
    }

    /// The selection time UIKit's deselect fade takes.
    public static let selectionFadeDuration = 0.3

    private func showSelection(animated: Bool) {
        guard let background = selectedBackgroundView else { return }
        let alpha: Double = (isHighlighted || isSelected) && selectionStyle != .none ? 1 : 0
        if animated {
            View.animate(withDuration: Self.selectionFadeDuration, delay: 0, options: .allowUserInteraction, animations: {
                background.alpha = alpha
            })
        } else {
            View.performWithoutAnimation { background.alpha = alpha }
        }
    }

    /// The width the accessory takes at the right edge.
    private var accessoryWidth: Double {
        if let accessoryView { return accessoryView.bounds.width + 2 * 16 }
        return accessoryType == .none ? 0 : 38
    }

    open override func layoutSubviews() {
        let separatorHeight = separator == nil ? 0.0 : 1
        selectedBackgroundView?.frame = Rect(x: 0, y: 0, width: bounds.width, height: max(0, bounds.height - separatorHeight))
        standardAccessory.isHidden = accessoryView != nil || accessoryType == .none
        standardAccessory.frame = Rect(x: bounds.width - 38, y: 0, width: 38, height: bounds.height)
        if let accessoryView {
            accessoryView.center = Point(x: bounds.width - 16 - accessoryView.bounds.width / 2, y: bounds.midY)
        }
        contentView.frame = Rect(x: 0, y: 0, width: max(0, bounds.width - accessoryWidth), height: bounds.height)
        configuredView?.frame = contentView.bounds
        let inner = contentView.bounds.insetBy(dx: 16, dy: 0)
        switch style {
        case .default:
            textLabel?.frame = inner
        case .subtitle:
            let textHeight = (textLabel?.font.size ?? 17) * 1.25
            let detailHeight = (detailTextLabel?.font.size ?? 13) * 1.25
            let top = inner.minY + max(0, (inner.height - textHeight - detailHeight) / 2)
            textLabel?.frame = Rect(x: inner.minX, y: top, width: inner.width, height: textHeight)
            detailTextLabel?.frame = Rect(x: inner.minX, y: top + textHeight, width: inner.width, height: detailHeight)
        case .value1:
            textLabel?.frame = Rect(x: inner.minX, y: inner.minY, width: inner.width * 0.6, height: inner.height)
            detailTextLabel?.frame = Rect(x: inner.minX + inner.width * 0.4, y: inner.minY, width: inner.width * 0.6, height: inner.height)
        }
    }

    /// The separator along the bottom edge; the rest are subviews.
    open override func draw(_ rect: Rect) {
        guard let separator, let context = GraphicsContext.current else { return }
        context.fill(
            Rect(x: separator.leftInset, y: bounds.height - 1, width: bounds.width - separator.leftInset, height: 1),
            with: separator.color)
    }
}

/// The standard accessory: a disclosure chevron or a checkmark.
@MainActor
final class AccessoryIndicator: View {
    var type = TableViewCell.AccessoryType.none {
        didSet { if oldValue != type { setNeedsDisplay() } }
    }

    init() {
        super.init(frame: .zero)
        isUserInteractionEnabled = false
    }

    override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        let mid = bounds.midY
        let right = bounds.maxX - 16
        switch type {
        case .none:
            break
        case .disclosureIndicator:
            var chevron = Path()
            chevron.move(to: Point(x: right - 7, y: mid - 6.5))
            chevron.addLine(to: Point(x: right, y: mid))
            chevron.addLine(to: Point(x: right - 7, y: mid + 6.5))
            context.stroke(chevron, with: .controlGray(0.7, dark: 0.4), lineWidth: 2, lineCap: .round)
        case .checkmark:
            var check = Path()
            check.move(to: Point(x: right - 14, y: mid))
            check.addLine(to: Point(x: right - 9, y: mid + 5))
            check.addLine(to: Point(x: right, y: mid - 6))
            context.stroke(check, with: .systemBlue, lineWidth: 2.5, lineCap: .round)
        }
    }
}
