import ArgumentParser
import Bridge
import KernelInput
import TouchUI

/// `APP devices`: the input devices there are, as `libinput list-devices` shows them,
/// and whether `APP run` would take each, for every app.
package struct AppDevices: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "devices", abstract: "List the input devices with their capabilities, and which ones `run` takes.")

    package init() {}

    @Flag(help: "Every device, not only touch devices.")
    var all = false

    @Option(help: ArgumentHelp("The configuration whose [input] devices and name-contains decide (default \(CommandLineApp.current.configurationPath), if it exists).", valueName: "file"))
    var config: String?

    package func run() throws {
        let settings = try Configuration.load(path: config ?? CommandLineApp.current.configurationPath, required: config != nil)
        let selection = settings.input(screen: Size(width: 1, height: 1)).selection
        let nodes = try InputNodeMonitor().enumerate()
        if nodes.isEmpty { print("No input devices (is /dev/input there, and /sys mounted?)") }
        var shown = 0
        for node in nodes {
            var block = "Device:           \(node.name.isEmpty ? "(unnamed)" : node.name)\n"
            block += "Kernel:           \(node.devnode)\n"
            let verdict: String
            do {
                let device = try InputDevice(path: node.devnode)
                let quirked = settings.quirks.applied(to: device.description)
                let (description, quirks) = (quirked.description, quirked.applied)
                if !quirks.isEmpty { block += "Quirks:           \(quirks.map { "[\($0)]" }.joined(separator: ", "))\n" }
                let touch = [.touchscreen, .probableTouchscreen, .penDisplay, .touchpad, .tablet].contains(description.kind)
                guard all || touch || node.isTouchscreen else { continue }
                block += "Id:               \(String(printf: "%04x:%04x", description.id.vendor, description.id.product))\n"
                block += "Kind:             \(description.kind.rawValue)\n"
                switch description.multitouchProtocol {
                case .slots(let count): block += "Touch:            multitouch protocol B, \(count) slots\n"
                case .reports: block += "Touch:            multitouch protocol A\n"
                case .singleTouch: block += "Touch:            \(description.positionAxes == nil ? "none" : "single touch")\n"
                }
                if let size = description.sizeMillimetres {
                    block += "Size:             \(String(printf: "%.0fx%.0f mm", size.width, size.height))\n"
                }
                switch selection.verdict(for: node, description: description, quirked: !quirks.isEmpty) {
                case .take: verdict = "yes"
                case .passedOver(let reason):
                    verdict = selection.takesAsKeyboard(node, description: description) ? "yes, as a keyboard (keys, through the keymap)" : "no (\(reason))"
                case .refused(let reason): verdict = "no (\(reason))"
                }
            } catch {
                guard all || node.isTouchscreen else { continue }
                verdict = "cannot open: \(error)"
            }
            let udev = node.properties.filter { $0.key.hasPrefix("ID_INPUT") && $0.value == "1" }.keys.sorted()
            block += "Udev:             \(node.isClassified ? udev.joined(separator: " ") : "not classified (no udevd)")\n"
            block += "Calibration:      \(node.calibration.map { "LIBINPUT_CALIBRATION_MATRIX \($0)" } ?? "identity")\n"
            block += "Used by run:      \(verdict)\n"
            print(block)
            shown += 1
        }
        if shown == 0 && !nodes.isEmpty { print("No touch devices among \(nodes.count) input devices; --all lists them all.") }
    }
}
