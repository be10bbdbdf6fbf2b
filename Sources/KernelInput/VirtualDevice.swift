import CLibevdev
import Glibc
import SystemPackage

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
            throw DeviceError("/dev/uinput", .cannotCreateVirtualDevice(nil))
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
            throw DeviceError("/dev/uinput", .cannotCreateVirtualDevice(Errno(rawValue: -rc)))
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
            throw DeviceError(devnode ?? "/dev/uinput", .cannotWrite(Errno(rawValue: -rc)))
        }
    }
}

extension VirtualDevice {
    /// Writes the events in order. With `paced`, waits between frames as
    /// long as the recording did (times as recorded, divided by `speed`).
    /// Writes `events`, each at its recorded moment from the first (divided
    /// by `speed`), on absolute deadlines: time spent writing is caught up,
    /// so a long recording does not drift behind its clock.
    public func play(_ events: [InputEvent], paced: Bool = true, speed: Double = 1) throws {
        var schedule = PlaybackSchedule(speed: speed)
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let origin = UInt64(start.tv_sec) * 1_000_000_000 + UInt64(start.tv_nsec)
        for event in events {
            let offset = schedule.offset(of: event.time)
            if paced && offset > 0 {
                let due = origin + offset
                var deadline = timespec(tv_sec: Int(due / 1_000_000_000), tv_nsec: Int(due % 1_000_000_000))
                while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nil) == EINTR {}
            }
            try write(event)
        }
    }
}

/// When each event of a recording is due, in nanoseconds from the first:
/// its recorded time since the first, divided by the speed. A gap of more
/// than `longestGap` seconds in the recording (someone left the panel) is
/// played as that long.
public struct PlaybackSchedule: Sendable {
    public let speed: Double
    public let longestGap: Double
    private var first: Int64?
    private var previous: Int64 = 0
    /// Recorded microseconds taken out of the gaps that were too long.
    private var skipped: Int64 = 0

    public init(speed: Double = 1, longestGap: Double = 10) {
        self.speed = speed
        self.longestGap = longestGap
    }

    public mutating func offset(of time: EventTime) -> UInt64 {
        let now = time.microseconds
        guard let first else {
            self.first = now
            previous = now
            return 0
        }
        let gap = now - previous
        let allowed = Int64(longestGap * speed * 1e6)
        if gap > allowed { skipped += gap - allowed }
        previous = max(previous, now)
        let elapsed = max(0, now - first - skipped)
        return UInt64(Double(elapsed) * 1000 / speed)
    }
}
