import Foundation
import Testing
import TouchUI

/// `String(printf:)` says what Foundation's `String(format:)` said, byte for
/// byte, for every format the modules an app links use (issue 26 replaced
/// one with the other: printed output is a contract).
struct PrintfFormatTests {
    static let doubles: [Double] = [
        0, -0.0, 1, -1, 0.05, 0.15, 0.25, 0.5, 1.5, 2.5, -2.5, 12.345, 158.78, 609.615, 1e-7, 123_456.789,
        1e15, 1e21, -3.25e-5, .pi, 1 / 3, .nan, .infinity, -.infinity, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
    ]
    static let ints = [0, 1, -1, 7, 42, 999, 1000, 123_456, 999_999, 1_000_000, Int(Int32.max), Int(Int32.min)]

    @Test(arguments: ["%g", "%.2f", "%.1f", "%.0f", "%.0fx%.0f mm", "Largest error %.1f px"])
    func doublesAsFoundationFormatsThem(_ format: String) {
        for value in Self.doubles {
            #expect(String(printf: format, value, value) == String(format: format, value, value), "\(format) of \(value)")
        }
    }

    @Test(arguments: ["frame-%06d.png", "frame-%06d_%04dms.png", "%d"])
    func integersAsFoundationFormatsThem(_ format: String) {
        for value in Self.ints {
            #expect(String(printf: format, value, value) == String(format: format, value, value), "\(format) of \(value)")
        }
    }

    @Test func mixedArgumentsAsFoundationFormatsThem() {
        let ids: [UInt16] = [0, 0x03eb, 0x1fd2, 0xffff]
        for (vendor, product) in zip(ids, ids.reversed()) {
            #expect(String(printf: "%04x:%04x", vendor, product) == String(format: "%04x:%04x", vendor, product))
        }
        let cross = "Cross %d at (%.0f, %.0f): touched at (%.1f, %.1f), %.1f px off after the fit"
        #expect(String(printf: cross, 3, 80.0, 400.5, 81.25, 399.75, 0.35) == String(format: cross, 3, 80.0, 400.5, 81.25, 399.75, 0.35))
        let fit = "the fit is %.0f px off at cross %d (the limit is %.0f px)"
        #expect(String(printf: fit, 12.5, 4, 10.0) == String(format: fit, 12.5, 4, 10.0))
        let summary = "Fit: %d targets, largest error %.1f px, mean %.1f px"
        #expect(String(printf: summary, 5, 1.25, 0.75) == String(format: summary, 5, 1.25, 0.75))
        #expect(String(printf: "") == "")
        #expect(String(printf: "ünïcode %d", 1) == String(format: "ünïcode %d", 1))
    }
}
