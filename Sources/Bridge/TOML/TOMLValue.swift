/// A value read from a TOML 1.0 document.
public enum TOMLValue: Equatable, Sendable {
    case string(String)
    case integer(Int64)
    case float(Double)
    case bool(Bool)
    case dateTime(TOMLDateTime)
    case array([TOMLValue])
    case table(TOMLTable)
}

/// A TOML table: its keys in the order the document gives them, each with
/// the line that defines it (for a table, the line of its header or of the
/// first key that made it).
public struct TOMLTable: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var key: String
        public var value: TOMLValue
        public var line: Int
        /// The line the value ends on (a list or a multi-line string may run on).
        public var endLine: Int
    }

    public var entries: [Entry] = []

    public subscript(key: String) -> TOMLValue? { entries.first { $0.key == key }?.value }
}

/// One of TOML's four kinds of date and time, kept as RFC 3339 text: TOML
/// has no use for them in a configuration but must accept them.
public struct TOMLDateTime: Equatable, Sendable {
    public enum Kind: Sendable { case offsetDateTime, localDateTime, localDate, localTime }
    public var kind: Kind
    /// With an upper-case `T` between date and time and `Z` for UTC.
    public var text: String
}
