import TouchBridge

/// The café's look, in one place.
@MainActor
enum Theme {
    static let espresso = Color(red: 0.24, green: 0.16, blue: 0.12)
    static let cream = Color(red: 0.98, green: 0.96, blue: 0.92)
    static let accent = Color(red: 0.78, green: 0.36, blue: 0.16)
    static let line = Color(white: 0.85)
    static let secondaryText = Color(white: 0.4)
    static let headerHeight = 64.0
    static let barHeight = 76.0
    static let margin = 16.0
    /// The widest the content gets: on a wide panel it stays a column in
    /// the middle, where a customer standing in front of it reads it.
    static let columnWidth = 1040.0

    /// The band of `view` the content keeps to: all of it on a small panel,
    /// `columnWidth` in the middle of a wide one, inside the safe area.
    static func column(in view: View) -> LayoutGuide {
        let column = LayoutGuide()
        column.identifier = "column"
        view.addLayoutGuide(column)
        let safe = view.safeAreaLayoutGuide
        let asWideAsTheScreen = column.widthAnchor.constraint(equalTo: safe.widthAnchor)
        asWideAsTheScreen.priority = .defaultHigh
        LayoutConstraint.activate([
            column.centerXAnchor.constraint(equalTo: safe.centerXAnchor),
            column.widthAnchor.constraint(lessThanOrEqualToConstant: columnWidth),
            column.widthAnchor.constraint(lessThanOrEqualTo: safe.widthAnchor),
            asWideAsTheScreen,
            column.topAnchor.constraint(equalTo: safe.topAnchor),
            column.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
        ])
        return column
    }

    /// A filled button for what the customer is meant to do next; an
    /// outlined one for the other ways out.
    static func button(_ title: String, primary: Bool) -> Button {
        let button = Button(title: title)
        button.translatesAutoresizingMaskIntoConstraints = false
        button.cornerRadius = 10
        button.font = .boldSystemFont(ofSize: 20)
        if primary {
            button.backgroundColor = accent
            button.titleColor = .white
        } else {
            button.backgroundColor = .white
            button.borderWidth = 2
            button.borderColor = accent
            button.titleColor = accent
        }
        return button
    }

    /// A label placed by constraints.
    static func label(_ text: String = "", font: Font, color: Color = .label, alignment: TextAlignment = .natural) -> Label {
        let label = Label(frame: .zero, text: text)
        label.translatesAutoresizingMaskIntoConstraints = false
        label.font = font
        label.textColor = color
        label.textAlignment = alignment
        return label
    }
}
