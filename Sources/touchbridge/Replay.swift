import ArgumentParser
import Bridge
import Display
import Foundation
import KernelInput
import Scenes
import TouchUI

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Decode recordings (evemu, evtest, libinput record) into touches.",
        discussion: """
            With no FILE, replays a bundled real recording of two fingers scrolling.
            A description file followed by an events file are read as one recording.
            --format jsonl prints one JSON object per touch that changed in a frame:
            {"time": 1357751031.716015, "touch": 0, "phase": "began", "x": 123.4, "y": 56.7, "tapCount": 1, ...}
            """)

    @Argument(help: "Recordings to replay, in order.")
    var files: [String] = []

    @Option(help: "Output: text (for people) or jsonl (one JSON object per touch change).")
    var format: OutputFormat = .text

    @OptionGroup var mapping: MappingOptions

    @OptionGroup(title: "Playing into the kernel")
    var uinput: UinputOptions

    @Option(help: "Deliver the touches to a built-in scene of spec §8: \(Scene.names.joined(separator: ", ")).")
    var scene: String?

    @Flag(help: "With --scene: print the scene's calls (Class.method), one per line, instead of the touches.")
    var trace = false

    @Flag(help: "Play at the recorded pace instead of as fast as possible.")
    var realtime = false

    @Option(help: "With --scene: write a PNG of the screen to this directory after each frame that changed pixels.")
    var frames: String?

    @Flag(help: "With --frames: draw a marker with its touch id under each finger.")
    var showTouches = false

    func validate() throws {
        if let scene, !Scene.names.contains(scene) {
            throw ValidationError("no scene '\(scene)'; the scenes are \(Scene.names.joined(separator: ", "))")
        }
        if trace && scene == nil { throw ValidationError("--trace needs --scene") }
        if frames != nil && scene == nil { throw ValidationError("--frames needs --scene") }
        if showTouches && frames == nil { throw ValidationError("--show-touches needs --frames") }
    }

    func run() throws {
        let paths = files.isEmpty ? [try bundledRecording()] : files
        let recordings = try RecordingReader.load(files: paths)
        if uinput.uinput { return try uinput.play(recordings) }
        if let scene { return try replay(recordings, into: scene, paths: paths) }
        let options = mapping.replayOptions()
        var summary = ReplaySummary()
        var output = BufferedOutput()
        var pacer = ReplayPacer()
        if format == .text {
            output.write("Replaying \(paths.joined(separator: " ")) on a \(mapping.screen) screen\n")
        }
        try TouchReplay(options: options).run(
            recordings, warn: { printError($0) },
            onFrame: { records in
                if realtime { pacer.wait(until: records[0].time) }
                for record in records {
                    summary.add(record)
                    output.write((format == .jsonl ? record.jsonLine : ReplaySummary.textLine(record)) + "\n")
                }
                if realtime { output.flush() }
            })
        if format == .text { output.write(summary.report(for: recordings)) }
        output.flush()
    }

    /// Replays into a scene; prints its trace, or the touches with the class of their view.
    private func replay(_ recordings: [Recording], into name: String, paths: [String]) throws {
        let options = mapping.replayOptions()
        let format = format
        let trace = trace
        let realtime = realtime
        try MainActor.assumeIsolated {
            let application = Application()
            let screen = Size(width: mapping.screen.width, height: mapping.screen.height)
            guard let scene = Scene.make(name, application: application, screen: screen) else { return }
            var output = BufferedOutput()
            if format == .text && !trace {
                output.write("Replaying \(paths.joined(separator: " ")) into scene \(name) on a \(mapping.screen) screen\n")
            }
            let replay = SceneReplay(application: application, window: scene.window)
            replay.realtime = realtime
            let pictures = try frames.map { try FrameWriter(directory: $0, window: scene.window, runLoop: application.runLoop, showTouches: showTouches) }
            try replay.run(
                recordings, options: options, warn: { printError($0) },
                onRecord: { record, view in
                    guard !trace else { return }
                    let line = format == .jsonl ? record.jsonLine(view: .some(view)) : ReplaySummary.textLine(record) + "  \(view ?? "-")"
                    output.write(line + "\n")
                },
                onFrame: { records in try pictures?.frameDelivered(records) })
            try pictures?.finish()
            if trace { output.write(scene.tracer.lines.map { $0 + "\n" }.joined()) }
            output.flush()
        }
    }

    private func bundledRecording() throws -> String {
        guard let path = BundledRecording.path, FileManager.default.fileExists(atPath: path) else {
            throw ValidationError("the bundled recording is missing from this build; give a FILE")
        }
        return path
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, jsonl
}
