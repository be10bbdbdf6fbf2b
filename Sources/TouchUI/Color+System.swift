/// UIKit's system and semantic colours, as Apple's Human Interface
/// Guidelines give them for light and dark. Each adapts: it is drawn in
/// its dark form where the traits say dark.
extension Color {
    private static func rgb(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) -> Color {
        Color(red: red / 255, green: green / 255, blue: blue / 255, alpha: alpha)
    }
    private static func adaptive(_ light: Color, _ dark: Color) -> Color { Color(light: light, dark: dark) }

    // MARK: The tints

    public static let systemBlue = adaptive(rgb(0, 122, 255), rgb(10, 132, 255))
    public static let systemGreen = adaptive(rgb(52, 199, 89), rgb(48, 209, 88))
    public static let systemRed = adaptive(rgb(255, 59, 48), rgb(255, 69, 58))
    public static let systemOrange = adaptive(rgb(255, 149, 0), rgb(255, 159, 10))
    public static let systemYellow = adaptive(rgb(255, 204, 0), rgb(255, 214, 10))
    public static let systemPink = adaptive(rgb(255, 45, 85), rgb(255, 55, 95))
    public static let systemPurple = adaptive(rgb(175, 82, 222), rgb(191, 90, 242))
    public static let systemIndigo = adaptive(rgb(88, 86, 214), rgb(94, 92, 230))
    public static let systemTeal = adaptive(rgb(48, 176, 199), rgb(64, 200, 224))
    public static let systemGray = adaptive(rgb(142, 142, 147), rgb(142, 142, 147))
    public static let systemGray2 = adaptive(rgb(174, 174, 178), rgb(99, 99, 102))
    public static let systemGray3 = adaptive(rgb(199, 199, 204), rgb(72, 72, 74))
    public static let systemGray4 = adaptive(rgb(209, 209, 214), rgb(58, 58, 60))
    public static let systemGray5 = adaptive(rgb(229, 229, 234), rgb(44, 44, 46))
    public static let systemGray6 = adaptive(rgb(242, 242, 247), rgb(28, 28, 30))

    // MARK: Backgrounds

    /// A screen's background: white, or black in the dark.
    public static let systemBackground = adaptive(.white, .black)
    /// Content on `systemBackground`: a card, a panel.
    public static let secondarySystemBackground = adaptive(rgb(242, 242, 247), rgb(28, 28, 30))
    public static let tertiarySystemBackground = adaptive(.white, rgb(44, 44, 46))
    /// Behind a grouped table.
    public static let systemGroupedBackground = adaptive(rgb(242, 242, 247), .black)
    /// A grouped table's cells.
    public static let secondarySystemGroupedBackground = adaptive(.white, rgb(28, 28, 30))
    public static let tertiarySystemGroupedBackground = adaptive(rgb(242, 242, 247), rgb(44, 44, 46))

    // MARK: Text

    public static let label = adaptive(.black, .white)
    public static let secondaryLabel = adaptive(rgb(60, 60, 67, 0.6), rgb(235, 235, 245, 0.6))
    public static let tertiaryLabel = adaptive(rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3))
    public static let quaternaryLabel = adaptive(rgb(60, 60, 67, 0.18), rgb(235, 235, 245, 0.16))
    public static let placeholderText = adaptive(rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3))
    public static let link = adaptive(rgb(0, 122, 255), rgb(9, 132, 255))

    // MARK: Lines and fills

    /// A thin line between content, letting some of what is under it through.
    public static let separator = adaptive(rgb(60, 60, 67, 0.29), rgb(84, 84, 88, 0.6))
    /// A line that hides what is under it.
    public static let opaqueSeparator = adaptive(rgb(198, 198, 200), rgb(56, 56, 58))
    /// Behind thin and small shapes: a slider's track, a switch's.
    public static let systemFill = adaptive(rgb(120, 120, 128, 0.2), rgb(120, 120, 128, 0.36))
    public static let secondarySystemFill = adaptive(rgb(120, 120, 128, 0.16), rgb(120, 120, 128, 0.32))
    public static let tertiarySystemFill = adaptive(rgb(118, 118, 128, 0.12), rgb(118, 118, 128, 0.24))
    public static let quaternarySystemFill = adaptive(rgb(116, 116, 128, 0.08), rgb(118, 118, 128, 0.18))

    /// The controls' own greys, kept as they were drawn in the light and
    /// given a dark form: `Color(white: light)` in light, `Color(white: dark)` in dark.
    static func controlGray(_ light: Double, dark: Double, alpha: Double = 1) -> Color {
        Color(light: Color(white: light, alpha: alpha), dark: Color(white: dark, alpha: alpha))
    }
}
