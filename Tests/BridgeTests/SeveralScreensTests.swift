import Bridge
import Display
import KernelInput
import Logging
import Testing
import TouchUI

/// Two displays: which output each touchscreen is on, and touches reaching
/// the window on their own screen.
@MainActor
struct SeveralScreensTests {
    /// A panel of `width` x `height` mm: 1000 units a side at the resolution that makes it so.
    func device(_ name: String, millimetres: (Int, Int)?) throws -> DeviceDescription {
        let resolution = millimetres.map { (1000 / $0.0, 1000 / $0.1) } ?? (0, 0)
        let text = """
            N: \(name)
            I: 0018 0000 0000 0000
            P: 02 00 00 00 00 00 00 00
            B: 00 0b 00 00 00 00 00 00 00
            A: 2f 0 3 0 0 0
            A: 35 0 999 0 0 \(resolution.0)
            A: 36 0 999 0 0 \(resolution.1)
            A: 39 0 65535 0 0 0

            """
        return try #require(try EvemuReader.read(Array(text.utf8), file: "test.evemu").device)
    }

    let outputs = [
        OutputTarget(name: "HDMI-A-1", width: 1280, height: 800, widthMillimetres: 250, heightMillimetres: 125),
        OutputTarget(name: "DSI-1", width: 800, height: 480, widthMillimetres: 100, heightMillimetres: 50),
    ]

    @Test func theConfigurationComesFirstThenUdevThenTheSize() throws {
        let small = try device("Small panel", millimetres: (100, 50))
        let udev = ["TOUCHBRIDGE_OUTPUT": "HDMI-A-1"]
        let configured = OutputTarget.choose(for: small, configured: ("front", "HDMI-A-1"), properties: [:], among: outputs)
        #expect(configured.index == 0 && configured.reason == "as [input.device.front] says")
        let byUdev = OutputTarget.choose(for: small, configured: nil, properties: udev, among: outputs)
        #expect(byUdev.index == 0 && byUdev.reason == "as its udev property TOUCHBRIDGE_OUTPUT says")
        let byWeston = OutputTarget.choose(for: small, configured: nil, properties: ["WL_OUTPUT": "DSI-1"], among: outputs)
        #expect(byWeston.index == 1 && byWeston.reason == "as its udev property WL_OUTPUT says")
        let bySize = OutputTarget.choose(for: small, configured: nil, properties: [:], among: outputs)
        #expect(bySize.index == 1 && bySize.reason == "its 100x50 mm match the panel's 100x50 mm")
    }

    @Test func aNameThatIsNoOutputIsPassedOverAndSaidSo() throws {
        let small = try device("Small panel", millimetres: (100, 50))
        let choice = OutputTarget.choose(
            for: small, configured: nil, properties: ["TOUCHBRIDGE_OUTPUT": "HDMI-A-9"], among: outputs)
        #expect(choice.index == 1)
        #expect(choice.reason == "its 100x50 mm match the panel's 100x50 mm; its udev property TOUCHBRIDGE_OUTPUT names HDMI-A-9, which is not one of HDMI-A-1, DSI-1")
    }

    @Test func aPanelMountedTurnedStillMatches() throws {
        let turned = try device("Portrait panel", millimetres: (125, 250))
        #expect(OutputTarget.choose(for: turned, configured: nil, properties: [:], among: outputs).index == 0)
        // Within 12 % a side: EDIDs give whole centimetres.
        let near = try device("Near", millimetres: (111, 55))
        #expect(OutputTarget.choose(for: near, configured: nil, properties: [:], among: outputs).index == 1)
    }

    @Test func noSizeOrNoSingleMatchMeansTheFirstOutput() throws {
        let unsized = try device("Unsized", millimetres: nil)
        let choice = OutputTarget.choose(for: unsized, configured: nil, properties: [:], among: outputs)
        #expect(choice.index == 0 && choice.reason == "the first output: no output is named for it and it does not say its size")
        let twins = [outputs[1], OutputTarget(name: "DSI-2", width: 800, height: 480, widthMillimetres: 100, heightMillimetres: 50)]
        let small = try device("Small panel", millimetres: (100, 50))
        let ambiguous = OutputTarget.choose(for: small, configured: nil, properties: [:], among: twins)
        #expect(ambiguous.index == 0 && ambiguous.reason.hasSuffix("its size matches no single panel"))
        // A display that does not say its size matches nothing.
        let unknown = [OutputTarget(name: "Virtual-1", width: 1280, height: 800), outputs[1]]
        #expect(OutputTarget.choose(for: small, configured: nil, properties: [:], among: unknown).index == 1)
    }

