/// A colour with alpha, components 0...1, as UIColor.
public struct Color: Hashable, Sendable {
    public var red, green, blue, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    public func withAlphaComponent(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

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
    // The tints iOS's controls use.
    public static let systemBlue = Color(red: 0, green: 122.0 / 255, blue: 1)
    public static let systemGreen = Color(red: 52.0 / 255, green: 199.0 / 255, blue: 89.0 / 255)
    public static let systemRed = Color(red: 1, green: 59.0 / 255, blue: 48.0 / 255)
    public static let systemGray = Color(red: 142.0 / 255, green: 142.0 / 255, blue: 147.0 / 255)

    /// The colour in 8 bits per channel, rounded, as a pixel holds it.
    public var pixel: PixelColor {
        func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        return PixelColor(red: byte(red), green: byte(green), blue: byte(blue), alpha: byte(alpha))
    }
}
