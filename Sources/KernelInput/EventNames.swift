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

    /// The code libevdev names so ("ABS_Z"), for the type.
    public static func code(named name: String, type: UInt16) -> UInt16? {
        let code = libevdev_event_code_from_name(UInt32(type), name)
        return code >= 0 ? UInt16(code) : nil
    }

    /// The type and code a code's name stands for ("BTN_TOUCH": EV_KEY, 0x14a).
    public static func typeAndCode(named name: String) -> (type: UInt16, code: UInt16)? {
        let type = libevdev_event_type_from_code_name(name), code = libevdev_event_code_from_code_name(name)
        return type >= 0 && code >= 0 ? (UInt16(type), UInt16(code)) : nil
    }

    /// The type libevdev names so ("EV_REL").
    public static func type(named name: String) -> UInt16? {
        let type = libevdev_event_type_from_name(name)
        return type >= 0 ? UInt16(type) : nil
    }

    /// The property libevdev names so ("INPUT_PROP_DIRECT").
    public static func property(named name: String) -> UInt16? {
        let property = libevdev_property_from_name(name)
        return property >= 0 ? UInt16(property) : nil
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
