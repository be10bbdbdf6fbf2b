import Dispatch
import Glibc
import KernelInput

/// Plays at the recorded pace (`replay --realtime`): before each frame, waits
/// until as much time has passed since the first one as passed in the recording.
public struct ReplayPacer {
    private var start: (recorded: Int64, wall: UInt64)?

    public init() {}

    public mutating func wait(until time: EventTime) {
        let wall = DispatchTime.now().uptimeNanoseconds
        guard let start else {
            self.start = (time.microseconds, wall)
            return
        }
        let due = start.wall + UInt64(max(0, time.microseconds - start.recorded)) * 1000
        if due > wall { usleep(UInt32(min((due - wall) / 1000, 10_000_000))) }
    }
}
