/// One contact's report in one frame, as a filter sees it: tslib's
/// `ts_sample_mt`, keyed by slot.
public struct ContactSample: Equatable, Sendable {
    public var slot: Int
    public var x: Int32
    public var y: Int32
    /// 0 is a lift. While down, a device without a pressure axis reports
    /// 255, as tslib's input module does, so pressure thresholds still work.
    public var pressure: Int32
    public var time: EventTime
    /// The contact the sample came from: its id, size and orientation go
    /// with the sample through every filter.
    public var contact: Contact

    public init(slot: Int, x: Int32, y: Int32, pressure: Int32, time: EventTime, contact: Contact) {
        self.slot = slot
        self.x = x
        self.y = y
        self.pressure = pressure
        self.time = time
        self.contact = contact
    }

    public var isLift: Bool { pressure == 0 }
}

/// One of tslib's filter modules, working on one device's samples slot by slot.
///
/// A filter takes the samples of a slot in order and may hold some back,
/// change them, or let them through. Smoothing filters never drop a lift,
/// so no finger is left down; only the filters that exist to reject
/// strokes (`pthres`, `debounce`, `evthres`) drop one, and then all of it.
public protocol ContactFilter: Sendable {
    /// Takes one sample; appends what comes out (nothing, it changed, or samples held back before it).
    mutating func filter(_ sample: ContactSample, into output: inout [ContactSample])
    /// Forgets what the filter holds for `slot`: its contact was cancelled.
    mutating func reset(slot: Int)
}

/// Per-slot state, grown as slots appear.
struct SlotTable<State>: Sendable where State: Sendable {
    private var states: [State] = []
    private let initial: State

    init(_ initial: State) { self.initial = initial }

    subscript(slot: Int) -> State {
        get { slot < states.count ? states[slot] : initial }
        set {
            if slot >= states.count { states.append(contentsOf: repeatElement(initial, count: slot + 1 - states.count)) }
            states[slot] = newValue
        }
    }

    mutating func reset(_ slot: Int) { if slot < states.count { states[slot] = initial } }

    /// Moves a slot's state out, leaving the initial one: the caller holds
    /// the only reference to its arrays, so changing them copies nothing.
    /// It puts the state back when done.
    mutating func take(_ slot: Int) -> State {
        guard slot < states.count else { return initial }
        let state = states[slot]
        states[slot] = initial
        return state
    }

    /// Slots that have held a state.
    var count: Int { states.count }
}
