import ArgumentParser
import Bridge
import Dispatch
import Display
import Foundation
import KernelInput
import Logging
import Scenes
import TouchBridge

/// `touchbridge calibrate`: an on-screen calibration like tslib's ts_calibrate.
struct Calibrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Calibrate a touchscreen: touch the crosses shown at the corners and the centre.",
        discussion: """
            Shows five crosses one at a time on the display (as `run` would choose it) and takes where \
            each was touched, ignoring any calibration the device has now. A least-squares fit gives the \
            matrix in libinput's convention, which is printed; --write-udev-rule FILE writes a udev rule \
            setting LIBINPUT_CALIBRATION_MATRIX for the device (read by libinput and touchbridge alike), \
            --write-config FILE sets `calibration` in a touchbridge configuration file. --replay FILE \
            takes the touches from a recording instead of a live touchscreen.
            """)

    @OptionGroup var options: DaemonOptions

    @Option(help: "Write a udev rule with the matrix for the touched device to this file (e.g. /etc/udev/rules.d/99-touchscreen-calibration.rules).")
    var writeUdevRule: String?

    @Option(help: "Set the matrix as `calibration` under [input] in this configuration file (made if missing).")
    var writeConfig: String?

    @Option(help: "Take the touches from this recording instead of a live touchscreen.")
    var replay: String?

    @Option(help: "Seconds to wait for each cross to be touched.")
    var timeout: Double = 60

    func run() throws {
        let settings = try options.settingsOrExit()
        let logger = settings.startLogging(label: "touchbridge")
        let recordings = try replay.map { try RecordingReader.load(files: [$0]) }
        let surface = try settings.openSurface()
        let command = self
        try MainActor.assumeIsolated {
            let session = try CalibrationSession(command: command, settings: settings, surface: surface, logger: logger)
            if let recordings {
                try session.play(recordings)
            } else {
                try session.listen()
                CalibrationSession.running = session
                MainLoop.run()
            }
        }
    }

    /// What a finished calibration writes and prints; the process's exit status.
    @MainActor
    func conclude(_ fit: CalibrationFit, matrix: CalibrationMatrix, device: String?, screen: Size) -> Int32 {
        let largest = (fit.residuals.max() ?? 0) * max(screen.width, screen.height)
        let mean = fit.residuals.reduce(0, +) / Double(max(1, fit.residuals.count)) * max(screen.width, screen.height)
        print("Calibration matrix (LIBINPUT_CALIBRATION_MATRIX): \(matrix)")
        print(String(format: "Fit: %d targets, largest error %.1f px, mean %.1f px", fit.residuals.count, largest, mean))
        do {
            if let path = writeUdevRule {
                guard let device else { throw CalibrationError("no device name to match in a udev rule") }
                let rule = """
                    # Written by `touchbridge calibrate`: the calibration of '\(device)', read by
                    # libinput and touchbridge alike. Apply with: udevadm control --reload && udevadm trigger -s input
                    ACTION!="remove", SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="\(device.replacingOccurrences(of: "\"", with: "\\\""))", ENV{LIBINPUT_CALIBRATION_MATRIX}="\(matrix)"

                    """
                try rule.write(toFile: path, atomically: true, encoding: .utf8)
                print("Wrote the udev rule \(path)")
            }
            if let path = writeConfig {
                let old = FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) } ?? ""
                let new = ConfigurationFile.setting("calibration", to: "\"\(matrix)\"", inSection: "input", of: old)
                _ = try Bridge.Configuration(file: ConfigurationFile(path: path, text: new))  // never write a file run would refuse
                try new.write(toFile: path, atomically: true, encoding: .utf8)
                print("Set calibration in \(path)")
            }
        } catch {
            printError("touchbridge: calibrate: \(error)")
            return 1
        }
        return 0
    }
}

/// The crosses on the display and the touches that answer them.
@MainActor
final class CalibrationSession {
    /// The live session, kept until the process ends.
    static var running: CalibrationSession?
    let command: Calibrate
    let settings: Bridge.Configuration
    let surface: any DisplaySurface
    let logger: Logger
    let application = Application()
    let window: Window
    let view: CalibrationView
    let compositor: Compositor
    let screen: Size
    private var touched: [Point] = []
    private var deviceNames: [Int: String] = [:]
    private var touchingDevice: Int?
    private var feed: TouchFeed?
    private var deadline: TouchUI.RunLoop.TimerID?

