import CInputShim
import Dispatch
import Glibc
import SystemPackage

/// Watches many descriptors with one epoll set: input devices, and, for a
/// main loop, whatever else it waits on. Devices come and go with epoll_ctl
/// on the reading queue; no dispatch source is made or cancelled per device.
/// (A source per evdev descriptor, cancelled when the device vanished, raced
/// libdispatch's epoll thread into a crash.)
///
/// Either a dispatch source reads the set on a queue, or its owner waits on
/// it (`wait()`), as Bridge's MainLoop does on the main thread. Used only on
/// that queue or thread, apart from init: `confinement` checks it.
public final class InputPoller: @unchecked Sendable {
    /// The epoll descriptor: readable when a watched descriptor is.
    public let descriptor: FileDescriptor
    // @exclusivity(unchecked), as on the views' hot properties (TouchUI/View.swift, above View.superview): a poller is confined to one thread (`confinement`), and these are set by plain assignment.
    @exclusivity(unchecked) private var source: (any DispatchSourceRead)?
    @exclusivity(unchecked) private var handlers: [FileDescriptor: (rank: Int, ready: () -> Void)] = [:]
    /// Reused on every wake: reading input allocates nothing here.
    @exclusivity(unchecked) private var ready = [Int32](repeating: -1, count: 32)
    @exclusivity(unchecked) private var due: [(rank: Int, fd: FileDescriptor)] = []
    private var confinement = Confinement()

    /// Read on `queue` by a dispatch source; with no queue, whoever owns the
    /// poller waits on it (`wait()`) or calls `callReadyHandlers()`.
    public init(queue: DispatchQueue?) throws {
        let created = tb_epoll_create()
        guard created >= 0 else { throw InputPollerError(operation: .create, errno: Errno(rawValue: -created)) }
        descriptor = FileDescriptor(rawValue: created)
        due.reserveCapacity(ready.count)
        guard let queue else { return }
        confinement.bind(to: queue)
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor.rawValue, queue: queue)
        source.setEventHandler { [weak self] in self?.callReadyHandlers() }
        let fd = descriptor
        source.setCancelHandler { try? fd.close() }
        self.source = source
        source.resume()
    }

    deinit {
        if let source { source.cancel() } else { try? descriptor.close() }
    }

    /// Calls `ready` whenever `fd` has something to read, or has failed.
    /// When several are ready at once, lower ranks are called first (a main
    /// loop reads its devices before it runs its timers).
    public func add(_ fd: FileDescriptor, rank: Int = 0, ready: @escaping () -> Void) throws {
        confinement.check("an InputPoller")
        let rc = tb_epoll_add(descriptor.rawValue, fd.rawValue)
        guard rc == 0 else { throw InputPollerError(operation: .watch(fd), errno: Errno(rawValue: -rc)) }
        handlers[fd] = (rank, ready)
    }

    /// Stops watching `fd`; call before closing it.
    public func remove(_ fd: FileDescriptor) {
        confinement.check("an InputPoller")
        guard handlers.removeValue(forKey: fd) != nil else { return }
        _ = tb_epoll_remove(descriptor.rawValue, fd.rawValue)
    }

    /// Whether a descriptor of rank below `limit` is ready now (one epoll_wait that does not wait).
    public func hasReady(ranksBelow limit: Int = .max) -> Bool {
        collectReady(timeoutMilliseconds: 0, ranksBelow: limit)
        return !due.isEmpty
    }

    /// Calls the handlers of the descriptors ready now, without waiting,
    /// leaving those of rank `limit` and above for later. True when any ran.
    @discardableResult
    public func callReadyHandlers(ranksBelow limit: Int = .max) -> Bool {
        collectReady(timeoutMilliseconds: 0, ranksBelow: limit)
        return callDue()
    }

    /// Waits until a watched descriptor is ready, then calls the handlers of
    /// all that are, lowest rank first. Returns early on a signal, or after
    /// `timeoutMilliseconds` (-1: no limit; 0: does not wait).
    public func wait(timeoutMilliseconds: Int32 = -1) {
        collectReady(timeoutMilliseconds: timeoutMilliseconds, ranksBelow: .max)
        callDue()
    }

    private func collectReady(timeoutMilliseconds: Int32, ranksBelow limit: Int) {
        confinement.check("an InputPoller")
        due.removeAll(keepingCapacity: true)
        let count = tb_epoll_ready(descriptor.rawValue, &ready, Int32(ready.count), timeoutMilliseconds)
        for index in 0..<max(0, Int(count)) {
            let fd = FileDescriptor(rawValue: ready[index])
            if let handler = handlers[fd], handler.rank < limit { due.append((handler.rank, fd)) }
        }
        // An insertion sort, in place: a few entries, and epoll's order kept within a rank.
        for index in due.indices.dropFirst() {
            var at = index
            while at > 0 && due[at - 1].rank > due[at].rank {
                due.swapAt(at - 1, at)
                at -= 1
            }
        }
    }

    @discardableResult
    private func callDue() -> Bool {
        let calling = due
        // A handler may remove its descriptor, or another's, as it goes, or poll again.
        for entry in calling { handlers[entry.fd]?.ready() }
        return !calling.isEmpty
    }
}

/// An epoll set that could not be made or added to: which, and the error.
public struct InputPollerError: Error, Equatable, CustomStringConvertible, Sendable {
    public enum Operation: Equatable, Sendable {
        case create
        case watch(FileDescriptor)
    }
    public var operation: Operation
    public var errno: Errno

    public init(operation: Operation, errno: Errno) { (self.operation, self.errno) = (operation, errno) }

    public var description: String {
        switch operation {
        case .create: "cannot create an epoll set: \(errno)"
        case .watch(let fd): "cannot watch descriptor \(fd.rawValue): \(errno)"
        }
    }
}
