import TouchBridge

/// One line of the menu: the name, a line about it, and the price. The
/// whole row is the control, and it darkens while a finger is on it.
public final class MenuRow: Control {
    public let item: MenuItem
    public static let height = 76.0

    init(item: MenuItem, width: Double) {
        self.item = item
        super.init(frame: Rect(x: 0, y: 0, width: width, height: Self.height))
        let priceWidth = 90.0
        let name = Label(frame: Rect(x: Theme.margin, y: 10, width: width - priceWidth - 2 * Theme.margin, height: 30), text: item.name)
        name.font = .boldSystemFont(ofSize: 21)
        let detail = Label(frame: Rect(x: Theme.margin, y: 40, width: width - priceWidth - 2 * Theme.margin, height: 24), text: item.detail)
        detail.font = .systemFont(ofSize: 15)
        detail.textColor = Theme.secondaryText
        let price = Label(frame: Rect(x: width - priceWidth - Theme.margin, y: 0, width: priceWidth, height: Self.height), text: formatPrice(item.price))
        price.font = .systemFont(ofSize: 20)
        price.textAlignment = .right
        for label in [name, detail, price] { addSubview(label) }
    }

    public override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        context.fill(Path(rect: bounds), with: isHighlighted ? Color(white: 0.88) : .white)
        context.fill(Path(rect: Rect(x: Theme.margin, y: bounds.maxY - 1, width: bounds.width - Theme.margin, height: 1)), with: Theme.line)
    }
}
