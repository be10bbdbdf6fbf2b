import ArgumentParser
import Bridge
import Foundation
import KernelInput
import TouchBridge

struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the touches of a live device, as replay does for a recording.",
        discussion: """
            Stops at --frames or --seconds, on Ctrl-C, or when the device goes away; touches still \
            down then are printed as cancelled.
            """)

    @Argument(help: "The event node, e.g. /dev/input/event3.")
    var device: String

    @Option(help: "Output: text (for people) or jsonl (one JSON object per touch change).")
    var format: OutputFormat = .text

    @OptionGroup var mapping: MappingOptions

    @Flag(help: "Grab the device (EVIOCGRAB) so nothing else sees its events.")
    var grab = false

    @OptionGroup var limits: CaptureLimits

    func run() throws {
        let input = try InputDevice(path: device, grab: grab)
        var options = try mapping.inputOptions()
        if mapping.calibration == nil, let matrix = UdevProperties.calibration(node: device) {
            options.geometry.calibration = matrix  // what libinput would use for this device
        }
        let sink = try TextOutput(path: nil)
        let dispatch = try dispatch(for: input, options: options)
        let format = format
        let write = { @Sendable (output: InputHubOutput) in
            switch output {
            case .frame(let records):
                for record in records { sink.write((format == .jsonl ? record.jsonLine : ReplaySummary.textLine(record)) + "\n") }
            case .keys(let records):
                for record in records { sink.write((format == .jsonl ? record.jsonLine : record.textLine) + "\n") }
            case .note(.warning(let message)): printError(message)
            case .scanned, .note: break
            }
        }
        let end = captureEvents(from: input, frameLimit: limits.frames, timeLimit: limits.seconds, readingDelay: limits.delayReading) {
            events in dispatch.process(events[...], post: write)
        }
        dispatch.finish(post: write)
        if case .removed(let reason) = end { printError("\(device): \(reason)") }
    }

    /// A keyboard's keys through the keymap, a touchscreen's touches through the tracker.
    private func dispatch(for input: InputDevice, options: InputOptions) throws -> any DeviceDispatch {
        let context = DispatchContext(
            node: device, options: options,
            keymap: {
                do throws(KeymapError) {
                    return try Keymap(options.keymap)
                } catch {
                    throw OptionError(message: "\(device): a keyboard, and \(error.message)")
                }
            }, warn: { printError($0) })
        return try context.dispatch(for: input.description) { .of($0) }
    }
}
