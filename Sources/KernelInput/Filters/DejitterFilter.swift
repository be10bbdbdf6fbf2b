/// tslib's `dejitter`: a weighted average of the slot's last four
/// samples, the newest weighing most. A jump of more than `delta` units
/// starts the history again, so a fast stroke is not dragged behind.
public struct DejitterFilter: ContactFilter {
    public let delta: Int

    /// tslib's weights for 2, 3 and 4 samples, newest first; the last number is the shift that divides by their sum.
    private static let weights: [[Int64]] = [[5, 3, 0, 0, 3], [8, 5, 3, 0, 4], [6, 4, 3, 3, 4]]

    private struct History: Sendable {
        var x: [Int32] = [0, 0, 0, 0]
        var y: [Int32] = [0, 0, 0, 0]
        var pressure: [Int32] = [0, 0, 0, 0]
        var count = 0
        var head = 0
    }

    private var histories = SlotTable(History())

    public init(delta: Int = 100) { self.delta = delta }

    public mutating func filter(_ sample: ContactSample, into output: inout [ContactSample]) {
        var history = histories.take(sample.slot)
        defer { histories[sample.slot] = history }
        if sample.isLift {
            history.count = 0
            output.append(sample)
            return
        }
        if history.count > 0 {
            let previous = (history.head - 1) & 3
            let dx = Int64(sample.x) - Int64(history.x[previous])
            let dy = Int64(sample.y) - Int64(history.y[previous])
            if dx * dx + dy * dy > Int64(delta) * Int64(delta) { history.count = 0 }
        }
        history.x[history.head] = sample.x
        history.y[history.head] = sample.y
        history.pressure[history.head] = sample.pressure
        if history.count < 4 { history.count += 1 }
        var result = sample
        if history.count > 1 {
            let weight = Self.weights[history.count - 2]
            var (x, y, pressure): (Int64, Int64, Int64) = (0, 0, 0)
            var index = history.head
            for position in 0..<history.count {
                x += Int64(history.x[index]) * weight[position]
                y += Int64(history.y[index]) * weight[position]
                pressure += Int64(history.pressure[index]) * weight[position]
                index = (index - 1) & 3
            }
            result.x = Int32(truncatingIfNeeded: x >> weight[4])
            result.y = Int32(truncatingIfNeeded: y >> weight[4])
            result.pressure = Int32(truncatingIfNeeded: pressure >> weight[4])
        }
        history.head = (history.head + 1) & 3
        output.append(result)
    }

    public mutating func reset(slot: Int) { histories.reset(slot) }
}
