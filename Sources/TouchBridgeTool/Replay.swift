import ArgumentParser
import Bridge
import Foundation
import KernelInput
import Scenes
import TouchBridge

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Decode recordings (evemu, evtest, libinput record) into touches.",
        discussion: """
            With no FILE, replays a bundled real recording of two fingers scrolling. \
            A description file followed by an events file are read as one recording.
            --format jsonl prints one JSON object per touch that changed in a frame:
            {"time": 1357751031.716015, "touch": 0, "phase": "began", "x": 123.4, "y": 56.7, "tapCount": 1, ...}
            and, for a keyboard, one per key that went down or up, read through the XKB layout:
            {"time": 12.5, "key": "KEY_A", "phase": "began", "characters": "a", "device": 0}
            """)

    @Argument(help: "Recordings to replay, in order.")
    var files: [String] = []

    @OptionGroup var replay: AppReplayOptions

    @OptionGroup(title: "Playing into the kernel")
    var uinput: UinputOptions

    @Option(help: "Deliver the touches to the demo app (demo) or a test fixture: \(Scene.names.joined(separator: ", ")). --trace then prints a fixture's calls (Class.method), one per line, instead of the touches.")
    var scene: String?

    func validate() throws {
        if let scene, scene != "demo", !Scene.names.contains(scene) {
            throw ValidationError("no scene '\(scene)'; the scenes are \((Scene.names + ["demo"]).joined(separator: ", "))")
        }
        if replay.trace && scene == nil { throw ValidationError("--trace needs --scene") }
        if replay.frames != nil && scene == nil { throw ValidationError("--frames needs --scene") }
    }

    func run() throws {
        let paths = files.isEmpty ? [try bundledRecording()] : files
        let recordings = try RecordingReader.load(files: paths)
        if uinput.uinput { return try uinput.play(recordings) }
        if scene == "demo" { return try replay.run(paths, app: TouchBridgeCommand.demoApp) }
        if let scene { return try play(recordings, into: scene, paths: paths) }
        let (format, realtime, mapping) = (replay.format, replay.realtime, replay.mapping)
        let options = try mapping.inputOptions()
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
            },
            onKeys: { records in
                if realtime { pacer.wait(until: records[0].time) }
                for record in records {
                    summary.add(record)
                    output.write((format == .jsonl ? record.jsonLine : record.textLine) + "\n")
                }
                if realtime { output.flush() }
            })
        if format == .text { output.write(summary.report(for: recordings)) }
        output.flush()
    }

    /// Replays into a fixture; prints its trace, or the touches with the class of their view.
    private func play(_ recordings: [Recording], into name: String, paths: [String]) throws {
        try MainActor.assumeIsolated {
            let application = Application()
            application.userInterfaceStyle = replay.appearance
            let screen = Size(width: replay.mapping.screen.width, height: replay.mapping.screen.height)
            guard let scene = Scene.make(name, application: application, screen: screen) else { return }
            try replay.play(
                recordings, into: application, window: scene.window,
                header: "Replaying \(paths.joined(separator: " ")) into scene \(name) on a \(replay.mapping.screen) screen\n",
                traceLines: { scene.tracer.lines })
        }
    }

    private func bundledRecording() throws -> String {
        guard let path = BundledRecording.path, FileManager.default.fileExists(atPath: path) else {
            throw ValidationError("the bundled recording is missing from this build; give a FILE")
        }
        return path
    }
}
