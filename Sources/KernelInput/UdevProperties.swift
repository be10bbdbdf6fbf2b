import CLibudev
import Glibc

/// The udev properties of the device behind an event node, read through
/// libudev: ID_INPUT_TOUCHSCREEN, LIBINPUT_CALIBRATION_MATRIX and the rest.
/// Empty when udev knows nothing of it (no udevd has run, or not a device node).
public enum UdevProperties {
    public static func of(node: String) -> [String: String] {
        var status = stat()
        guard stat(node, &status) == 0, status.st_mode & S_IFMT == S_IFCHR, let udev = udev_new() else { return [:] }
        defer { udev_unref(udev) }
        guard let device = udev_device_new_from_devnum(udev, CChar(UInt8(ascii: "c")), status.st_rdev) else {
            return [:]
        }
        defer { udev_device_unref(device) }
        return of(device: device)
    }

    /// The properties of a libudev device already in hand.
    static func of(device: OpaquePointer) -> [String: String] {
        var properties: [String: String] = [:]
        var entry = udev_device_get_properties_list_entry(device)
        while let current = entry {
            if let name = udev_list_entry_get_name(current), let value = udev_list_entry_get_value(current) {
                properties[String(cString: name)] = String(cString: value)
            }
            entry = udev_list_entry_get_next(current)
        }
        return properties
    }

    /// The calibration matrix udev gives the device (LIBINPUT_CALIBRATION_MATRIX), if any.
    public static func calibration(node: String) -> CalibrationMatrix? {
        of(node: node)["LIBINPUT_CALIBRATION_MATRIX"].flatMap(CalibrationMatrix.init(parsing:))
    }
}
