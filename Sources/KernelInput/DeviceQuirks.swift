import FoundationEssentials
import Glibc

/// Corrections for devices that describe themselves wrongly, kept as
/// libinput keeps its quirks: sections of `Match...` lines that pick the
/// devices and `Attr...` lines that say what to correct.
///
///     [eGalax USB TouchController]
///     MatchBus=usb
///     MatchVendor=0x0EEF
///     MatchProduct=0x0001
///     AttrInputProp=+INPUT_PROP_DIRECT
///     AttrAxisRemap=ABS_Z:ABS_X;ABS_RX:ABS_Y
///
/// `MatchName` takes a shell glob (`*eGalax*`). `AttrInputProp` adds (+) or
/// removes (-) properties, comma separated. `AttrAxisRemap` moves an axis
/// the device reports on the wrong code to the right one, in its
/// description and in every event; it applies only where the device has
/// the first axis and not the second.
public struct DeviceQuirk: Equatable, Sendable {
    public var section: String
    /// "file:line" of the section header.
    public var source: String
    public var matchName: String?
    public var matchBus: UInt16?
    public var matchVendor: UInt16?
    public var matchProduct: UInt16?
    public var addProperties: Set<UInt16> = []
    public var removeProperties: Set<UInt16> = []
    public var axisRemap: [(from: UInt16, to: UInt16)] = []

    public static func == (a: DeviceQuirk, b: DeviceQuirk) -> Bool {
        a.section == b.section && a.source == b.source && a.matchName == b.matchName && a.matchBus == b.matchBus
            && a.matchVendor == b.matchVendor && a.matchProduct == b.matchProduct && a.addProperties == b.addProperties
            && a.removeProperties == b.removeProperties && a.axisRemap.elementsEqual(b.axisRemap, by: { $0 == $1 })
    }

    public func matches(_ device: DeviceDescription) -> Bool {
        if let matchName, fnmatch(matchName, device.name, 0) != 0 { return false }
        if let matchBus, device.id.bustype != matchBus { return false }
        if let matchVendor, device.id.vendor != matchVendor { return false }
        if let matchProduct, device.id.product != matchProduct { return false }
        return true
    }
}

/// Moves events from one absolute axis code to another (`AttrAxisRemap`).
public struct AxisRemap: Equatable, Sendable {
    public var codes: [UInt16: UInt16]

    public func apply(_ events: inout [InputEvent]) {
        for index in events.indices where events[index].type == EventType.abs {
            if let to = codes[events[index].code] { events[index].code = to }
        }
    }
}

/// What is wrong with a quirks file: the file, line and key.
public struct QuirksError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var message: String
    init(_ path: String, _ line: Int?, _ message: String) { (self.path, self.line, self.message) = (path, line, message) }
    public var description: String { line.map { "\(path):\($0): \(message)" } ?? "\(path): \(message)" }
}

/// The quirks in force: touchbridge's own, then any in a directory of `*.quirks` files.
public struct DeviceQuirks: Equatable, Sendable {
    public var quirks: [DeviceQuirk]

    public init(_ quirks: [DeviceQuirk] = []) { self.quirks = quirks }

    /// The table shipped with touchbridge.
    public static let builtIn: DeviceQuirks = {
        do {
            return try DeviceQuirks(parsing: builtInText, path: "touchbridge's built-in quirks")
        } catch {
            preconditionFailure("\(error)")
        }
    }()

    static let builtInText = """
        # eGalax (EETI) USB TouchController, 0eef:0001: a touchscreen (resistive or
        # surface acoustic wave) that the kernel's generic HID driver describes as a
        # pen tablet, without INPUT_PROP_DIRECT; some firmware reports its position
        # on ABS_Z and ABS_RX instead of ABS_X and ABS_Y.
        [eGalax USB TouchController]
        MatchBus=usb
        MatchVendor=0x0EEF
        MatchProduct=0x0001
        AttrInputProp=+INPUT_PROP_DIRECT
        AttrAxisRemap=ABS_Z:ABS_X;ABS_RX:ABS_Y
        """

