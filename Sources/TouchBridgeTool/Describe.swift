import ArgumentParser
import KernelInput

struct Describe: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Describe a device: a recording, or a live /dev/input/eventN node.")

    @Argument(help: "A recording, or an event node such as /dev/input/event3.")
    var source: String

    func run() throws {
        if source.hasPrefix("/dev/") {
            let device = try InputDevice(path: source)
            print(DeviceReport.text(device.description, node: source), terminator: "")
            let udev = UdevProperties.of(node: source).filter {
                $0.key.hasPrefix("ID_INPUT") || $0.key.hasPrefix("LIBINPUT_")
            }
            if !udev.isEmpty {
                print("Udev:        " + udev.keys.sorted().map { "\($0)=\(udev[$0]!)" }.joined(separator: " "))
            }
            return
        }
        for recording in try RecordingReader.load(files: [source]) {
            guard let device = recording.device else { continue }
            print(DeviceReport.text(device, node: nil, recording: recording), terminator: "")
        }
    }
}
