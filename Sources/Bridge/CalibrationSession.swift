import Display
import FoundationEssentials
import KernelInput
import Logging
import TouchUI

/// What a finished calibration found: the device's matrix, how well it
/// fits, and the device it was made for.
public struct CalibrationResult: Sendable {
    public let fit: CalibrationFit
    /// For the device, before the configured orientation (LIBINPUT_CALIBRATION_MATRIX).
    public let matrix: CalibrationMatrix
    /// The touched device's name, when one is known.
    public let device: String?
    public let screen: Size
    /// Where each cross was drawn and where it was touched, in screen pixels.
    public let targets: [Point]
    public let touched: [Point]
    /// How far the fit puts each cross's touch from the cross, in screen pixels.
    public let errors: [Double]
    /// Crosses asked again because the fit was off by more than the limit.
    public let retakes: Int

    /// The fit's errors in screen pixels, largest and mean.
    public var largestError: Double { errors.max() ?? 0 }
    public var meanError: Double { errors.reduce(0, +) / Double(max(1, errors.count)) }

    /// A udev rule that gives the device this matrix, for libinput and TouchBridge alike.
    public func udevRule(writtenBy program: String) throws -> String {
        guard let device else { throw CalibrationError("no device name to match in a udev rule") }
        return """
            # Written by `\(program) calibrate`: the calibration of '\(device)', read by
            # libinput and TouchBridge alike. Apply with: udevadm control --reload && udevadm trigger -s input
            ACTION!="remove", SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="\(device.replacing("\"", with: "\\\""))", ENV{LIBINPUT_CALIBRATION_MATRIX}="\(matrix)"

            """
    }

    /// Sets `calibration` under [input] in the configuration file at `path`
    /// (made if missing), keeping its comments; a file `run` would refuse is never written.
    public func setInConfiguration(at path: String) throws {
        let old = FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) } ?? ""
        let new = try ConfigurationFile.setting("calibration", to: "\"\(matrix)\"", inSection: "input", of: old, path: path)
        _ = try Configuration(file: ConfigurationFile(path: path, text: new))
        try new.write(toFile: path, atomically: true, encoding: .utf8)
    }
}

/// An on-screen calibration like tslib's ts_calibrate: the crosses of a
/// `CalibrationView` on the display, and the touches that answer them, from
/// live touchscreens or a recording. The touches are taken as the device
/// reports them, without the calibration it has now: that is what is being
/// replaced. It ends once, through `onFinish`.
@MainActor
public final class CalibrationSession {
    public let view: CalibrationView
    public var onFinish: ((Result<CalibrationResult, CalibrationError>) -> Void)?

    private let settings: Configuration
    private let logger: Logger
    private let timeout: Double
    /// The largest error, in screen pixels, a fit may have.
    private let errorLimit: Double
    /// Whether a fit is checked on the screen and accepted before it is taken.
    private let verifies: Bool
    /// A fit being checked.
    private var unaccepted: CalibrationResult?
    private var retakes = 0
    private let application = Application()
    private let window: Window
    private let compositor: Compositor
    private let screen: Size
    /// Where each cross was touched; nil until it is, or when it is asked again.
    private var touched: [Point?]
    private var deviceNames: [Int: String] = [:]
    private var touchingDevice: Int?
    private var feed: TouchFeed?
    private var deadline: TimerID?
    private var finished = false

    /// The default `errorLimit`, in screen pixels.
    public nonisolated static let defaultErrorLimit = 10.0

    /// `timeout`: seconds a live session waits for each cross. `points`: 5
    /// or 9 crosses. `errorLimit`: a fit that puts any cross's touch further
    /// than this from the cross (in screen pixels) is not taken; the worst
    /// cross is asked again, up to once per cross, and then the session fails.
    public init(
        settings: Configuration, surface: any DisplaySurface, logger: Logger, timeout: Double = 60, points: Int = 5,
        errorLimit: Double = CalibrationSession.defaultErrorLimit, verify: Bool = false
    ) throws {
        verifies = verify
        self.settings = settings
        self.logger = logger
        self.timeout = timeout
        self.errorLimit = errorLimit
        screen = Size(width: Double(surface.width), height: Double(surface.height))
        window = Window(frame: Rect(origin: .zero, size: screen), application: application)
        view = CalibrationView(frame: window.bounds, points: points)
        touched = Array(repeating: nil, count: view.targets.count)
        window.addSubview(view)
        window.makeKeyAndVisible()
        compositor = try Compositor(window: window, surface: surface)
        view.onTouched = { [unowned self] point in self.touchedCross(at: point) }
        view.onChecked = { [unowned self] in self.armDeadline() }
        if settings.pointercal != nil {
            logger.warning("pointercal is set in the configuration: it replaces any calibration matrix, so remove it to use the one this makes")
        }
        view.onAccept = { [unowned self] in
            guard let result = self.unaccepted else { return }
            self.logger.info("calibration accepted")
            self.finish(.success(result))
        }
        view.onRedo = { [unowned self] in
            self.logger.notice("calibration redone")
            self.unaccepted = nil
            self.retakes = 0
            self.lastFit = nil
            self.touched = Array(repeating: nil, count: self.view.targets.count)
            self.view.endVerification()
            self.view.ask(0, note: "Again, from the first cross")
            self.armDeadline()
        }
    }

