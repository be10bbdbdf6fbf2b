import ArgumentParser
import Bridge
import Dispatch
import Display
import Foundation
import KernelInput
import Logging
import Scenes
import TouchUI

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The daemon: host an app on the display, fed by every touchscreen, following hotplug.",
        discussion: """
            Touchscreens are found with udev (ID_INPUT_TOUCHSCREEN=1; by their capabilities when no
            udevd runs) or named with --device, and followed as they come and go; a device unplugged
            mid-touch has its touches cancelled. LIBINPUT_CALIBRATION_MATRIX is honoured.
            Settings come from --config (default \(Bridge.Configuration.defaultPath), if it exists);
            options given here override it. --display chooses the surface: fb:/dev/fbN (fbdev),
            drm:/dev/dri/cardN (KMS), png:FILE (rewritten on every frame), memory, or auto (the
            default: /dev/fb0, else /dev/dri/card0, else png:touchbridge-screen.png).
            Under systemd (Type=notify) it sends READY=1, STATUS=, WATCHDOG=1 and STOPPING=1.
            SIGTERM and SIGINT stop it with the console restored and the devices ungrabbed; SIGHUP
            reloads the configuration's input settings.
            """)

    @Option(help: "The configuration file.")
    var config: String?

    @Option(help: "fb:/dev/fbN, drm:/dev/dri/cardN, png:FILE, memory or auto.")
    var display: String?

    @Option(help: "The app to host: \(Scene.names.joined(separator: ", ")) (default: demo).")
    var scene: String?

    @Option(help: "Screen size in pixels, WIDTHxHEIGHT (needed by png: and memory; a panel must hold it).")
    var screen: ScreenSize?

    @Option(help: "Rotation of the picture on the panel, clockwise: 0, 90, 180 or 270; the touches turn with it.")
    var rotate: Rotation?

    @Option(name: .customLong("device"), help: "Use this event node (repeatable) instead of every touchscreen.")
    var devices: [String] = []

    @Flag(help: "Grab the devices (EVIOCGRAB) so that no other program sees their events.")
    var grab = false

    @Option(help: "Calibration matrix for every device, \"a b c d e f\" (default: udev's LIBINPUT_CALIBRATION_MATRIX).")
    var calibration: CalibrationArgument?

    @Flag(help: "Swap the touch X and Y axes.")
    var swapAxes = false

    @Flag(help: "Invert the touch X axis.")
    var invertX = false

    @Flag(help: "Invert the touch Y axis.")
    var invertY = false

    @Option(help: "Log level: debug, info, notice, warning or error.")
    var logLevel: String?

    @Option(help: "Stop after this many seconds.")
    var exitAfter: Double?

    func validate() throws {
        if let scene, !Scene.names.contains(scene) {
            throw ValidationError("no scene '\(scene)'; the scenes are \(Scene.names.joined(separator: ", "))")
        }
        if let display, display != "auto" { _ = try DisplaySpec(parsing: display) }
        if let logLevel, Logger.Level(rawValue: logLevel) == nil { throw ValidationError("--log-level: '\(logLevel)' is not a level") }
    }

    /// The configuration file with this command line laid over it.
    func settings() throws -> Bridge.Configuration {
        var settings = try Bridge.Configuration.load(path: config ?? Bridge.Configuration.defaultPath, required: config != nil)
        if let display { settings.display = display }
        if let scene { settings.scene = scene }
        if let screen { (settings.screenWidth, settings.screenHeight) = (Int(screen.width), Int(screen.height)) }
        if let rotate { settings.rotation = rotate }
        if !devices.isEmpty { settings.devices = devices }
        if grab { settings.grab = true }
        if let calibration { settings.calibration = calibration.matrix }
        if swapAxes { settings.swapAxes = true }
        if invertX { settings.invertX = true }
        if invertY { settings.invertY = true }
        if let logLevel { settings.logLevel = logLevel }
        return settings
    }

    func run() throws {
        let settings: Bridge.Configuration
        do {
            settings = try self.settings()
        } catch let error as ConfigurationError {
            printError("touchbridge: \(error)")
            throw ExitCode.failure
        }
        let level = Logger.Level(rawValue: settings.logLevel ?? "info") ?? .info
        LoggingSystem.bootstrap { JournalLogHandler(label: $0, level: level) }
        let logger = Logger(label: "touchbridge")
        let spec = try DisplaySpec(parsing: settings.display.flatMap { $0 == "auto" ? nil : $0 } ?? Self.automaticDisplay())
        let size = settings.screenWidth.map { ($0, settings.screenHeight!) } ?? (spec.hasOwnSize ? nil : (800, 480))
        let rotation = settings.rotation ?? .none
        let surface = try spec.openSurface(size: size, rotation: DisplayRotation(rawValue: rotation.rawValue) ?? .none)
        let sceneName = settings.scene ?? "demo"
        let (exitAfter, configPath, commandLine) = (exitAfter, config, self)
        try MainActor.assumeIsolated {
            let application = Application()
            application.runLoop = TouchUI.RunLoop(clock: .monotonic)
            let screenSize = Size(width: Double(surface.width), height: Double(surface.height))
            guard let scene = Scene.make(sceneName, application: application, screen: screenSize) else { return }
            let daemon: Daemon
            do {
                daemon = try Daemon(
                    application: application, window: scene.window, surface: surface,
                    input: Self.input(settings, screen: screenSize), appName: sceneName, logger: logger)
            } catch {
                surface.close()
                throw error
            }
            daemon.onDevicesChanged = { names in scene.demo?.deviceNames = names }
            daemon.onDisplayLost = { _ in Foundation.exit(1) }
            Signals.install(daemon: daemon, logger: logger) {
                // SIGHUP: the file again, under this command line.
                let reloaded = try commandLine.settings()
                if configPath == nil && reloaded.display != settings.display {
                    logger.notice("display changes take effect at the next start")
                }
                return Self.input(reloaded, screen: screenSize)
            }
            do {
                try daemon.start()
            } catch {
                daemon.stop()
                throw error
            }
            if let exitAfter {
                DispatchQueue.main.asyncAfter(deadline: .now() + exitAfter) {
                    MainActor.assumeIsolated { daemon.stop() }
                    Foundation.exit(0)
                }
            }
            Signals.keepAlive = [daemon, scene.window, application, scene.demo as AnyObject? ?? application]
        }
        dispatchMain()
    }

    static func input(_ settings: Bridge.Configuration, screen: Size) -> InputSettings {
        InputSettings(
            selection: DeviceSelection(nodes: settings.devices, nameContains: settings.nameContains, grab: settings.grab),
            mapping: ReplayOptions(
                screenWidth: screen.width, screenHeight: screen.height, rotation: settings.rotation ?? .none,
                swapAxes: settings.swapAxes, invertX: settings.invertX, invertY: settings.invertY),
            calibration: settings.calibration)
    }

    /// A kiosk's panel if there is one, else a PNG file.
    static func automaticDisplay() -> String {
        if FileManager.default.fileExists(atPath: "/dev/fb0") { return "fb:/dev/fb0" }
        if FileManager.default.fileExists(atPath: "/dev/dri/card0") { return "drm:/dev/dri/card0" }
        return "png:touchbridge-screen.png"
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

/// SIGTERM and SIGINT stop the daemon cleanly (console restored, devices
/// ungrabbed); SIGHUP reloads the configuration's input settings.
@MainActor
enum Signals {
    static var sources: [DispatchSourceSignal] = []
    static var keepAlive: [AnyObject] = []

    static func install(daemon: Daemon, logger: Logger, reload: @escaping @MainActor () throws -> InputSettings) {
        for signalNumber in [SIGTERM, SIGINT, SIGHUP] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            source.setEventHandler {
                MainActor.assumeIsolated {
                    if signalNumber == SIGHUP {
                        do {
                            try daemon.reload(input: reload())
                        } catch {
                            logger.error("configuration not reloaded, the old one stays: \(error)")
                        }
                        return
                    }
                    logger.info("\(signalNumber == SIGTERM ? "SIGTERM" : "SIGINT"): stopping")
                    daemon.stop()
                    Foundation.exit(0)
                }
            }
            source.resume()
            sources.append(source)
        }
    }
}