    init(command: Calibrate, settings: Bridge.Configuration, surface: any DisplaySurface, logger: Logger) throws {
        self.command = command
        self.settings = settings
        self.surface = surface
        self.logger = logger
        screen = Size(width: Double(surface.width), height: Double(surface.height))
        window = Window(frame: Rect(origin: .zero, size: screen), application: application)
        view = CalibrationView(frame: window.bounds)
        window.addSubview(view)
        window.makeKeyAndVisible()
        compositor = try Compositor(window: window, surface: surface, runLoop: application.runLoop)
        view.onTouched = { [unowned self] point in self.touchedCross(at: point) }
    }

    /// Touches from a recording, on its own timeline.
    func play(_ recordings: [Recording]) throws {
        let replay = SceneReplay(application: application, window: window)
        for (index, recording) in recordings.enumerated() { deviceNames[index] = recording.device?.name }
        var options = settings.mapping(screen: screen)
        options.calibration = .identity
        try replay.run(
            recordings, options: options, warn: { printError($0) },
            onFrame: { records in
                if self.touchingDevice == nil { self.touchingDevice = records.first?.device }
                try self.compositor.presentNow()
            })
        if !view.isFinished {
            finish(failure: "the recording touched \(touched.count) of the \(view.targets.count) crosses")
        }
    }

    /// Touches from the touchscreens, live.
    func listen() throws {
        application.runLoop = TouchUI.RunLoop(clock: .monotonic)
        try compositor.presentNow()
        // What the device reports before any calibration: the old matrix is what is being replaced.
        let input = settings.input(screen: screen, calibration: .some(.identity))
        let feed = TouchFeed(hub: InputHub(selection: input.selection, options: input.mapping, calibration: .identity), application: application, window: window)
        var opened = 0
        feed.onNote = { [unowned self] note in
            switch note {
            case .opened(let devnode, let name, _):
                self.deviceNames[opened] = name
                opened += 1
                self.logger.info("\(devnode): '\(name)': touch the crosses")
            case .failed(let devnode, let reason): self.logger.error("\(devnode): \(reason)")
            case .closed(let devnode, _, let reason, _): self.logger.notice("\(devnode): \(reason)")
            case .warning(let message): self.logger.warning("\(message)")
            }
        }
        feed.onDelivered = { [unowned self] frames in
            if self.touchingDevice == nil { self.touchingDevice = frames.first?.first?.device }
        }
        self.feed = feed
        try feed.start()
        feed.deliverWaiting()
        if opened == 0 { logger.notice("no touchscreen yet; waiting for one") }
        armDeadline()
    }

    private func armDeadline() {
        guard feed != nil else { return }
        if let deadline { application.runLoop.cancel(deadline) }
        deadline = application.runLoop.schedule(after: command.timeout) { [unowned self] in
            self.finish(failure: "no touch on cross \(self.view.current + 1) within \(Int(self.command.timeout)) s")
        }
    }

    private func touchedCross(at point: Point) {
        touched.append(point)
        armDeadline()
        guard view.isFinished else { return }
        let orientation = CalibrationMatrix.orientation(
            swapAxes: settings.swapAxes, invertX: settings.invertX, invertY: settings.invertY, rotation: settings.rotation ?? .none)
        let samples = zip(touched, view.targets).map { touched, target in
            CalibrationFit.Sample(
                touched: (touched.x / screen.width, touched.y / screen.height),
                target: (target.x / screen.width, target.y / screen.height))
        }
        do {
            let fit = try CalibrationFit(samples)
            // The device's matrix comes before the swap, inversion and rotation:
            // orientation ∘ matrix = fit ∘ orientation.
            guard let undo = orientation.inverted() else { throw CalibrationError("the orientation cannot be undone") }
            let matrix = undo.concatenating(after: fit.matrix.concatenating(after: orientation))
            let device = touchingDevice.flatMap { deviceNames[$0] }
            let status = command.conclude(fit, matrix: matrix, device: device, screen: screen)
            end(status)
        } catch {
            finish(failure: "\(error)")
        }
    }

    private func finish(failure: String) {
        printError("touchbridge: calibration failed: \(failure); nothing was written")
        end(1)
    }

    private func end(_ status: Int32) {
        _ = try? compositor.presentNow()
        feed?.stop()
        surface.close()
        Foundation.exit(status)
    }
}
