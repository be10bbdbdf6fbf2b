import CLibevdev

/// Names of event types, codes and properties, as libevdev knows them
/// ("EV_ABS", "ABS_MT_SLOT", "INPUT_PROP_DIRECT").
public enum EventNames {
    public static func typeName(_ type: UInt16) -> String? {
        libevdev_event_type_get_name(UInt32(type)).map { String(cString: $0) }
    }

    public static func codeName(type: UInt16, code: UInt16) -> String? {
        libevdev_event_code_get_name(UInt32(type), UInt32(code)).map { String(cString: $0) }
    }

    public static func propertyName(_ property: UInt16) -> String? {
        libevdev_property_get_name(UInt32(property)).map { String(cString: $0) }
    }

    /// "EV_ABS / ABS_MT_SLOT", or the numbers when a name is unknown.
    public static func describe(type: UInt16, code: UInt16) -> String {
        let typeText = typeName(type) ?? "type \(type)"
        let codeText = codeName(type: type, code: code) ?? "code \(code)"
        return "\(typeText) / \(codeText)"
    }

    /// The highest code the kernel defines for each event type, or -1 for a type it does not define.
    static let maxCodeByType: [Int32] = (0...Int(EventType.max)).map {
        Int32(libevdev_event_type_get_max(UInt32($0)))
    }

    /// Whether the kernel defines this type and code at all.
    @inline(__always)
    public static func isKnown(type: UInt16, code: UInt16) -> Bool {
        type <= EventType.max && Int32(code) <= maxCodeByType[Int(type)]
    }

    public static func maxCode(type: UInt16) -> UInt16? {
        guard type <= EventType.max, maxCodeByType[Int(type)] >= 0 else { return nil }
        return UInt16(maxCodeByType[Int(type)])
    }
}
