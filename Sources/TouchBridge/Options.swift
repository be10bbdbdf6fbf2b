import ArgumentParser
import Bridge
import Glibc
import KernelInput

package struct ScreenSize: ExpressibleByArgument, CustomStringConvertible {
    package var width: Double
    package var height: Double

    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    package init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
            (1...100_000).contains(width), (1...100_000).contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }

    package var description: String { "\(Int(width))x\(Int(height))" }
}

extension UserInterfaceStyle: ExpressibleByArgument {
    public init?(argument: String) {
        switch argument {
        case "light": self = .light
        case "dark": self = .dark
        default: return nil
        }
    }
    public static var allValueStrings: [String] { ["light", "dark"] }
}

extension Rotation: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: Int(argument) ?? -1) }
    public static var allValueStrings: [String] { allCases.map { String($0.rawValue) } }
}

package struct CalibrationArgument: ExpressibleByArgument {
    package var matrix: CalibrationMatrix
    package init?(argument: String) {
        guard let matrix = CalibrationMatrix(parsing: argument) else { return nil }
        self.matrix = matrix
    }
}

/// How device coordinates become screen points, and which devices are accepted.
package struct MappingOptions: ParsableArguments {
    package init() {}

    @Option(help: "Screen size in points, WIDTHxHEIGHT, as the user sees it (after rotation).")
    package var screen: ScreenSize = ScreenSize(width: 800, height: 480)

    @Flag(help: "Accept devices that look like touchpads or pen tablets (no INPUT_PROP_DIRECT).")
    package var allowTouchpad = false

    @Option(help: "Calibration matrix in libinput's convention: six numbers, \"a b c d e f\" (watch: default from udev's LIBINPUT_CALIBRATION_MATRIX).")
    package var calibration: CalibrationArgument?

    @Option(help: "Rotation of the screen content, clockwise: 0, 90, 180 or 270.")
    package var rotate: Rotation = .none

    @Flag(help: "Swap the X and Y axes.")
    package var swapAxes = false

    @Flag(help: "Invert the X axis.")
    package var invertX = false

    @Flag(help: "Invert the Y axis.")
    package var invertY = false

    @OptionGroup package var tslib: TslibOptions

    @OptionGroup package var floor: FloorOptions

    @OptionGroup package var keyboard: KeyboardOptions

    package func inputOptions() throws -> InputOptions {
        let tslib = try tslib.resolved()
        // Options first, then the environment where asked.
        var options = InputOptions(
            geometry: ScreenGeometry(
                screenWidth: screen.width, screenHeight: screen.height, calibration: calibration?.matrix ?? .identity,
                rotation: rotate, swapAxes: swapAxes, invertX: invertX, invertY: invertY,
                pointercal: tslib.pointercal ?? tslib.environment?.pointercal),
            allowTouchpads: allowTouchpad, filters: tslib.filters ?? tslib.environment?.filters ?? FilterChainSpec(),
            floor: floor.floor)
        options.keymap = try keyboard.checked(over: KeymapNames())
        return options
    }
}

/// How keyboards' keys become text: XKB's names, as `localectl` and /etc/default/keyboard give them.
package struct KeyboardOptions: ParsableArguments {
    package init() {}

    @Option(help: ArgumentHelp("The keyboards' XKB layout, or several: us, de, fr, \"us,ru\" (default us).", valueName: "layout"))
    package var keyboardLayout: String?

    @Option(help: ArgumentHelp("The layout's XKB variant, one per layout: intl, nodeadkeys, dvorak.", valueName: "variant"))
    package var keyboardVariant: String?

    @Option(help: ArgumentHelp("XKB options, comma-separated: compose:ralt, grp:alt_shift_toggle.", valueName: "options"))
    package var keyboardOptions: String?

    /// `names` with what these options give laid over it; each name is checked when the keymap is made.
    package func keymap(over names: KeymapNames) -> KeymapNames {
        var names = names
        if let keyboardLayout { names.layout = keyboardLayout }
        if let keyboardVariant { names.variant = keyboardVariant }
        if let keyboardOptions { names.options = keyboardOptions }
        return names
    }

    /// `keymap(over:)`, checked now when an option was given, so that a
    /// mistake names its option before anything is read (exit 1).
    package func checked(over names: KeymapNames) throws -> KeymapNames {
        let names = keymap(over: names)
        guard keyboardLayout != nil || keyboardVariant != nil || keyboardOptions != nil else { return names }
        do throws(KeymapError) {
            _ = try Keymap(names)
        } catch {
            let option = ["layout": "--keyboard-layout", "variant": "--keyboard-variant", "options": "--keyboard-options"][error.setting] ?? "--keyboard-layout"
            throw OptionError(message: "\(option): \(error.message)")
        }
        return names
    }
}

