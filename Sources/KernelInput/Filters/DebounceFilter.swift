/// tslib's `debounce`: drops every sample that comes less than
/// `dropThreshold` milliseconds after the slot's last lift, so a finger
/// that bounces off a resistive panel does not tap twice.
public struct DebounceFilter: ContactFilter {
    public let dropThreshold: Int64
    private var lastLift = SlotTable<EventTime?>(nil)

    public init(dropThreshold milliseconds: Int64) { dropThreshold = milliseconds }

    public mutating func filter(_ sample: ContactSample, into output: inout [ContactSample]) {
        let previous = lastLift[sample.slot]
        if sample.isLift { lastLift[sample.slot] = sample.time }
        // tslib counts whole milliseconds, rounded toward zero.
        if let previous, (sample.time.microseconds - previous.microseconds) / 1000 < dropThreshold { return }
        output.append(sample)
    }

    // A cancelled contact did not lift: its slot keeps its last lift.
    public mutating func reset(slot: Int) {}
}
