import CInputShim
import CMainLoopShim
import Dispatch
import Glibc
import KernelInput
import SystemPackage
import TouchUI

/// The main thread's loop, as CFRunLoop is UIKit's: one epoll set holds the
/// input devices, the udev monitor, its own timers (a timerfd) and the
/// dispatch main queue's descriptor, and the main thread waits on it. A touch
/// is read, tracked and delivered by the thread that was waiting for it, and
/// a display tick fires from the same wait: no other thread has to wake
/// first. (With `dispatchMain()` and dispatch timers, libdispatch's own
/// thread sees the device or the deadline, then wakes the main one.) What is
/// queued on the main queue (signals, reloads) runs here too.
public enum MainLoop {
    /// When several descriptors are ready at one wake, input goes first,
    /// whatever order epoll listed them in: a frame that came with a display
    /// tick is delivered before the tick paints, so the picture shows it
    /// rather than the frame before.
    /// Hotplug comes after input: opening a device (a grab, a keymap to
    /// compile) is not something to do between the views of a repaint.
    enum Rank {
        static let input = 0, hotplug = 1, mainQueue = 2, timers = 3
    }

    /// The loop's epoll set; input hubs add their devices and udev monitor to it.
    public static let poller: InputPoller = {
        do {
            return try InputPoller(queue: nil)
        } catch {
            fatalError("cannot create the main loop's epoll set: \(error)")
        }
    }()

    /// The loop's timers, on a timerfd in its epoll set: the timeline a
    /// hosted application runs on (`Application.timeline`).
    @MainActor public static var timeline: any Timeline { timers }
    @MainActor static let timers = LoopTimers()

    /// Asserts, in debug builds, that the caller runs on the main loop's
    /// thread. The compiler checks what is main-actor isolated; this checks
    /// the handlers the epoll set calls, which it cannot see into.
    public static func assertOnMainLoop(file: StaticString = #fileID, line: UInt = #line) {
        assert(
            {
                dispatchPrecondition(condition: .onQueue(.main))
                return true
            }(), file: file, line: line)
    }

    /// Runs the main thread for the rest of the process. Call on the main
    /// thread, instead of `dispatchMain()`; timers set on `timeline` before
    /// it fire from here.
    public static func run() -> Never {
        dispatchPrecondition(condition: .onQueue(.main))
        let timers = MainActor.assumeIsolated { Self.timers }
        // libdispatch's, not ours: never closed here.
        let mainQueue = tb_main_queue_descriptor()
        do {
            try poller.add(FileDescriptor(rawValue: mainQueue), rank: Rank.mainQueue) { tb_main_queue_drain(mainQueue) }
            try poller.add(timers.descriptor, rank: Rank.timers) {
                MainActor.assumeIsolated {
                    // Frames that arrived while the main queue's work ran: also before the paint.
                    deliverWaitingInput()
                    timers.fireDue()
                }
            }
        } catch {
            fatalError("cannot set up the main loop: \(error)")
        }
        while true {
            // Before waiting, what was set to run at once (a repaint asked for by the
            // input just delivered), as Core Animation commits before the run loop
            // sleeps: no timerfd to arm, wake on and read for it.
            let more = MainActor.assumeIsolated { () -> Bool in
                if timers.hasImmediate {
                    // Frames that came while this wake's handlers ran: also before the paint.
                    deliverWaitingInput()
                    timers.fireImmediate()
                }
                return timers.hasImmediate
            }
            // Set again while they ran: look at the devices without waiting, then run those.
            poller.wait(timeoutMilliseconds: more ? 0 : -1)
        }
    }

    /// Puts the displays' completion descriptors (a DRM card's, whose page
    /// flips land there) in the loop's set, so that a compositor whose last
    /// flip has not landed waits for it here, with input still read, rather
    /// than inside `present`. Outputs of one card share its descriptor and
    /// its one read.
    @MainActor
    public static func watchCompletions(of compositors: [Compositor]) {
        var watched: Set<FileDescriptor> = []
        for compositor in compositors {
            // The display's (a DRM card's), closed with it.
            guard let descriptor = compositor.surface.completionDescriptor.map(FileDescriptor.init(rawValue:)),
                watched.insert(descriptor).inserted
            else { continue }
            let sharing = compositors.filter { $0.surface.completionDescriptor == descriptor.rawValue }
            do {
                try poller.add(descriptor, rank: Rank.mainQueue) {
                    MainActor.assumeIsolated {
                        // Each open output reads what has come (the first read takes it all);
                        // a closed one reads nothing.
                        for each in sharing {
                            do {
                                try each.surface.handleCompletions()
                            } catch {
                                each.onError?(error)
                            }
                        }
                        for each in sharing { each.surfaceCompleted() }
                    }
                }
                completionDescriptors.insert(descriptor)
            } catch {
                continue  // presents then wait for their flips themselves
            }
            for each in sharing { each.waitsForSurfaceEvents = true }
        }
    }

