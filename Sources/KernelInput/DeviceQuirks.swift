import FoundationEssentials

/// What is wrong with a quirks file: the file, line and key.
public struct QuirksError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var message: String
    init(_ path: String, _ line: Int?, _ message: String) { (self.path, self.line, self.message) = (path, line, message) }
    public var description: String { line.map { "\(path):\($0): \(message)" } ?? "\(path): \(message)" }
}

/// A device as the quirks that match it correct it.
public struct QuirkedDevice: Equatable, Sendable {
    /// Its description, corrected.
    public var description: DeviceDescription
    /// What its events need to match the corrected description; nil when nothing.
    public var correction: EventCorrection?
    /// The sections that applied, in order.
    public var applied: [String]
}

/// The quirks in force, kept as libinput keeps its own: touchbridge's
/// (`Quirks/touchbridge.quirks`, compiled in), then any in a directory of
/// `*.quirks` files.
public struct DeviceQuirks: Equatable, Sendable {
    public var quirks: [DeviceQuirk]

    public init(_ quirks: [DeviceQuirk] = []) { self.quirks = quirks }

    /// The table shipped with touchbridge.
    public static let builtIn: DeviceQuirks = {
        do {
            return try DeviceQuirks(parsing: String(decoding: PackageResources.touchbridge_quirks, as: UTF8.self), path: "touchbridge.quirks")
        } catch {
            preconditionFailure("the built-in quirks do not parse: \(error)")
        }
    }()

    public init(parsing text: String, path: String) throws(QuirksError) {
        quirks = []
        var headerLines: [Int] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let content = raw.prefix { $0 != "#" }.trimmingSpaces()
            if content.isEmpty { continue }
            if content.hasPrefix("[") {
                guard content.hasSuffix("]"), content.count > 2 else { throw QuirksError(path, line, "a section header is [Name]") }
                quirks.append(DeviceQuirk(section: String(content.dropFirst().dropLast()), source: "\(path):\(line)"))
                headerLines.append(line)
                continue
            }
            guard !quirks.isEmpty else { throw QuirksError(path, line, "'\(content)' comes before any [section]") }
            guard let equals = content.firstIndex(of: "=") else { throw QuirksError(path, line, "expected Key=value, found '\(content)'") }
            let key = content[..<equals].trimmingSpaces()
            let value = content[content.index(after: equals)...].trimmingSpaces()
            do throws(QuirkValueError) {
                if try quirks[quirks.count - 1].match(key: key, value: value) { continue }
                guard let attribute = try QuirkAttribute(key: key, value: value) else {
                    let keys = (DeviceQuirk.matchKeys + QuirkAttribute.keys).joined(separator: ", ")
                    throw QuirkValueError("unknown key; the keys are \(keys)")
                }
                quirks[quirks.count - 1].attributes.append(attribute)
            } catch {
                throw QuirksError(path, line, "\(key): \(error.message)")
            }
        }
        if let empty = quirks.indices.first(where: { quirks[$0].matchesEverything }) {
            throw QuirksError(path, headerLines[empty], "[\(quirks[empty].section)] matches every device; give it a Match line")
        }
    }

    /// The built-in quirks, then those of every `*.quirks` file in `directory` in name order (a missing directory adds none).
    public static func load(directory: String) throws(QuirksError) -> DeviceQuirks {
        var all = builtIn
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".quirks") }.sorted()
        for name in names {
            let path = directory + "/" + name
            guard let data = FileManager.default.contents(atPath: path) else { throw QuirksError(path, nil, "cannot be read") }
            all.quirks += try DeviceQuirks(parsing: String(decoding: data, as: UTF8.self), path: path).quirks
        }
        return all
    }

    /// Whether some quirk is for the device of this name and ids: worth opening it to see.
    public func mayApply(name: String, id: InputID?) -> Bool {
        quirks.contains { quirk in
            var probe = DeviceDescription(name: name)
            guard let id else { return quirk.matchBus == nil && quirk.matchVendor == nil && quirk.matchProduct == nil && quirk.matches(probe) }
            probe.id = id
            return quirk.matches(probe)
        }
    }

    /// `device` as the matching quirks correct it, in the table's order.
    public func applied(to device: DeviceDescription) -> QuirkedDevice {
        var device = device
        var correction = EventCorrection()
        var applied: [String] = []
        for quirk in quirks where quirk.matches(device) {
            applied.append(quirk.section)
            for attribute in quirk.attributes { attribute.apply(to: &device, correction: &correction) }
        }
        return QuirkedDevice(description: device, correction: correction.isEmpty ? nil : correction, applied: applied)
    }
}
