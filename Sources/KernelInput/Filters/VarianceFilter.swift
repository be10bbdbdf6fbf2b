/// tslib's `variance`: a sample more than `delta` units from the one
/// before is held as possible noise. If the next one is near the last good
/// sample, the noise is dropped; if it jumps as well, the finger really
/// moved fast and both go through. Every sample comes out one sample late.
///
/// tslib's multitouch version keeps slot 0 and drops the others; this one
/// filters every slot.
public struct VarianceFilter: ContactFilter {
    public let delta: Int

    private struct State: Sendable {
        var last: ContactSample?
        var noise: ContactSample?
    }

    private var states = SlotTable(State())

    public init(delta: Int = 30) { self.delta = delta }

    public mutating func filter(_ sample: ContactSample, into output: inout [ContactSample]) {
        var state = states.take(sample.slot)
        defer { states[sample.slot] = state }
        var current = sample
        while true {
            if current.isLift {
                // Let the lift out at once; what was held back is dropped.
                state = State()
                output.append(current)
                return
            }
            guard let last = state.last else {
                state.last = current
                output.append(current)
                return
            }
            let dx = Int64(current.x) - Int64(last.x)
            let dy = Int64(current.y) - Int64(last.y)
            guard dx * dx + dy * dy > Int64(delta) * Int64(delta) else {
                state.noise = nil
                output.append(last)
                state.last = current
                return
            }
            guard let noise = state.noise else {
                state.noise = current
                return
            }
            // Two jumps in a row: a quick movement, not noise.
            output.append(noise)
            state.last = noise
            state.noise = nil
            // tslib then takes the second jump as the next sample.
            current = sample
        }
    }

    public mutating func reset(slot: Int) { states.reset(slot) }
}
