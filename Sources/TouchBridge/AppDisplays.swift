import ArgumentParser
import Display
import FoundationEssentials

/// `APP displays`: the DRM cards and their connectors, with the names
/// `--output` and `output =` take, for every app.
package struct AppDisplays: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "displays",
        abstract: "List the DRM cards and their connectors (the names --output takes), and the framebuffers; say when a compositor holds the screen.")

    package init() {}

    package func run() throws {
        let cards = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? [])
            .filter { $0.hasPrefix("card") }.sorted()
        let framebuffers = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? [])
            .filter { $0.hasPrefix("fb") && $0.dropFirst(2).allSatisfy(\.isNumber) }.sorted()
        if cards.isEmpty && framebuffers.isEmpty { print("No displays (/dev/dri/card* or /dev/fb*): is a display driver loaded?") }
        let app = CommandLineApp.current.commandName
        for owner in ScreenOwner.running() {
            print(
                "\(owner.name) (pid \(owner.pid)) holds the screen: run the app as its client, `\(app) run --display wayland` "
                    + "(auto does when WAYLAND_DISPLAY is set), or stop \(owner.name) to drive the panel directly.")
        }
        for card in cards {
            let path = "/dev/dri/" + card
            print("drm:\(path)")
            do {
                for connector in try ConnectorSummary.list(card: path) { print("  " + connector.line) }
            } catch {
                print("  cannot be read: \(error)")
            }
        }
        for framebuffer in framebuffers { print("fb:/dev/\(framebuffer)") }
    }
}
