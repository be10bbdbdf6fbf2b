/// A mistake in a TOML document: the line it is on, the key it belongs to
/// when there is one, and what is wrong.
public struct TOMLError: Error, Equatable, Sendable {
    public var line: Int
    public var key: String?
    public var message: String
}

/// Reads a TOML 1.0 document (https://toml.io/en/v1.0.0), remembering the
/// line of every key so that a configuration's mistakes can name it.
///
/// Written for the configuration rather than taken from a package: the TOML
/// package at hand (TOMLKit 0.6, on toml++) aborts the process on a lone `[`
/// and on a quoted key holding U+0000, and stops reading at a NUL byte; a
/// kiosk's daemon must answer a bad file with an error, not a crash.
public enum TOMLParser {
    public static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
        try parse(bytes: Array(text.utf8))
    }

    public static func parse(bytes: [UInt8]) throws(TOMLError) -> TOMLTable {
        var reader = Reader(bytes)
        try reader.checkEncoding()
        let root = Table(state: .header, line: 1)
        try reader.readDocument(into: root)
        return root.frozen()
    }
}

/// A table while the document is read: open to more keys until the end.
private final class Table {
    /// How a table came to be, which decides what may add to it later.
    enum State {
        /// Made on the way to a deeper header, `[a]` for `[a.b]`: a header of its own may still define it.
        case implicit
        /// Defined by its own `[header]` (or `[[header]]`): defined once.
        case header
        /// Made by a dotted key, `a.b = 1`: more dotted keys may add to it, a header may not define it.
        case dotted
    }

    enum Item {
        case value(TOMLValue, line: Int, endLine: Int)
        case table(Table)
        case arrayOfTables(TableArray, line: Int)
    }

    var state: State
    var line: Int
    var order: [String] = []
    var items: [String: Item] = [:]

    init(state: State, line: Int) {
        self.state = state
        self.line = line
    }

    func set(_ key: String, _ item: Item) {
        if items.updateValue(item, forKey: key) == nil { order.append(key) }
    }

    func frozen() -> TOMLTable {
        var table = TOMLTable()
        for key in order {
            switch items[key]! {
            case .value(let value, let line, let endLine): table.entries.append(.init(key: key, value: value, line: line, endLine: endLine))
            case .table(let sub): table.entries.append(.init(key: key, value: .table(sub.frozen()), line: sub.line, endLine: sub.line))
            case .arrayOfTables(let list, let line):
                table.entries.append(.init(key: key, value: .array(list.tables.map { .table($0.frozen()) }), line: line, endLine: line))
            }
        }
        return table
    }
}

private final class TableArray {
    var tables: [Table] = []
}

