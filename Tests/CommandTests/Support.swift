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
    let stdout = readAll(out)
    let stderr = readAll(err)
    process.waitUntilExit()
    return CommandResult(
        status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
        stderr: String(decoding: stderr, as: UTF8.self))
}

/// A pipe read to its end. Foundation's readDataToEndOfFile traps when a read
/// is interrupted by a signal (another test's child exiting), so this retries.
func readAll(_ pipe: Pipe) -> Data {
    let descriptor = pipe.fileHandleForReading.fileDescriptor
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count > 0 {
            data.append(buffer, count: count)
        } else if count == 0 || errno != EINTR {
            return data
        }
    }
}

func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("touchbridge-\(getpid())-\(name)").path
}
