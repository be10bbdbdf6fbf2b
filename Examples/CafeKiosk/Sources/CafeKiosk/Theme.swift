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

    /// The title bar every screen has.
    static func header(width: Double, title: String) -> Label {
        let header = Label(frame: Rect(x: 0, y: 0, width: width, height: headerHeight), text: title)
        header.backgroundColor = espresso
        header.textColor = .white
        header.font = .boldSystemFont(ofSize: 24)
        header.textAlignment = .center
        return header
    }

    /// A filled button for what the customer is meant to do next; an
    /// outlined one for the other ways out.
    static func button(_ title: String, frame: Rect, primary: Bool) -> Button {
        let button = Button(frame: frame, title: title)
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
}
