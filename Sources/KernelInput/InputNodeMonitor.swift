import CLibudev
import Glibc
import SystemPackage

/// Finds evdev nodes with libudev and follows them as they come and go.
///
/// With udevd running, it listens to udev's own events, which come after
/// udev has classified the device and set its node's permissions. Without
/// udevd (a bare initramfs), it listens to the kernel's uevents instead, and
/// devices carry no udev properties: their capabilities must tell.
/// Used on the thread whose epoll set it joins (`start(with:)`).
public final class InputNodeMonitor {
    /// "udev" or "kernel": whose events are followed.
    public let source: String
    private let udev: OpaquePointer
    private let monitor: OpaquePointer
    private var poller: InputPoller?
    private var stopped = false

    /// Whether udevd is running here (its control socket exists).
    public static var udevIsRunning: Bool { access("/run/udev/control", F_OK) == 0 }

    /// Subscribes now, so that nothing added between `enumerate()` and
    /// `start(with:)` is missed; changes are queued in the socket until then.
    public init() throws {
        guard let udev = udev_new() else { throw InputNodeMonitorError(operation: .createContext, errno: nil) }
        let source = Self.udevIsRunning ? "udev" : "kernel"
        guard let monitor = udev_monitor_new_from_netlink(udev, source) else {
            udev_unref(udev)
            throw InputNodeMonitorError(operation: .openMonitor(source), errno: Errno(rawValue: errno))
        }
        udev_monitor_filter_add_match_subsystem_devtype(monitor, "input", nil)
        let rc = udev_monitor_enable_receiving(monitor)
        guard rc >= 0 else {
            udev_monitor_unref(monitor)
            udev_unref(udev)
            throw InputNodeMonitorError(operation: .listen(source), errno: Errno(rawValue: -rc))
        }
        self.udev = udev
        self.monitor = monitor
        self.source = source
    }

    deinit {
        guard !stopped else { return }
        poller?.remove(descriptor)
        Self.release(monitor: monitor, udev: udev)
    }

    private static func release(monitor: OpaquePointer, udev: OpaquePointer) {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    /// Every evdev node there is now, in node order.
    public func enumerate() -> [InputNode] {
        guard let enumerate = udev_enumerate_new(udev) else { return [] }
        defer { udev_enumerate_unref(enumerate) }
        udev_enumerate_add_match_subsystem(enumerate, "input")
        udev_enumerate_add_match_sysname(enumerate, "event*")
        udev_enumerate_scan_devices(enumerate)
        var nodes: [InputNode] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let current = entry {
            if let path = udev_list_entry_get_name(current), let device = udev_device_new_from_syspath(udev, path) {
                if let node = Self.node(of: device) { nodes.append(node) }
                udev_device_unref(device)
            }
            entry = udev_list_entry_get_next(current)
        }
        return nodes.sorted { ($0.eventNumber, $0.devnode) < ($1.eventNumber, $1.devnode) }
    }

    /// Delivers additions and removals through `poller`'s epoll set, where its
    /// owner reads them (a main loop, beside the devices themselves), at `rank`.
    public func start(with poller: InputPoller, rank: Int = 0, handler: @escaping (InputNodeChange) -> Void) throws {
        try poller.add(descriptor, rank: rank) { [weak self] in
            guard let self, self.poller != nil else { return }
            self.receive(handler)
        }
        self.poller = poller
    }

    /// The monitor's netlink socket: readable when a change waits.
    private var descriptor: FileDescriptor { FileDescriptor(rawValue: udev_monitor_get_fd(monitor)) }

    private func receive(_ handler: (InputNodeChange) -> Void) {
        while let device = udev_monitor_receive_device(monitor) {
            defer { udev_device_unref(device) }
            guard let change = change(from: device) else { continue }
            handler(change)
        }
    }

    /// Stops following changes (the socket is closed once nothing watches it).
    public func stop() {
        guard let poller, !stopped else { return }
        poller.remove(descriptor)
        self.poller = nil
        Self.release(monitor: monitor, udev: udev)
        stopped = true
    }

    private func change(from device: OpaquePointer) -> InputNodeChange? {
        guard let sysname = udev_device_get_sysname(device).map({ String(cString: $0) }), sysname.hasPrefix("event"),
            let action = udev_device_get_action(device).map({ String(cString: $0) })
        else { return nil }
        switch action {
        case "add", "change":
            return Self.node(of: device).map { .added($0) }
        case "remove":
            let devnode = udev_device_get_devnode(device).map { String(cString: $0) } ?? "/dev/input/" + sysname
            return .removed(devnode: devnode)
        default:
            return nil
        }
    }

    private static func node(of device: OpaquePointer) -> InputNode? {
        let sysname = udev_device_get_sysname(device).map { String(cString: $0) } ?? ""
        guard sysname.hasPrefix("event") else { return nil }
        // Kernel events may come before the node's name is known to libudev; devtmpfs names it so.
        let devnode = udev_device_get_devnode(device).map { String(cString: $0) } ?? "/dev/input/" + sysname
        let properties = UdevProperties.of(device: device)
        var name = ""
        if let parent = udev_device_get_parent_with_subsystem_devtype(device, "input", nil),
            let attribute = udev_device_get_sysattr_value(parent, "name")
        {
            name = String(cString: attribute)
        }
        let syspath = udev_device_get_syspath(device).map { String(cString: $0) } ?? ""
        return InputNode(devnode: devnode, syspath: syspath, name: name, properties: properties)
    }
}

/// Why udev (or the kernel's uevents) cannot be followed: what failed, and the error.
public struct InputNodeMonitorError: Error, Equatable, CustomStringConvertible, Sendable {
    public enum Operation: Equatable, Sendable {
        case createContext
        /// Opening the netlink monitor of "udev" or "kernel".
        case openMonitor(String)
        case listen(String)
    }
    public var operation: Operation
    /// nil where libudev says only that it failed.
    public var errno: Errno?

    public init(operation: Operation, errno: Errno?) { (self.operation, self.errno) = (operation, errno) }

    public var description: String {
        let cause = errno.map { ": \($0)" } ?? ""
        return switch operation {
        case .createContext: "udev: cannot create a udev context\(cause)"
        case .openMonitor(let source): "udev: cannot open a \(source) netlink monitor\(cause)"
        case .listen(let source): "udev: cannot listen for \(source) events\(cause)"
        }
    }
}
