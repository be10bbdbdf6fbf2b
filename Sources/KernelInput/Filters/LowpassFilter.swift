/// tslib's `lowpass`: each axis moves `factor` of the way from the last
/// output toward the sample, and not at all for a change of `threshold`
/// units or less.
///
/// One change from tslib: its multitouch version starts every slot as if
/// a finger were already down at (0, 0), so the first stroke slides in
/// from the corner. Here every stroke starts where the finger is.
public struct LowpassFilter: ContactFilter {
    public let factor: Double
    public let threshold: Int32
    private var last = SlotTable<(x: Int32, y: Int32)?>(nil)

    public init(factor: Double = 0.4, threshold: Int32 = 2) {
        self.factor = factor
        self.threshold = threshold
    }

    public mutating func filter(_ sample: ContactSample, into output: inout [ContactSample]) {
        guard !sample.isLift, let (x, y) = last[sample.slot] else {
            last[sample.slot] = sample.isLift ? nil : (sample.x, sample.y)
            output.append(sample)
            return
        }
        var result = sample
        result.x = x &+ step(from: x, to: sample.x)
        result.y = y &+ step(from: y, to: sample.y)
        last[sample.slot] = (result.x, result.y)
        output.append(result)
    }

    private func step(from old: Int32, to new: Int32) -> Int32 {
        let change = Int64(new) - Int64(old)
        if abs(change) <= Int64(threshold) { return 0 }
        // tslib keeps the factor as a C float and truncates the product toward zero.
        return Int32(clamping: Int64(Float(change) * Float(factor)))
    }

    public mutating func reset(slot: Int) { last.reset(slot) }
}