    public init(parsing text: String, path: String) throws(QuirksError) {
        quirks = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let content = raw.prefix { $0 != "#" }.trimmingSpaces()
            if content.isEmpty { continue }
            if content.hasPrefix("[") {
                guard content.hasSuffix("]"), content.count > 2 else { throw QuirksError(path, line, "a section header is [Name]") }
                quirks.append(DeviceQuirk(section: String(content.dropFirst().dropLast()), source: "\(path):\(line)"))
                continue
            }
            guard !quirks.isEmpty else { throw QuirksError(path, line, "'\(content)' comes before any [section]") }
            guard let equals = content.firstIndex(of: "=") else { throw QuirksError(path, line, "expected Key=value, found '\(content)'") }
            let key = content[..<equals].trimmingSpaces()
            let value = content[content.index(after: equals)...].trimmingSpaces()
            func fail(_ message: String) -> QuirksError { QuirksError(path, line, "\(key): \(message)") }
            func number() throws(QuirksError) -> UInt16 {
                let parsed = value.lowercased().hasPrefix("0x") ? UInt16(value.dropFirst(2), radix: 16) : UInt16(value)
                guard let parsed else { throw fail("expected a number such as 0x0EEF, got '\(value)'") }
                return parsed
            }
            var quirk = quirks.removeLast()
            switch key {
            case "MatchName": quirk.matchName = value
            case "MatchVendor": quirk.matchVendor = try number()
            case "MatchProduct": quirk.matchProduct = try number()
            case "MatchBus":
                let buses: [String: UInt16] = ["usb": 0x03, "bluetooth": 0x05, "i2c": 0x18, "spi": 0x1c, "serial": 0x11, "ps2": 0x11, "virtual": 0x06]
                guard let bus = buses[value.lowercased()] else {
                    throw fail("unknown bus '\(value)'; the buses are \(buses.keys.sorted().joined(separator: ", "))")
                }
                quirk.matchBus = bus
            case "AttrInputProp":
                for item in value.split(separator: ",").map({ $0.trimmingSpaces() }) {
                    let adding = !item.hasPrefix("-")
                    let name = item.hasPrefix("+") || item.hasPrefix("-") ? String(item.dropFirst()) : item
                    guard let property = EventNames.property(named: name) else { throw fail("unknown property '\(name)'") }
                    if adding { quirk.addProperties.insert(property) } else { quirk.removeProperties.insert(property) }
                }
            case "AttrAxisRemap":
                for pair in value.split(separator: ";") {
                    let names = pair.split(separator: ":").map { $0.trimmingSpaces() }
                    guard names.count == 2, let from = EventNames.code(named: names[0], type: EventType.abs),
                        let to = EventNames.code(named: names[1], type: EventType.abs)
                    else { throw fail("expected FROM:TO pairs of ABS_ axes separated by ';', such as ABS_Z:ABS_X, got '\(pair)'") }
                    quirk.axisRemap.append((from, to))
                }
            default:
                throw fail("unknown key; the keys are MatchName, MatchBus, MatchVendor, MatchProduct, AttrInputProp, AttrAxisRemap")
            }
            quirks.append(quirk)
        }
        if let empty = quirks.first(where: { $0.matchName == nil && $0.matchVendor == nil && $0.matchProduct == nil && $0.matchBus == nil }) {
            throw QuirksError(path, Int(empty.source.split(separator: ":").last!) ?? 0, "[\(empty.section)] matches every device; give it a Match line")
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

    /// `device` as the matching quirks correct it, the event remapping that goes with it, and the quirks applied.
    public func applied(to device: DeviceDescription) -> (device: DeviceDescription, remap: AxisRemap?, applied: [String]) {
        var device = device
        var remap: [UInt16: UInt16] = [:]
        var applied: [String] = []
        for quirk in quirks where quirk.matches(device) {
            applied.append(quirk.section)
            device.properties.formUnion(quirk.addProperties)
            device.properties.subtract(quirk.removeProperties)
            for (from, to) in quirk.axisRemap where device.absInfo[from] != nil && device.absInfo[to] == nil {
                device.absInfo[to] = device.absInfo.removeValue(forKey: from)
                device.codes[EventType.abs, default: []].remove(from)
                device.codes[EventType.abs, default: []].insert(to)
                remap[from] = to
            }
        }
        return (device, remap.isEmpty ? nil : AxisRemap(codes: remap), applied)
    }
}
