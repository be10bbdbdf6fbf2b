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
        // Output goes to a file: reading a pipe through Foundation traps when a signal interrupts the read.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("touchbridge-cc-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        try output.close()
        return (process.terminationStatus, (try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
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
