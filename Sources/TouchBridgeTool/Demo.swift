import ArgumentParser
import Bridge
import Foundation
import KernelInput
import TouchBridgeDemo
import TouchBridge

/// The demo app with no touchscreen and no panel: real recordings are
/// played into it at their own timing on a virtual clock, and every frame
/// that changed pixels is written as a picture.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play real recordings into the demo app offscreen and write the screen as PNGs.",
        discussion: """
            With no FILE, plays the bundled recordings: a press on the Blue button, a two-finger \
            scroll (a stroke on the canvas, the photo dragged) and nine quick taps. Pictures go to \
            --out as frame-NNNNNN.png (see replay --frames); the last screen is also screen.png. \
            `touchbridge run` hosts the same app on a real panel with live touchscreens.
            """)

    @Argument(help: "Recordings to play one after another (evemu, evtest or libinput record).")
    var files: [String] = []

    @Option(help: "Directory for the pictures.")
    var out = "touchbridge-demo"

    @Option(help: "Screen size in pixels, WIDTHxHEIGHT.")
    var screen = ScreenSize(width: 800, height: 480)

    func run() throws {
        let paths = try files.isEmpty ? BundledRecording.demoNames.map(bundled) : files
        let recordings = try RecordingReader.load(files: paths)
        let options = InputOptions(screenWidth: screen.width, screenHeight: screen.height)
        let (out, screen) = (out, screen)
        try MainActor.assumeIsolated {
            let size = Size(width: screen.width, height: screen.height)
            let (application, window) = try AppHost.launchForReplay(TouchBridgeCommand.demoApp, screen: size)
            guard let delegate = application.delegate as? DemoAppDelegate, let demo = delegate.demo else { return }
            delegate.application(application, didChangeInputDevices: recordings.compactMap { $0.device?.name }.uniqued())
            var touches = 0
            let pictures = try AppHost.replay(
                recordings, into: application, window: window, options: options, frames: out, warn: { printError($0) },
                onRecord: { record, _ in if record.phase == .began { touches += 1 } })
            let last = URL(fileURLWithPath: out).appendingPathComponent("screen.png").path
            try pictures?.writeScreen(to: last)
            print("Played \(paths.count) recording(s) into the demo app on a \(screen) screen: \(touches) touches.")
            print("Wrote \(pictures?.written.count ?? 0) pictures to \(out)/ (frame-NNNNNN.png); the last screen is \(last).")
            if let button = demo.lastButton { print("Last button tapped: \(button); canvas strokes: \(demo.canvas.strokeCount).") }
            application.terminate()
        }
    }

    private func bundled(_ name: String) throws -> String {
        guard let path = BundledRecording.path(of: name), FileManager.default.fileExists(atPath: path) else {
            throw ValidationError("the bundled recording \(name) is missing from this build; give a FILE")
        }
        return path
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
