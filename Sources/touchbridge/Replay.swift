import ArgumentParser
import Bridge
import Foundation
import KernelInput

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Decode recordings (evemu, evtest, libinput record) into touches.",
        discussion: """
            With no FILE, replays a bundled real recording of two fingers scrolling.
            A description file followed by an events file are read as one recording.
            --format jsonl prints one JSON object per touch that changed in a frame:
            {"time": 1357751031.716015, "touch": 0, "phase": "began", "x": 123.4, "y": 56.7, "tapCount": 1, ...}
            """)

    @Argument(help: "Recordings to replay, in order.")
    var files: [String] = []

    @Option(help: "Screen size in points, WIDTHxHEIGHT.")
    var screen: ScreenSize = ScreenSize(width: 800, height: 480)

    @Option(help: "Output: text (for people) or jsonl (one JSON object per touch change).")
    var format: OutputFormat = .text

    @OptionGroup var mapping: MappingOptions

    @Flag(help: "Replay devices that look like touchpads (no INPUT_PROP_DIRECT).")
    var allowTouchpad = false

    @OptionGroup(title: "Playing into the kernel")
    var uinput: UinputOptions

    func run() throws {
        let paths = files.isEmpty ? [try bundledRecording()] : files
        let recordings = try RecordingReader.load(files: paths)
        if uinput.uinput { return try uinput.play(recordings) }
        var options = mapping.replayOptions(screen: screen)
        options.allowTouchpads = allowTouchpad
        var summary = ReplaySummary()
        var output = BufferedOutput()
        if format == .text {
            output.write("Replaying \(paths.joined(separator: " ")) on a \(screen) screen\n")
        }
        try TouchReplay(options: options).run(
            recordings, warn: { printError($0) },
            emit: { record in
                summary.add(record)
                output.write((format == .jsonl ? record.jsonLine : ReplaySummary.textLine(record)) + "\n")
            })
        if format == .text { output.write(summary.report(for: recordings)) }
        output.flush()
    }

    private func bundledRecording() throws -> String {
        guard let path = BundledRecording.path, FileManager.default.fileExists(atPath: path) else {
            throw ValidationError("the bundled recording is missing from this build; give a FILE")
        }
        return path
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, jsonl
}