    /// Takes the displays' descriptors out of the loop's set again: before
    /// the displays are closed.
    @MainActor
    public static func stopWatchingCompletions(of compositors: [Compositor]) {
        for compositor in compositors {
            compositor.waitsForSurfaceEvents = false
            guard let descriptor = compositor.surface.completionDescriptor.map(FileDescriptor.init(rawValue:)),
                completionDescriptors.remove(descriptor) != nil
            else { continue }
            poller.remove(descriptor)
        }
    }

    @MainActor private static var completionDescriptors: Set<FileDescriptor> = []

    /// Reads and delivers the input waiting now, if any, without waiting:
    /// what a long paint calls between views, so that a frame arriving
    /// meanwhile reaches the app before the paint ends. True when some came.
    @MainActor @discardableResult
    public static func deliverWaitingInput() -> Bool {
        poller.callReadyHandlers(ranksBelow: Rank.input + 1)
    }
}

/// Timers on one timerfd, armed for the earliest deadline.
@MainActor
final class LoopTimers: Timeline {
    nonisolated let descriptor: FileDescriptor
    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (TouchUI/View.swift).
    @exclusivity(unchecked) private var timers = TimerQueue()
    /// Timers set with no delay, in the order set: run by the loop before it
    /// waits again (`fireImmediate`), without the timerfd.
    @exclusivity(unchecked) private var immediate: [(id: TimerID, action: @MainActor () -> Void)] = []
    @exclusivity(unchecked) private var nextID = 0
    @exclusivity(unchecked) private var armedFor = 0.0

    init() {
        let created = tb_timer_create()
        guard created >= 0 else { fatalError("cannot create the main loop's timer: \(Errno(rawValue: -created))") }
        descriptor = FileDescriptor(rawValue: created)
    }

    /// The kernel's clock, as the timerfd reads it.
    var now: Double {
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        return Double(clock.tv_sec) + Double(clock.tv_nsec) / 1e9
    }

    @discardableResult
    func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> TimerID {
        let id = TimerID(nextID, on: self)
        nextID += 1
        guard delay > 0 else {
            immediate.append((id, action))
            return id
        }
        timers.insert(id, at: now + delay, action)
        rearm()
        return id
    }

    func cancel(_ id: TimerID) {
        guard id.belongs(to: self) else { return }
        if let index = immediate.firstIndex(where: { $0.id == id }) {
            immediate.remove(at: index)
            return
        }
        timers.remove(id)
        rearm()
    }

    var pendingTimerCount: Int { timers.count + immediate.count }

    /// Whether a timer set with no delay waits to run.
    var hasImmediate: Bool { !immediate.isEmpty }

    /// Runs the timers set with no delay, in the order set. Those they set in
    /// turn wait for the next call, so that the loop looks at its devices in
    /// between and a timer that sets itself again cannot starve them.
    func fireImmediate() {
        // Those set before this pass, one at a time, so that one cancelled by another in the pass does not run.
        let setBefore = nextID
        while let first = immediate.first, first.id.value < setBefore {
            immediate.removeFirst()
            first.action()
        }
    }

    func fireDue() {
        tb_timer_clear(descriptor.rawValue)
        // What is due by the kernel's clock has fired.
        let now = self.now
        while let due = timers.popDue(by: now) { due.fire() }
        armedFor = 0
        rearm()
    }

    private func rearm() {
        let next = timers.nextDeadline ?? 0
        guard next != armedFor else { return }
        armedFor = next
        // A deadline already past still fires: the timerfd goes off at once.
        _ = tb_timer_arm(descriptor.rawValue, next > 0 ? max(next, 1e-9) : 0)
    }
}
