import ArgumentParser
import Bridge
import Scenes
import TouchBridge

/// Every app's `run`, hosting the demo; or, for the end-to-end tests, a fixture.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The daemon: the demo app on the display, fed by every touchscreen, following hotplug.",
        discussion: RunOptions.discussion)

    @OptionGroup var options: RunOptions

    @Option(
        name: [.customLong("fixture"), .customLong("scene")],
        help: "Show a test fixture instead of the demo: \(Scene.names.joined(separator: ", ")) (--scene is the older name).")
    var fixture: String?

    func validate() throws {
        if let fixture, fixture != "demo", !Scene.names.contains(fixture) {
            throw ValidationError("no fixture '\(fixture)'; the fixtures are \(Scene.names.joined(separator: ", "))")
        }
    }

    func run() throws {
        var app = TouchBridgeCommand.demoApp
        if let fixture, fixture != "demo" {
            app.makeDelegate = { FixtureDelegate(fixture) }
        }
        try options.host(app)
    }
}

/// A fixture hosted as if it were an app.
final class FixtureDelegate: ApplicationDelegate {
    var window: Window?
    private var scene: Scene?
    private let name: String

    init() { name = "E1" }
    init(_ name: String) { self.name = name }

    func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool {
        scene = Scene.make(name, application: application, screen: Screen.main.bounds.size)
        window = scene?.window
        return scene != nil
    }
}
