/// A value in a configuration file.
public enum ConfigurationValue: Equatable, Sendable, CustomStringConvertible {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([ConfigurationValue])

    public var description: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let flag): String(flag)
        case .array(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        }
    }

    var typeName: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .bool: "true or false"
        case .array: "a list"
        }
    }
}

/// Bad configuration: names the file, the line and the key.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable, Sendable {
    public var file: String
    public var line: Int?
    public var key: String?
    public var message: String

    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        text += ": "
        if let key { text += "key '\(key)': " }
        return text + message
    }
}

/// The TOML subset the configuration uses: `# comments`, `[sections]` and
/// `key = value` lines whose value is a "string", a number, true/false, or
/// a one-line [list]. Keys come back as "section.key".
public struct ConfigurationFile: Sendable {
    public struct Entry: Sendable {
        public var value: ConfigurationValue
        public var line: Int
    }

    public let path: String
    public private(set) var entries: [String: Entry] = [:]

    public init(path: String, text: String) throws {
        self.path = path
        var section = ""
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            func fail(_ message: String, key: String? = nil) -> ConfigurationError {
                ConfigurationError(file: path, line: lineNumber, key: key, message: message)
            }
            var scanner = ValueScanner(Array(raw.utf8))
            scanner.skipSpaces()
            if scanner.atEndOfContent { continue }
            if scanner.peek == UInt8(ascii: "[") {
                scanner.advance()
                let name = scanner.take { $0 != UInt8(ascii: "]") }.trimmed
                guard scanner.peek == UInt8(ascii: "]") else { throw fail("a section header needs a closing ']'") }
                scanner.advance()
                scanner.skipSpaces()
                guard scanner.atEndOfContent else { throw fail("unexpected text after the section header") }
                guard !name.isEmpty, name.allSatisfy(Self.isKeyCharacter) else { throw fail("'\(name)' is not a section name") }
                section = name
                continue
            }
            let key = scanner.take { $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: "#") }.trimmed
            guard scanner.peek == UInt8(ascii: "=") else { throw fail("expected 'key = value', found '\(String(decoding: raw.utf8, as: UTF8.self).trimmed)'") }
            guard !key.isEmpty, key.allSatisfy(Self.isKeyCharacter) else { throw fail("'\(key)' is not a key name") }
            scanner.advance()
            let fullKey = section.isEmpty ? key : section + "." + key
            let value: ConfigurationValue
            do {
                value = try scanner.value()
                scanner.skipSpaces()
                guard scanner.atEndOfContent else { throw ValueScanner.Problem("unexpected text after the value") }
            } catch let problem as ValueScanner.Problem {
                throw fail(problem.message, key: fullKey)
            }
            if let earlier = entries[fullKey] { throw fail("set twice (first on line \(earlier.line))", key: fullKey) }
            entries[fullKey] = Entry(value: value, line: lineNumber)
        }
    }

    private static func isKeyCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "-" || c == "_" || c == "." }
}

/// Reads one value from a line, leaving the scanner after it.
struct ValueScanner {
    struct Problem: Error { var message: String; init(_ message: String) { self.message = message } }

    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }
    /// Nothing but a comment (or nothing) is left.
    var atEndOfContent: Bool { peek == nil || peek == UInt8(ascii: "#") || peek == UInt8(ascii: "\r") }
    mutating func advance() { position += 1 }

    mutating func skipSpaces() {
        while let c = peek, c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") { advance() }
    }

    mutating func take(while condition: (UInt8) -> Bool) -> String {
        let start = position
        while let c = peek, condition(c) { advance() }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    mutating func value() throws -> ConfigurationValue {
        skipSpaces()
        guard let first = peek, !atEndOfContent else { throw Problem("no value after '='") }
        switch first {
        case UInt8(ascii: "\""):
            advance()
            var text: [UInt8] = []
            while true {
                guard let c = peek else { throw Problem("the string has no closing quote") }
                advance()
                if c == UInt8(ascii: "\"") { break }
                if c == UInt8(ascii: "\\") {
                    guard let escaped = peek else { throw Problem("the string has no closing quote") }
                    advance()
                    switch escaped {
                    case UInt8(ascii: "n"): text.append(10)
                    case UInt8(ascii: "t"): text.append(9)
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"): text.append(escaped)
                    default: throw Problem("unknown escape '\\\(Character(UnicodeScalar(escaped)))' in the string")
                    }
                } else {
                    text.append(c)
                }
            }
            return .string(String(decoding: text, as: UTF8.self))
        case UInt8(ascii: "["):
            advance()
            var items: [ConfigurationValue] = []
            while true {
                skipSpaces()
                if peek == UInt8(ascii: "]") {
                    advance()
                    return .array(items)
                }
                guard peek != nil, !atEndOfContent else { throw Problem("the list has no closing ']' (lists stay on one line)") }
                items.append(try value())
                skipSpaces()
                if peek == UInt8(ascii: ",") { advance() } else if atEndOfContent {
                    throw Problem("the list has no closing ']' (lists stay on one line)")
                } else if peek != UInt8(ascii: "]") {
                    throw Problem("expected ',' or ']' in the list")
                }
            }
        default:
            let word = take { c in !(c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: ",") || c == UInt8(ascii: "]") || c == UInt8(ascii: "#")) }
            if word == "true" { return .bool(true) }
            if word == "false" { return .bool(false) }
            if let number = Double(word.filter { $0 != "_" }), number.isFinite { return .number(number) }
            throw Problem("'\(word)' is not a value: strings need \"quotes\"; otherwise a number, true or false")
        }
    }
}

extension String {
    var trimmed: String {
        var slice = Substring(self)
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }
}
