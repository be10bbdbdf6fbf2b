import ArgumentParser
import Bridge
import Display
import Foundation
import KernelInput
import Logging
import TouchUI

/// What `run` and `calibrate` share: the configuration file, the display,
/// and which input devices to take and how to map them.
struct DaemonOptions: ParsableArguments {
    @Option(help: "The configuration file (default \(Bridge.Configuration.defaultPath), if it exists).")
    var config: String?

    @Option(help: "fb:/dev/fbN, drm:/dev/dri/cardN, png:FILE, memory or auto.")
    var display: String?

    @Option(help: "Screen size in pixels, WIDTHxHEIGHT (needed by png: and memory; a panel must hold it).")
    var screen: ScreenSize?

    @Option(help: "Rotation of the picture on the panel, clockwise: 0, 90, 180 or 270; the touches turn with it.")
    var rotate: Rotation?

    @Option(name: .customLong("device"), help: "Use this event node (repeatable) instead of every touchscreen.")
    var devices: [String] = []

    @Flag(help: "Grab the devices (EVIOCGRAB) so that no other program sees their events.")
    var grab = false

    @Flag(help: "Swap the touch X and Y axes.")
    var swapAxes = false

    @Flag(help: "Invert the touch X axis.")
    var invertX = false

    @Flag(help: "Invert the touch Y axis.")
    var invertY = false

    @Option(help: "Log level: debug, info, notice, warning or error.")
    var logLevel: String?

    func validate() throws {
        if let display, display != "auto" { _ = try DisplaySpec(parsing: display) }
        if let logLevel, Logger.Level(rawValue: logLevel) == nil { throw ValidationError("--log-level: '\(logLevel)' is not a level") }
    }

    /// The configuration file with this command line laid over it.
    func settings() throws -> Bridge.Configuration {
        var settings = try Bridge.Configuration.load(path: config ?? Bridge.Configuration.defaultPath, required: config != nil)
        if let display { settings.display = display }
        if let screen { (settings.screenWidth, settings.screenHeight) = (Int(screen.width), Int(screen.height)) }
        if let rotate { settings.rotation = rotate }
        if !devices.isEmpty { settings.devices = devices }
        if grab { settings.grab = true }
        if swapAxes { settings.swapAxes = true }
        if invertX { settings.invertX = true }
        if invertY { settings.invertY = true }
        if let logLevel { settings.logLevel = logLevel }
        return settings
    }

    /// `settings()` with a command's own options laid over, and a bad file
    /// reported as one line and a failure exit.
    func settingsOrExit(_ adjust: (inout Bridge.Configuration) -> Void = { _ in }) throws -> Bridge.Configuration {
        do {
            var settings = try settings()
            adjust(&settings)
            return settings
        } catch let error as ConfigurationError {
            printError("touchbridge: \(error)")
            throw ExitCode.failure
        }
    }

    /// Logs go to stderr, with journald's priority prefixes under systemd.
    static func startLogging(_ settings: Bridge.Configuration) -> Logger {
        let level = Logger.Level(rawValue: settings.logLevel ?? "info") ?? .info
        LoggingSystem.bootstrap { JournalLogHandler(label: $0, level: level) }
        return Logger(label: "touchbridge")
    }

    /// The display the settings name (auto: a kiosk's panel if there is one, else a PNG file).
    static func openSurface(_ settings: Bridge.Configuration) throws -> any DisplaySurface {
        let name = settings.display.flatMap { $0 == "auto" ? nil : $0 } ?? automaticDisplay()
        let spec = try DisplaySpec(parsing: name)
        let size = settings.screenWidth.map { ($0, settings.screenHeight!) } ?? (spec.hasOwnSize ? nil : (800, 480))
        let rotation = DisplayRotation(rawValue: (settings.rotation ?? .none).rawValue) ?? .none
        return try spec.openSurface(size: size, rotation: rotation)
    }

    static func automaticDisplay() -> String {
        if FileManager.default.fileExists(atPath: "/dev/fb0") { return "fb:/dev/fb0" }
        if FileManager.default.fileExists(atPath: "/dev/dri/card0") { return "drm:/dev/dri/card0" }
        return "png:touchbridge-screen.png"
    }

    /// How the daemon takes and maps its devices; `calibration` overrides the settings' one.
    static func input(_ settings: Bridge.Configuration, screen: Size, calibration: CalibrationMatrix?? = nil) -> InputSettings {
        InputSettings(
            selection: DeviceSelection(nodes: settings.devices, nameContains: settings.nameContains, grab: settings.grab),
            mapping: mapping(settings, screen: screen),
            calibration: calibration ?? settings.calibration)
    }

    static func mapping(_ settings: Bridge.Configuration, screen: Size) -> ReplayOptions {
        ReplayOptions(
            screenWidth: screen.width, screenHeight: screen.height, rotation: settings.rotation ?? .none,
            swapAxes: settings.swapAxes, invertX: settings.invertX, invertY: settings.invertY)
    }
}

extension DisplaySpec {
    /// Panels know their size; files and memory are told it.
    var hasOwnSize: Bool {
        switch self {
        case .framebuffer, .drm: true
        case .png, .memory: false
        }
    }
}
