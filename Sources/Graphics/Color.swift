/// A colour with alpha, components 0...1, as UIColor.
///
/// A colour can adapt to the appearance: one made with `init(light:dark:)`
/// (as the semantic colours are) is drawn with its dark components where
/// the context draws in the dark appearance. Its `red`, `green`, `blue` and
/// `alpha` are the light appearance's.
public struct Color: Hashable, Sendable {
    public var red, green, blue, alpha: Double
    /// The dark appearance's components, for a colour that adapts.
    private var dark: Components?

    private struct Components: Hashable, Sendable {
        var red, green, blue, alpha: Double
    }

    /// Light or dark: which of an adaptive colour's two is drawn.
    public enum Appearance: Sendable {
        case light, dark
    }

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// A colour drawn as `light` in the light appearance and as `dark` in the dark one.
    public init(light: Color, dark: Color) {
        self = light.resolved(for: .light)
        let dark = dark.resolved(for: .dark)
        self.dark = Components(red: dark.red, green: dark.green, blue: dark.blue, alpha: dark.alpha)
    }

    /// Whether the colour has another form in the dark appearance.
    public var adaptsToAppearance: Bool { dark != nil }

    /// The colour as drawn in `appearance`, no longer adapting.
    public func resolved(for appearance: Appearance) -> Color {
        guard let dark else { return self }
        if appearance == .light { return Color(red: red, green: green, blue: blue, alpha: alpha) }
        return Color(red: dark.red, green: dark.green, blue: dark.blue, alpha: dark.alpha)
    }

    public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    /// The colour with another alpha, in both appearances for one that adapts.
    public func withAlphaComponent(_ alpha: Double) -> Color {
        var color = self
        color.alpha = alpha
        color.dark?.alpha = alpha
        return color
    }

    public static let clear = Color(white: 0, alpha: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let gray = Color(white: 0.5)
    public static let lightGray = Color(white: 2.0 / 3)
    public static let darkGray = Color(white: 1.0 / 3)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 1, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 1)
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    public static let orange = Color(red: 1, green: 0.5, blue: 0)
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
    public static let cyan = Color(red: 0, green: 1, blue: 1)
    public static let magenta = Color(red: 1, green: 0, blue: 1)
    public static let brown = Color(red: 0.6, green: 0.4, blue: 0.2)

    /// The colour in 8 bits per channel, rounded, as a pixel holds it.
    public var pixel: PixelColor {
        func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        return PixelColor(red: byte(red), green: byte(green), blue: byte(blue), alpha: byte(alpha))
    }
}
