import ArgumentParser
import Bridge
import Display
import KernelInput
import Scenes
import TouchBridge

/// Every app's `snapshot` for the demo, and the test fixtures' pictures.
struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render the demo app or a test fixture to a PNG file.",
        discussion: "The experiments of docs/event-delivery.md are laid out on a 375x667 screen; the screen must be at least that large.")

    @Option(help: "The demo app (demo, the default) or a test fixture: \(Scene.names.joined(separator: ", ")).")
    var scene = "demo"

    @Option(help: "Screen size in pixels, WIDTHxHEIGHT (default: 375x667 for the fixtures, 800x480 for the demo).")
    var screen: ScreenSize?

    @Option(help: "The PNG file to write.")
    var out: String

    @Option(help: ArgumentHelp("A recording to play before drawing; give it again for more, played in order.", valueName: "recording"))
    var after: [String] = []

    func validate() throws {
        guard scene == "demo" || Scene.names.contains(scene) else {
            throw ValidationError("no scene '\(scene)'; the scenes are \((Scene.names + ["demo"]).joined(separator: ", "))")
        }
    }

    func run() throws {
        let screen = screen ?? (scene == "demo" ? ScreenSize(width: 800, height: 480) : ScreenSize(width: Scene.screen.width, height: Scene.screen.height))
        let size = Size(width: screen.width, height: screen.height)
        let (scene, out) = (scene, out)
        let recordings = try RecordingReader.load(files: after)
        try MainActor.assumeIsolated {
            if scene == "demo" {
                return try AppHost.snapshot(TouchBridgeCommand.demoApp, screen: size, after: recordings, to: out, warn: { printError($0) })
            }
            let application = Application()
            guard let built = Scene.make(scene, application: application, screen: size) else { return }
            try AppHost.snapshot(built.window, of: application, screen: size, after: recordings, to: out, warn: { printError($0) })
        }
    }
}
