import ArgumentParser
import Bridge
import FoundationEssentials
import Glibc
import KernelInput

/// Every app's command line: `run` (the default), `replay`, `snapshot`, `calibrate`, `devices` and `displays`,
/// with `--version` and `--help`. `touchbridge` is one such app with more
/// subcommands of its own.
package enum CommandLineApp {
    /// The app this process hosts; set once, before the command line is parsed.
    package nonisolated(unsafe) static var current = HostedApp(
        name: executableName, version: touchBridgeVersion, summary: "", makeDelegate: { fatalError("no app") })
    nonisolated(unsafe) static var subcommands: [ParsableCommand.Type] = []
    nonisolated(unsafe) static var defaultSubcommand: ParsableCommand.Type?

    /// What every app's command line has.
    package static let standardSubcommands: [ParsableCommand.Type] = [
        AppRun.self, AppPreview.self, AppReplay.self, AppSnapshot.self, AppCalibrate.self, AppDevices.self, AppDisplays.self,
    ]

    package static var executableName: String {
        URL(fileURLWithPath: CommandLine.arguments.first ?? "app").lastPathComponent
    }

    /// Parses `arguments` and runs what they name; exits with the command's status.
    package static func main(
        _ app: HostedApp, arguments: [String],
        subcommands: [ParsableCommand.Type] = standardSubcommands,
        defaultSubcommand: ParsableCommand.Type? = AppRun.self
    ) -> Never {
        current = app
        Self.subcommands = subcommands
        Self.defaultSubcommand = defaultSubcommand
        AppCommand.main(arguments)
        exit(0)
    }
}

struct AppCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        let app = CommandLineApp.current
        return CommandConfiguration(
            commandName: app.commandName, abstract: app.summary, version: app.version,
            subcommands: CommandLineApp.subcommands, defaultSubcommand: CommandLineApp.defaultSubcommand)
    }
}

/// `APP run`: the app as a daemon on the display.
package struct AppRun: ParsableCommand {
    package static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "run", abstract: "The daemon: the app on the display, fed by every touchscreen, following hotplug.", discussion: RunOptions.discussion)
    }

    package init() {}

    @OptionGroup var options: RunOptions

    package func run() throws { try options.host(CommandLineApp.current) }
}

/// `APP preview`: `run` in a window on the desktop, to touch the app while writing it.
package struct AppPreview: ParsableCommand {
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "preview", abstract: "The app in a window on this desktop, the mouse as a finger: run --display window.",
            discussion: """
                The window is --screen's size in points (default: the configuration's, else 800x480), \
                or give --display window:WIDTHxHEIGHT. The mouse is a finger: press, drag and release are a \
                touch's phases. Hold Alt for a second finger mirrored about the window's centre (pinch, \
                rotate); Alt and Shift move the two together (a two-finger pan). A touchscreen on the \
                desktop gives its own fingers, and the keyboard's keys go to the app through its keymap. \
                Devices in /dev/input are not read. Needs SDL 2 (Debian's libsdl2-2.0-0) and an X11 \
                desktop (or XWayland on a Wayland one). --record FILE writes the window's touches as \
                an evemu recording.
                """)
    }

    package init() {}

    @OptionGroup var options: RunOptions

    package func validate() throws {
        if let display = options.daemon.display, display != "window", !display.hasPrefix("window:") {
            throw ValidationError("preview shows the app in a window: --display must be window or window:WIDTHxHEIGHT, not \(display) (use run for that)")
        }
    }

    package func run() throws {
        try options.host(CommandLineApp.current, display: options.daemon.display ?? "window")
    }
}

/// What every app's `run` takes; `touchbridge run` adds a fixture of its own.
package struct RunOptions: ParsableArguments {
    package static var discussion: String { """
        Touchscreens are found with udev (ID_INPUT_TOUCHSCREEN=1; by their capabilities when no \
        udevd runs) or named with --device, and followed as they come and go; a device unplugged \
        mid-touch has its touches cancelled. LIBINPUT_CALIBRATION_MATRIX is honoured. \
        Settings come from --config (default \(CommandLineApp.current.configurationPath), if it exists); options given here \
        override it. --display chooses the surface: fb:/dev/fbN (fbdev), drm:/dev/dri/cardN (KMS), \
        png:FILE (rewritten on every frame), memory, window[:WxH] (a window on a desktop; see \
        preview), wayland (full screen as a client of the compositor that owns the screen, such \
        as cage), or auto (the default: wayland when WAYLAND_DISPLAY is set, else /dev/fb0, else \
        /dev/dri/card0, else png:touchbridge-screen.png). \
        Under systemd (Type=notify) it sends READY=1, STATUS=, WATCHDOG=1 and STOPPING=1. \
        SIGTERM and SIGINT stop it with the console restored and the devices ungrabbed; SIGHUP \
        reloads the configuration's input settings.
        """ }

    package init() {}

    @OptionGroup package var daemon: DaemonOptions

    @Option(help: "Calibration matrix for every device, \"a b c d e f\" (default: udev's LIBINPUT_CALIBRATION_MATRIX).")
    var calibration: CalibrationArgument?

    @Option(help: "Stop after this many seconds.")
    var exitAfter: Double?

    @Flag(help: "Print a line for each frame as it is handed to the app: `frame DEVICE TOUCHES LATENCY-µs` (since the kernel's timestamp).")
    var traceFrames = false

    @Option(help: ArgumentHelp("In a desktop window: write its touches to this file as an evemu recording of a touchscreen the window's size, to replay or to test with.", valueName: "file"))
    var record: String?

    /// The configuration file under this command line; `display` over both.
    package func settings(display: String? = nil) throws -> Bridge.Configuration {
        var settings = try daemon.settings()
        if let calibration { settings.calibration = calibration.matrix }
        if let display { settings.display = display }
        return settings
    }

    /// Hosts `app` as the daemon (on `display`, when given); a bad configuration is one line and status 1.
    package func host(_ app: HostedApp, display: String? = nil) throws -> Never {
        let commandLine = self
        do {
            try AppHost.run(
                app, settings: try settings(display: display),
                controls: AppHost.RunControls(
                    exitAfter: exitAfter, traceFrames: traceFrames, recordTouches: record,
                    reload: { try commandLine.settings(display: display) }))
        } catch let error as ConfigurationError {
            printError("\(app.commandName): \(error)")
            throw ExitCode.failure
        } catch let error as Application.LaunchError {
            printError("\(app.commandName): \(app.name) did not launch: \(error)")
            throw ExitCode.failure
        }
    }
}

