import ArgumentParser

@main
struct TouchBridgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchbridge",
        abstract: "Bridge Linux touchscreens to a UIKit-style event model.",
        subcommands: [Replay.self, Run.self, Demo.self, Devices.self, Calibrate.self, Snapshot.self, Describe.self, Convert.self, Watch.self, Record.self])
}
