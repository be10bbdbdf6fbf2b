/// The text `touchbridge describe` prints about a device.
public enum DeviceReport {
    public static func text(_ device: DeviceDescription, node: String?, recording: Recording? = nil) -> String {
        var out = "Device:      \(device.name)\n"
        if let node { out += "Node:        \(node)\n" }
        if let recording { out += "Recording:   \(recording.source) (\(recording.format.rawValue))\n" }
        out += "ID:          bus 0x\(EvemuWriter.hex4(device.id.bustype)) vendor 0x\(EvemuWriter.hex4(device.id.vendor))"
        out += " product 0x\(EvemuWriter.hex4(device.id.product)) version 0x\(EvemuWriter.hex4(device.id.version))\n"
        out += "Kind:        \(device.kind.rawValue)\n"
        let properties = device.properties.sorted().map { EventNames.propertyName($0) ?? "property \($0)" }
        out += "Properties:  \(properties.isEmpty ? "none" : properties.joined(separator: " "))\n"
        switch device.multitouchProtocol {
        case .slots(let count): out += "Multitouch:  protocol B, \(count) slots\n"
        case .reports: out += "Multitouch:  protocol A (SYN_MT_REPORT)\n"
        case .singleTouch: out += "Multitouch:  none (single touch)\n"
        }
        if let size = device.sizeMillimetres {
            out += "Size:        \(oneDecimal(size.width)) x \(oneDecimal(size.height)) mm\n"
        } else {
            out += "Size:        unknown (the device reports no resolution)\n"
        }
        out += "Axes:\n"
        for code in device.absInfo.keys.sorted() {
            let info = device.absInfo[code]!
            let codeName = EventNames.codeName(type: EventType.abs, code: code) ?? "ABS_\(code)"
            let name = codeName + String(repeating: " ", count: max(0, 20 - codeName.count))  // libevdev's longest is 18
            out += "  \(name) min \(info.minimum) max \(info.maximum) fuzz \(info.fuzz) flat \(info.flat)"
            out += " resolution \(info.resolution)"
            if let length = info.lengthMillimetres,
                code == AbsCode.x || code == AbsCode.y || code == AbsCode.mtPositionX || code == AbsCode.mtPositionY
            {
                out += " (\(oneDecimal(length)) mm)"
            }
            out += "\n"
        }
        out += "Events:\n"
        for type in device.codes.keys.sorted() where type != EventType.abs {
            let names = device.codes[type]!.sorted().map { EventNames.codeName(type: type, code: $0) ?? "\($0)" }
            out += "  \(EventNames.typeName(type) ?? "type \(type)"): \(names.joined(separator: " "))\n"
        }
        if let recording {
            let frames = recording.events.reduce(0) { $0 + ($1.isFrameEnd ? 1 : 0) }
            var duration = 0.0
            if let first = recording.events.first, let last = recording.events.last {
                duration = last.time.seconds - first.time.seconds
            }
            out += "Events recorded: \(recording.events.count) in \(frames) frames over \(oneDecimal(duration)) s\n"
        }
        return out
    }

    private static func oneDecimal(_ value: Double) -> String { "\((value * 10).rounded() / 10)" }
}
