import Foundation

enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/recordings")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}

struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
    var lines: [String] { stdout.split(separator: "\n").map(String.init) }
}

/// Runs the built `touchbridge` executable, as tools outside the project do.
func touchbridge(_ arguments: String...) throws -> CommandResult { try touchbridge(arguments) }

func touchbridge(_ arguments: [String]) throws -> CommandResult {
    let process = Process()
    process.executableURL = Bundle.main.bundleURL.appendingPathComponent("touchbridge")
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(
        status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
        stderr: String(decoding: stderr, as: UTF8.self))
}

func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("touchbridge-\(getpid())-\(name)").path
}
