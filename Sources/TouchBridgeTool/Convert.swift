import ArgumentParser
import Foundation
import KernelInput

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a recording to evemu or evtest text.",
        usage: "touchbridge convert FILE [EVENTS] --to evemu|evtest [-o OUT] [--device N]")

    @Argument(help: "The recording to convert (evemu, evtest or libinput record); a description file followed by its events file are read as one, as replay reads them.")
    var inputs: [String]

    @Option(help: "Output format: evemu or evtest.")
    var to: WrittenRecordingFormat

    @Option(name: .shortAndLong, help: "Write here instead of standard output.")
    var output: String?

    @Option(help: "Which device of a file that holds several (from 0); evemu holds one per file.")
    var device: Int?

    func run() throws {
        guard let input = inputs.last else { throw ValidationError("name the recording to convert") }
        var recordings = try RecordingReader.load(files: inputs)
        if let device {
            guard recordings.indices.contains(device) else {
                throw RecordingError(file: input, "there is no device \(device): the file holds \(recordings.count)")
            }
            recordings = [recordings[device]]
        } else if to == .evemu && recordings.count > 1 {
            throw RecordingError(
                file: input,
                "the file holds \(recordings.count) devices and an evemu file holds one: choose with --device 0...\(recordings.count - 1)")
        }
        var text = ""
        for recording in recordings {
            text += to == .evemu ? EvemuWriter.write(recording) : EvtestWriter.write(recording)
        }
        if let output {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                throw RecordingError(file: output, "cannot write: \(error.localizedDescription)")
            }
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }
}
