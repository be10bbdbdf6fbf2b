import ArgumentParser
import Foundation
import KernelInput

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a recording to evemu or evtest text.")

    @Argument(help: "The recording to convert (evemu, evtest or libinput record).")
    var input: String

    @Option(help: "Output format: evemu or evtest.")
    var to: TargetFormat

    @Option(name: .shortAndLong, help: "Write here instead of standard output.")
    var output: String?

    enum TargetFormat: String, ExpressibleByArgument, CaseIterable {
        case evemu, evtest
    }

    func run() throws {
        let recordings = try RecordingReader.load(files: [input])
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
