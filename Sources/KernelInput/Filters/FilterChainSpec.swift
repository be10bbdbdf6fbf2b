import FoundationEssentials

/// The filters a device's contacts pass through, in order, written as
/// tslib's modules are: `median depth=5; dejitter delta=100`.
public struct FilterChainSpec: Equatable, Sendable, CustomStringConvertible {
    public var modules: [FilterModule]

    public init(_ modules: [FilterModule] = []) { self.modules = modules }

    public var isEmpty: Bool { modules.isEmpty }

    /// Modules separated by `;` or new lines, each a name and `key=value` parameters.
    public init(parsing text: String) throws(TslibError) {
        modules = []
        for part in text.split(whereSeparator: { $0 == ";" || $0 == "\n" }) {
            let words = part.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let name = words.first else { continue }
            modules.append(try FilterModule(name: name, parameters: try Self.parameters(words.dropFirst())))
        }
    }

    /// Reads a tslib ts.conf: its `module` lines become the chain. `module_raw`
    /// (how tslib reads the device) and `linear` (its calibration, which
    /// comes from pointercal here) are not filters and are passed over;
    /// `note` hears of each.
    public static func tsConf(
        _ text: String, path: String, note: (String) -> Void = { _ in }
    ) throws(TslibError) -> FilterChainSpec {
        var spec = FilterChainSpec()
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.prefix { $0 != "#" }
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let keyword = words.first else { continue }
            let place = "\(path):\(number + 1)"
            guard words.count >= 2 else { throw TslibError("\(place): '\(keyword)' names no module") }
            let name = words[1]
            switch keyword {
            case "module_raw":
                note("\(place): module_raw \(name) passed over: touchbridge reads the device itself")
            case "module" where name == "linear" || name == "linear_h2200":
                note("\(place): module \(name) passed over: calibration comes from pointercal or the configuration")
            case "module":
                do {
                    spec.modules.append(try FilterModule(name: name, parameters: try parameters(words.dropFirst(2))))
                } catch {
                    throw TslibError("\(place): \(error.message)")
                }
            default:
                throw TslibError("\(place): '\(keyword)' is not a ts.conf keyword (module or module_raw)")
            }
        }
        return spec
    }

    /// Reads the ts.conf at `path`.
    public static func tsConf(path: String, note: (String) -> Void = { _ in }) throws(TslibError) -> FilterChainSpec {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TslibError("\(path): cannot be read (no such file, or permissions)")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw TslibError("\(path): is not UTF-8 text") }
        return try tsConf(text, path: path, note: note)
    }

    private static func parameters(_ words: ArraySlice<String>) throws(TslibError) -> [(key: String, value: String)] {
        var result: [(key: String, value: String)] = []
        for word in words {
            guard let equals = word.firstIndex(of: "="), equals != word.startIndex, word.index(after: equals) != word.endIndex
            else { throw TslibError("'\(word)' is not a key=value parameter") }
            result.append((String(word[..<equals]), String(word[word.index(after: equals)...])))
        }
        return result
    }

    public var description: String { modules.map(\.description).joined(separator: "; ") }
}
