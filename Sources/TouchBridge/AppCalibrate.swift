import ArgumentParser
import Bridge
import FoundationEssentials
import Glibc
import KernelInput
import TouchUI

/// `APP calibrate`: an on-screen calibration like tslib's ts_calibrate, on
/// the display and touchscreens `APP run` would use, for every app.
package struct AppCalibrate: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Calibrate a touchscreen: touch the crosses shown at the corners and the centre.",
        discussion: """
            Shows five crosses (or nine, with --points 9) one at a time on the display (as `run` would \
            choose it) and takes where each was touched, ignoring any calibration the device has now. A \
            least-squares fit gives the matrix in libinput's convention. If the fit puts any touch more than \
            --max-error pixels (default 10) from its cross, the worst cross is asked again, up to once per \
            cross; a fit still that poor is refused, nothing is written, and the exit status is 1. With \
            --verify, the new calibration is then shown at work, as tslib's ts_verify does: touches land \
            where it puts them, and it is taken only when Accept is tapped; Redo starts again. The \
            matrix and each cross's error are printed; --write-udev-rule FILE writes a udev rule \
            setting LIBINPUT_CALIBRATION_MATRIX for the device (read by libinput and TouchBridge alike), \
            --write-config FILE sets `calibration` in a configuration file (the app's own, for example). --replay FILE \
            takes the touches from a recording instead of a live touchscreen.
            """)

    package init() {}

    @OptionGroup var options: DaemonOptions

    @Option(help: "Write a udev rule with the matrix for the touched device to this file (e.g. /etc/udev/rules.d/99-touchscreen-calibration.rules).")
    var writeUdevRule: String?

    @Option(help: "Set the matrix as `calibration` under [input] in this configuration file (made if missing).")
    var writeConfig: String?

    @Option(help: "Take the touches from this recording instead of a live touchscreen.")
    var replay: String?

    @Option(help: "Seconds to wait for each cross to be touched.")
    var timeout: Double = 60

    @Option(help: "Crosses to touch: 5 (the corners and the centre) or 9 (also the middle of each edge).")
    var points: Int = 5

    @Option(help: ArgumentHelp("The largest error, in screen pixels, a calibration may have; a worse cross is asked again.", valueName: "pixels"))
    var maxError: Double = CalibrationSession.defaultErrorLimit

    @Flag(help: "After the fit, show where touches land with it, and take it only when Accept is tapped (Redo starts again).")
    var verify = false

    package func validate() throws {
        guard points == 5 || points == 9 else { throw ValidationError("--points must be 5 or 9") }
        guard maxError > 0, maxError.isFinite else { throw ValidationError("--max-error must be above 0 pixels") }
    }

    package func run() throws {
        let settings = try options.settingsOrExit()
        let logger = settings.startLogging(label: CommandLineApp.current.commandName)
        let recordings = try replay.map { try RecordingReader.load(files: [$0]) }
        let surface = try settings.openSurface()
        let command = self
        try MainActor.assumeIsolated {
            let session = try CalibrationSession(
                settings: settings, surface: surface, logger: logger, timeout: command.timeout, points: command.points,
                errorLimit: command.maxError, verify: command.verify)
            session.onFinish = { result in
                surface.close()
                Glibc.exit(command.conclude(result))
            }
            if let recordings {
                try session.play(recordings, warn: { printError($0) })
            } else {
                try session.listen()
                Self.running = session
                MainLoop.run()
            }
        }
    }

    /// The live session, kept until the process ends.
    @MainActor private static var running: CalibrationSession?

    /// Prints and writes what a calibration found; the process's exit status.
    func conclude(_ result: Result<CalibrationResult, CalibrationError>) -> Int32 {
        let calibration: CalibrationResult
        switch result {
        case .failure(let error):
            printError("\(CommandLineApp.current.commandName): calibration failed: \(error); nothing was written")
            return 1
        case .success(let found):
            calibration = found
        }
        print("Calibration matrix (LIBINPUT_CALIBRATION_MATRIX): \(calibration.matrix)")
        for (index, (target, touched)) in zip(calibration.targets, calibration.touched).enumerated() {
            print(String(printf: "Cross %d at (%.0f, %.0f): touched at (%.1f, %.1f), %.1f px off after the fit",
                         index + 1, target.x, target.y, touched.x, touched.y, calibration.errors[index]))
        }
        print(String(printf: "Fit: %d targets, largest error %.1f px, mean %.1f px",
                     calibration.errors.count, calibration.largestError, calibration.meanError)
              + (calibration.retakes > 0 ? ", \(calibration.retakes) asked again" : ""))
        do {
            if let path = writeUdevRule {
                try calibration.udevRule(writtenBy: CommandLineApp.current.commandName).write(toFile: path, atomically: true, encoding: .utf8)
                print("Wrote the udev rule \(path)")
            }
            if let path = writeConfig {
                try calibration.setInConfiguration(at: path)
                print("Set calibration in \(path)")
            }
        } catch {
            printError("\(CommandLineApp.current.commandName): calibrate: \(error)")
            return 1
        }
        return 0
    }
}
