import SystemPackage

/// What a device's events are read through: libevdev on an evdev node
/// (`InputDevice`), or anything else that gives whole frames through a
/// descriptor an epoll set can watch (a test's pipe). Used on the thread of
/// the poller it joins.
public protocol InputSource: AnyObject {
    /// The device as it describes itself.
    var description: DeviceDescription { get }
    /// Readable whenever `readAvailable()` has something to give.
    var descriptor: FileDescriptor { get }
    /// Reads what is there now without blocking: events, or `.removed`
    /// once the device is gone.
    func readAvailable() -> InputDeviceUpdate
}

extension InputSource {
    /// Reads through `poller`, which may watch other devices too; updates
    /// arrive on its thread. After `.removed`, reading stops.
    public func startReading(with poller: InputPoller, handler: @escaping (InputDeviceUpdate) -> Void) throws {
        let descriptor = descriptor
        try poller.add(descriptor) { [weak self, weak poller] in
            guard let self else { return }
            let update = self.readAvailable()
            if case .removed = update { poller?.remove(descriptor) }
            handler(update)
        }
    }

    /// Leaves `poller`'s set; call before letting go of the source.
    public func stopReading(with poller: InputPoller) {
        poller.remove(descriptor)
    }
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
