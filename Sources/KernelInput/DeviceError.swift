import SystemPackage

/// A device that cannot be used as asked: a node that will not open, is not
/// evdev, or is grabbed by another program; uinput refusing a device; a
/// device (live, or as a recording describes it) that is not the kind it
/// was taken for. `device` is its node, or the recording that describes it.
/// It describes itself as "DEVICE: PROBLEM"; code asks `reason`.
public struct DeviceError: Error, Equatable, CustomStringConvertible, Sendable {
    public var device: String
    public var reason: Reason

    public enum Reason: Equatable, Sendable {
        /// open(2) failed: no such node, no permission.
        case cannotOpen(Errno)
        /// libevdev refused it (it answered no evdev ioctl).
        case notEvdev(Errno)
        /// EVIOCGRAB failed: `.resourceBusy` when another program holds it.
        case cannotGrab(Errno)
        /// uinput would not make the device; nil when libevdev could not even start one.
        case cannotCreateVirtualDevice(Errno?)
        /// uinput would not take an event.
        case cannotWrite(Errno)
        /// A touchpad or a pen tablet (no INPUT_PROP_DIRECT) taken for a touchscreen.
        case notDirect(name: String, kind: DeviceKind)
        /// No absolute X and Y: nothing to map to the screen.
        case noPositionAxes(name: String)
    }

    public init(_ device: String, _ reason: Reason) {
        self.device = device
        self.reason = reason
    }

    /// What is wrong, without the device.
    public var problem: String {
        switch reason {
        case .cannotOpen(let errno): "cannot open: \(errno)"
        case .notEvdev(let errno): "not an evdev device: \(errno)"
        case .cannotGrab(let errno): "cannot grab for exclusive use: \(errno) (is another program grabbing it?)"
        case .cannotCreateVirtualDevice(nil): "libevdev_new failed"
        case .cannotCreateVirtualDevice(let errno?):
            "cannot create a virtual device: \(errno) (is the uinput module loaded, and may this user write /dev/uinput?)"
        case .cannotWrite(let errno): "cannot write an event: \(errno)"
        case .notDirect(let name, let kind):
            "'\(name)' is \(kind == .touchpad ? "a touchpad" : "a pen tablet") (no INPUT_PROP_DIRECT), not a touchscreen: its positions are "
                + "not screen positions; pass --allow-touchpad to replay it anyway"
        case .noPositionAxes(let name): "'\(name)' has no absolute X/Y axes: it is not a touch device"
        }
    }

    public var description: String { "\(device): \(problem)" }
}
