/// What the customer has chosen so far.
public struct Order: Equatable, Sendable {
    public struct Line: Equatable, Sendable {
        public let item: MenuItem
        public var quantity: Int
        public var total: Int { item.price * quantity }
    }

    public private(set) var lines: [Line] = []

    public init() {}

    public var isEmpty: Bool { lines.isEmpty }
    public var itemCount: Int { lines.reduce(0) { $0 + $1.quantity } }
    public var total: Int { lines.reduce(0) { $0 + $1.total } }

    /// Adds `quantity` of `item`; an item already in the order gets one line.
    public mutating func add(_ item: MenuItem, quantity: Int) {
        guard quantity > 0 else { return }
        if let index = lines.firstIndex(where: { $0.item == item }) {
            lines[index].quantity += quantity
        } else {
            lines.append(Line(item: item, quantity: quantity))
        }
    }

    public mutating func remove(_ item: MenuItem) {
        lines.removeAll { $0.item == item }
    }

    /// "3 items, €9.40".
    public var summary: String {
        "\(itemCount) item\(itemCount == 1 ? "" : "s"), \(formatPrice(total))"
    }
}
