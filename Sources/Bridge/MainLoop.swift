import CInputShim
import CMainLoopShim
import Glibc
import KernelInput
import TouchUI

/// The main thread's loop, as CFRunLoop is UIKit's: it waits on the input
/// devices, on its own timers and on the dispatch main queue together. A
/// touch is read, tracked and delivered by the thread that was waiting for
/// it, and a display tick fires from the same wait: no other thread has to
/// wake first. (With `dispatchMain()` and dispatch timers, libdispatch's own
/// thread sees the device or the deadline, then wakes the main one.) What is
/// queued on the main queue (signals, reloads) runs here too.
public enum MainLoop {
    /// The poller main-queue input hubs share; `run()` waits on it.
    public static let poller: InputPoller = {
        do {
            return try InputPoller(queue: nil)
        } catch {
            fatalError("cannot create the main loop's epoll set: \(error)")
        }
    }()

    /// Runs the main thread for the rest of the process. Call on the main
    /// thread, instead of `dispatchMain()`. From here on, the UI model's live
    /// timers (RunLoop.schedule) are the loop's own.
    public static func run() -> Never {
        let timers = MainActor.assumeIsolated { () -> LoopTimers in
            let timers = LoopTimers()
            RunLoop.liveTimerHost = timers
            return timers
        }
        let mainQueue = tb_main_queue_descriptor()
        let waitSet = tb_epoll_create()
        guard waitSet >= 0, tb_epoll_add(waitSet, poller.descriptor) == 0, tb_epoll_add(waitSet, mainQueue) == 0,
            tb_epoll_add(waitSet, timers.descriptor) == 0
        else {
            fatalError("cannot set up the main loop: \(String(cString: strerror(errno)))")
        }
        var ready = [Int32](repeating: -1, count: 3)
        while true {
            let count = tb_epoll_ready(waitSet, &ready, 3, -1)
            if count < 0 { continue }  // EINTR
            let woken = ready[0..<Int(count)]
            // Input first, whatever order epoll listed the descriptors in: a
            // frame that came with a display tick is delivered before the tick
            // paints, so the picture shows it rather than the frame before.
            if woken.contains(poller.descriptor) { poller.callReadyHandlers() }
            if woken.contains(mainQueue) { tb_main_queue_drain(mainQueue) }
            if woken.contains(timers.descriptor) {
                // Frames that arrived while the main queue's work ran: also before the paint.
                poller.callReadyHandlers()
                MainActor.assumeIsolated { timers.fireDue() }
            }
        }
    }
}

/// Timers on one timerfd, armed for the earliest deadline.
@MainActor
final class LoopTimers: LiveTimerHost {
    private struct Entry {
        var deadline: Double
        var token: Int
        var fire: @MainActor () -> Void
    }

    nonisolated let descriptor: Int32
    /// Soonest first; equal deadlines keep the order they were set in.
    private var entries: [Entry] = []
    private var nextToken = 0
    private var armedFor = 0.0

    init() {
        descriptor = tb_timer_create()
        guard descriptor >= 0 else { fatalError("cannot create the main loop's timer: \(String(cString: strerror(-descriptor)))") }
    }

    func addTimer(at deadline: Double, _ fire: @escaping @MainActor () -> Void) -> Int {
        nextToken += 1
        let index = entries.firstIndex { $0.deadline > deadline } ?? entries.count
        entries.insert(Entry(deadline: deadline, token: nextToken, fire: fire), at: index)
        rearm()
        return nextToken
    }

    func removeTimer(_ token: Int) {
        entries.removeAll { $0.token == token }
        rearm()
    }

    func fireDue() {
        tb_timer_clear(descriptor)
        // The kernel's clock, as the timerfd reads it: what is due by it has fired.
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        let now = Double(clock.tv_sec) + Double(clock.tv_nsec) / 1e9
        while let first = entries.first, first.deadline <= now {
            entries.removeFirst()
            first.fire()
        }
        armedFor = 0
        rearm()
    }

    private func rearm() {
        let next = entries.first?.deadline ?? 0
        guard next != armedFor else { return }
        armedFor = next
        // A deadline already past still fires: the timerfd goes off at once.
        _ = tb_timer_arm(descriptor, next > 0 ? max(next, 1e-9) : 0)
    }
}
