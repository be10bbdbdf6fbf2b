/// tslib's `median`: each position is the median of the slot's last
/// `depth` samples. The window starts empty (zeros, as tslib's does), and
/// the first `depth / 2` samples of a stroke are held back while it fills.
///
/// One change from tslib: a stroke that lifts before anything came out
/// comes out as a tap where the finger lifted, a down and its lift (tslib
/// drops its start and reports the lift at the median of a window of zeros).
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
        var window = windows.take(sample.slot)
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
            if window.samples != 0 && !window.emitted {
                var down = sample
                down.pressure = window.pressure.last { $0 != 0 } ?? 255
                output.append(down)
                result = sample
            }
            if window.samples != 0 { window = Window(depth: depth) }
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
