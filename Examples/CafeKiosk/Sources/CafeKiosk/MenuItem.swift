/// Something the café sells.
public struct MenuItem: Hashable, Sendable {
    public let name: String
    public let detail: String
    /// In cents, so that totals add up exactly.
    public let price: Int

    public init(_ name: String, _ price: Int, _ detail: String) {
        self.name = name
        self.price = price
        self.detail = detail
    }

    /// Today's menu, in the sections the list shows.
    public static let sections: [(title: String, items: [MenuItem])] = [
        ("Coffee", [
            MenuItem("Espresso", 220, "A double shot, pulled short."),
            MenuItem("Flat white", 340, "Espresso with a thin layer of steamed milk."),
            MenuItem("Cappuccino", 330, "Espresso, steamed milk and a deep cap of foam."),
            MenuItem("Caffè latte", 350, "Espresso in a tall glass of steamed milk."),
            MenuItem("Mocha", 380, "Espresso, chocolate and steamed milk."),
        ]),
        ("Tea and more", [
            MenuItem("Black tea", 250, "Assam, brewed for four minutes."),
            MenuItem("Hot chocolate", 320, "Dark chocolate melted into whole milk."),
            MenuItem("Orange juice", 300, "Pressed this morning."),
        ]),
        ("Bakery", [
            MenuItem("Croissant", 240, "All butter, baked here."),
            MenuItem("Pain au chocolat", 270, "Two bars of dark chocolate inside."),
            MenuItem("Banana bread", 300, "A thick slice, toasted, with butter."),
            MenuItem("Carrot cake", 360, "With cream cheese frosting and walnuts."),
        ]),
        ("Lunch", [
            MenuItem("Ham and cheese toastie", 520, "Sourdough, ham, cheddar, mustard."),
            MenuItem("Soup of the day", 480, "With bread. Ask at the counter what it is."),
        ]),
    ]

    /// Every item, in menu order.
    public static let menu: [MenuItem] = sections.flatMap(\.items)
}

/// "€3.40": the café's prices as the customer reads them.
public func formatPrice(_ cents: Int) -> String {
    let euros = cents / 100, rest = cents % 100
    return "€\(euros).\(rest < 10 ? "0" : "")\(rest)"
}
