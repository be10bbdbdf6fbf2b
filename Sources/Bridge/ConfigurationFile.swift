/// A value in a configuration file.
public enum ConfigurationValue: Equatable, Sendable, CustomStringConvertible {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([ConfigurationValue])
    /// A date or time, as RFC 3339 text: TOML has them, no setting takes one.
    case dateTime(String)
    /// A table inside a list (`[[name]]`, or `[{ … }]`): no setting takes one.
    case table([String: ConfigurationValue])

    public var description: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let flag): String(flag)
        case .array(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .dateTime(let text): text
        case .table(let items): "{ " + items.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }.joined(separator: ", ") + " }"
        }
    }

    /// No inf or nan anywhere in it: TOML has them, no setting takes them.
    var isFinite: Bool {
        switch self {
        case .number(let number): number.isFinite
        case .array(let items): items.allSatisfy(\.isFinite)
        case .table(let items): items.values.allSatisfy(\.isFinite)
        case .string, .bool, .dateTime: true
        }
    }

    var typeName: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .bool: "true or false"
        case .array: "a list"
        case .dateTime: "a date or time"
        case .table: "a table"
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

/// A configuration file: TOML 1.0, its tables flattened into dotted keys,
/// "section.key", each with the line that sets it.
public struct ConfigurationFile: Sendable {
    public struct Entry: Sendable {
        public var value: ConfigurationValue
        public var line: Int
        /// The value's last line: a list or a multi-line string may run on.
        public var endLine: Int
    }

    public let path: String
    public private(set) var entries: [String: Entry] = [:]

    public init(path: String, text: String) throws {
        try self.init(path: path, bytes: Array(text.utf8))
    }

    public init(path: String, bytes: [UInt8]) throws {
        self.path = path
        let document: TOMLTable
        do throws(TOMLError) {
            document = try TOMLParser.parse(bytes: bytes)
        } catch {
            throw ConfigurationError(file: path, line: error.line, key: error.key, message: error.message)
        }
        try flatten(document, prefix: "")
    }

    private mutating func flatten(_ table: TOMLTable, prefix: String) throws {
        for entry in table.entries {
            let key = prefix + entry.key
            if case .table(let inner) = entry.value {
                try flatten(inner, prefix: key + ".")
                continue
            }
            // A quoted key with a dot in it ("input.grab" = ...) is the same setting as one under [input].
            if let earlier = entries[key] {
                throw ConfigurationError(file: path, line: entry.line, key: key, message: "set twice (first on line \(earlier.line))")
            }
            let value = ConfigurationValue(entry.value)
            if !value.isFinite {
                throw ConfigurationError(file: path, line: entry.line, key: key, message: "inf and nan are not values a setting takes")
            }
            entries[key] = Entry(value: value, line: entry.line, endLine: entry.endLine)
        }
    }
}

extension ConfigurationValue {
    init(_ value: TOMLValue) {
        switch value {
        case .string(let text): self = .string(text)
        case .integer(let number): self = .number(Double(number))
        case .float(let number): self = .number(number)
        case .bool(let flag): self = .bool(flag)
        case .dateTime(let moment): self = .dateTime(moment.text)
        case .array(let items): self = .array(items.map(ConfigurationValue.init))
        case .table(let table):
            self = .table(Dictionary(table.entries.map { ($0.key, ConfigurationValue($0.value)) }, uniquingKeysWith: { first, _ in first }))
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
