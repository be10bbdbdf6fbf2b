import Foundation
import Testing

/// Sources/CPango and Sources/CRsvg declare the Pango and librsvg calls
/// themselves (their shims say why). Each is compiled here after the
/// libraries' real headers: a declaration that differs from the library's is
/// a conflicting-types error, and a changed constant fails a static assert.
struct NativeDeclarationsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test(arguments: [("CPango", "pangocairo", "pango/pangocairo.h"), ("CRsvg", "librsvg-2.0", "librsvg/rsvg.h")])
    func theShimAgreesWithTheRealHeaders(module: String, package: String, header: String) throws {
        let flags = try Self.run(["pkg-config", "--cflags", package])
        try #require(flags.status == 0, "pkg-config \(package): \(flags.output)")
        let shim = Self.sources.appendingPathComponent(module).appendingPathComponent("shim.h").path
        let check = try Self.run(
            ["clang", "-fsyntax-only", "-x", "c", "-Werror"] + flags.output.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
                .filter { !$0.isEmpty } + ["-DTOUCHBRIDGE_CHECK_AGAINST_REAL_HEADERS", "-include", header, shim])
        #expect(check.status == 0, "\(module)/shim.h differs from <\(header)>:\n\(check.output)")
    }
}