/// `APP replay`: the app's own screen driven by recordings on a virtual clock.
package struct AppReplay: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Drive the app with recordings (evemu, evtest, libinput record) on a virtual clock.",
        discussion: """
            The app is launched offscreen on a screen of --screen and each recorded frame is delivered \
            to it at its recorded moment; timers fire on the same clock, so a replay is the same every \
            time. Prints the touches (text, or --format jsonl: one JSON object per touch change, with \
            "view", the class of the view it went to); --trace prints instead each control event and \
            recognizer action as it is sent; --frames DIR writes a PNG after each frame that changed pixels.
            """)

    package init() {}

    @Argument(help: "Recordings to play, in order.")
    var files: [String]

    @OptionGroup var replay: AppReplayOptions

    package func run() throws {
        try replay.run(files, app: CommandLineApp.current)
    }
}

/// What replaying into an app takes (`touchbridge replay --scene demo` shares it).
package struct AppReplayOptions: ParsableArguments {
    package init() {}

    @Option(help: "Output: text (for people) or jsonl (one JSON object per touch change).")
    package var format: OutputFormat = .text

    @OptionGroup package var mapping: MappingOptions

    @Flag(help: "Print each control event and recognizer action the app sends, one per line, instead of the touches.")
    package var trace = false

    @Option(help: "Light or dark for the whole app.")
    package var appearance: UserInterfaceStyle = .light

    @Flag(help: "Play at the recorded pace instead of as fast as possible.")
    package var realtime = false

    @Option(help: "Write a PNG of the screen to this directory after each frame that changed pixels.")
    package var frames: String?

    @Flag(help: "With --frames: draw a marker with its touch id under each finger.")
    package var showTouches = false

    @Flag(help: "Let a text field's caret blink on the virtual clock (by default it stays lit, so an idle caret makes no frames).")
    package var blink = false

    package func validate() throws {
        if showTouches && frames == nil { throw ValidationError("--show-touches needs --frames") }
    }

    package func run(_ files: [String], app: HostedApp) throws {
        let recordings = try RecordingReader.load(files: files)
        try MainActor.assumeIsolated {
            let screen = Size(width: mapping.screen.width, height: mapping.screen.height)
            let (application, window) = try AppHost.launchForReplay(app, screen: screen, appearance: appearance)
            try play(recordings, into: application, window: window, header: "Replaying \(files.joined(separator: " ")) into \(app.name) on a \(mapping.screen) screen\n")
            application.terminate()
        }
    }

    /// Plays into a window and prints as the options say; `traceLines` gives a fixture's own trace.
    @MainActor
    package func play(
        _ recordings: [Recording], into application: Application, window: Window, header: String,
        traceLines: (() -> [String])? = nil
    ) throws {
        var output = BufferedOutput()
        if format == .text && !trace { output.write(header) }
        if trace && traceLines == nil { application.actionTrace = { output.write($0 + "\n") } }
        let (format, trace) = (format, trace)
        try AppHost.replay(
            recordings, into: application, window: window, options: try mapping.inputOptions(),
            frames: frames, showTouches: showTouches, realtime: realtime, blink: blink, warn: { printError($0) },
            onRecord: { record, view in
                guard !trace else { return }
                let line = format == .jsonl ? record.jsonLine(view: .some(view)) : ReplaySummary.textLine(record) + "  \(view ?? "-")"
                output.write(line + "\n")
            },
            onKey: { record in
                guard !trace else { return }
                output.write((format == .jsonl ? record.jsonLine : record.textLine) + "\n")
            })
        if trace, let traceLines { output.write(traceLines().map { $0 + "\n" }.joined()) }
        output.flush()
    }
}

package enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, jsonl
}

/// `APP snapshot`: the app's screen as a PNG, after launching or after recordings.
package struct AppSnapshot: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "snapshot", abstract: "Draw the app's screen, as it is after launching or after recordings, to a PNG file.",
        discussion: """
            With --after, the recordings are played into the app first, as `replay` plays them, and the \
            screen is drawn once its timers and animations have run out: the screen a recording leads to.
            """)

    package init() {}

    @OptionGroup var mapping: MappingOptions

    @Option(help: "The PNG file to write.")
    var out: String

    @Option(help: "Light or dark for the whole app.")
    var appearance: UserInterfaceStyle = .light

    @Option(help: ArgumentHelp("A recording to play before drawing (evemu, evtest, libinput record); give it again for more, played in order.", valueName: "recording"))
    var after: [String] = []

    package func run() throws {
        let recordings = try RecordingReader.load(files: after)
        let options = try mapping.inputOptions()
        let (screen, appearance, out) = (Size(width: mapping.screen.width, height: mapping.screen.height), appearance, out)
        try MainActor.assumeIsolated {
            try AppHost.snapshot(
                CommandLineApp.current, screen: screen, appearance: appearance, after: recordings, options: options, to: out,
                warn: { printError($0) })
        }
    }
}
