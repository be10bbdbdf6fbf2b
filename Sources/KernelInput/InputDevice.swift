import CInputShim
import CLibevdev
import Dispatch
import Glibc
import SystemPackage

/// What reading a live device gives: events, or the news that it went away.
public enum InputDeviceUpdate: Sendable {
    case events([InputEvent])
    /// The device was unplugged (`.noSuchDevice`, ENODEV) or failed.
    case removed(Errno)
}

extension Errno {
    /// ENODEV: what reading a node gives once its device is unplugged.
    public static var noSuchDevice: Errno { Errno(rawValue: Glibc.ENODEV) }

    /// Why a device went away, in words: unplugged, or the error.
    public var removalReason: String { self == .noSuchDevice ? "the device was removed" : description }
}

/// A live evdev node read through libevdev: non-blocking, optionally grabbed
/// for exclusive use, and read through an epoll set (InputPoller). After a SYN_DROPPED,
/// libevdev's resync brings the state up to date; feed its events to a
/// ContactTracker made with `.resyncFollows`.
///
/// Once `startReading` is called, the device is used only on that queue or
/// the poller's thread: `confinement` checks it.
public final class InputDevice: @unchecked Sendable {
    public let path: String
    public let description: DeviceDescription
    private let fd: FileDescriptor
    public var descriptor: FileDescriptor { fd }
    private let evdev: OpaquePointer
    // @exclusivity(unchecked), as on the views' hot properties (TouchUI/View.swift, above View.superview): a device is confined to one thread (`confinement`), and these are set by plain assignment.
    @exclusivity(unchecked) private var isGrabbed = false
    /// The poller `startReading(on:)` made for this device alone.
    @exclusivity(unchecked) private var ownPoller: InputPoller?
    private var confinement = Confinement()

    public init(path: String, grab: Bool = false) throws {
        self.path = path
        do {
            fd = try FileDescriptor.open(path, .readOnly, options: [.nonBlocking, .closeOnExec])
        } catch {
            throw DeviceError(path, .cannotOpen(error as? Errno ?? Errno(rawValue: EIO)))
        }
        var handle: OpaquePointer?
        let rc = libevdev_new_from_fd(fd.rawValue, &handle)
        guard rc == 0, let handle else {
            try? fd.close()
            throw DeviceError(path, .notEvdev(Errno(rawValue: -rc)))
        }
        evdev = handle
        // Stamp events with CLOCK_MONOTONIC, the clock the UI model's timeline keeps.
        _ = libevdev_set_clock_id(handle, CLOCK_MONOTONIC)
        description = Self.describe(handle)
        if grab {
            let grabbed = tb_input_grab(fd.rawValue, 1)
            guard grabbed == 0 else {
                libevdev_free(handle)
                try? fd.close()
                throw DeviceError(path, .cannotGrab(Errno(rawValue: -grabbed)))
            }
            isGrabbed = true
        }
    }

    deinit {
        // No dispatch source watches the descriptor itself, only an epoll
        // set, which lets go of it first: closing it here is safe. (A shared
        // poller's owner calls stopReading(with:) before letting go.)
        ownPoller?.remove(fd)
        if isGrabbed { _ = tb_input_grab(fd.rawValue, 0) }
        libevdev_free(evdev)
        try? fd.close()
    }

    /// Reads until the kernel has nothing more. SYN_DROPPED is passed on,
    /// followed by libevdev's resync events and their closing SYN_REPORT.
    public func readAvailable() -> InputDeviceUpdate {
        confinement.check("the InputDevice \(path)")
        var events: [InputEvent] = []
        var event = input_event()
        var flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
        while true {
            let rc = libevdev_next_event(evdev, flags, &event)
            if rc == -EAGAIN {
                if flags == LIBEVDEV_READ_FLAG_SYNC.rawValue {
                    flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue  // resync done; back to normal events
                    continue
                }
                return .events(events)
            }
            if rc < 0 {
                if !events.isEmpty { return .events(events) }  // deliver what came before; the next read reports it
                return .removed(Errno(rawValue: -rc))
            }
            if rc == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) { flags = LIBEVDEV_READ_FLAG_SYNC.rawValue }
            events.append(
                InputEvent(
                    time: EventTime(seconds: Int64(event.time.tv_sec), microseconds: Int64(event.time.tv_usec)),
                    type: event.type, code: event.code, value: event.value))
        }
    }

    /// Starts delivering updates on `queue`, through a poller of the
    /// device's own. After `.removed`, reading stops.
    public func startReading(on queue: DispatchQueue, handler: @escaping @Sendable (InputDeviceUpdate) -> Void) throws {
        confinement.bind(to: queue)
        let poller = try InputPoller(queue: queue)
        try startReading(with: poller, handler: handler)
        ownPoller = poller
    }

    /// Stops what `startReading(on:)` started.
    public func stopReading() {
        confinement.check("the InputDevice \(path)")
        if let ownPoller { stopReading(with: ownPoller) }
        ownPoller = nil
    }

    private static func describe(_ evdev: OpaquePointer) -> DeviceDescription {
        var types: Set<UInt16> = []
        var codes: [UInt16: Set<UInt16>] = [:]
        var absInfo: [UInt16: AbsInfo] = [:]
        for type in 0...EventType.max where libevdev_has_event_type(evdev, UInt32(type)) != 0 {
            types.insert(type)
            guard type != EventType.syn, let maxCode = EventNames.maxCode(type: type) else { continue }
            for code in 0...maxCode where libevdev_has_event_code(evdev, UInt32(type), UInt32(code)) != 0 {
                codes[type, default: []].insert(code)
                if type == EventType.abs, let info = libevdev_get_abs_info(evdev, UInt32(code))?.pointee {
                    absInfo[code] = AbsInfo(
                        value: info.value, minimum: info.minimum, maximum: info.maximum, fuzz: info.fuzz,
                        flat: info.flat, resolution: info.resolution)
                }
            }
        }
        let properties = Set(
            (0...InputProperty.max).filter { libevdev_has_property(evdev, UInt32($0)) != 0 })
        let id = InputID(
            bustype: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(evdev)),
            vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(evdev)),
            product: UInt16(truncatingIfNeeded: libevdev_get_id_product(evdev)),
            version: UInt16(truncatingIfNeeded: libevdev_get_id_version(evdev)))
        return DeviceDescription(
            name: libevdev_get_name(evdev).map { String(cString: $0) } ?? "",
            id: id, properties: properties, types: types, codes: codes, absInfo: absInfo)
    }

}
