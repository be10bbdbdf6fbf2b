/// tslib's `skip`: drops the first `head` samples of each stroke and the
/// last `tail` (held in a queue, so everything comes out `tail` samples
/// late; the lift comes out where the oldest held sample was).
///
/// One change from tslib: a stroke too short to get past the skipping comes
/// out as a tap where the finger lifted, a down and its lift (tslib drops it whole).
public struct SkipFilter: ContactFilter {
    public let head: Int
    public let tail: Int

    private struct State: Sendable {
        var skipped = 0
        var queue: [ContactSample] = []
        var next = 0
        var sent = false
        /// The pressure of the stroke's last sample; nil before its first.
        var lastPressure: Int32?
    }

    private var states = SlotTable(State())

    public init(head: Int = 1, tail: Int = 1) {
        self.head = head
        self.tail = tail
    }

    public mutating func filter(_ sample: ContactSample, into output: inout [ContactSample]) {
        var state = states.take(sample.slot)
        defer { states[sample.slot] = state }
        if sample.isLift && !state.sent {
            if let pressure = state.lastPressure {
                var down = sample
                down.pressure = pressure
                output.append(down)
                output.append(sample)
            }
            state = State()
            return
        }
        state.lastPressure = sample.pressure
        if state.skipped < head {
            state.skipped += 1
            return
        }
        if tail == 0 {
            state.sent = true
            output.append(sample)
            if sample.isLift { state = State() }
            return
        }
        if !state.sent && state.queue.count < tail {
            state.queue.append(sample)
            return
        }
        if state.next >= tail { state.next = 0 }
        var oldest = state.queue[state.next]
        if sample.isLift {
            oldest.pressure = 0
            oldest.contact = sample.contact
            output.append(oldest)
            state = State()
            return
        }
        output.append(oldest)
        state.queue[state.next] = sample
        state.sent = true
        state.next += 1
    }

    public mutating func reset(slot: Int) { states.reset(slot) }
}
