import Desktop
import Dispatch
import Display
import Glibc
import KernelInput
import Logging
import TouchUI

/// One run of an app as the daemon (`AppHost.run`), a job a method: the
/// app launched on the surfaces, the daemon that feeds it, the screen's
/// power and a desktop window's session beside it, a reload, the end.
@MainActor
final class LiveRun {
    let app: HostedApp
    let controls: AppHost.RunControls
    let logger: Logger
    let surfaces: [any DisplaySurface]
    let application: Application
    let window: Window
    let daemon: Daemon
    let screenPower: ScreenPower?
    let desktop: DesktopSession?
    /// `[remote] vnc`: the screen served to a support desk's viewer.
    private(set) var remote: RemoteSession?
    /// The settings the process started with: what a reload cannot change.
    let started: Configuration
    /// The main screen's size at the start, which input maps onto until the next start.
    let screen: Size
    /// The settings the app last took, which a reload changes from.
    private var applied: Configuration
    /// `[metrics]`: the figures, and the timer that writes them.
    private var metrics: HostMetrics?
    private var metricsTimer: (any DispatchSourceTimer)?
    private var lastMetricsError: String?

    /// Launches the app and makes what feeds it; on a throw, what was opened is closed.
    init(_ app: HostedApp, settings: Configuration, controls: AppHost.RunControls, surfaces: [any DisplaySurface], logger: Logger) throws {
        (self.app, self.controls, self.logger, self.surfaces, started, applied) = (app, controls, logger, surfaces, settings, settings)
        let closeAll = { for surface in surfaces { surface.close() } }
        application = Self.makeApplication(settings: settings, surfaces: surfaces)
        screen = Screen.main.bounds.size
        do {
            window = try application.launch(app.makeDelegate(), mode: .live)
        } catch {
            logger.critical("\(app.name) did not launch: \(error)")
            closeAll()
            throw error
        }
        do {
            // The main screen shows the window launched; another shows the window the app put on it, if any.
            let windows = Screen.screens.indices.map { [application, window] in $0 == 0 ? window : application.window(on: Screen.screens[$0]) }
            daemon = try Daemon(
                application: application, surfaces: surfaces, windows: windows,
                input: Self.input(settings, surfaces: surfaces, screen: screen), appName: app.name, logger: logger)
        } catch {
            closeAll()
            throw error
        }
        screenPower = settings.screenPower.map { [daemon, application] power in
            ScreenPower(
                settings: power, compositors: daemon.compositors, surfaces: daemon.surfaces, application: application,
                backlight: Backlight(), logger: logger)
        }
        desktop = (surfaces.first as? DesktopWindow).map { [daemon] in
            DesktopSession(window: $0, daemon: daemon, warn: { logger.warning("\($0)") })
        }
        if settings.remote.vnc {
            do {
                remote = try RemoteSession(daemon: daemon, settings: settings.remote, keymap: settings.keymap, screen: screen, logger: logger)
            } catch {
                // The kiosk goes on without it: a support tool is no reason to leave a screen dark.
                logger.error("no VNC: \(error)")
            }
        }
        connectApplication()
        do {
            try recordTouches()
        } catch {
            daemon.stop()
            throw error
        }
    }

    private static func makeApplication(settings: Configuration, surfaces: [any DisplaySurface]) -> Application {
        let application = Application()
        Application.shared = application
        application.timeline = MainLoop.timeline
        Screen.screens = surfaces.map(Screen.init(showing:))
        settings.apply(to: application)
        return application
    }

    /// The input settings for the screens shown: the devices' outputs checked against them.
    private static func input(_ settings: Configuration, surfaces: [any DisplaySurface], screen: Size) throws -> InputSettings {
        try settings.checkDeviceOutputs(shownOn: surfaces)
        var input = settings.input(screen: screen)
        input.options.outputs = surfaces.count > 1 ? surfaces.map(OutputTarget.init(showing:)) : []
        // In a desktop window, the window's input is the app's; the desktop's devices are not.
        if surfaces.first is DesktopWindow { input.selection.readsDeviceNodes = false }
        return input
    }

