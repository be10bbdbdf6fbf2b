/// Writes a recording the way evemu-record 1.3 does, so that evemu-play and
/// this project's reader both take it back unchanged.
public enum EvemuWriter {
    /// The event types evemu writes bitmask lines for, in its order.
    static let bitmaskTypes: [UInt16] = [
        EventType.syn, EventType.key, EventType.rel, EventType.abs, EventType.msc, EventType.sw, EventType.led,
        EventType.snd, EventType.rep, EventType.ff,
    ]

    public static func write(_ recording: Recording) -> String {
        var out = header(recording.device)
        out.reserveCapacity(out.utf8.count + recording.events.count * 64)
        for event in recording.events { appendEvent(event, to: &out) }
        return out
    }

    /// What comes before the events: the version line, the device, and the banner evemu-record prints.
    public static func header(_ device: DeviceDescription?) -> String {
        "# EVEMU 1.3\n" + (device.map(description) ?? "")
            + "################################\n#      Waiting for events      #\n################################\n"
    }

    public static func description(_ device: DeviceDescription) -> String {
        var out = "# Input device name: \"\(device.name)\"\n"
        out += "# Input device ID: bus 0x\(hex(device.id.bustype)) vendor 0x\(hex(device.id.vendor))"
        out += " product 0x\(hex(device.id.product)) version 0x\(hex(device.id.version))\n"
        out += "N: \(device.name)\n"
        out += "I: \(hex4(device.id.bustype)) \(hex4(device.id.vendor)) \(hex4(device.id.product)) \(hex4(device.id.version))\n"
        out += byteLines(prefix: "P:", bits: device.properties, byteCount: 8)
        for type in bitmaskTypes {
            let bits = type == EventType.syn ? device.types : device.codes[type] ?? []
            let maxCode = Int(EventNames.maxCode(type: type) ?? 0)
            let byteCount = type == EventType.syn ? 8 : max(8, ((maxCode + 1) + 7) / 8)
            out += byteLines(prefix: "B: \(hex(type))", bits: bits, byteCount: byteCount)
        }
        for code in device.absInfo.keys.sorted() {
            let info = device.absInfo[code]!
            out += "A: \(hex(code)) \(info.minimum) \(info.maximum) \(info.fuzz) \(info.flat) \(info.resolution)\n"
        }
        for code in device.ledStates.keys.sorted() { out += "L: \(hex(code)) \(device.ledStates[code]!)\n" }
        for code in device.switchStates.keys.sorted() { out += "S: \(hex(code)) \(device.switchStates[code]!)\n" }
        return out
    }

    /// "E: 0.000001 0003 0039 0006\t# EV_ABS / ABS_MT_TRACKING_ID   6"
    public static func appendEvent(_ event: InputEvent, to out: inout String) {
        out += "E: \(event.time) \(hex4(event.type)) \(hex4(event.code)) \(padded(event.value))\t# "
        if event.type == EventType.syn && event.code == SynCode.report {
            // evemu shows the value: 1 marks the kernel's own frames (autorepeat, keys released at unplug).
            out += "------------ SYN_REPORT (\(event.value)) ----------\n"
        } else {
            // evemu's "%s / %-20s %d"
            let code = EventNames.codeName(type: event.type, code: event.code) ?? "?"
            out += (EventNames.typeName(event.type) ?? "?") + " / " + code
            out += String(repeating: " ", count: max(0, 20 - code.count)) + " \(event.value)\n"
        }
    }

    /// evemu's "%04d": -1 is "-001".
    static func padded(_ value: Int32) -> String {
        let digits = String(value.magnitude)
        let width = value < 0 ? 3 : 4
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static func hex4(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    private static func byteLines(prefix: String, bits: Set<UInt16>, byteCount: Int) -> String {
        var bytes = [UInt8](repeating: 0, count: byteCount)
        for bit in bits where Int(bit) / 8 < byteCount { bytes[Int(bit) / 8] |= 1 << (bit % 8) }
        var out = ""
        for start in stride(from: 0, to: byteCount, by: 8) {
            out += prefix
            for byte in bytes[start..<min(start + 8, byteCount)] { out += " " + hex(UInt16(byte)) }
            out += "\n"
        }
        return out
    }
}
