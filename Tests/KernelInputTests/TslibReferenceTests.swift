import Foundation
import KernelInput
import Testing

/// tslib's reference outputs (Tests/Fixtures/tslib, from tslib's
/// tests/scripts) against the same recordings through touchbridge's chain.
@Suite struct TslibReferenceTests {
    static let directory = Fixtures.directory.deletingLastPathComponent().appendingPathComponent("tslib")

    struct Line: Equatable, CustomStringConvertible {
        var slot: Int
        var x: Int32
        var y: Int32
        var pressure: Int32
        var description: String { "(slot \(slot)) \(x) \(y) \(pressure)" }
    }

    /// The issue asks for positions within 1 unit; every sample is in fact identical.
    static let tolerance: Int32 = 0

    static let cases: [(recording: String, expected: String, conf: String)] = [
        ("evemu-atmel-maxtouch-touchscreen-1finger-drag.txt", "atmel-maxtouch.1-finger-drag-up-down.events.debounce.expected", "debounce.conf"),
        ("evemu-atmel-maxtouch-touchscreen-1finger-drag.txt", "atmel-maxtouch.1-finger-drag-up-down.events.iir.expected", "iir.conf"),
        ("evemu-atmel-maxtouch-touchscreen-1finger-drag.txt", "atmel-maxtouch.1-finger-drag-up-down.events.median.expected", "median.conf"),
        ("evemu-atmel-maxtouch-touchscreen-1finger-drag.txt", "atmel-maxtouch.1-finger-drag-up-down.events.skip.expected", "skip.conf"),
        ("evemu-atmel-maxtouch-touchscreen-1finger-fast-taps.txt", "atmel-maxtouch.1-finger-fast-taps.events.debounce.expected", "debounce.conf"),
        ("evemu-atmel-maxtouch-touchscreen-4finger-drag.txt", "atmel-maxtouch.4-finger-drag-down.events.iir.expected", "iir.conf"),
    ]

    static func expected(_ name: String) throws -> [Line] {
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        return try text.split(separator: "\n").map { row in
            let fields = row.split(separator: ")", maxSplits: 1)
            let slot = try #require(Int(fields[0].split(separator: " ").last!))
            let numbers = fields[1].split(separator: " ").compactMap { Int32($0) }
            try #require(numbers.count == 3, "\(name): '\(row)'")
            return Line(slot: slot, x: numbers[0], y: numbers[1], pressure: numbers[2])
        }
    }

    static func filtered(_ recording: String, conf: String) throws -> [Line] {
        let confPath = directory.appendingPathComponent(conf).path
        let spec = try FilterChainSpec.tsConf(String(contentsOfFile: confPath, encoding: .utf8), path: confPath)
        let loaded = try RecordingReader.load(files: [Fixtures.path(recording)])[0]
        let device = try #require(loaded.device)
        var tracker = ContactTracker(device: device)
        var chain = FilterChain(spec, reportsPressure: device.absInfo[AbsCode.mtPressure] != nil)
        var lines: [Line] = []
        tracker.process(loaded.events) { frame in
            chain.process(frame) { _ in }
            lines += chain.samplesOut.map { Line(slot: $0.slot, x: $0.x, y: $0.y, pressure: $0.pressure) }
        }
        return lines
    }

    @Test(arguments: cases.indices)
    func matchesTslib(_ index: Int) throws {
        let (recording, expectedName, conf) = Self.cases[index]
        let expected = try Self.expected(expectedName)
        let ours = try Self.filtered(recording, conf: conf)
        #expect(ours.count == expected.count, "\(expectedName): \(ours.count) samples, tslib \(expected.count)")
        for (line, (mine, theirs)) in zip(ours, expected).enumerated() {
            let close = mine.slot == theirs.slot && mine.pressure == theirs.pressure
                && abs(mine.x - theirs.x) <= Self.tolerance && abs(mine.y - theirs.y) <= Self.tolerance
            #expect(close, "\(expectedName) line \(line + 1): ours \(mine), tslib \(theirs)")
            if !close { break }
        }
    }
}