/// An option whose value is wrong in a way only the work can find: exit 1, not a usage error.
package struct OptionError: Error, CustomStringConvertible {
    package let message: String
    package init(message: String) { self.message = message }
    package var description: String { message }
}

/// Ghost touches and palms, by the device's own pressure and contact size.
package struct FloorOptions: ParsableArguments {
    package init() {}

    @Option(help: ArgumentHelp("A touch begins only once it presses this hard (device units).", valueName: "pressure"))
    package var minPressure: Int32?

    @Option(help: ArgumentHelp("A touch begins only once it is this wide (ABS_MT_TOUCH_MAJOR units).", valueName: "size"))
    package var minTouchMajor: Int32?

    @Option(help: ArgumentHelp("A contact wider than this is a palm: it never begins, or is cancelled.", valueName: "size"))
    package var maxTouchMajor: Int32?

    package var floor: ContactFloor {
        ContactFloor(minimumPressure: minPressure, minimumTouchMajor: minTouchMajor, maximumTouchMajor: maxTouchMajor)
    }

    /// `base` with the limits given here laid over it.
    package func over(_ base: ContactFloor) -> ContactFloor {
        ContactFloor(
            minimumPressure: minPressure ?? base.minimumPressure, minimumTouchMajor: minTouchMajor ?? base.minimumTouchMajor,
            maximumTouchMajor: maxTouchMajor ?? base.maximumTouchMajor)
    }
}

/// What a system set up for tslib brings: filters, written out or read
/// from a ts.conf, its pointercal, and its environment variables.
package struct TslibOptions: ParsableArguments {
    package init() {}

    @Option(
        help: ArgumentHelp(
            "tslib filters for every device, in order, as ts.conf names them: \"median depth=5; dejitter delta=100\".",
            valueName: "modules"),
        transform: { try FilterChainSpec(parsing: $0) })
    package var filter: FilterChainSpec?

    @Option(
        help: ArgumentHelp("Take the filters from a tslib ts.conf (its module lines).", valueName: "file"),
        transform: { try FilterChainSpec.tsConf(path: $0) })
    package var tsConf: FilterChainSpec?

    @Option(
        help: ArgumentHelp("Calibrate with a tslib pointercal file (its 7 integers) instead of the matrix.", valueName: "file"),
        transform: { try Pointercal(path: $0) })
    package var pointercal: Pointercal?

    @Flag(help: "Honour TSLIB_CONFFILE, TSLIB_CALIBFILE (else /etc/pointercal) and TSLIB_TSDEVICE, as tslib does; the options above win.")
    package var tslibEnvironment = false

    package func validate() throws {
        if filter != nil && tsConf != nil { throw ValidationError("--filter and --ts-conf both give the filters; give one") }
    }

    /// The filters and calibration these options give, and the environment's when asked for.
    package func resolved() throws -> (filters: FilterChainSpec?, pointercal: Pointercal?, environment: TslibEnvironment?) {
        guard tslibEnvironment else { return (filter ?? tsConf, pointercal, nil) }
        do {
            return (filter ?? tsConf, pointercal, try TslibEnvironment())
        } catch {
            throw ValidationError(error.message)
        }
    }
}

/// Collects output and writes it in large pieces: a replay prints a line per touch change.
package struct BufferedOutput {
    package init() {}

    private var buffer = ""

    package mutating func write(_ text: String) {
        buffer += text
        if buffer.utf8.count > 1 << 16 { flush() }
    }

    package mutating func flush() {
        writeAll(buffer, to: STDOUT_FILENO)
        buffer = ""
    }
}

package func printError(_ message: String) {
    writeAll(message + "\n", to: STDERR_FILENO)
}

/// The limits `record` and `watch` share.
/// When reading a live device stops (`record`, `watch`), and when it starts.
package struct CaptureLimits: ParsableArguments {
    package init() {}

    @Option(help: "Stop after this many frames (SYN_REPORTs).")
    package var frames: Int?

    @Option(help: "Stop after this many seconds.")
    package var seconds: Double?

    @Option(help: "Open the device at once but start reading after this many seconds (reproduces a kernel buffer overflow).")
    package var delayReading: Double = 0

    package func validate() throws {
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1") }
        if let seconds, !(0.001...1_000_000).contains(seconds) {
            throw ValidationError("--seconds must be within 0.001...1000000")
        }
        guard (0...3600).contains(delayReading) else {
            throw ValidationError("--delay-reading must be within 0...3600 seconds")
        }
    }
}

extension WrittenRecordingFormat: ExpressibleByArgument {}
