/// tslib's `invert`: `x0 - x` and `y0 - y`, for each axis given.
public struct InvertFilter: ContactFilter {
    public let x0: Int32?
    public let y0: Int32?

    public init(x0: Int32?, y0: Int32?) {
        self.x0 = x0
        self.y0 = y0
    }

    public mutating func filter(_ sample: ContactSample, into output: inout [ContactSample]) {
        var result = sample
        if let x0 { result.x = x0 &- sample.x }
        if let y0 { result.y = y0 &- sample.y }
        output.append(result)
    }

    public mutating func reset(slot: Int) {}
}
