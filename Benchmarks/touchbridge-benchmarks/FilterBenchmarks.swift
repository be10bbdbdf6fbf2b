import Foundation
import KernelInput

/// A resistive panel built from its controller's description, since no real
/// recording of one is public: a TI ADS7846 as Linux's ads7846 driver
/// reports it, 12-bit axes (0...4095) and ABS_PRESSURE 0...255, sampled at
/// 100 Hz. Each sample carries Gaussian noise (σ = 8 units per axis, about
/// 0.2 % of the axis, the order of a 12-bit SAR converter on a resistive
/// divider), one sample in 50 is a spike of up to ±300 units (a plate
/// bouncing), and one in 60 presses lightly (pressure 8 instead of about
/// 120: the pressure dips of tslib#38).
struct ResistivePanel {
    private var random: UInt64 = 0x2545_F491_4F6C_DD1D
    var frames: [ContactFrame] = []
    /// Where the finger really was at each frame (nil: not down), for the lag.
    var truth: [(x: Double, y: Double)?] = []
    private var id = 0
    private var time: Int64 = 0

    private mutating func uniform() -> Double {
        random ^= random << 13
        random ^= random >> 7
        random ^= random << 17
        return Double(random >> 11) / Double(1 << 53)
    }

    private mutating func gaussian() -> Double {
        (-2 * log(max(uniform(), 1e-12))).squareRoot() * cos(2 * .pi * uniform())
    }

    /// One stroke along `path` (a position per 10 ms frame), then a lift.
    mutating func stroke(_ path: [(x: Double, y: Double)]) {
        for (index, place) in path.enumerated() {
            var x = place.x + 8 * gaussian(), y = place.y + 8 * gaussian()
            if uniform() < 1.0 / 50 {
                x += (uniform() * 2 - 1) * 300
                y += (uniform() * 2 - 1) * 300
            }
            let pressure: Int32 = uniform() < 1.0 / 60 ? 8 : Int32(120 + 10 * gaussian())
            let contact = Contact(
                id: id, x: Int32(max(0, min(4095, x.rounded()))), y: Int32(max(0, min(4095, y.rounded()))),
                pressure: pressure, phase: index == 0 ? .began : .moved)
            frames.append(ContactFrame(time: EventTime(microseconds: time), index: frames.count, contacts: [contact]))
            truth.append(place)
            time += 10_000
        }
        var lift = frames.last!.contacts[0]
        lift.phase = .ended
        frames.append(ContactFrame(time: EventTime(microseconds: time), index: frames.count, contacts: [lift]))
        truth.append(nil)
        time += 200_000
        id += 1
    }
}

struct FilterFigures {
    var jitter: Double
    var typicalJitter: Double
    var touches: Int
    var lagMilliseconds: Double
    var nanosecondsPerFrame: Double
}

/// Runs `spec` over the panel: the position's RMS spread while the finger
/// is still, the touches that come out of the strokes, and how far behind
/// the finger the position runs while it moves (in ms at its speed).
func measureFilters(
    _ spec: String, floor: ContactFloor, panel: ResistivePanel, stillFrames: Range<Int>, movingFrames: Range<Int>, speed: Double
) -> FilterFigures {
    let chainSpec = try! FilterChainSpec(parsing: spec)
    var chain = FilterChain(chainSpec, floor: floor, reportsPressure: true)
    var position: (x: Double, y: Double)?
    var positions: [(x: Double, y: Double)?] = []
    var touches = 0
    for frame in panel.frames {
        chain.process(frame) { out in
            for contact in out.contacts {
                switch contact.phase {
                case .began:
                    touches += 1
                    position = (Double(contact.x), Double(contact.y))
                case .moved, .stationary: position = (Double(contact.x), Double(contact.y))
                case .ended, .cancelled: position = nil
                }
            }
        }
        positions.append(position)
    }
    let still = stillFrames.compactMap { positions[$0] }
    let meanX = still.map(\.x).reduce(0, +) / Double(max(1, still.count))
    let meanY = still.map(\.y).reduce(0, +) / Double(max(1, still.count))
    let distances = still.map { (($0.x - meanX) * ($0.x - meanX) + ($0.y - meanY) * ($0.y - meanY)).squareRoot() }.sorted()
    let spread = (still.map { ($0.x - meanX) * ($0.x - meanX) + ($0.y - meanY) * ($0.y - meanY) }.reduce(0, +) / Double(max(1, still.count))).squareRoot()
    // The stroke moves along +x: how far behind the true position the reported one is, on average.
    let behind = movingFrames.compactMap { index -> Double? in
        guard let at = positions[index], let truth = panel.truth[index] else { return nil }
        return truth.x - at.x
    }
    let lag = behind.reduce(0, +) / Double(max(1, behind.count)) / speed * 1000
    let cost = best(runs: 5) { _ in blackHole(filterChainPass(chainSpec, floor: floor, frames: panel.frames)) }
    return FilterFigures(
        jitter: spread, typicalJitter: distances.isEmpty ? 0 : distances[distances.count / 2], touches: touches, lagMilliseconds: lag, nanosecondsPerFrame: cost / Double(panel.frames.count) * 1e9)
}

