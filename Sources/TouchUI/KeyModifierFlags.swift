/// Modifier keys held (or locked) when a key changed, as UIKeyModifierFlags.
public struct KeyModifierFlags: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Caps Lock is on.
    public static let alphaShift = KeyModifierFlags(rawValue: 1 << 16)
    public static let shift = KeyModifierFlags(rawValue: 1 << 17)
    public static let control = KeyModifierFlags(rawValue: 1 << 18)
    /// Alt (Option).
    public static let alternate = KeyModifierFlags(rawValue: 1 << 19)
    /// The logo key (Windows, Super): where a Mac keyboard has Command.
    public static let command = KeyModifierFlags(rawValue: 1 << 20)
    /// The key is on the numeric keypad.
    public static let numericPad = KeyModifierFlags(rawValue: 1 << 21)
}
