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

    @OptionGroup var options: DaemonOptions

    @Option(help: "The app to host: \(Scene.names.joined(separator: ", ")) (default: demo).")
    var scene: String?

    @Option(help: "Calibration matrix for every device, \"a b c d e f\" (default: udev's LIBINPUT_CALIBRATION_MATRIX).")
    var calibration: CalibrationArgument?

    @Option(help: "Stop after this many seconds.")
    var exitAfter: Double?

    @Flag(help: "Print a line for each frame as it is handed to the app: `frame DEVICE TOUCHES LATENCY-µs` (since the kernel's timestamp).")
    var traceFrames = false

    func validate() throws {
        if let scene, !Scene.names.contains(scene) {
            throw ValidationError("no scene '\(scene)'; the scenes are \(Scene.names.joined(separator: ", "))")
        }
    }

    /// This command's own options over the configuration file's.
    func adjust(_ settings: inout Bridge.Configuration) {
        if let scene { settings.scene = scene }
        if let calibration { settings.calibration = calibration.matrix }
    }

    func run() throws {
        let settings = try options.settingsOrExit(adjust)
        let logger = DaemonOptions.startLogging(settings)
        let surface = try DaemonOptions.openSurface(settings)
        let sceneName = settings.scene ?? "demo"
        let (exitAfter, commandLine) = (exitAfter, self)
        try MainActor.assumeIsolated {
            let application = Application()
            application.runLoop = TouchUI.RunLoop(clock: .monotonic)
            let screenSize = Size(width: Double(surface.width), height: Double(surface.height))
            guard let scene = Scene.make(sceneName, application: application, screen: screenSize) else { return }
            let daemon: Daemon
            do {
                daemon = try Daemon(
                    application: application, window: scene.window, surface: surface,
                    input: DaemonOptions.input(settings, screen: screenSize), appName: sceneName, logger: logger)
            } catch {
                surface.close()
                throw error
            }
            daemon.onDevicesChanged = { names in scene.demo?.deviceNames = names }
            if traceFrames { FrameTrace.attach(to: daemon.feed) }
            daemon.onDisplayLost = { _ in Foundation.exit(1) }
            Signals.install(daemon: daemon, logger: logger) {
                // SIGHUP: the file again, under this command line.
                var reloaded = try commandLine.options.settings()
                commandLine.adjust(&reloaded)
                if reloaded.display != settings.display || reloaded.scene != settings.scene {
                    logger.notice("display and app changes take effect at the next start")
                }
                return DaemonOptions.input(reloaded, screen: screenSize)
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
        MainLoop.run()
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

/// `run --trace-frames`: a line per frame as it is handed to the app
/// (Application.sendEvent), with the time since the kernel stamped it.
@MainActor
enum FrameTrace {
    static func attach(to feed: TouchFeed) {
        feed.onWillDeliver = { frames in
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let seconds = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
            var lines = ""
            for records in frames {
                guard let first = records.first else { continue }
                lines += "frame \(first.device) \(records.count) \(Int(((seconds - first.time.seconds) * 1e6).rounded()))\n"
            }
            // Straight to the descriptor: a reader waiting for the line gets it now.
            FileHandle.standardOutput.write(Data(lines.utf8))
        }
    }
}