    /// What the daemon hears that the app's delegate, the trace and the screen's power are told.
    private func connectApplication() {
        let application = application
        daemon.onDevicesChanged = { names in application.delegate?.application(application, didChangeInputDevices: names) }
        daemon.onScan = { line, scanner in application.delegate?.application(application, didScan: line, from: scanner) }
        if controls.traceFrames { FrameTrace.attach(to: daemon.feed) }
        daemon.onDisplayLost = { [screenPower] _ in
            screenPower?.restoreForExit()
            application.terminate()
            exit(1)
        }
        if let settings = started.metrics {
            let metrics = HostMetrics(app: app)
            metrics.notUse = [RemoteSession.touchscreenName]
            daemon.feed.onRead = { [daemon] items in metrics.count(items, from: daemon.feed.hub) }
            self.metrics = metrics
            logger.info("writing metrics to \(settings.textfile) every \(ConfigurationValue.number(settings.interval)) s")
        }
        if let screenPower {
            daemon.feed.admit = { screenPower.admit($0) }
            daemon.onKeys = { _ in screenPower.keysPressed() }
        }
        desktop?.onClose = { [unowned self] in stop() }
    }

    /// `--record`: a desktop window's touches, as an evemu recording.
    private func recordTouches() throws {
        guard let path = controls.recordTouches else { return }
        guard let desktop else {
            throw DisplayError(
                device: daemon.surface.summary,
                problem: "--record records a desktop window's touches, and this display is none (use preview or --display window)")
        }
        try desktop.record(to: path)
    }

    /// Signals, devices, the desktop's events and `exitAfter`: from here the app runs.
    func start() throws {
        Signals.install(logger: logger, stop: { [unowned self] in stop() }) { [unowned self] in try reload() }
        do {
            try daemon.start()
            try desktop?.start()
            try remote?.start()
        } catch {
            daemon.stop()
            throw error
        }
        startWritingMetrics()
        if let exitAfter = controls.exitAfter {
            DispatchQueue.main.asyncAfter(deadline: .now() + exitAfter) { [self] in
                MainActor.assumeIsolated { stop() }
            }
        }
    }

    /// SIGHUP: the configuration read again. What only a start can change
    /// is said and kept; the input and what the app takes change now.
    func reload() throws {
        var reloaded = try controls.reload()
        try reloaded.checkApp(isNamed: app.name)
        if reloaded.displayKeys != started.displayKeys {
            logger.notice("display changes take effect at the next start")
            reloaded.displayKeys = started.displayKeys
        }
        if reloaded.logLevel != started.logLevel {
            logger.notice("log-level changes take effect at the next start")
        }
        if reloaded.metrics != started.metrics {
            logger.notice("metrics changes take effect at the next start")
        }
        if reloaded.screenPower != started.screenPower {
            logger.notice("idle-timeout, dim-after and wake-touch changes take effect at the next start")
        }
        try daemon.reload(input: Self.input(reloaded, surfaces: surfaces, screen: screen))
        desktop?.attachDevices()
        remote?.attachDevices()
        if reloaded.remote != started.remote {
            logger.notice("[remote] changes take effect at the next start")
        }
        reloaded.apply(to: application, changedFrom: applied)
        applied = reloaded
    }

    /// Every `interval` seconds, on the main queue: the display's figures
    /// taken and the file written. A failure is logged once, until it changes
    /// or the file is written again; the app goes on either way.
    private func startWritingMetrics() {
        guard let metrics, let settings = started.metrics else { return }
        let file = MetricsTextfile(path: settings.textfile)
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now(), repeating: settings.interval, leeway: .milliseconds(Int(settings.interval * 100)))
        timer.setEventHandler { [unowned self] in
            MainActor.assumeIsolated { writeMetrics(metrics, to: file) }
        }
        timer.resume()
        metricsTimer = timer
    }

    private func writeMetrics(_ metrics: HostMetrics, to file: MetricsTextfile) {
        metrics.sample(compositors: daemon.compositors, screenIsOn: surfaces[0].isPoweredOn)
        do throws(MetricsFileError) {
            try file.write(metrics.text())
            if lastMetricsError != nil { logger.notice("metrics written to \(file.path) again") }
            lastMetricsError = nil
        } catch {
            if lastMetricsError != error.description { logger.error("metrics: \(error)") }
            lastMetricsError = error.description
        }
    }

    /// Ends the process as SIGTERM does.
    func stop() { end(0) }

    /// The screen back on, the app told, the devices and display let go, the process ended.
    func end(_ status: Int32) -> Never {
        screenPower?.restoreForExit()
        application.terminate()
        desktop?.stop()
        remote?.stop()
        daemon.stop()
        metricsTimer?.cancel()
        if let metrics, let settings = started.metrics { writeMetrics(metrics, to: MetricsTextfile(path: settings.textfile)) }  // the last figures
        exit(status)
    }
}
