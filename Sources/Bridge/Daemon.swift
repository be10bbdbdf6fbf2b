import Dispatch
import Display
import KernelInput
import Logging
import TouchUI

/// How the daemon takes and maps its input devices.
public struct InputSettings: Sendable {
    public var selection: DeviceSelection
    /// How the devices become the app's input; the geometry's calibration is ignored.
    public var options: InputOptions
    /// Replaces the devices' LIBINPUT_CALIBRATION_MATRIX when set.
    public var calibration: CalibrationMatrix?

    public init(selection: DeviceSelection, options: InputOptions, calibration: CalibrationMatrix?) {
        self.selection = selection
        self.options = options
        self.calibration = calibration
    }
}

/// `touchbridge run`: an app's windows on its displays (one per screen),
/// fed by every touchscreen there is, supervised by systemd. It logs what happens to
/// devices, tells systemd READY=1 once the display shows the app and the
/// devices present have been opened, keeps the watchdog fed from the run
/// loop, and lets everything go cleanly when stopped.
@MainActor
public final class Daemon {
    /// The main screen's window, display and compositor.
    public var window: Window { compositor.window }
    public var surface: any DisplaySurface { compositor.surface }
    public var compositor: Compositor { compositors[0] }
    /// Every display, by screen; a screen the app put no window on stays black.
    public let surfaces: [any DisplaySurface]
    /// One per screen with a window.
    public let compositors: [Compositor]
    public let feed: TouchFeed
    public let notifier: SystemdNotifier
    private var logger: Logger
    private let appName: String
    /// The names of the devices in use changed (the app may show them).
    public var onDevicesChanged: (([String]) -> Void)?
    /// Keys about to reach the app.
    public var onKeys: (([KeyRecord]) -> Void)?
    /// A barcode scanner read a line (the code, the scanner's name).
    public var onScan: ((String, String) -> Void)?
    /// The display failed (unplugged, say): the daemon has stopped and the process should exit.
    public var onDisplayLost: ((Error) -> Void)?
    /// Touchscreens open, by node, with their names.
    private var devices: [String: String] = [:]
    private var keyboards: [String: String] = [:]
    private var watchdog: (any DispatchSourceTimer)?
    private var stopped = false

    /// One window per surface, by screen: the first is the main screen's
    /// (the key window); nil where the app put none.
    public init(
        application: Application, surfaces: [any DisplaySurface], windows: [Window?], input: InputSettings, appName: String,
        logger: Logger, notifier: SystemdNotifier = SystemdNotifier()
    ) throws {
        precondition(surfaces.count == windows.count && windows.first??.screen != nil, "a window for the main screen, one entry per surface")
        self.surfaces = surfaces
        self.logger = logger
        self.notifier = notifier
        self.appName = appName
        compositors = try zip(windows, surfaces).compactMap { window, surface in
            try window.map { try Compositor(window: $0, surface: surface) }
        }
        feed = TouchFeed(hub: InputHub(selection: input.selection, options: input.options, calibration: input.calibration), application: application, window: windows[0])
        if surfaces.count > 1 { feed.dispatcher.screenWindows = windows }
        for compositor in compositors {
            compositor.onError = { [weak self] error in self?.displayFailed(error) }
            compositor.onSlowPresent = { [weak self, unowned compositor] damage, seconds in
                self?.logger.debug(
                    "\(compositor.surface.summary): a repaint of \(damage.rects.count) rectangles, \(damage.area) pixels, took \(String(printf: "%.1f", seconds * 1000)) ms")
            }
        }
        feed.onNote = { [weak self] note in self?.handle(note) }
        feed.onKeys = { [weak self] records in
            guard let self else { return }
            for record in records { self.logger.debug("key \(record.keyName) \(record.phase.rawValue) on device \(record.device)") }
            self.onKeys?(records)
        }
        feed.onScan = { [weak self] line, scanner in
            guard let self else { return }
            self.logger.info("'\(scanner)' read a line of \(line.count) characters")
            self.logger.debug("'\(scanner)' read \(line)")
            self.onScan?(line, scanner)
        }
    }

    public convenience init(
        application: Application, window: Window, surface: any DisplaySurface, input: InputSettings, appName: String,
        logger: Logger, notifier: SystemdNotifier = SystemdNotifier()
    ) throws {
        try self.init(
            application: application, surfaces: [surface], windows: [window], input: input, appName: appName, logger: logger,
            notifier: notifier)
    }

