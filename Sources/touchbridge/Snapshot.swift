import ArgumentParser
import Bridge
import Display
import Scenes
import TouchUI

struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a built-in scene to a PNG file.",
        discussion: "The experiments of spec §8 are laid out on a 375x667 screen; the screen must be at least that large.")

    @Option(help: "The scene: \(Scene.names.joined(separator: ", ")).")
    var scene: String

    @Option(help: "Screen size in pixels, WIDTHxHEIGHT.")
    var screen = ScreenSize(width: Scene.screen.width, height: Scene.screen.height)

    @Option(help: "The PNG file to write.")
    var out: String

    func validate() throws {
        guard Scene.names.contains(scene) else {
            throw ValidationError("no scene '\(scene)'; the scenes are \(Scene.names.joined(separator: ", "))")
        }
    }

    func run() throws {
        try MainActor.assumeIsolated {
            let application = Application()
            let size = Size(width: screen.width, height: screen.height)
            guard let built = Scene.make(scene, application: application, screen: size) else { return }
            let surface = PNGSurface(path: out, width: Int(screen.width), height: Int(screen.height))
            try Compositor(window: built.window, surface: surface, runLoop: application.runLoop).presentNow()
        }
    }
}
