import CLibevdev
import Glibc

/// A kernel input device made through uinput from a description, so a
/// recording can be played into a real kernel and read back by anything
/// that reads evdev (this project's own reader, libinput, a Wayland
/// compositor), the way evemu-play does.
public final class VirtualDevice {
    public let description: DeviceDescription
    private let evdev: OpaquePointer
    private let uinput: OpaquePointer

    public init(_ description: DeviceDescription) throws {
        guard let evdev = libevdev_new() else {
            throw RecordingError(file: "/dev/uinput", "libevdev_new failed")
        }
        libevdev_set_name(evdev, description.name)
        libevdev_set_id_bustype(evdev, Int32(description.id.bustype))
        libevdev_set_id_vendor(evdev, Int32(description.id.vendor))
        libevdev_set_id_product(evdev, Int32(description.id.product))
        libevdev_set_id_version(evdev, Int32(description.id.version))
        for property in description.properties { libevdev_enable_property(evdev, UInt32(property)) }
        for type in description.types { libevdev_enable_event_type(evdev, UInt32(type)) }
        for (type, codes) in description.codes {
            for code in codes {
                if type == EventType.abs, let info = description.absInfo[code] {
                    var absinfo = input_absinfo(
                        value: info.value, minimum: info.minimum, maximum: info.maximum, fuzz: info.fuzz,
                        flat: info.flat, resolution: info.resolution)
                    libevdev_enable_event_code(evdev, UInt32(type), UInt32(code), &absinfo)
                } else {
                    libevdev_enable_event_code(evdev, UInt32(type), UInt32(code), nil)
                }
            }
        }
        var uinput: OpaquePointer?
        let rc = libevdev_uinput_create_from_device(evdev, LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue, &uinput)
        guard rc == 0, let uinput else {
            libevdev_free(evdev)
            throw RecordingError(
                file: "/dev/uinput",
                "cannot create a virtual device: \(InputDevice.errorText(-rc)) (is the uinput module loaded, and may this user write /dev/uinput?)")
        }
        self.description = description
        self.evdev = evdev
        self.uinput = uinput
    }

    deinit {
        libevdev_uinput_destroy(uinput)
        libevdev_free(evdev)
    }

    /// The event node the kernel made, e.g. /dev/input/event5 (nil until udev has made it).
    public var devnode: String? { libevdev_uinput_get_devnode(uinput).map { String(cString: $0) } }

    /// The sysfs path of the device, e.g. /sys/devices/virtual/input/input7.
    public var syspath: String? { libevdev_uinput_get_syspath(uinput).map { String(cString: $0) } }

    public func write(_ event: InputEvent) throws {
        let rc = libevdev_uinput_write_event(uinput, UInt32(event.type), UInt32(event.code), event.value)
        guard rc == 0 else {
            throw RecordingError(file: devnode ?? "/dev/uinput", "cannot write an event: \(InputDevice.errorText(-rc))")
        }
    }
}

extension VirtualDevice {
    /// Writes the events in order. With `paced`, waits between frames as
    /// long as the recording did (times as recorded, divided by `speed`).
    public func play(_ events: [InputEvent], paced: Bool = true, speed: Double = 1) throws {
        var previous: EventTime?
        for event in events {
            if paced, let last = previous, event.time > last {
                let seconds = Double(event.time.microseconds - last.microseconds) / 1e6 / speed
                if seconds > 0 { usleep(UInt32(min(seconds, 10) * 1e6)) }
            }
            previous = event.time
            try write(event)
        }
    }
}