private struct Reader {
    private let bytes: [UInt8]
    private var position = 0
    private(set) var line = 1
    /// The dotted key whose value is being read, for errors.
    private var currentKey: String?

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    // MARK: Bytes

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }
    private func peek(_ offset: Int) -> UInt8? { position + offset < bytes.count ? bytes[position + offset] : nil }
    private var atEnd: Bool { position >= bytes.count }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count {
            if bytes[position] == newline { line += 1 }
            position += 1
        }
    }

    /// An error on the line being read (or `at` another), naming the key whose value is being read, if any.
    private func fail(_ message: String, at errorLine: Int? = nil) -> TOMLError {
        TOMLError(line: errorLine ?? line, key: currentKey, message: message)
    }

    private func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the file" }
        if byte == newline { return "the end of the line" }
        if byte < 0x20 || byte == 0x7f { return "the control character U+\(hex(byte))" }
        if byte >= 0x80 { return "'\(String(decoding: bytes[position...].prefix(4), as: UTF8.self).prefix(1))'" }
        return "'\(Character(UnicodeScalar(byte)))'"
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// UTF-8 throughout, a byte-order mark only at the very start.
    mutating func checkEncoding() throws(TOMLError) {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var lineNumber = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if scalar == "\u{FEFF}" && offset != 0 {
                    throw TOMLError(line: lineNumber, key: nil, message: "a byte-order mark (U+FEFF) is allowed only at the start of the file")
                }
                if scalar == "\n" { lineNumber += 1 }
                offset += encoded.count
            case .emptyInput:
                if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
                return
            case .error:
                throw TOMLError(line: lineNumber, key: nil, message: "not UTF-8 text: byte \(offset + 1) of the file starts no character (0x\(String(bytes[offset], radix: 16)))")
            }
        }
    }

    // MARK: Layout

    private mutating func skipSpaces() {
        while let c = peek, c == space || c == tab { advance() }
    }

    /// A comment, from `#` to the end of the line.
    private mutating func skipComment() throws(TOMLError) {
        guard peek == hash else { return }
        advance()
        while let c = peek, c != newline {
            if c == carriageReturn && peek(1) == newline { return }
            if isControl(c) { throw fail("\(describe(c)) is not allowed in a comment") }
            advance()
        }
    }

    /// Spaces, then a comment or nothing, then the end of the line (or file).
    private mutating func finishLine(after what: String) throws(TOMLError) {
        skipSpaces()
        try skipComment()
        guard let c = peek else { return }
        if c == newline { advance(); return }
        if c == carriageReturn && peek(1) == newline { advance(2); return }
        throw fail("expected the end of the line after \(what), found \(describe(c))")
    }

    /// Spaces, newlines and comments, as between an array's values.
    private mutating func skipSpacesAndNewlines() throws(TOMLError) {
        while true {
            skipSpaces()
            try skipComment()
            if peek == newline { advance(); continue }
            if peek == carriageReturn && peek(1) == newline { advance(2); continue }
            return
        }
    }

    // MARK: The document

    mutating func readDocument(into root: Table) throws(TOMLError) {
        var current = root
        var currentPath: [String] = []
        while true {
            skipSpaces()
            guard let c = peek else { return }
            switch c {
            case newline: advance()
            case carriageReturn where peek(1) == newline: advance(2)
            case hash: try skipComment()
            case openBracket:
                let headerLine = line
                advance()
                let isArray = peek == openBracket
                if isArray { advance() }
                skipSpaces()
                let path = try readKey()
                skipSpaces()
                guard peek == closeBracket, !isArray || peek(1) == closeBracket else {
                    if peek == newline || peek == nil || peek == hash || (isArray && peek == closeBracket) {
                        throw fail(isArray ? "an array-of-tables header needs a closing ']]'" : "a section header needs a closing ']'")
                    }
                    throw fail("unexpected \(describe(peek)) in the section header")
                }
                advance(isArray ? 2 : 1)
                current = try isArray ? appendTable(at: path, in: root, line: headerLine) : defineTable(at: path, in: root, line: headerLine)
                currentPath = path
                try finishLine(after: "the section header")
            default:
                let keyLine = line
                guard isBareKeyByte(c) || c == doubleQuote || c == singleQuote else {
                    throw fail("expected 'key = value', found \(describe(c))")
                }
                let start = position
                let key = try readKey()
                skipSpaces()
                guard peek == equals else {
                    let rest = bytes[start...].prefix { $0 != newline && $0 != carriageReturn }
                    throw fail("expected 'key = value', found '\(String(decoding: rest, as: UTF8.self).trimmed)'")
                }
                advance()
                skipSpaces()
                currentKey = (currentPath + key).joined(separator: ".")
                let value = try readValue()
                try insert(value, at: key, into: current, lines: keyLine...line, prefix: currentPath)
                try finishLine(after: "the value")
                currentKey = nil
            }
        }
    }

    /// `[a.b.c]`: the table at the end of the path, defined now.
    private func defineTable(at path: [String], in root: Table, line: Int) throws(TOMLError) -> Table {
        let parent = try walkToParent(of: path, in: root)
        let name = path.joined(separator: ".")
        switch parent.items[path.last!] {
        case nil:
            let table = Table(state: .header, line: line)
            parent.set(path.last!, .table(table))
            return table
        case .table(let table) where table.state == .implicit:
            table.state = .header
            table.line = line
            return table
        case .table(let table):
            throw fail(table.state == .header ? "[\(name)] is defined twice (first on line \(table.line))" : "[\(name)] was already made by dotted keys on line \(table.line)")
        case .arrayOfTables(_, let first):
            throw fail("[\(name)] is an array of tables ([[\(name)]] on line \(first)), not a table")
        case .value(_, let first, _):
            throw fail("[\(name)] is already a value, set on line \(first)")
        }
    }

    /// `[[a.b.c]]`: a new table at the end of the array at the end of the path.
    private func appendTable(at path: [String], in root: Table, line: Int) throws(TOMLError) -> Table {
        let parent = try walkToParent(of: path, in: root)
        let name = path.joined(separator: ".")
        let table = Table(state: .header, line: line)
        switch parent.items[path.last!] {
        case nil:
            let list = TableArray()
            list.tables.append(table)
            parent.set(path.last!, .arrayOfTables(list, line: line))
        case .arrayOfTables(let list, _):
            list.tables.append(table)
        case .table(let existing):
            throw fail("[[\(name)]] is already a table (line \(existing.line)), not an array of tables")
        case .value(_, let first, _):
            throw fail("[[\(name)]] is already a value, set on line \(first); an array given as a value cannot be added to")
        }
        return table
    }

    /// A header's path up to its last key: through tables of any kind, and
    /// through the last table of an array of tables.
    private func walkToParent(of path: [String], in root: Table) throws(TOMLError) -> Table {
        var table = root
        for (depth, key) in path.dropLast().enumerated() {
            switch table.items[key] {
            case nil:
                let made = Table(state: .implicit, line: line)
                table.set(key, .table(made))
                table = made
            case .table(let next): table = next
            case .arrayOfTables(let list, _): table = list.tables.last!
            case .value(_, let first, _):
                throw fail("'\(path[...depth].joined(separator: "."))' is already a value, set on line \(first), not a table")
            }
        }
        return table
    }

    /// `a.b.c = value` in `table`: `a` and `b` are tables made by dotted keys.
    private func insert(_ value: TOMLValue, at path: [String], into table: Table, lines: ClosedRange<Int>, prefix: [String]) throws(TOMLError) {
        let line = lines.lowerBound
        var table = table
        for (depth, key) in path.dropLast().enumerated() {
            let name = (prefix + path[...depth]).joined(separator: ".")
            switch table.items[key] {
            case nil:
                let made = Table(state: .dotted, line: line)
                table.set(key, .table(made))
                table = made
            case .table(let next) where next.state == .dotted:
                table = next
            case .table(let next):
                throw fail("'\(name)' is a table made by the section header on line \(next.line); dotted keys cannot add to it", at: line)
            case .arrayOfTables(_, let first):
                throw fail("'\(name)' is an array of tables (line \(first)); dotted keys cannot add to it", at: line)
            case .value(_, let first, _):
                throw fail("'\(name)' is already a value, set on line \(first), not a table", at: line)
            }
        }
        let key = path.last!
        if let earlier = table.items[key] {
            let first: Int
            switch earlier {
            case .value(_, let line, _), .arrayOfTables(_, let line): first = line
            case .table(let sub): first = sub.line
            }
            throw fail("set twice (first on line \(first))", at: line)
        }
        table.set(key, .value(value, line: line, endLine: lines.upperBound))
    }

    // MARK: Keys

    /// A key, bare or quoted, and dotted: `a."b.c".d` is three keys.
    private mutating func readKey() throws(TOMLError) -> [String] {
        var parts: [String] = []
        while true {
            skipSpaces()
            guard let c = peek else { throw fail("expected a key, found the end of the file") }
            if c == doubleQuote {
                if peek(1) == doubleQuote && peek(2) == doubleQuote { throw fail("a key cannot be a multi-line string") }
                parts.append(try readBasicString())
            } else if c == singleQuote {
                if peek(1) == singleQuote && peek(2) == singleQuote { throw fail("a key cannot be a multi-line string") }
                parts.append(try readLiteralString())
            } else if isBareKeyByte(c) {
                let start = position
                while let b = peek, isBareKeyByte(b) { advance() }
                parts.append(String(decoding: bytes[start..<position], as: UTF8.self))
            } else {
                throw fail("expected a key, found \(describe(c)): a bare key is letters, digits, '-' and '_'; others need \"quotes\"")
            }
            skipSpaces()
            guard peek == dot else { return parts }
            advance()
        }
    }

    private func isBareKeyByte(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || isDigit(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: "_")
    }

    // MARK: Values

    /// Lists and inline tables inside one another: deep enough for any
    /// document written by hand, shallow enough that the stack never runs out.
    static let maximumNesting = 128
    private var nesting = 0

    private mutating func readValue() throws(TOMLError) -> TOMLValue {
        guard let c = peek, c != newline, c != hash, !(c == carriageReturn && peek(1) == newline) else {
            throw fail("no value after '='")
        }
        switch c {
        case doubleQuote:
            return .string(peek(1) == doubleQuote && peek(2) == doubleQuote ? try readMultilineString(literal: false) : try readBasicString())
        case singleQuote:
            return .string(peek(1) == singleQuote && peek(2) == singleQuote ? try readMultilineString(literal: true) : try readLiteralString())
        case openBracket, openBrace:
            guard nesting < Self.maximumNesting else { throw fail("lists and inline tables are nested more than \(Self.maximumNesting) deep") }
            nesting += 1
            defer { nesting -= 1 }
            return c == openBracket ? try readArray() : try readInlineTable()
        default: return try readScalar()
        }
    }

    private mutating func readArray() throws(TOMLError) -> TOMLValue {
        let opened = line
        advance()
        var items: [TOMLValue] = []
        func unclosed() -> TOMLError {
            fail(opened == line ? "the list has no closing ']'" : "the list opened on line \(opened) has no closing ']'")
        }
        while true {
            try skipSpacesAndNewlines()
            if peek == closeBracket { advance(); return .array(items) }
            guard !atEnd else { throw unclosed() }
            items.append(try readValue())
            try skipSpacesAndNewlines()
            switch peek {
            case comma: advance()
            case closeBracket: advance(); return .array(items)
            case nil: throw unclosed()
            default: throw fail("expected ',' or ']' in the list, found \(describe(peek))")
            }
        }
    }

    /// `{ a = 1, b.c = 2 }`: on one line, no trailing comma, closed for good once read.
    private mutating func readInlineTable() throws(TOMLError) -> TOMLValue {
        advance()
        let table = Table(state: .dotted, line: line)
        let outerKey = currentKey
        defer { currentKey = outerKey }
        skipSpaces()
        if peek == closeBrace { advance(); return .table(table.frozen()) }
        while true {
            skipSpaces()
            let keyLine = line
            let key = try readKey()
            guard peek == equals else { throw fail("expected '=' after the key in the inline table, found \(describe(peek))") }
            advance()
            skipSpaces()
            currentKey = ([outerKey].compactMap { $0 } + key).joined(separator: ".")
            let value = try readValue()
            try insert(value, at: key, into: table, lines: keyLine...line, prefix: outerKey.map { [$0] } ?? [])
            currentKey = outerKey
            skipSpaces()
            switch peek {
            case comma:
                advance()
                skipSpaces()
                if peek == closeBrace { throw fail("an inline table takes no ',' after its last key") }
            case closeBrace:
                advance()
                return .table(table.frozen())
            case newline, carriageReturn: throw fail("an inline table stays on one line: it needs its closing '}' on this line")
            default: throw fail("expected ',' or '}' in the inline table, found \(describe(peek))")
            }
        }
    }

    private mutating func readBasicString() throws(TOMLError) -> String {
        advance()
        var text: [UInt8] = []
        while true {
            guard let c = peek, c != newline else { throw fail("the string has no closing quote") }
            if c == doubleQuote { advance(); return String(decoding: text, as: UTF8.self) }
            if c == backslash {
                try readEscape(into: &text)
                continue
            }
            if isControl(c) { throw fail("\(describe(c)) is not allowed in a string; write it as an escape") }
            text.append(c)
            advance()
        }
    }

    private mutating func readLiteralString() throws(TOMLError) -> String {
        advance()
        let start = position
        while true {
            guard let c = peek, c != newline else { throw fail("the string has no closing quote") }
            if c == singleQuote {
                let text = String(decoding: bytes[start..<position], as: UTF8.self)
                advance()
                return text
            }
            if isControl(c) { throw fail("\(describe(c)) is not allowed in a string") }
            advance()
        }
    }

    /// `"""…"""` or `'''…'''`: a newline straight after the opening quotes is
    /// dropped, and up to two quotes may stand just before the closing three.
    private mutating func readMultilineString(literal: Bool) throws(TOMLError) -> String {
        let quote = literal ? singleQuote : doubleQuote
        let opened = line
        advance(3)
        if peek == newline { advance() } else if peek == carriageReturn && peek(1) == newline { advance(2) }
        var text: [UInt8] = []
        while true {
            guard let c = peek else { throw fail("the multi-line string opened on line \(opened) has no closing \(literal ? "'''" : "\"\"\"")") }
            if c == quote && peek(1) == quote && peek(2) == quote {
                var run = 3
                while peek(run) == quote { run += 1 }
                guard run <= 5 else { throw fail("too many quotes at the end of the multi-line string") }
                text.append(contentsOf: repeatElement(quote, count: run - 3))
                advance(run)
                return String(decoding: text, as: UTF8.self)
            }
            if c == newline { text.append(c); advance(); continue }
            if c == carriageReturn && peek(1) == newline { text.append(contentsOf: [carriageReturn, newline]); advance(2); continue }
            if c == backslash && !literal {
                // A backslash at the end of a line joins it to the next one's first non-blank.
                var ahead = 1
                while let b = peek(ahead), b == space || b == tab { ahead += 1 }
                if peek(ahead) == newline || (peek(ahead) == carriageReturn && peek(ahead + 1) == newline) {
                    advance(ahead)
                    while let b = peek, b == space || b == tab || b == newline || (b == carriageReturn && peek(1) == newline) { advance() }
                    continue
                }
                try readEscape(into: &text)
                continue
            }
            if isControl(c) { throw fail("\(describe(c)) is not allowed in a string\(literal ? "" : "; write it as an escape")") }
            text.append(c)
            advance()
        }
    }

    private mutating func readEscape(into text: inout [UInt8]) throws(TOMLError) {
        advance()
        guard let c = peek else { throw fail("the string has no closing quote") }
        let simple: UInt8? =
            switch c {
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "t"): 0x09
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "r"): 0x0D
            case doubleQuote, backslash: c
            default: nil
            }
        if let simple {
            text.append(simple)
            advance()
            return
        }
        guard c == UInt8(ascii: "u") || c == UInt8(ascii: "U") else {
            throw fail("unknown escape '\\\(String(decoding: bytes[position...].prefix(1), as: UTF8.self))' in the string")
        }
        let count = c == UInt8(ascii: "u") ? 4 : 8
        advance()
        var code: UInt32 = 0
        for _ in 0..<count {
            guard let digit = peek.flatMap(hexValue) else { throw fail("'\\\(Character(UnicodeScalar(c)))' needs \(count) hexadecimal digits") }
            code = code * 16 + UInt32(digit)
            advance()
        }
        guard let scalar = Unicode.Scalar(code) else {
            throw fail("'\\\(Character(UnicodeScalar(c)))\(String(code, radix: 16, uppercase: true))' is not a Unicode character")
        }
        text.append(contentsOf: String(Character(scalar)).utf8)
    }

    // MARK: Numbers, booleans, dates and times

    /// A bare value: true, false, a number, or a date or time.
    private mutating func readScalar() throws(TOMLError) -> TOMLValue {
        let start = position
        while let c = peek, isScalarByte(c) { advance() }
        // "1979-05-27 07:32:00": a date and a time may be parted by one space.
        if position - start == 10, peek == space, let a = peek(1), let b = peek(2), isDigit(a), isDigit(b), peek(3) == colon,
            bytes[start + 4] == UInt8(ascii: "-")
        {
            advance()
            while let c = peek, isScalarByte(c) { advance() }
        }
        let word = String(decoding: bytes[start..<position], as: UTF8.self)
        if word == "true" { return .bool(true) }
        if word == "false" { return .bool(false) }
        if let value = Self.float(word) { return value }
        switch Self.integer(word) {
        case .some(.some(let value)): return value
        case .some(nil): throw fail("\(word) does not fit in 64 bits")
        case nil: break
        }
        if let dateTime = Self.dateTime(word) { return .dateTime(dateTime) }
        if word.isEmpty {
            throw fail("\(describe(peek)) does not start a value: strings need \"quotes\"; otherwise a number, true or false")
        }
        throw fail("'\(word)' is not a value: strings need \"quotes\"; otherwise a number, true or false")
    }

    private func isScalarByte(_ c: UInt8) -> Bool {
        isBareKeyByte(c) || c == UInt8(ascii: "+") || c == dot || c == colon
    }

    /// A float (with a fraction, an exponent or both, or inf or nan); nil for anything else.
    private static func float(_ word: String) -> TOMLValue? {
        var text = Substring(word)
        var sign = ""
        if let first = text.first, first == "+" || first == "-" {
            sign = String(first)
            text = text.dropFirst()
        }
        switch text {
        case "inf": return .float(sign == "-" ? -.infinity : .infinity)
        case "nan": return .float(.nan)
        default: break
        }
        guard let dotOrExponent = text.firstIndex(where: { $0 == "." || $0 == "e" || $0 == "E" }) else { return nil }
        let whole = text[..<dotOrExponent]
        guard isDecimalWhole(whole) else { return nil }
        var rest = text[dotOrExponent...]
        if rest.first == "." {
            rest = rest.dropFirst()
            let fraction = rest.prefix { $0 != "e" && $0 != "E" }
            guard digitsWithUnderscores(fraction, digit: isASCIIDigit) else { return nil }
            rest = rest.dropFirst(fraction.count)
        }
        if let e = rest.first {
            guard e == "e" || e == "E" else { return nil }
            rest = rest.dropFirst()
            if let s = rest.first, s == "+" || s == "-" { rest = rest.dropFirst() }
            guard digitsWithUnderscores(rest, digit: isASCIIDigit) else { return nil }
        }
        guard let value = Double(sign + text.filter { $0 != "_" }) else { return nil }
        return .float(value)
    }

    /// A decimal, hexadecimal, octal or binary integer. nil: not an integer;
    /// `.some(nil)`: an integer too large for 64 bits.
    private static func integer(_ word: String) -> TOMLValue?? {
        var text = Substring(word)
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where text.hasPrefix(prefix) {
            let digits = text.dropFirst(2)
            guard digitsWithUnderscores(digits, digit: { $0.hexDigitValue.map { $0 < radix } ?? false }) else { return nil }
            guard let value = Int64(digits.filter { $0 != "_" }, radix: radix) else { return .some(nil) }
            return .integer(value)
        }
        var negative = false
        if let first = text.first, first == "+" || first == "-" {
            negative = first == "-"
            text = text.dropFirst()
        }
        guard isDecimalWhole(text) else { return nil }
        guard let value = Int64((negative ? "-" : "") + text.filter { $0 != "_" }) else { return .some(nil) }
        return .integer(value)
    }

    /// `0`, or digits without a leading zero, with single underscores between digits.
    private static func isDecimalWhole(_ text: Substring) -> Bool {
        guard digitsWithUnderscores(text, digit: isASCIIDigit) else { return false }
        return text == "0" || text.first != "0"
    }

    private static func digitsWithUnderscores(_ text: Substring, digit: (Character) -> Bool) -> Bool {
        guard let first = text.first, let last = text.last, digit(first), digit(last) else { return false }
        var previousWasUnderscore = false
        for c in text {
            if c == "_" {
                if previousWasUnderscore { return false }
                previousWasUnderscore = true
            } else {
                guard digit(c) else { return false }
                previousWasUnderscore = false
            }
        }
        return true
    }

    /// RFC 3339's date-time, or its date or time alone, checked to be a real day and time.
    private static func dateTime(_ word: String) -> TOMLDateTime? {
        let chars = Array(word.utf8)
        var index = 0
        func number(_ count: Int) -> Int? {
            guard index + count <= chars.count, chars[index..<index + count].allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
            defer { index += count }
            return chars[index..<index + count].reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        func take(_ byte: UInt8) -> Bool {
            guard index < chars.count, chars[index] == byte else { return false }
            index += 1
            return true
        }
        func time() -> String? {
            let start = index
            guard let hour = number(2), hour < 24, take(UInt8(ascii: ":")), let minute = number(2), minute < 60,
                take(UInt8(ascii: ":")), let second = number(2), second <= 60
            else { return nil }
            if take(UInt8(ascii: ".")) {
                let fraction = index
                while index < chars.count, chars[index] >= 48, chars[index] <= 57 { index += 1 }
                guard index > fraction else { return nil }
            }
            return String(decoding: chars[start..<index], as: UTF8.self)
        }
        if chars.count >= 3, chars[2] == UInt8(ascii: ":") {
            guard let text = time(), index == chars.count else { return nil }
            return TOMLDateTime(kind: .localTime, text: text)
        }
        guard let year = number(4), take(UInt8(ascii: "-")), let month = number(2), (1...12).contains(month),
            take(UInt8(ascii: "-")), let day = number(2), day >= 1
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard day <= days else { return nil }
        let date = String(decoding: chars[0..<10], as: UTF8.self)
        if index == chars.count { return TOMLDateTime(kind: .localDate, text: date) }
        guard take(UInt8(ascii: "T")) || take(UInt8(ascii: "t")) || take(UInt8(ascii: " ")), let clock = time() else { return nil }
        if index == chars.count { return TOMLDateTime(kind: .localDateTime, text: date + "T" + clock) }
        if (take(UInt8(ascii: "Z")) || take(UInt8(ascii: "z"))) && index == chars.count {
            return TOMLDateTime(kind: .offsetDateTime, text: date + "T" + clock + "Z")
        }
        let offsetStart = index
        guard take(UInt8(ascii: "+")) || take(UInt8(ascii: "-")), let hours = number(2), hours < 24, take(UInt8(ascii: ":")),
            let minutes = number(2), minutes < 60, index == chars.count
        else { return nil }
        return TOMLDateTime(kind: .offsetDateTime, text: date + "T" + clock + String(decoding: chars[offsetStart...], as: UTF8.self))
    }

    private func isControl(_ c: UInt8) -> Bool { (c < 0x20 && c != tab) || c == 0x7f }
    private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    private func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

private let newline = UInt8(ascii: "\n")
private let carriageReturn = UInt8(ascii: "\r")
private let space = UInt8(ascii: " ")
private let tab = UInt8(ascii: "\t")
private let hash = UInt8(ascii: "#")
private let openBracket = UInt8(ascii: "[")
private let closeBracket = UInt8(ascii: "]")
private let openBrace = UInt8(ascii: "{")
private let closeBrace = UInt8(ascii: "}")
private let doubleQuote = UInt8(ascii: "\"")
private let singleQuote = UInt8(ascii: "'")
private let backslash = UInt8(ascii: "\\")
private let equals = UInt8(ascii: "=")
private let comma = UInt8(ascii: ",")
private let dot = UInt8(ascii: ".")
private let colon = UInt8(ascii: ":")

private func isASCIIDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
