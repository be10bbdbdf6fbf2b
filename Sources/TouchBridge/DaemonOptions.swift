import ArgumentParser
import Bridge
import Display
import KernelInput
import Logging
import TouchUI

/// What `run` and `calibrate` share: the configuration file, the display,
/// and which input devices to take and how to map them.
package struct DaemonOptions: ParsableArguments {
    package init() {}

    @Option(help: ArgumentHelp("The configuration file (default \(CommandLineApp.current.configurationPath), if it exists).", valueName: "file"))
    var config: String?

    @Option(help: "fb:/dev/fbN, drm:/dev/dri/cardN, png:FILE, memory, window[:WxH] (a desktop window), wayland (full screen under a kiosk compositor) or auto.")
    package var display: String?

    @Option(help: ArgumentHelp("With a drm: display, the connector to show on (HDMI-A-1, eDP-1...).", valueName: "name"))
    var output: String?

    @Option(help: "Screen size in pixels, WIDTHxHEIGHT (needed by png: and memory; a panel must hold it).")
    var screen: ScreenSize?

    @Option(help: "Rotation of the picture on the panel, clockwise: 0, 90, 180 or 270; the touches turn with it.")
    var rotate: Rotation?

    @Option(help: "Light or dark for the whole app (the configuration's appearance).")
    var appearance: UserInterfaceStyle?

    @Option(name: .customLong("device"), help: "Use this event node (repeatable) instead of every touchscreen.")
    var devices: [String] = []

    @Flag(help: "Grab the devices (EVIOCGRAB) so that no other program sees their events.")
    var grab = false

    @Option(name: .customLong("scanner"), help: ArgumentHelp("A barcode scanner, by (part of) its name (repeatable): grabbed, its lines go to the app.", valueName: "name"))
    var scanners: [String] = []

    @Flag(help: "Swap the touch X and Y axes.")
    var swapAxes = false

    @Flag(help: "Invert the touch X axis.")
    var invertX = false

    @Flag(help: "Invert the touch Y axis.")
    var invertY = false

    @Option(help: "Log level: debug, info, notice, warning or error.")
    var logLevel: String?

    @OptionGroup var tslib: TslibOptions

    @OptionGroup var floor: FloorOptions

    @OptionGroup var keyboard: KeyboardOptions

    @Option(help: ArgumentHelp("Seconds with no touch before the panel powers down; the next touch wakes it.", valueName: "seconds"))
    var idleTimeout: Double?

    @Option(help: ArgumentHelp("Seconds with no touch before the backlight dims (before --idle-timeout).", valueName: "seconds"))
    var dimAfter: Double?

    @Flag(help: "Give the touch that wakes a dark panel to the app (by default it goes no further).")
    var deliverWakeTouch = false

    @Flag(help: "Serve the screen over VNC, as [remote] in the configuration says (on 127.0.0.1:5900 unless it says otherwise).")
    var vnc = false

    package func validate() throws {
        if let display, display != "auto" { _ = try DisplaySpec(parsing: display) }
        for (name, value) in [("--idle-timeout", idleTimeout), ("--dim-after", dimAfter)] {
            if let value, !(value.isFinite && value > 0 && value <= 86400 * 7) {
                throw ValidationError("\(name) must be a number of seconds above 0, got \(value)")
            }
        }
        if let logLevel, Logger.Level(rawValue: logLevel) == nil { throw ValidationError("--log-level: '\(logLevel)' is not a level") }
    }

    /// The configuration file with this command line laid over it.
    package func settings() throws -> Bridge.Configuration {
        var settings = try Bridge.Configuration.load(path: config ?? CommandLineApp.current.configurationPath, required: config != nil)
        if let display { settings.display = display }
        if let output { settings.output = output }
        if let screen { (settings.screenWidth, settings.screenHeight) = (Int(screen.width), Int(screen.height)) }
        if let rotate { settings.rotation = rotate }
        if let appearance { settings.appearance = appearance }
        if !devices.isEmpty { settings.devices = devices }
        if grab { settings.grab = true }
        if !scanners.isEmpty { settings.scanners = scanners }
        if swapAxes { settings.swapAxes = true }
        if invertX { settings.invertX = true }
        if invertY { settings.invertY = true }
        if let logLevel { settings.logLevel = logLevel }
        if vnc { settings.remote.vnc = true }
        if idleTimeout != nil || dimAfter != nil || deliverWakeTouch {
            var power = settings.screenPower ?? ScreenPowerSettings(idleTimeout: 0)
            if let idleTimeout { power.idleTimeout = idleTimeout }
            if let dimAfter { power.dimAfter = dimAfter }
            if deliverWakeTouch { power.swallowsWakeTouch = false }
            guard power.idleTimeout > 0 else { throw ValidationError("--dim-after and --deliver-wake-touch need --idle-timeout (or idle-timeout in the configuration)") }
            if let dim = power.dimAfter, dim >= power.idleTimeout {
                let source = { (option: Double?, key: String) in option != nil ? "--\(key)" : "\(key) in \(config ?? CommandLineApp.current.configurationPath)" }
                throw ValidationError(
                    "dim-after (\(dim) s, \(source(dimAfter, "dim-after"))) must be less than idle-timeout (\(power.idleTimeout) s, \(source(idleTimeout, "idle-timeout")))")
            }
            settings.screenPower = power
        }
        settings.floor = floor.over(settings.floor)
        settings.keymap = try keyboard.checked(over: settings.keymap)
        // The command line over the file, and tslib's environment only where neither said.
        let tslib = try tslib.resolved()
        if let filters = tslib.filters { settings.filters = filters }
        if let pointercal = tslib.pointercal { settings.pointercal = pointercal }
        if let environment = tslib.environment {
            if settings.filters.isEmpty, let filters = environment.filters { settings.filters = filters }
            if settings.pointercal == nil { settings.pointercal = environment.pointercal }
            if settings.devices.isEmpty, let device = environment.device { settings.devices = [device] }
        }
        return settings
    }

    /// `settings()` with a command's own options laid over, and a bad file
    /// reported as one line and a failure exit.
    package func settingsOrExit(_ adjust: (inout Bridge.Configuration) -> Void = { _ in }) throws -> Bridge.Configuration {
        do {
            var settings = try settings()
            adjust(&settings)
            return settings
        } catch let error as ConfigurationError {
            printError("\(CommandLineApp.current.commandName): \(error)")
            throw ExitCode.failure
        }
    }
}
