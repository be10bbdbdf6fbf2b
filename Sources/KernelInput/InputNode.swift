/// An evdev node as udev sees it: where it is and what udev knows of it.
public struct InputNode: Hashable, Sendable {
    /// /dev/input/eventN.
    public var devnode: String
    /// /sys/devices/.../input/inputM/eventN.
    public var syspath: String
    /// The device's name from the kernel (the parent's `name` attribute).
    public var name: String
    /// udev's properties: ID_INPUT_TOUCHSCREEN, LIBINPUT_CALIBRATION_MATRIX, ...
    /// Empty when no udevd has classified it.
    public var properties: [String: String]

    public init(devnode: String, syspath: String = "", name: String = "", properties: [String: String] = [:]) {
        self.devnode = devnode
        self.syspath = syspath
        self.name = name
        self.properties = properties
    }

    /// N of /dev/input/eventN, for ordering (event10 after event9).
    public var eventNumber: Int { Int(devnode.reversed().prefix { $0.isNumber }.reversed().map(String.init).joined()) ?? -1 }

    /// udev's input_id said so.
    public var isTouchscreen: Bool { properties["ID_INPUT_TOUCHSCREEN"] == "1" }
    /// udev has classified the device (ID_INPUT is set); when not, only its capabilities can tell.
    public var isClassified: Bool { properties["ID_INPUT"] != nil }
    /// Bus, vendor, product and version from the kernel's PRODUCT property ("3/eef/1/210"), when udev gives it.
    public var inputID: InputID? {
        let parts = (properties["PRODUCT"] ?? "").split(separator: "/").compactMap { UInt16($0, radix: 16) }
        guard parts.count == 4 else { return nil }
        return InputID(bustype: parts[0], vendor: parts[1], product: parts[2], version: parts[3])
    }
    public var calibration: CalibrationMatrix? {
        properties["LIBINPUT_CALIBRATION_MATRIX"].flatMap(CalibrationMatrix.init(parsing:))
    }
}

/// A change udev reports on the input subsystem.
public enum InputNodeChange: Hashable, Sendable {
    case added(InputNode)
    case removed(devnode: String)
}
