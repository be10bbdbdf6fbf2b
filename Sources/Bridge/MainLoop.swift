import CInputShim
import CMainLoopShim
import Glibc
import KernelInput

/// The main thread's loop, as CFRunLoop is UIKit's: it waits on the input
/// devices and on the dispatch main queue together. A touch is read,
/// tracked and delivered by the thread that was waiting for it; with
/// `dispatchMain()`, libdispatch's own thread would see the device first
/// and then have to wake another (measured in the VM: that hop was most of
/// the latency). Everything queued on the main queue (timers, display
/// ticks, signals) runs here too.
public enum MainLoop {
    /// The poller main-queue input hubs share; `run()` waits on it.
    public static let poller: InputPoller = {
        do {
            return try InputPoller(queue: nil)
        } catch {
            fatalError("cannot create the main loop's epoll set: \(error)")
        }
    }()

    /// Runs the main thread for the rest of the process. Call on the main thread, instead of `dispatchMain()`.
    public static func run() -> Never {
        let mainQueue = tb_main_queue_descriptor()
        let waitSet = tb_epoll_create()
        guard waitSet >= 0, tb_epoll_add(waitSet, poller.descriptor) == 0, tb_epoll_add(waitSet, mainQueue) == 0 else {
            fatalError("cannot set up the main loop: \(String(cString: strerror(errno)))")
        }
        var ready = [Int32](repeating: -1, count: 2)
        while true {
            let count = tb_epoll_ready(waitSet, &ready, 2, -1)
            if count < 0 { continue }  // EINTR
            for fd in ready[0..<Int(count)] {
                if fd == mainQueue {
                    tb_main_queue_drain(mainQueue)
                } else {
                    poller.callReadyHandlers()
                }
            }
        }
    }
}
