import Glibc
import KernelInput
import SystemPackage
import Testing

/// The epoll set a main loop waits on: descriptors ready together are
/// handled lowest rank first, a limit leaves the higher ranks ready for
/// later, and a handler may remove another descriptor before its turn.
struct InputPollerTests {
    /// A pipe whose read end is ready once something is written.
    final class Pipe {
        let read: FileDescriptor, write: FileDescriptor
        init() { (read, write) = try! FileDescriptor.pipe() }
        func fill() { _ = try? write.writeAll("x".utf8) }
        func drain() { _ = try? read.read(into: UnsafeMutableRawBufferPointer.allocate(byteCount: 1, alignment: 1)) }
        deinit {
            try? read.close()
            try? write.close()
        }
    }

    @Test func readyDescriptorsAreHandledLowestRankFirst() throws {
        let poller = try InputPoller(queue: nil)
        let timers = Pipe(), queue = Pipe(), device = Pipe(), monitor = Pipe()
        var calls: [String] = []
        // Added highest rank first, so epoll's own order would put them wrong.
        try poller.add(timers.read, rank: 2) { timers.drain(); calls.append("timers") }
        try poller.add(queue.read, rank: 1) { queue.drain(); calls.append("queue") }
        try poller.add(device.read) { device.drain(); calls.append("device") }
        try poller.add(monitor.read) { monitor.drain(); calls.append("monitor") }
        for pipe in [timers, queue, device, monitor] { pipe.fill() }
        poller.wait()
        #expect(calls.count == 4)
        #expect(Set(calls.prefix(2)) == ["device", "monitor"])
        #expect(Array(calls.suffix(2)) == ["queue", "timers"])
        #expect(!poller.hasReady())
    }

    @Test func aLimitLeavesTheHigherRanksReady() throws {
        let poller = try InputPoller(queue: nil)
        let timers = Pipe(), device = Pipe()
        var calls: [String] = []
        try poller.add(timers.read, rank: 2) { timers.drain(); calls.append("timers") }
        try poller.add(device.read) { device.drain(); calls.append("device") }
        #expect(!poller.callReadyHandlers(ranksBelow: 1))
        timers.fill()
        #expect(!poller.callReadyHandlers(ranksBelow: 1))
        #expect(calls.isEmpty)
        device.fill()
        #expect(poller.hasReady(ranksBelow: 1))
        #expect(poller.callReadyHandlers(ranksBelow: 1))
        #expect(calls == ["device"])
        // The timer is still there for the next wait.
        poller.wait()
        #expect(calls == ["device", "timers"])
    }

    @Test func aHandlerMayRemoveAnotherBeforeItsTurn() throws {
        let poller = try InputPoller(queue: nil)
        let first = Pipe(), second = Pipe()
        var calls: [String] = []
        try poller.add(first.read) { first.drain(); calls.append("first"); poller.remove(second.read) }
        try poller.add(second.read, rank: 1) { second.drain(); calls.append("second") }
        first.fill()
        second.fill()
        poller.wait()
        #expect(calls == ["first"])
        #expect(!poller.hasReady())
    }

    @Test func aDescriptorThatIsNotOneIsRefusedByNumber() throws {
        let poller = try InputPoller(queue: nil)
        let bogus = FileDescriptor(rawValue: 987_654)
        #expect(throws: InputPollerError(operation: .watch(bogus), errno: .badFileDescriptor)) { try poller.add(bogus) {} }
        #expect("\(InputPollerError(operation: .watch(bogus), errno: .badFileDescriptor))" == "cannot watch descriptor 987654: Bad file descriptor")
    }

    /// A poller is used on the thread that first used it (or its queue): a
    /// debug build stops a second thread that tries, rather than letting it
    /// race the first. (In a child process: the assertion ends it.)
    @Test func aSecondThreadIsStoppedInADebugBuild() async {
        await #expect(processExitsWith: .failure) {
            let poller = try InputPoller(queue: nil)
            let pipe = Pipe()
            try poller.add(pipe.read) {}
            let fd = pipe.read
            let other = Thread { poller.remove(fd) }
            other.start()
            other.join()
        }
    }

    /// The same poller, used from one thread, never trips the check.
    @Test func oneThreadIsFine() async {
        await #expect(processExitsWith: .success) {
            let poller = try InputPoller(queue: nil)
            let pipe = Pipe()
            try poller.add(pipe.read) {}
            pipe.fill()
            poller.callReadyHandlers()
            poller.remove(pipe.read)
        }
    }
}

/// A thread to join, on pthreads: what the check above needs and no more.
final class Thread: @unchecked Sendable {
    private let body: @Sendable () -> Void
    private var handle = pthread_t()
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    func start() {
        let context = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&handle, nil, { context in
            let thread = Unmanaged<Thread>.fromOpaque(context!).takeRetainedValue()
            thread.body()
            return nil
        }, context)
    }
    func join() { pthread_join(handle, nil) }
}
