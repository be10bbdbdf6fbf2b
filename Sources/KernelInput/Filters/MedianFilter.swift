/// tslib's `median`: each position is the median of the slot's last
/// `depth` samples. The window starts empty (zeros, as tslib's does), and
/// the first `depth / 2` samples of a stroke are held back while it fills.
///
/// One change from tslib: a stroke that lifts before anything came out
/// lifts where the finger was, so the chain can still make it a tap
/// (tslib reports that lift at the median of a window of zeros).
public struct MedianFilter: ContactFilter {
    public let depth: Int

    private struct Window: Sendable {
        var x: [Int32]
        var y: [Int32]
        var pressure: [Int32]
        var samples = 0
        var emitted = false

        init(depth: Int) {
            x = Array(repeating: 0, count: depth)
            y = x
            pressure = x
        }
    }

    private var windows: SlotTable<Window>

    public init(depth: Int = 3) {
        self.depth = depth
        windows = SlotTable(Window(depth: depth))
    }

    public mutating func filter(_ sample: ContactSample, into output: inout [ContactSample]) {
        var window = windows[sample.slot]
        defer { windows[sample.slot] = window }
        window.x.removeFirst()
        window.x.append(sample.x)
        window.y.removeFirst()
        window.y.append(sample.y)
        window.pressure.removeFirst()
        window.pressure.append(sample.pressure)
        var result = sample
        result.x = window.x.sorted()[depth / 2]
        result.y = window.y.sorted()[depth / 2]
        result.pressure = window.pressure.sorted()[depth / 2]
        if sample.isLift {
            if window.samples != 0 {
                if !window.emitted { result = sample }
                window = Window(depth: depth)
            }
            result.pressure = 0
            output.append(result)
            return
        }
        if window.samples == 0 { window.samples = 1 }
        if window.samples <= depth / 2 {
            window.samples += 1
            return
        }
        window.emitted = true
        output.append(result)
    }

    public mutating func reset(slot: Int) { windows.reset(slot) }
}
