import ArgumentParser
import Bridge
import Foundation
import Graphics
import Testing
@testable import TouchBridge

/// Every app's command line, as an app built on TouchBridge gets it.
/// One at a time: each sets the process's one current app.
@MainActor
@Suite(.serialized)
struct CommandLineAppTests {
    init() {
        CommandLineApp.current = HostedApp(
            name: "hello-kiosk", version: "1.2.3", summary: "Hello, kiosk.", makeDelegate: { fatalError("not launched here") })
        CommandLineApp.subcommands = CommandLineApp.standardSubcommands
        CommandLineApp.defaultSubcommand = AppRun.self
    }

    @Test func everyAppHasTheSameCommands() {
        let names = AppCommand.configuration.subcommands.map { $0.configuration.commandName }
        #expect(names == ["run", "preview", "replay", "snapshot", "calibrate", "devices", "displays"])
        #expect(AppCommand.configuration.defaultSubcommand == AppRun.self)
        #expect(AppCommand.configuration.version == "1.2.3")
        #expect(AppCommand.configuration.abstract == "Hello, kiosk.")
    }

    @Test func theHelpNamesTheAppsOwnConfiguration() {
        #expect(AppRun.helpMessage(columns: 200).contains("default /etc/hello-kiosk/hello-kiosk.conf, if it exists"))
        #expect(AppCalibrate.helpMessage(columns: 200).contains("--write-config"))
        // Its devices command reads the app's configuration, as its run does (the rule and the configuration name it).
        #expect(AppDevices.helpMessage(columns: 200).contains("default /etc/hello-kiosk/hello-kiosk.conf, if it exists"))
    }

    @Test func previewTakesOnlyAWindow() throws {
        _ = try AppCommand.parseAsRoot(["preview", "--display", "window:640x480"])
        _ = try AppCommand.parseAsRoot(["preview"])
        let error = #expect(throws: (any Error).self) { try AppCommand.parseAsRoot(["preview", "--display", "fb:/dev/fb0"]) }
        #expect(error.map { AppCommand.message(for: $0) }?.contains("--display must be window or window:WIDTHxHEIGHT, not fb:/dev/fb0") == true)
    }

    @Test func calibrateParsesAsEveryAppsOwn() throws {
        let parsed = try AppCommand.parseAsRoot(["calibrate", "--replay", "taps.evemu", "--timeout", "5"])
        #expect(parsed is AppCalibrate)
    }

    @Test func snapshotDrawsTheScreenARecordingLeadsTo() throws {
        CommandLineApp.current = HostedApp(name: "tapper", version: "1", summary: "A screen that turns green when tapped.", makeDelegate: { TapperDelegate() })
        let tap = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/scenes/tap-120-220.evemu").path
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tapper-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }

        var command = try AppCommand.parseAsRoot(["snapshot", "--screen", "375x667", "--out", out])
        try command.run()
        #expect(try Bitmap.readPNG(at: out).pixel(x: 10, y: 10) == PixelColor(red: 255, green: 255, blue: 255))

        command = try AppCommand.parseAsRoot(["snapshot", "--screen", "375x667", "--after", tap, "--out", out])
        #expect((command as? AppSnapshot)?.after == [tap])
        try command.run()
        #expect(try Bitmap.readPNG(at: out).pixel(x: 10, y: 10) == PixelColor(red: 0, green: 255, blue: 0))
    }
}

/// A window that turns green on the first tap, through a fade (so the
/// snapshot must wait for the animation to end).
@MainActor
private final class TapperDelegate: Responder, ApplicationDelegate {
    var window: Window?

    func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool {
        let window = Window(frame: Screen.main.bounds, application: application)
        window.backgroundColor = .white
        let tap = TapGestureRecognizer(action: { recognizer in
            View.animate(withDuration: 0.5) { recognizer.view?.backgroundColor = .green }
        })
        window.addGestureRecognizer(tap)
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
