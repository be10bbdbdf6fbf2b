import Foundation
@testable import KernelInput
import Testing

/// `trimmingSpaces()` trims what Foundation's `trimmingCharacters(in: .whitespaces)` did (issue 26).
struct TrimmingTests {
    @Test func asFoundationTrimsWhitespace() {
        let spaces = ["", " ", "\t", "\u{A0}", "\u{2003}", "\u{3000}", "\u{202F}", "\u{1680}"]
        let notSpaces = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{200B}", "\u{FEFF}"]
        let words = ["", "a", "a b", "MT_TOOL_TYPE", "é", "e\u{301}", "\u{301}x", "a\tb"]
        for word in words {
            for before in spaces + notSpaces {
                for after in spaces + notSpaces {
                    let text = before + before + word + after
                    #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
                    let slice = ("#" + text + "#").dropFirst().dropLast()
                    #expect(slice.trimmingSpaces() == slice.trimmingCharacters(in: .whitespaces))
                }
            }
        }
    }
}
