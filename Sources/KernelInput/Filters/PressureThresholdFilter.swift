/// tslib's `pthres`: samples below `pmin` end the stroke where it last was
/// in range, samples above `pmax` are dropped. A stroke that never reaches
/// `pmin` is dropped whole (a ghost touch).
public struct PressureThresholdFilter: ContactFilter {
    public let minimum: Int32
    public let maximum: Int32
    private var pressed = SlotTable<ContactSample?>(nil)

    public init(minimum: Int32 = 1, maximum: Int32 = .max) {
        self.minimum = minimum
        self.maximum = maximum
    }

    public mutating func filter(_ sample: ContactSample, into output: inout [ContactSample]) {
        // A lift is a lift whatever pmin is: `pmin=0` must not leave a finger down.
        if sample.isLift || sample.pressure < minimum {
            guard var last = pressed[sample.slot] else { return }
            pressed[sample.slot] = nil
            last.pressure = 0
            last.time = sample.time
            last.contact = sample.contact
            output.append(last)
        } else if sample.pressure <= maximum {
            pressed[sample.slot] = sample
            output.append(sample)
        }
    }

    public mutating func reset(slot: Int) { pressed.reset(slot) }
}