    /// Touches from recordings, on their own timeline; it has finished when this returns.
    public func play(_ recordings: [Recording], warn: (String) -> Void) throws {
        let replay = SceneReplay(application: application, window: window)
        for (index, recording) in recordings.enumerated() { deviceNames[index] = recording.device?.name }
        var options = settings.inputOptions(screen: screen)
        options.geometry.calibration = .identity
        options.geometry.pointercal = nil
        try replay.run(
            recordings, options: options, warn: warn,
            onFrame: { records in
                if self.touchingDevice == nil { self.touchingDevice = records.first?.device }
                try self.compositor.presentNow()
            })
        if !finished {
            if unaccepted != nil {
                finish(.failure(CalibrationError("the calibration was neither accepted nor redone; the recording has no more touches")))
            } else if let lastFit {
                finish(.failure(CalibrationError("\(lastFit); the recording has no more touches")))
            } else {
                let count = touched.count { $0 != nil }
                finish(.failure(CalibrationError("the recording touched \(count) of the \(view.targets.count) crosses")))
            }
        }
    }

    /// Touches from the touchscreens, live, on the main loop.
    public func listen() throws {
        application.timeline = MainLoop.timeline
        try compositor.presentNow()
        var input = settings.input(screen: screen, calibration: .some(.identity))
        // What is being replaced is not applied to the touches that replace it.
        input.options.geometry.pointercal = nil
        input.selection.keyboards = false
        let feed = TouchFeed(hub: InputHub(selection: input.selection, options: input.options, calibration: .identity), application: application, window: window)
        var opened = 0
        feed.onNote = { [unowned self] note in
            switch note {
            case .opened(let devnode, let name, _, _):
                self.deviceNames[opened] = name
                opened += 1
                self.logger.info("\(devnode): '\(name)': touch the crosses")
            case .failed(let devnode, let reason): self.logger.error("\(devnode): \(reason)")
            case .closed(let devnode, _, let reason, _): self.logger.notice("\(devnode): \(reason)")
            case .warning(let message): self.logger.warning("\(message)")
            case .debug(let message): self.logger.debug("\(message)")
            case .openedKeyboard, .resynced: break
            }
        }
        feed.onDelivered = { [unowned self] frames in
            if self.touchingDevice == nil { self.touchingDevice = frames.first?.first?.device }
        }
        self.feed = feed
        try feed.start()
        if opened == 0 { logger.notice("no touchscreen yet; waiting for one") }
        armDeadline()
    }

    private func armDeadline() {
        guard feed != nil, !finished else { return }
        if let deadline { application.timeline.cancel(deadline) }
        deadline = application.timeline.schedule(after: timeout) { [unowned self] in
            let what = self.view.isVerifying ? "neither Accept nor Redo was tapped" : "no touch on cross \(self.view.current + 1)"
            self.finish(.failure(CalibrationError("\(what) within \(Int(self.timeout)) s")))
        }
    }

    /// Why the last fit was not taken, while its worst cross is asked again.
    private var lastFit: String?

    private func touchedCross(at point: Point) {
        touched[view.current] = point
        armDeadline()
        if let next = touched.firstIndex(where: { $0 == nil }) {
            view.ask(next, note: view.note)
            return
        }
        let points = touched.map { $0! }
        let samples = zip(points, view.targets).map { touched, target in
            CalibrationFit.Sample(
                touched: (touched.x / screen.width, touched.y / screen.height),
                target: (target.x / screen.width, target.y / screen.height))
        }
        let orientation = CalibrationMatrix.orientation(
            swapAxes: settings.swapAxes, invertX: settings.invertX, invertY: settings.invertY, rotation: settings.rotation ?? .none)
        do {
            let fit = try CalibrationFit(samples)
            let errors = fit.errors(width: screen.width, height: screen.height)
            let report = errors.enumerated().map { String(printf: "cross %d %.1f px", $0.offset + 1, $0.element) }.joined(separator: ", ")
            let worst = errors.indices.max { errors[$0] < errors[$1] }!
            guard errors[worst] <= errorLimit else {
                let why = String(printf: "the fit is %.0f px off at cross %d (the limit is %.0f px)", errors[worst], worst + 1, errorLimit)
                logger.notice("\(why): \(report)")
                guard retakes < view.targets.count else {
                    finish(.failure(CalibrationError("\(why) after \(retakes) crosses were asked again")))
                    return
                }
                retakes += 1
                lastFit = why
                touched[worst] = nil
                view.ask(worst, note: String(printf: "That touch was %.0f px off: touch this cross again", errors[worst]))
                return
            }
            logger.info("fit: \(report)")
            let device = touchingDevice.flatMap { deviceNames[$0] }
            let result = CalibrationResult(
                fit: fit, matrix: try fit.deviceMatrix(under: orientation), device: device, screen: screen,
                targets: view.targets, touched: points, errors: errors, retakes: retakes)
            guard verifies else { return finish(.success(result)) }
            unaccepted = result
            let size = screen
            view.verify { point in
                let (x, y) = fit.matrix.apply(x: point.x / size.width, y: point.y / size.height)
                return Point(x: x * size.width, y: y * size.height)
            }
        } catch let error as CalibrationError {
            finish(.failure(error))
        } catch {
            finish(.failure(CalibrationError("\(error)")))
        }
    }

    private func finish(_ result: Result<CalibrationResult, CalibrationError>) {
        guard !finished else { return }
        finished = true
        switch result {
        case .success(let found): view.finish(note: String(printf: "Largest error %.1f px", found.largestError))
        case .failure: view.finish(note: "Not calibrated: nothing was written")
        }
        if let deadline { application.timeline.cancel(deadline) }
        _ = try? compositor.presentNow()
        feed?.stop()
        feed = nil
        onFinish?(result)
    }
}
