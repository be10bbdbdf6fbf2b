/// tslib's `evthres`: a stroke of fewer than `count` samples is dropped
/// whole, lift and all; a longer one comes out in full once its
/// `count`th sample has arrived. It rejects brief ghost touches.
public struct EventThresholdFilter: ContactFilter {
    public let count: Int

    private struct State: Sendable {
        var held: [ContactSample] = []
        var passing = false
    }

    private var states = SlotTable(State())

    public init(count: Int = 5) { self.count = count }

    public mutating func filter(_ sample: ContactSample, into output: inout [ContactSample]) {
        var state = states.take(sample.slot)
        defer { states[sample.slot] = state }
        if state.passing {
            output.append(sample)
            if sample.isLift { state = State() }
            return
        }
        if sample.isLift {
            state = State()
            return
        }
        state.held.append(sample)
        if state.held.count >= count {
            output.append(contentsOf: state.held)
            state = State(held: [], passing: true)
        }
    }

    public mutating func reset(slot: Int) { states.reset(slot) }
}
