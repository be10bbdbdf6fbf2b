import Desktop
import Dispatch
import Display
import Glibc
import KernelInput
import Logging
import TouchUI

/// Runs an app the three ways an app binary can: as the daemon on a
/// display fed by live devices, driven by recordings offscreen, or drawn
/// once to a picture. Every app gets the same host; its command only
/// parses options.
@MainActor
public enum AppHost {
    /// What `run` does beyond its settings.
    public struct RunControls: Sendable {
        /// Stop after this many seconds.
        public var exitAfter: Double?
        /// Print `frame DEVICE TOUCHES LATENCY-µs` as each frame is handed to the app.
        public var traceFrames = false
        /// The settings again, for SIGHUP: the file re-read under the same command line.
        public var reload: @MainActor @Sendable () throws -> Configuration
        /// In a desktop window: write its touches to this file, as an evemu recording.
        public var recordTouches: String?

        public init(
            exitAfter: Double? = nil, traceFrames: Bool = false, recordTouches: String? = nil,
            reload: @escaping @MainActor @Sendable () throws -> Configuration
        ) {
            self.exitAfter = exitAfter
            self.traceFrames = traceFrames
            self.recordTouches = recordTouches
            self.reload = reload
        }
    }

    /// The daemon: the app on the display the settings name, fed by every
    /// touchscreen they select, following hotplug, under systemd's
    /// supervision. Returns only by throwing, before READY=1; otherwise the
    /// process ends here (a signal, `exitAfter`, a lost display).
    public nonisolated static func run(_ app: HostedApp, settings: Configuration, controls: RunControls) throws -> Never {
        try settings.checkApp(isNamed: app.name)
        let logger = settings.startLogging(label: app.commandName)
        settings.awaitDisplay(notifier: SystemdNotifier(), logger: logger)
        let surfaces = try settings.openSurfaces(title: app.name)
        try MainActor.assumeIsolated {
            let run = try LiveRun(app, settings: settings, controls: controls, surfaces: surfaces, logger: logger)
            try run.start()
            keepAlive.append(run)
        }
        MainLoop.run()
    }

    /// Objects the process needs until it exits.
    private static var keepAlive: [AnyObject] = []

    /// Launches the app on `timeline`, virtual, as a replay or a test does.
    public static func launchForReplay(
        _ app: HostedApp, screen: Size, appearance: UserInterfaceStyle = .light, mode: Application.LaunchMode = .replay,
        timeline: VirtualTimeline = VirtualTimeline()
    ) throws -> (Application, Window) {
        let application = Application()
        Application.shared = application
        application.timeline = timeline
        application.userInterfaceStyle = appearance
        Screen.main = Screen(bounds: Rect(origin: .zero, size: screen))
        let window = try application.launch(app.makeDelegate(), mode: mode)
        return (application, window)
    }

    /// Plays recordings into a launched app (or a fixture's window) on its
    /// virtual clock; with `frames`, a PNG after each frame that changed
    /// pixels, by the FrameWriter returned. The caret blinks only with
    /// `blink`: otherwise an idle caret would add a picture every half second.
    @discardableResult
    public static func replay(
        _ recordings: [Recording], into application: Application, window: Window, options: InputOptions,
        frames: String? = nil, showTouches: Bool = false, realtime: Bool = false, blink: Bool = false, warn: (String) -> Void,
        onRecord: (TouchRecord, String?) -> Void = { _, _ in }, onKey: (KeyRecord) -> Void = { _ in }
    ) throws -> FrameWriter? {
        let needed = PixelRect(enclosing: window.frame)
        guard Double(needed.maxX) <= options.geometry.screenWidth.rounded(.up), Double(needed.maxY) <= options.geometry.screenHeight.rounded(.up) else {
            throw ScreenTooSmall(
                screen: "\(Int(options.geometry.screenWidth))x\(Int(options.geometry.screenHeight))", needed: "\(needed.maxX)x\(needed.maxY)")
        }
        // An app launched for replay is on a virtual clock already; timers it set while launching stay on it.
        let clock = application.timeline as? VirtualTimeline ?? VirtualTimeline()
        application.caretBlinks = blink
        if let rows = try? Keymap(options.keymap).letterRows { application.keyboardLetterRows = rows }
        let replay = SceneReplay(application: application, window: window, timeline: clock)
        replay.realtime = realtime
        let pictures = try frames.map { try FrameWriter(directory: $0, window: window, timeline: clock, showTouches: showTouches) }
        try replay.run(
            recordings, options: options, warn: warn, onRecord: onRecord, onKey: onKey,
            onFrame: { records in try pictures?.frameDelivered(records) })
        try pictures?.finish()
        return pictures
    }

    /// Draws the app once into a PNG file: as it is after launching or, with
    /// recordings, as they leave it once its timers and animations have run
    /// out (`SceneReplay.drainLimit`).
    public static func snapshot(
        _ app: HostedApp, screen: Size, appearance: UserInterfaceStyle = .light, after recordings: [Recording] = [],
        options: InputOptions? = nil, to path: String, warn: (String) -> Void = { _ in }
    ) throws {
        let (application, window) = try launchForReplay(
            app, screen: screen, appearance: appearance, mode: recordings.isEmpty ? .snapshot : .replay)
        defer { application.terminate() }
        try snapshot(window, of: application, screen: screen, after: recordings, options: options, to: path, warn: warn)
    }

    /// Draws a launched app's (or a fixture's) window into a PNG file the size
    /// of the screen, after the recordings have played into it.
    public static func snapshot(
        _ window: Window, of application: Application, screen: Size, after recordings: [Recording] = [],
        options: InputOptions? = nil, to path: String, warn: (String) -> Void = { _ in }
    ) throws {
        if !recordings.isEmpty {
            let options = options ?? InputOptions(screenWidth: screen.width, screenHeight: screen.height)
            try replay(recordings, into: application, window: window, options: options, warn: warn)
        }
        let surface = PNGSurface(path: path, width: Int(screen.width), height: Int(screen.height))
        try Compositor(window: window, surface: surface).presentNow()
    }
}

/// A window larger than the screen it is replayed on: its touches would land elsewhere.
public struct ScreenTooSmall: Error, CustomStringConvertible {
    public let screen: String
    public let needed: String
    public var description: String {
        "the screen is \(screen), smaller than the \(needed) the window needs; give --screen \(needed) or larger"
    }
}

/// SIGTERM and SIGINT stop the daemon cleanly (console restored, devices
/// ungrabbed); SIGHUP reloads the configuration's input settings, keeping
/// the old ones when the file is wrong.
@MainActor
public enum Signals {
    private static var sources: [DispatchSourceSignal] = []

    public static func install(logger: Logger, stop: @escaping @MainActor () -> Void, reload: (@MainActor () throws -> Void)? = nil) {
        for signalNumber in [SIGTERM, SIGINT, SIGHUP] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            source.setEventHandler {
                MainActor.assumeIsolated {
                    if signalNumber == SIGHUP {
                        do {
                            try reload?()
                        } catch {
                            logger.error("configuration not reloaded, the old one stays: \(error)")
                        }
                        return
                    }
                    logger.info("\(signalNumber == SIGTERM ? "SIGTERM" : "SIGINT"): stopping")
                    stop()
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
            writeAll(lines, to: STDOUT_FILENO)
        }
    }
}
