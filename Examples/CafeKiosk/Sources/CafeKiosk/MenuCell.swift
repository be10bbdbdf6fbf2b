import TouchBridge

/// One line of the menu: the name, a line about it, and the price. The
/// table highlights it while a finger rests on it and selects it on lift.
public final class MenuCell: TableViewCell {
    public static let identifier = "MenuItem"
    public static let height = 76.0
    public let priceLabel = Label()
    public private(set) var item: MenuItem?

    public required init(style: CellStyle = .subtitle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
        textLabel?.font = .boldSystemFont(ofSize: 21)
        detailTextLabel?.font = .systemFont(ofSize: 15)
        detailTextLabel?.textColor = Theme.secondaryText
        priceLabel.font = .systemFont(ofSize: 20)
        priceLabel.textAlignment = .right
        contentView.addSubview(priceLabel)
        accessoryType = .disclosureIndicator
        selectedBackgroundColor = Color(white: 0.88)
    }

    func show(_ item: MenuItem) {
        self.item = item
        textLabel?.text = item.name
        detailTextLabel?.text = item.detail
        priceLabel.text = formatPrice(item.price)
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let priceWidth = 90.0
        for label in [textLabel, detailTextLabel].compactMap({ $0 }) {
            label.frame.size.width = max(0, contentView.bounds.width - priceWidth - 2 * Theme.margin)
        }
        priceLabel.frame = Rect(x: contentView.bounds.width - priceWidth - 4, y: 0, width: priceWidth, height: contentView.bounds.height)
    }
}
