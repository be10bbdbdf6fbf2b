/// What a device's events are read through: libevdev on an evdev node
/// (`InputDevice`), or anything else that gives whole frames through an
/// epoll set (a test's pipe). Used on the thread of the poller it joins.
public protocol InputSource: AnyObject {
    /// The device as it describes itself.
    var description: DeviceDescription { get }
    /// Reads through `poller`; after `.removed`, reading stops.
    func startReading(with poller: InputPoller, handler: @escaping (InputDeviceUpdate) -> Void) throws
    func stopReading()
}

/// What finds input nodes and follows them as they come and go: udev or
/// the kernel's uevents (`InputNodeMonitor`), or a test's list.
public protocol InputNodeSource: AnyObject {
    /// "udev" or "kernel": whose events are followed.
    var source: String { get }
    /// Every node there is now, in node order.
    func enumerate() -> [InputNode]
    /// Follows changes through `poller`; `rank` orders them among its other descriptors.
    func start(with poller: InputPoller, rank: Int, handler: @escaping (InputNodeChange) -> Void) throws
    func stop()
}

extension InputDevice: InputSource {}
extension InputNodeMonitor: InputNodeSource {}
