/// Writes a recording as evtest prints it: its header, then one line per event.
public enum EvtestWriter {
    public static func write(_ recording: Recording) -> String {
        var out = recording.device.map(header) ?? ""
        out.reserveCapacity(out.utf8.count + recording.events.count * 90)
        for event in recording.events { appendEvent(event, to: &out) }
        return out
    }

    public static func header(_ device: DeviceDescription) -> String {
        var out = "Input driver version is 1.0.1\n"
        out += "Input device ID: bus 0x\(String(device.id.bustype, radix: 16)) vendor 0x\(String(device.id.vendor, radix: 16))"
        out += " product 0x\(String(device.id.product, radix: 16)) version 0x\(String(device.id.version, radix: 16))\n"
        out += "Input device name: \"\(device.name)\"\n"
        out += "Supported events:\n"
        for type in device.types.union([EventType.syn]).sorted() {
            out += "  Event type \(type) (\(EventNames.typeName(type) ?? "?"))\n"
            guard type != EventType.syn else { continue }
            for code in (device.codes[type] ?? []).sorted() {
                out += "    Event code \(code) (\(EventNames.codeName(type: type, code: code) ?? "?"))\n"
                guard type == EventType.abs, let info = device.absInfo[code] else { continue }
                let fields: [(String, Int32)] = [
                    ("Value", info.value), ("Min  ", info.minimum), ("Max  ", info.maximum), ("Fuzz ", info.fuzz),
                    ("Flat ", info.flat), ("Resolution ", info.resolution),
                ]
                for (index, (label, value)) in fields.enumerated() where index < 3 || value != 0 {
                    let number = String(value)
                    out += "      \(label) " + String(repeating: " ", count: max(0, 6 - number.count)) + number + "\n"
                }
            }
        }
        out += "Properties:\n"
        for property in device.properties.sorted() {
            out += "  Property type \(property) (\(EventNames.propertyName(property) ?? "?"))\n"
        }
        out += "Testing ... (interrupt to exit)\n"
        return out
    }

    public static func appendEvent(_ event: InputEvent, to out: inout String) {
        out += "Event: time \(event.time), "
        // evtest's marker lines carry no value: other SYN events are written
        // as plain lines, which older evtest printed and the reader takes.
        if event.type == EventType.syn && event.value == 0 && event.code <= SynCode.dropped {
            let name = EventNames.codeName(type: event.type, code: event.code) ?? "?"
            switch event.code {
            case SynCode.mtReport: out += "++++++++++++++ \(name) ++++++++++++\n"
            case SynCode.dropped: out += ">>>>>>>>>>>>>> \(name) <<<<<<<<<<<<\n"
            default: out += "-------------- \(name) ------------\n"
            }
            return
        }
        out += "type \(event.type) (\(EventNames.typeName(event.type) ?? "?")), "
        out += "code \(event.code) (\(EventNames.codeName(type: event.type, code: event.code) ?? "?")), "
        if event.type == EventType.msc && (event.code == MscCode.scan || event.code == MscCode.raw) {
            let digits = String(UInt32(bitPattern: event.value), radix: 16)
            out += "value " + (digits.count < 2 ? "0" : "") + digits + "\n"
        } else {
            out += "value \(event.value)\n"
        }
    }
}
