import Foundation
import Testing

/// What every app's command line answers, through touchbridge (itself such an app).
struct AppCommandTests {
    @Test func versionIsOneLine() throws {
        let result = try touchbridge("--version")
        #expect(result.status == 0)
        #expect(result.lines.count == 1 && result.lines[0].split(separator: ".").count == 3)
    }

    /// A configuration naming another app stops `run` at once, before READY=1, naming file, line and key.
    @Test func anUnknownAppInTheConfigurationIsAnErrorAtOnce() throws {
        let config = temporaryPath("unknown-app.conf")
        try "display = \"memory\"\nscreen = \"320x240\"\n\napp = \"mykiosk\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: config) }
        let started = Date()
        let result = try touchbridge("run", "--config", config, "--exit-after", "20")
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(config):4: key 'app': no app 'mykiosk' in this program; it hosts 'demo'"))
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func theAppKeyNamingThisAppRunsIt() throws {
        let config = temporaryPath("known-app.conf")
        try "display = \"memory\"\nscreen = \"320x240\"\nscene = \"demo\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: config) }
        let result = try touchbridge("run", "--config", config, "--exit-after", "0.5")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("showing demo on memory 320x240"))
    }

    /// `run --scene` is the older name of `--fixture`; `demo` names the app itself.
    @Test func runStillTakesTheOlderSceneOption() throws {
        let fixture = try touchbridge("run", "--display", "memory", "--screen", "400x700", "--scene", "E1", "--exit-after", "0.3")
        #expect(fixture.status == 0, "\(fixture.stderr)")
        #expect(fixture.stderr.contains("showing demo on memory 400x700"))
        let demo = try touchbridge("run", "--display", "memory", "--screen", "320x240", "--scene", "demo", "--exit-after", "0.3")
        #expect(demo.status == 0, "\(demo.stderr)")
        let unknown = try touchbridge("run", "--display", "memory", "--screen", "320x240", "--fixture", "E99")
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("no fixture 'E99'"))
    }

    /// The daemon with a fixed-size fixture on a smaller screen: one clear line, status 1, before READY.
    @Test func runRefusesAScreenTooSmallForItsFixture() throws {
        let result = try touchbridge("run", "--display", "memory", "--screen", "320x240", "--fixture", "E1", "--exit-after", "20")
        #expect(result.status == 1)
        #expect(result.stderr.contains("the screen is 320x240, smaller than the 375x667 the scene needs"))
        #expect(!result.stderr.contains("showing"))
    }

    /// A fixed-size fixture on a smaller screen would get its touches elsewhere: refused.
    @Test func aScreenTooSmallForTheSceneIsAnError() throws {
        let recording = Fixtures.directory.deletingLastPathComponent().appendingPathComponent("scenes/tap-140-260.evemu").path
        let result = try touchbridge("replay", recording, "--scene", "E2", "--trace", "--screen", "375x600")
        #expect(result.status == 1)
        #expect(result.stderr.contains("the screen is 375x600, smaller than the 375x667 the window needs"))
        #expect(result.stdout.isEmpty)
    }

    /// replay --scene demo --trace: the app's control events and recognizer actions.
    @Test func replayTracesTheAppsActions() throws {
        // The bundled press on the Blue button (Atmel maXTouch), then a two-finger scroll.
        let recordings = ["evemu-atmel-maxtouch-touchscreen-1finger-drag.txt", "evemu-ep0430m09-touchscreen-2finger-scroll.txt"].map(Fixtures.path)
        let result = try touchbridge(["replay"] + recordings + ["--scene", "demo", "--trace"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.first == "Button \"Blue\" touchDown")
        #expect(result.lines.contains("Button \"Blue\" touchUpInside"))
        #expect(result.lines.contains("PanGestureRecognizer began on PhotoView"))
        #expect(result.lines.allSatisfy { $0.contains("Recognizer ") || $0.hasPrefix("Button ") })
    }
}
