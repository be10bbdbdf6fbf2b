import Bridge
import TouchBridgeDemo
import TouchBridge

/// touchbridge is an app like any other built on TouchBridge: the demo,
/// with the tools for touchscreens and recordings beside its run, replay
/// and snapshot.
@main
enum TouchBridgeCommand {
    static let demoApp = HostedApp(
        name: "demo", version: touchBridgeVersion, summary: "Bridge Linux touchscreens to a UIKit-style event model.",
        commandName: "touchbridge", makeDelegate: { DemoAppDelegate() })

    @MainActor
    static func main() {
        CommandLineApp.main(
            demoApp, arguments: Array(CommandLine.arguments.dropFirst()),
            subcommands: [
                Replay.self, Run.self, AppPreview.self, Demo.self, AppDevices.self, AppDisplays.self, AppCalibrate.self, Snapshot.self, Describe.self, Convert.self,
                Watch.self, Record.self,
            ],
            defaultSubcommand: nil)
    }
}
