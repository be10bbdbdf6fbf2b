import Bridge
import Foundation
import Testing

/// TOML's own examples (toml-test, TOML 1.0.0): every valid document is read
/// to the values its JSON gives, every invalid one refused with a line.
struct TOMLExamplesTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("TOMLExamples")
    static let listed: [String] = {
        let list = (try? String(contentsOf: folder.appendingPathComponent("files-toml-1.0.0"), encoding: .utf8)) ?? ""
        return list.split(separator: "\n").map(String.init).filter { $0.hasSuffix(".toml") }
    }()
    static let valid = listed.filter { $0.hasPrefix("valid/") }
    static let invalid = listed.filter { $0.hasPrefix("invalid/") }

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    @Test func theExamplesAreAllThere() {
        // toml-test's list for 1.0.0 at the commit the README names.
        #expect(Self.valid.count == 210)
        #expect(Self.invalid.count == 499)
    }

    @Test(arguments: valid) func aValidDocumentIsReadAsItsJSONSays(_ name: String) throws {
        let table = try TOMLParser.parse(bytes: Self.bytes(name))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.folder.appendingPathComponent(name.replacingOccurrences(of: ".toml", with: ".json"))))
        #expect(Self.canonical(.table(table)) == Self.canonical(json: json), "\(name)")
        let lineCount = try Self.bytes(name).filter { $0 == UInt8(ascii: "\n") }.count + 1
        #expect(Self.lines(of: table).allSatisfy { (1...lineCount).contains($0) }, "\(name): a key's line is outside the file")
    }

    @Test(arguments: invalid) func anInvalidDocumentIsRefusedWithItsLine(_ name: String) throws {
        let bytes = try Self.bytes(name)
        let lineCount = bytes.filter { $0 == UInt8(ascii: "\n") }.count + 1
        do {
            let table = try TOMLParser.parse(bytes: bytes)
            Issue.record("\(name) was read as \(Self.canonical(.table(table)))")
        } catch {
            #expect((1...lineCount).contains(error.line), "\(name): line \(error.line) of \(lineCount)")
            #expect(!error.message.isEmpty)
        }
    }

    static func lines(of table: TOMLTable) -> [Int] {
        table.entries.flatMap { entry -> [Int] in
            if case .table(let inner) = entry.value { return [entry.line] + lines(of: inner) }
            return [entry.line]
        }
    }

    /// One text for a value, whether read by the parser or from toml-test's JSON.
    static func canonical(_ value: TOMLValue) -> String {
        switch value {
        case .string(let text): "string:" + text.debugDescription
        case .integer(let number): "integer:\(number)"
        case .float(let number): "float:" + float(number)
        case .bool(let flag): "bool:\(flag)"
        case .dateTime(let moment):
            switch moment.kind {
            case .offsetDateTime: "datetime:" + dateTime(moment.text)
            case .localDateTime: "datetime-local:" + dateTime(moment.text)
            case .localDate: "date-local:" + dateTime(moment.text)
            case .localTime: "time-local:" + dateTime(moment.text)
            }
        case .array(let items): "[" + items.map(canonical).joined(separator: ", ") + "]"
        case .table(let table):
            "{" + table.entries.map { "\($0.key.debugDescription): \(canonical($0.value))" }.sorted().joined(separator: ", ") + "}"
        }
    }

    static func canonical(json: Any) -> String {
        if let items = json as? [Any] { return "[" + items.map { canonical(json: $0) }.joined(separator: ", ") + "]" }
        guard let object = json as? [String: Any] else { return "?\(json)" }
        if object.count == 2, let type = object["type"] as? String, let value = object["value"] as? String {
            switch type {
            case "string": return "string:" + value.debugDescription
            case "integer": return "integer:" + (Int64(value).map(String.init) ?? value)
            case "float":
                let number: Double? =
                    switch value {
                    case "inf", "+inf": .infinity
                    case "-inf": -.infinity
                    case "nan", "+nan", "-nan": .nan
                    default: Double(value)
                    }
                return "float:" + (number.map(float) ?? value)
            case "bool": return "bool:" + value
            default: return type + ":" + dateTime(value.uppercased())
            }
        }
        return "{" + object.map { "\($0.key.debugDescription): \(canonical(json: $0.value))" }.sorted().joined(separator: ", ") + "}"
    }

    static func float(_ number: Double) -> String { number.isNaN ? "nan" : "\(number)" }

    /// toml-test writes seconds' fractions to the millisecond (.600 for .6): the same instant.
    static func dateTime(_ text: String) -> String {
        guard let dot = text.firstIndex(of: ".") else { return text }
        let digits = text[text.index(after: dot)...].prefix { $0.isNumber }
        var kept = String(digits)
        while kept.hasSuffix("0") { kept.removeLast() }
        return String(text[..<dot]) + (kept.isEmpty ? "" : "." + kept) + text[text.index(after: dot)...].dropFirst(digits.count)
    }
}
