import CInputShim
import Dispatch
import Glibc

/// Watches many input devices with one epoll descriptor of its own, read by
/// one DispatchSource that lives as long as the poller. Devices come and go
/// with epoll_ctl on the reading queue; no dispatch source is made or
/// cancelled per device. (A source per evdev descriptor, cancelled when the
/// device vanished, raced libdispatch's epoll thread into a crash.)
///
/// Used only on its queue, apart from init.
public final class InputPoller: @unchecked Sendable {
    /// The epoll descriptor: readable when a watched device is.
    public let descriptor: Int32
    private var source: (any DispatchSourceRead)?
    private var handlers: [Int32: () -> Void] = [:]
    /// Reused on every wake: reading input allocates nothing here.
    private var ready = [Int32](repeating: -1, count: 32)

    /// Read on `queue` by a dispatch source; with no queue, whoever owns the
    /// poller waits on `descriptor` and calls `callReadyHandlers()` (a main loop).
    public init(queue: DispatchQueue?) throws {
        descriptor = tb_epoll_create()
        guard descriptor >= 0 else { throw RecordingError(file: "epoll", "cannot create: \(String(cString: strerror(-descriptor)))") }
        guard let queue else { return }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [weak self] in self?.callReadyHandlers() }
        let fd = descriptor
        source.setCancelHandler { close(fd) }
        self.source = source
        source.resume()
    }

    deinit {
        if let source { source.cancel() } else { close(descriptor) }
    }

    /// Calls `ready` whenever `fd` has something to read, or has failed.
    public func add(_ fd: Int32, ready: @escaping () -> Void) throws {
        let rc = tb_epoll_add(descriptor, fd)
        guard rc == 0 else { throw RecordingError(file: "epoll", "cannot watch descriptor \(fd): \(String(cString: strerror(-rc)))") }
        handlers[fd] = ready
    }

    /// Stops watching `fd`; call before closing it.
    public func remove(_ fd: Int32) {
        guard handlers.removeValue(forKey: fd) != nil else { return }
        _ = tb_epoll_remove(descriptor, fd)
    }

    /// Reads whichever devices are ready, now, without waiting.
    public func callReadyHandlers() {
        let count = tb_epoll_ready(descriptor, &ready, Int32(ready.count), 0)
        // A handler may remove its descriptor, or another's, as it goes.
        for index in 0..<max(0, Int(count)) { handlers[ready[index]]?() }
    }
}