    /// Shows the app, opens the devices, and tells systemd it is ready.
    public func start() throws {
        for compositor in compositors { try compositor.presentNow() }
        // The devices are read by the main loop: a long repaint stops between views to
        // deliver their frames, and a frame whose page flip has not landed waits for it there.
        for compositor in compositors { compositor.deliverWaitingInput = { MainLoop.deliverWaitingInput() } }
        MainLoop.watchCompletions(of: compositors)
        for surface in surfaces {
            let shown = compositors.contains { $0.surface === surface }
            logger.info("\(shown ? "showing \(appName)" : "nothing to show (the app put no window on its screen)") on \(surface.summary)")
        }
        try feed.start()  // the devices there are now reach the app before READY=1
        if feed.hub.selection.readsDeviceNodes {
            logger.info("following input devices through \(feed.hub.hotplugSource) events")
            if devices.isEmpty { logger.notice("no touchscreen yet; waiting for one to be plugged in") }
        }
        notifier.notify("READY=1\nSTATUS=\(status)")
        if let interval = notifier.watchdogInterval { startWatchdog(every: interval / 2) }
    }

    /// A configuration reload: devices are let go and taken again with the new settings.
    public func reload(input: InputSettings) throws {
        notifier.notify("RELOADING=1\nSTATUS=reloading the configuration")
        try feed.replaceHub(with: InputHub(selection: input.selection, options: input.options, calibration: input.calibration))
        logger.info("configuration reloaded")
        notifier.notify("READY=1\nSTATUS=\(status)")
    }

    /// Ungrabs and closes the devices (touches down are cancelled) and gives the console back.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        notifier.notify("STOPPING=1\nSTATUS=stopping")
        watchdog?.cancel()
        feed.stop()
        MainLoop.stopWatchingCompletions(of: compositors)
        for surface in surfaces { surface.close() }
        logger.info("stopped")
    }

    public var status: String {
        let names = devices.keys.sorted().map { "\(devices[$0]!) (\($0))" }
        let input = names.isEmpty ? "no touchscreen" : "\(names.count) touchscreen\(names.count == 1 ? "" : "s"): " + names.joined(separator: ", ")
        let keys = keyboards.keys.sorted().map { "\(keyboards[$0]!) (\($0))" }
        let keyboardPart = keys.isEmpty ? "" : "; \(keys.count) keyboard\(keys.count == 1 ? "" : "s"): " + keys.joined(separator: ", ")
        return "\(input)\(keyboardPart); \(appName) on \(compositors.map(\.surface.summary).joined(separator: " and "))"
    }

    private func handle(_ note: InputHubNote) {
        switch note {
        case .opened(let devnode, let name, let calibrated, let output):
            devices[devnode] = name
            logger.info("\(devnode): '\(name)' opened\(calibrated ? ", calibrated" : "")\(output.map { "; on \($0)" } ?? "")")
        case .closed(let devnode, let name, let reason, let cancelled):
            devices[devnode] = nil
            let touches = cancelled == 0 ? "" : "; \(cancelled) touch\(cancelled == 1 ? "" : "es") cancelled"
            logger.notice("\(devnode): '\(name)' closed: \(reason)\(touches)")
        case .failed(let devnode, let reason):
            logger.error("\(devnode): \(reason)")
        case .warning(let message):
            logger.warning("\(message)")
        case .debug(let message):
            logger.debug("\(message)")
        case .resynced:
            break  // warned about through .warning, at most once a second
        case .openedKeyboard(let devnode, let name, let keymap, let scanner):
            keyboards[devnode] = name
            logger.info("\(devnode): '\(name)' opened as \(scanner ? "a barcode scanner, grabbed" : "a keyboard") (\(keymap))")
            notifier.notify("STATUS=\(status)")
        }
        if case .closed(let devnode, _, _, _) = note, keyboards.removeValue(forKey: devnode) != nil {
            notifier.notify("STATUS=\(status)")
            return
        }
        switch note {
        case .opened, .closed:
            onDevicesChanged?(devices.keys.sorted().map { devices[$0]! })
            notifier.notify("STATUS=\(status)")
        default: break
        }
    }

    private func displayFailed(_ error: Error) {
        logger.critical("the display failed: \(error)")
        stop()
        onDisplayLost?(error)
    }

    /// WATCHDOG=1 from the main queue: if the run loop hangs, systemd notices.
    private func startWatchdog(every seconds: Double) {
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + seconds, repeating: seconds, leeway: .milliseconds(Int(seconds * 100)))
        timer.setEventHandler { [notifier] in notifier.notify("WATCHDOG=1") }
        timer.resume()
        watchdog = timer
        logger.debug("feeding the systemd watchdog every \(seconds) s")
    }
}
