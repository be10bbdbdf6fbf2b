extension String {
    /// Padded with spaces, or cut, to `length` characters: what Foundation's
    /// `padding(toLength:withPad: " ", startingAt: 0)` makes of the ASCII
    /// names given here ("stationary" becomes "stationar").
    func padded(to length: Int) -> String {
        count < length ? self + String(repeating: " ", count: length - count) : String(prefix(length))
    }
}
