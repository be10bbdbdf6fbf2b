/// The lines a barcode scanner types: the text of its keys up to Return (or
/// the keypad's Enter), as a scanner in keyboard mode sends a code. What is
/// not text (Shift, a control key) adds nothing.
public struct ScannedLines {
    private var line = ""

    public init() {}

    /// The lines these records complete, in order.
    public mutating func add(_ records: [KeyRecord]) -> [String] {
        var lines: [String] = []
        for record in records where record.phase == .began {
            if record.code == Self.enter || record.code == Self.keypadEnter || record.characters == "\r" || record.characters == "\n" {
                lines.append(line)
                line = ""
            } else if record.characters.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) {
                line += record.characters
            }
        }
        return lines
    }

    static let enter: UInt16 = 28, keypadEnter: UInt16 = 96
}
