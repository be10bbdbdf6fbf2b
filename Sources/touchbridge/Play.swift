import ArgumentParser
import Foundation
import KernelInput

struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a recording into the kernel through a uinput device, as evemu-play does.")

    @Argument(help: "The recording to play (evemu, evtest or libinput record; its first device).")
    var file: String

    @Option(help: "Seconds to wait after creating the device, so readers can open it.")
    var startDelay: Double = 1

    @Option(help: "Seconds to keep the device after the last event, so readers drain it.")
    var linger: Double = 0.5

    @Option(help: "Playback speed; 0 writes every event at once.")
    var speed: Double = 1

    func run() throws {
        guard let recording = try RecordingReader.load(files: [file]).first(where: { $0.device != nil }),
            let description = recording.device
        else {
            throw RecordingError(file: file, "no device description to create a device from")
        }
        let device = try VirtualDevice(description)
        FileHandle.standardOutput.write(Data("\(device.devnode ?? "?"): \(description.name)\n".utf8))
        usleep(UInt32(max(0, startDelay) * 1e6))
        try device.play(recording.events, paced: speed > 0, speed: speed)
        usleep(UInt32(max(0, linger) * 1e6))
    }
}