    @Test func aDeviceSectionNamesItsOutput() throws {
        let settings = try Bridge.Configuration(
            file: ConfigurationFile(
                path: "/etc/touchbridge/touchbridge.conf",
                text: "[input.device.front]\nname-contains = \"eGalax\"\noutput = \"DSI-1\"\n"))
        var options = settings.inputOptions(screen: Size(width: 1280, height: 800))
        options.outputs = outputs
        #expect(options.configuredOutput(for: "eGalax Inc. USB TouchController")! == ("front", "DSI-1"))
        #expect(options.configuredOutput(for: "ILITEK") == nil)
        #expect(throws: ConfigurationError.self) {
            try Bridge.Configuration(
                file: ConfigurationFile(path: "/etc/touchbridge/touchbridge.conf", text: "[input.device.front]\nname-contains = \"x\"\noutput = \"\"\n"))
        }
    }

    final class Recorder: View {
        var began: [Point] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
            began += touches.map { $0.location(in: nil) }
        }
    }

    func record(_ touch: Int, _ phase: ContactPhase, x: Double, screen: Int) -> TouchRecord {
        TouchRecord(time: EventTime(microseconds: 1000), touch: touch, phase: phase, x: x, y: 20, tapCount: 1, screen: screen)
    }

    @Test func touchesReachTheWindowOnTheirScreen() throws {
        let app = Application()
        let screens = [Screen(bounds: Rect(x: 0, y: 0, width: 300, height: 200), name: "A"), Screen(bounds: Rect(x: 0, y: 0, width: 100, height: 50), name: "B")]
        let main = Window(frame: screens[0].bounds, application: app)
        main.screen = screens[0]
        main.makeKeyAndVisible()
        let other = Window(frame: screens[1].bounds, application: app)
        other.screen = screens[1]
        let onMain = Recorder(frame: main.bounds), onOther = Recorder(frame: other.bounds)
        main.addSubview(onMain)
        other.addSubview(onOther)
        #expect(app.window(on: screens[0]) === main && app.window(on: screens[1]) === other)
        other.isHidden = true
        #expect(app.window(on: screens[1]) == nil)
        other.isHidden = false

        let dispatcher = TouchDispatcher(application: app)
        dispatcher.screenWindows = [main, other]
        dispatcher.dispatch([record(0, .began, x: 40, screen: 1), record(1, .began, x: 250, screen: 0)])
        #expect(onOther.began == [Point(x: 40, y: 20)])
        #expect(onMain.began == [Point(x: 250, y: 20)])
        // A screen the app put no window on: its touches go nowhere, not to the key window.
        dispatcher.screenWindows = [main, nil]
        #expect(dispatcher.dispatch([record(2, .began, x: 10, screen: 1)]) == nil)
        #expect(onMain.began.count == 1)
    }

    @Test func theDaemonComposesEachScreenAndChecksTheOutputsNamed() throws {
        let app = Application()
        app.timeline = VirtualTimeline()
        let surfaces = [MemorySurface(width: 300, height: 200), MemorySurface(width: 100, height: 50)]
        Screen.screens = [Screen(bounds: Rect(x: 0, y: 0, width: 300, height: 200)), Screen(bounds: Rect(x: 0, y: 0, width: 100, height: 50))]
        defer { Screen.main = Screen(bounds: Rect(x: 0, y: 0, width: 800, height: 480)) }
        let main = Window(frame: Screen.screens[0].bounds, application: app)
        main.backgroundColor = .red
        main.makeKeyAndVisible()
        let other = Window(frame: Screen.screens[1].bounds, application: app)
        other.screen = Screen.screens[1]
        other.backgroundColor = .blue
        let settings = Bridge.Configuration()
        let daemon = try Daemon(
            application: app, surfaces: surfaces, windows: [main, other], input: settings.input(screen: Size(width: 300, height: 200)),
            appName: "test", logger: Logger(label: "test"))
        #expect(daemon.compositors.count == 2)
        for compositor in daemon.compositors { try compositor.presentNow() }
        // XRGB8888 in memory: blue, green, red, unused.
        func bgr(_ surface: MemorySurface) -> [UInt8] { Array(surface.bytes[(10 * surface.stride + 40)..<(10 * surface.stride + 43)]) }
        #expect(bgr(surfaces[0]) == [0, 0, 255])
        #expect(bgr(surfaces[1]) == [255, 0, 0])
        #expect(daemon.feed.dispatcher.screenWindows.count == 2)

        let named = try Bridge.Configuration(
            file: ConfigurationFile(path: "/etc/touchbridge/touchbridge.conf", text: "[input.device.front]\nname-contains = \"x\"\noutput = \"HDMI-A-1\"\n"))
        #expect(throws: DisplayError(device: "[input.device.front] output", problem: "no output named HDMI-A-1; the display, memory 300x200 XRGB8888, has no outputs to choose from")) {
            try named.checkDeviceOutputs(shownOn: [surfaces[0]])
        }
    }
}
