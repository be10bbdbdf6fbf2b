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
        var options = try mapping.inputMapping()
        if mapping.calibration == nil, let matrix = UdevProperties.calibration(node: device) {
            options.calibration = matrix  // what libinput would use for this device
        }
        let sink = try TextOutput(path: nil)
        let format = format
        if input.description.kind == .keyboard { return try watchKeys(input, keymap: options.keymap, sink: sink) }
        let touches = try LiveTouches(input.description, node: device, options: options, warn: { printError($0) })
        let write = { @Sendable (record: TouchRecord) in
            sink.write((format == .jsonl ? record.jsonLine : ReplaySummary.textLine(record)) + "\n")
        }
        let end = captureEvents(from: input, frameLimit: limits.frames, timeLimit: limits.seconds, readingDelay: limits.delayReading) {
            events in touches.handle(events, emit: write)
        }
        touches.finish(emit: write)
        if case .removed(let reason) = end { printError("\(device): \(reason)") }
    }

    /// A keyboard: its keys through the keymap, a line per key that went down or up.
    private func watchKeys(_ input: InputDevice, keymap names: KeymapNames, sink: TextOutput) throws {
        let keymap: Keymap
        do throws(KeymapError) {
            keymap = try Keymap(names)
        } catch {
            throw OptionError(message: "\(device): a keyboard, and \(error.message)")
        }
        let keys = KeyDevice(index: 0, keymap: keymap, turnsKnob: input.description.isKnob)
        let format = format
        let write = { @Sendable (record: KeyRecord) in sink.write((format == .jsonl ? record.jsonLine : record.textLine) + "\n") }
        let end = captureEvents(from: input, frameLimit: limits.frames, timeLimit: limits.seconds, readingDelay: limits.delayReading) {
            events in keys.read(events).joined().forEach(write)
        }
        keys.cancelAll(at: keys.lastTime, frame: keys.framesRead).forEach(write)
        if case .removed(let reason) = end { printError("\(device): \(reason)") }
    }
}