/// The chains measured, in the table's order.
let filterBenchmarkChains: [(String, ContactFloor)] = {
    let floor = ContactFloor(minimumPressure: 20)
    return [("", ContactFloor()), ("pthres pmin=20", ContactFloor()), ("", floor)]
        + [
            "debounce drop_threshold=40", "median depth=5", "dejitter delta=100", "iir N=8 D=10",
            "variance delta=30", "skip nhead=1 ntail=1", "lowpass factor=0.4 threshold=2", "evthres N=5",
            "pthres pmin=20; variance delta=30; dejitter delta=100", "median depth=5; dejitter delta=100",
        ].map { ($0, ContactFloor()) } + [("variance delta=30; dejitter delta=100", floor)]
}()

/// A finger held still for 3 s, then a 2 s stroke across at 1000 units/s.
func filterBenchmarkPanel() -> (panel: ResistivePanel, still: Range<Int>, moving: Range<Int>, speed: Double) {
    var panel = ResistivePanel()
    panel.stroke(Array(repeating: (2000, 2000), count: 300))
    let speed = 1000.0
    let start = panel.frames.count
    panel.stroke((0..<200).map { (500 + speed * Double($0) / 100, 1500) })
    return (panel, 30..<300, (start + 20)..<(start + 200), speed)
}

/// One pass of a chain over the panel's frames: what callgrind counts (Benchmarks/filter-instructions).
@inline(never)
func filterChainPass(_ spec: FilterChainSpec, floor: ContactFloor, frames: [ContactFrame]) -> Int {
    var chain = FilterChain(spec, floor: floor, reportsPressure: true)
    var changes = 0
    for frame in frames { chain.process(frame) { changes += $0.contacts.count } }
    return changes
}

func benchmarkFilters() -> String {
    let (panel, stillFrames, movingFrames, speed) = filterBenchmarkPanel()
    // BENCH_FILTER_CHAIN=N runs chain N once, for callgrind's instruction counts.
    if let index = ProcessInfo.processInfo.environment["BENCH_FILTER_CHAIN"].flatMap(Int.init) {
        let (spec, floor) = filterBenchmarkChains[index]
        let changes = filterChainPass(try! FilterChainSpec(parsing: spec), floor: floor, frames: panel.frames)
        return "chain \(index) (\(spec)): \(panel.frames.count) frames, \(changes) contacts out"
    }
    let strokes = 2
    let chains = filterBenchmarkChains
    var rows = ""
    let none = measureFilters("", floor: ContactFloor(), panel: panel, stillFrames: stillFrames, movingFrames: movingFrames, speed: speed)
    for (spec, floor) in chains {
        let figures = measureFilters(spec, floor: floor, panel: panel, stillFrames: stillFrames, movingFrames: movingFrames, speed: speed)
        var name = spec.isEmpty ? "" : "`\(spec)`"
        if !floor.isEmpty { name += (name.isEmpty ? "" : " with ") + "`min-pressure = 20`" }
        rows += String(
            format: "| %@ | %.1f | %.1f | %.2fx | %d | %+.1f ms | %.0f ns |\n", name.isEmpty ? "none" : name, figures.jitter,
            figures.typicalJitter, figures.typicalJitter / none.typicalJitter, figures.touches - strokes,
            figures.lagMilliseconds - none.lagMilliseconds, figures.nanosecondsPerFrame)
    }
    return """
        ### Filters on a resistive panel (issue 13)

        One generated input (see `ResistivePanel` in FilterBenchmarks.swift: an ADS7846's 12-bit axes at 100 Hz with \
        noise, spikes and pressure dips), through each chain. Jitter: RMS distance from the mean while the finger is \
        still, in device units (4096 across), and its median, which the spikes do not sway. Breaks: touches beyond the two strokes made. Lag: how far behind the \
        finger the position runs on a 1000 units/s stroke, as time, beyond what the noise alone gives. Cost per \
        frame, best of 5 (none runs the chain's bookkeeping with no filters; with nothing configured there is no chain).

        | chain | jitter, RMS | jitter, median | median ratio to none | breaks | lag added | cost per frame |
        |---|---:|---:|---:|---:|---:|---:|
        \(rows)
        """
}
