/// Which on-screen keyboard a text field asks for, as UIKeyboardType.
public enum KeyboardType: Sendable {
    /// Letters in the configured layout, with a page of numbers and symbols.
    case `default`
    /// Digits only: a PIN, a quantity.
    case numberPad
    /// Digits and a decimal point: a price, a weight.
    case decimalPad
}
