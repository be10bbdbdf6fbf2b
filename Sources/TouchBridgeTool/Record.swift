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
    var to: WrittenRecordingFormat = .evemu

    @OptionGroup var limits: CaptureLimits

    @Flag(help: "Grab the device (EVIOCGRAB) so nothing else sees its events while recording.")
    var grab = false

    func run() throws {
        let input = try InputDevice(path: device, grab: grab)
        let output = try TextOutput(path: self.output)
        let end = recordLive(input, as: to, to: output, frameLimit: limits.frames, timeLimit: limits.seconds, readingDelay: limits.delayReading)
        output.close()
        if case .removed(let reason) = end { printError("\(device): \(reason); recording ends there") }
    }
}
