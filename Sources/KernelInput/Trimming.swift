extension StringProtocol {
    /// The text without the spaces and tabs around it: Foundation's
    /// `trimmingCharacters(in: .whitespaces)` (tab, Unicode's space
    /// separators and, as CoreFoundation has it, the zero-width space),
    /// which FoundationEssentials lacks (issue 26).
    func trimmingSpaces() -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
        }
        let scalars = Substring(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(Substring(scalars[first...last]))
    }
}
