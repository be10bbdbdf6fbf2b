import ArgumentParser
import Bridge
import Dispatch
import Display
import Foundation
import KernelInput
import Scenes
import TouchUI

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a scene on a display and keep it up to date.",
        discussion: """
            --display chooses the surface: fb:/dev/fbN (fbdev), drm:/dev/dri/cardN (KMS),
            png:FILE (rewritten on every frame) or memory. A panel gives its own size;
            png: and memory take --screen. SIGTERM and SIGINT stop it with the console restored.
            """)

    @Option(help: "fb:/dev/fbN, drm:/dev/dri/cardN, png:FILE or memory.")
    var display = "png:touchbridge-screen.png"

    @Option(help: "The scene to show: \(Scene.names.joined(separator: ", ")).")
    var scene = "gestures"

    @Option(help: "Screen size in pixels, WIDTHxHEIGHT (needed by png: and memory; a panel must hold it).")
    var screen: ScreenSize?

    @Option(help: "Rotation of the picture on the panel, clockwise: 0, 90, 180 or 270.")
    var rotate: Rotation = .none

    @Option(help: "Stop after this many seconds.")
    var exitAfter: Double?

    func validate() throws {
        guard Scene.names.contains(scene) else {
            throw ValidationError("no scene '\(scene)'; the scenes are \(Scene.names.joined(separator: ", "))")
        }
        _ = try DisplaySpec(parsing: display)
    }

    func run() throws {
        let spec = try DisplaySpec(parsing: display)
        let size = screen.map { (Int($0.width), Int($0.height)) } ?? (spec.hasOwnSize ? nil : (800, 480))
        let rotation = DisplayRotation(rawValue: rotate.rawValue) ?? .none
        let surface = try spec.openSurface(size: size, rotation: rotation)
        let exitAfter = exitAfter
        let scene = scene
        try MainActor.assumeIsolated {
            let application = Application()
            application.runLoop = TouchUI.RunLoop(clock: .monotonic)
            let screenSize = Size(width: Double(surface.width), height: Double(surface.height))
            guard let built = Scene.make(scene, application: application, screen: screenSize) else { return }
            let compositor: Compositor
            do {
                compositor = try Compositor(window: built.window, surface: surface, runLoop: application.runLoop)
            } catch {
                surface.close()
                throw error
            }
            compositor.onError = { error in
                printError("\(error)")
                surface.close()
                Foundation.exit(1)
            }
            try compositor.presentNow()
            printError("touchbridge: showing \(scene) on \(surface.summary)")
            Shutdown.install(surface: surface)
            if let exitAfter {
                DispatchQueue.main.asyncAfter(deadline: .now() + exitAfter) {
                    surface.close()
                    Foundation.exit(0)
                }
            }
            // Keep the compositor alive for as long as the process runs.
            Shutdown.keepAlive = [compositor, built.window, application]
        }
        dispatchMain()
    }
}

extension DisplaySpec {
    /// Panels know their size; files and memory are told it.
    var hasOwnSize: Bool {
        switch self {
        case .framebuffer, .drm: true
        case .png, .memory: false
        }
    }
}

/// SIGTERM and SIGINT end the process cleanly: the console is put back in
/// text mode and the display released.
@MainActor
enum Shutdown {
    static var sources: [DispatchSourceSignal] = []
    static var keepAlive: [AnyObject] = []

    static func install(surface: any DisplaySurface) {
        for signalNumber in [SIGTERM, SIGINT] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            source.setEventHandler {
                MainActor.assumeIsolated {
                    surface.close()
                    Foundation.exit(0)
                }
            }
            source.resume()
            sources.append(source)
        }
    }
}
