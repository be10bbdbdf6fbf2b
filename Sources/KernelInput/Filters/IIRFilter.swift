/// tslib's `iir`: each position moves `(D - N) / D` of the way from the
/// last output toward the new sample; the first sample of a stroke passes as it is.
///
/// tslib computes in 32-bit unsigned integers, which wraps for negative
/// positions (after `invert`) and for N times a position past 2^32; this
/// computes in 64-bit signed ones and gives the sane result there.
public struct IIRFilter: ContactFilter {
    public let numerator: Int64
    public let denominator: Int64
    private var last = SlotTable<(x: Int64, y: Int64)?>(nil)

    public init(numerator: Int, denominator: Int) {
        self.numerator = Int64(numerator)
        self.denominator = Int64(denominator)
    }

    public mutating func filter(_ sample: ContactSample, into output: inout [ContactSample]) {
        guard !sample.isLift, let (x, y) = last[sample.slot] else {
            last[sample.slot] = sample.isLift ? nil : (Int64(sample.x), Int64(sample.y))
            output.append(sample)
            return
        }
        let newX = blend(x, Int64(sample.x))
        let newY = blend(y, Int64(sample.y))
        last[sample.slot] = (newX, newY)
        var result = sample
        result.x = Int32(truncatingIfNeeded: newX)
        result.y = Int32(truncatingIfNeeded: newY)
        output.append(result)
    }

    private func blend(_ saved: Int64, _ new: Int64) -> Int64 {
        (numerator * saved + (denominator - numerator) * new + denominator / 2) / denominator
    }

    public mutating func reset(slot: Int) { last.reset(slot) }
}
