import FoundationEssentials
import KernelInput

/// Which input devices the daemon takes.
public struct DeviceSelection: Sendable {
    /// Nodes named by the user (/dev/input/eventN or a symlink to one, such
    /// as /dev/input/by-id/...); when empty, every touchscreen is taken.
    public var nodes: [String]
    /// When not empty, only devices whose name contains one of these.
    public var nameContains: [String]
    /// Grab each device (EVIOCGRAB) so that no other program sees its events.
    public var grab: Bool
    /// Take keyboards too (keypads, buttons, scanners): every device with keys and no position.
    public var keyboards: Bool
    /// Keyboards whose name contains one of these are barcode scanners:
    /// grabbed, so nothing they type reaches another program or the
    /// console, and their lines go to the app whatever has focus.
    public var scanners: [String]
    /// Whether devices in /dev/input are taken at all: not for an app in a
    /// desktop window, whose input is the window's.
    public var readsDeviceNodes = true

    public init(nodes: [String] = [], nameContains: [String] = [], grab: Bool = false, keyboards: Bool = true, scanners: [String] = []) {
        self.nodes = nodes
        self.nameContains = nameContains
        self.grab = grab
        self.keyboards = keyboards
        self.scanners = scanners
    }

    static let notKeyboards = [
        "ID_INPUT_MOUSE", "ID_INPUT_TOUCHPAD", "ID_INPUT_TABLET", "ID_INPUT_JOYSTICK", "ID_INPUT_ACCELEROMETER",
        "ID_INPUT_POINTINGSTICK", "ID_INPUT_SWITCH", "ID_INPUT_TOUCHSCREEN",
    ]

    /// Whether a keyboard named `name` is one of the configured barcode scanners.
    public func isScanner(_ name: String) -> Bool { scanners.contains { !$0.isEmpty && name.contains($0) } }

    /// Whether the daemon takes a device as a keyboard: udev's ID_INPUT_KEY
    /// (without ID_INPUT_TOUCHSCREEN) where it classified the device, else
    /// the capabilities. Touchscreens named by node or name do not narrow
    /// which keyboards are taken.
    public func takesAsKeyboard(_ node: InputNode, description: DeviceDescription? = nil) -> Bool {
        guard keyboards else { return false }
        if node.isClassified {
            if node.isTouchscreen { return false }
            if node.properties["ID_INPUT_KEY"] == "1" { return true }
            // udev has no word for a knob (a rotary encoder): anything it did not call something else may be one.
            if Self.notKeyboards.contains(where: { node.properties[$0] == "1" }) { return false }
        }
        return description.map { $0.kind == .keyboard } ?? true
    }

    /// Whether the daemon takes a device.
    public enum Verdict: Equatable, Sendable {
        case take
        /// Not one of ours, and nobody asked for it: passed over quietly.
        case passedOver(String)
        /// Named by the user but unusable: an error worth reporting.
        case refused(String)
    }

    /// The one rule for which devices `run` takes, which `devices` reports
    /// too. udev's verdict (ID_INPUT_TOUCHSCREEN) decides for a device it
    /// classified, unless the user named devices; then, and where no udevd
    /// runs, the capabilities must say touchscreen. Without `description`
    /// (the device not opened yet) it says whether it is worth opening.
    /// `quirked`: a quirk corrected the description, so udev's verdict (made on the uncorrected one) does not hold.
    public func verdict(for node: InputNode, description: DeviceDescription? = nil, quirked: Bool = false) -> Verdict {
        guard names(node) else { return .passedOver("not among the devices configured") }
        let named = !nodes.isEmpty
        if node.isClassified && !named && !quirked {
            return node.isTouchscreen ? .take : .passedOver("udev: not a touchscreen")
        }
        guard let description else { return .take }
        switch description.kind {
        case .touchscreen, .probableTouchscreen, .penDisplay:
            return .take
        default:
            let reason = "'\(description.name)' is a \(description.kind.rawValue), not a touchscreen"
            return named ? .refused(reason) : .passedOver(description.kind.rawValue)
        }
    }

    func names(_ node: InputNode) -> Bool {
        if !nodes.isEmpty {
            let links = (node.properties["DEVLINKS"] ?? "").split(separator: " ").map(String.init)
            guard nodes.contains(where: { $0 == node.devnode || links.contains($0) || Self.resolve($0) == node.devnode }) else {
                return false
            }
        }
        return nameContains.isEmpty || nameContains.contains { node.name.contains($0) }
    }

    static func resolve(_ path: String) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map {
            $0.hasPrefix("/") ? $0 : URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent($0).standardized.path
        } ?? path
    }
}

/// What the hub reports besides touches, in order with them.
