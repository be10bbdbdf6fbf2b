import ArgumentParser
import Foundation
import KernelInput
import TouchBridge

struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record a live device to evemu or evtest text.",
        discussion: "Stops at --frames or --seconds, on Ctrl-C, or when the device goes away.")

    @Argument(help: "The event node, e.g. /dev/input/event3.")
    var device: String

    @Option(name: .shortAndLong, help: "Write here instead of standard output.")
    var output: String?

    @Option(help: "Output format: evemu or evtest.")
    var to: Convert.TargetFormat = .evemu

    @Option(help: "Stop after this many frames (SYN_REPORTs).")
    var frames: Int?

    @Option(help: "Stop after this many seconds.")
    var seconds: Double?

    @Flag(help: "Grab the device (EVIOCGRAB) so nothing else sees its events while recording.")
    var grab = false

    @Option(help: "Open the device at once but start reading after this many seconds (reproduces a kernel buffer overflow).")
    var delayReading: Double = 0

    func validate() throws {
        try LiveLimits.check(frames: frames, seconds: seconds, delayReading: delayReading)
    }

    func run() throws {
        let input = try InputDevice(path: device, grab: grab)
        let sink = try TextSink(path: output)
        let format = to
        sink.write(
            format == .evemu
                ? "# EVEMU 1.3\n" + EvemuWriter.description(input.description)
                : EvtestWriter.header(input.description))
        let end = captureEvents(from: input, frameLimit: frames, timeLimit: seconds, readingDelay: delayReading) {
            events in
            var text = ""
            for event in events {
                if format == .evemu {
                    EvemuWriter.appendEvent(event, to: &text)
                } else {
                    EvtestWriter.appendEvent(event, to: &text)
                }
            }
            sink.write(text)
        }
        sink.close()
        if case .removed(let reason) = end { printError("\(device): \(reason); recording ends there") }
    }
}

/// Text going to a file or standard output from whichever queue reads the device.
final class TextSink: @unchecked Sendable {
    private let descriptor: Int32
    private let path: String

    init(path: String?) throws {
        guard let path else {
            descriptor = STDOUT_FILENO
            self.path = "standard output"
            return
        }
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw RecordingError(file: path, "cannot write: \(String(cString: strerror(errno)))")
        }
        self.path = path
    }

    func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                printError("\(path): cannot write: \(String(cString: strerror(errno)))")
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    func close() {
        if descriptor != STDOUT_FILENO { Glibc.close(descriptor) }
    }
}
