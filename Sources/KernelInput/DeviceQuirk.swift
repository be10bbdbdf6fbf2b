import Glibc

/// One section of a quirks file: `Match...` lines that pick the devices, and
/// `Attr...` lines (`QuirkAttribute`) that say what to correct in them.
///
///     [eGalax USB TouchController]
///     MatchBus=usb
///     MatchVendor=0x0EEF
///     MatchProduct=0x0001
///     AttrInputProp=+INPUT_PROP_DIRECT
///     AttrAxisRemap=ABS_Z:ABS_X;ABS_RX:ABS_Y
///
/// `MatchName` takes a shell glob (`*eGalax*`). A quirk applies to any kind
/// of device: a touchscreen, a keyboard, a knob, a scanner.
public struct DeviceQuirk: Equatable, Sendable {
    public var section: String
    /// "file:line" of the section header.
    public var source: String
    public var matchName: String?
    public var matchBus: UInt16?
    public var matchVendor: UInt16?
    public var matchProduct: UInt16?
    public var attributes: [QuirkAttribute] = []

    public init(section: String, source: String) { (self.section, self.source) = (section, source) }

    /// The match keys a quirks file may use.
    public static let matchKeys = ["MatchName", "MatchBus", "MatchVendor", "MatchProduct"]

    static let buses: [String: UInt16] = ["usb": 0x03, "bluetooth": 0x05, "i2c": 0x18, "spi": 0x1c, "serial": 0x11, "ps2": 0x11, "virtual": 0x06]

    /// Takes a `Match...` line; false for a key that is none.
    mutating func match(key: String, value: String) throws(QuirkValueError) -> Bool {
        func number() throws(QuirkValueError) -> UInt16 {
            let parsed = value.lowercased().hasPrefix("0x") ? UInt16(value.dropFirst(2), radix: 16) : UInt16(value)
            guard let parsed else { throw QuirkValueError("expected a number such as 0x0EEF, got '\(value)'") }
            return parsed
        }
        switch key {
        case "MatchName": matchName = value
        case "MatchVendor": matchVendor = try number()
        case "MatchProduct": matchProduct = try number()
        case "MatchBus":
            guard let bus = Self.buses[value.lowercased()] else {
                throw QuirkValueError("unknown bus '\(value)'; the buses are \(Self.buses.keys.sorted().joined(separator: ", "))")
            }
            matchBus = bus
        default: return false
        }
        return true
    }

    var matchesEverything: Bool { matchName == nil && matchBus == nil && matchVendor == nil && matchProduct == nil }

    public func matches(_ device: DeviceDescription) -> Bool {
        if let matchName, fnmatch(matchName, device.name, 0) != 0 { return false }
        if let matchBus, device.id.bustype != matchBus { return false }
        if let matchVendor, device.id.vendor != matchVendor { return false }
        if let matchProduct, device.id.product != matchProduct { return false }
        return true
    }
}
