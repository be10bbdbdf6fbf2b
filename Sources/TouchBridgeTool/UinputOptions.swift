import ArgumentParser
import Foundation
import KernelInput

/// `replay --uinput`: play recordings into the kernel, as evemu-play and `libinput replay` do.
struct UinputOptions: ParsableArguments {
    @Flag(help: "Create a virtual device with uinput and play each recording into the kernel with its timing.")
    var uinput = false

    @Option(help: "With --uinput: seconds to wait after creating a device, so readers can open it.")
    var startDelay: Double = 1

    @Option(help: "With --uinput: seconds to keep a device after its last event, so readers drain it.")
    var linger: Double = 0.5

    @Option(help: "With --uinput: playback speed; 0 writes every event at once.")
    var speed: Double = 1

    func validate() throws {
        guard (0...1000).contains(speed), (0...3600).contains(startDelay), (0...3600).contains(linger) else {
            throw ValidationError("--speed must be within 0...1000, --start-delay and --linger within 0...3600 seconds")
        }
    }

    /// Prints "NODE: NAME" for each device it makes, then plays into it.
    func play(_ recordings: [Recording]) throws {
        for recording in recordings {
            guard let description = recording.device else { continue }
            let device = try VirtualDevice(description)
            FileHandle.standardOutput.write(Data("\(device.devnode ?? "?"): \(description.name)\n".utf8))
            usleep(UInt32(startDelay * 1e6))
            try device.play(recording.events, paced: speed > 0, speed: speed)
            usleep(UInt32(linger * 1e6))
        }
    }
}
