import ArgumentParser
import Bridge
import Testing
@testable import TouchBridge

/// Every app's command line, as an app built on TouchBridge gets it.
@MainActor
struct CommandLineAppTests {
    init() {
        CommandLineApp.current = HostedApp(
            name: "hello-kiosk", version: "1.2.3", summary: "Hello, kiosk.", makeDelegate: { fatalError("not launched here") })
        CommandLineApp.subcommands = CommandLineApp.standardSubcommands
        CommandLineApp.defaultSubcommand = AppRun.self
    }

    @Test func everyAppHasTheSameCommands() {
        let names = AppCommand.configuration.subcommands.map { $0.configuration.commandName }
        #expect(names == ["run", "replay", "snapshot", "calibrate", "devices", "displays"])
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

    @Test func calibrateParsesAsEveryAppsOwn() throws {
        let parsed = try AppCommand.parseAsRoot(["calibrate", "--replay", "taps.evemu", "--timeout", "5"])
        #expect(parsed is AppCalibrate)
    }
}
