import Bridge
import Desktop
import Glibc
import KernelInput
import Testing

/// The figures a fleet scrapes, counted from a hub reading real recordings
/// through pipes, and the file node_exporter reads them from.
@MainActor @Suite struct HostMetricsTests {
    let app = HostedApp(name: "cafe-kiosk", version: "1.2.3", summary: "") { fatalError("not launched") }
    let touchNode = InputNode(
        devnode: "/dev/input/event5", name: "EP0430M09", properties: ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"])
    let keyboardNode = InputNode(
        devnode: "/dev/input/event6", name: "Lenovo ThinkPad Compact USB Keyboard with TrackPoint",
        properties: ["ID_INPUT": "1", "ID_INPUT_KEY": "1", "ID_INPUT_KEYBOARD": "1"])

    /// The samples in Prometheus' text: "name{labels}" to value.
    func samples(_ metrics: HostMetrics) -> [String: Double] {
        var found: [String: Double] = [:]
        for line in String(decoding: metrics.text(), as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                Issue.record("not a sample: \(line)")
                continue
            }
            found[String(line[..<space])] = value
        }
        return found
    }

    @Test func touchesFramesKeysDevicesAndLatencyAreCountedAsTheHubReadsThem() throws {
        let touches = try #require(RecordingReader.load(files: [Fixtures.path("evemu-ep0430m09-touchscreen-2finger-scroll.txt")]).first)
        let keys = try #require(RecordingReader.load(files: [Fixtures.path("evemu-lenovo-thinkpad-compact-keyboard-ctrl-c.txt")]).first)
        var replayed: [[TouchRecord]] = []
        try TouchReplay(options: InputOptions(screenWidth: 800, screenHeight: 480)).run([touches], warn: { _ in }, onFrame: { replayed.append($0) })

        let devices = try PipeBackend([touchNode: touches.device!, keyboardNode: keys.device!])
        let (poller, nodes) = (devices.poller, devices.nodes)
        let hub = InputHub(selection: DeviceSelection(), options: InputOptions(screenWidth: 800, screenHeight: 480), backend: devices.backend)
        // Every frame is read 3 ms after the kernel stamped the recording's last event.
        let clock = touches.events.last!.time.seconds + 0.003
        let metrics = HostMetrics(app: app, now: { clock })
        hub.onOutput = { metrics.count($0, from: hub) }
        try hub.start()
        #expect(samples(metrics)["touchbridge_devices{kind=\"touchscreen\"}"] == 1)
        #expect(samples(metrics)["touchbridge_devices{kind=\"keyboard\"}"] == 1)
        #expect(samples(metrics)["touchbridge_touches_total{device=\"EP0430M09\"}"] == 0)  // there before the first touch

        try #require(devices.pipes[touchNode.devnode]).write(touches.events[...], draining: poller)
        try #require(devices.pipes[keyboardNode.devnode]).write(keys.events[...], draining: poller)
        while poller.callReadyHandlers() {}
        nodes.unplug(keyboardNode.devnode)

        let figures = samples(metrics)
        let began = replayed.joined().count { $0.phase == .began }
        #expect(began > 1)
        #expect(figures["touchbridge_touches_total{device=\"EP0430M09\"}"] == Double(began))
        #expect(figures["touchbridge_frames_total{device=\"EP0430M09\"}"] == Double(replayed.count))
        #expect(figures["touchbridge_key_presses_total{device=\"\(keyboardNode.name)\"}"] == 2)  // Ctrl, C
        #expect(figures["touchbridge_devices{kind=\"keyboard\"}"] == 0)
        #expect(figures["touchbridge_app_info{app=\"cafe-kiosk\",version=\"1.2.3\"}"] == 1)
        // Each frame is later than 3 ms (stamped before the last event), the last one 3 ms late.
        #expect(figures["touchbridge_input_latency_seconds_count"] == Double(replayed.count))
        #expect(figures["touchbridge_input_latency_seconds_bucket{le=\"0.002\"}"] == 0)
        #expect(figures["touchbridge_input_latency_seconds_bucket{le=\"0.004\"}"]! >= 1)
        #expect(figures["touchbridge_input_latency_seconds_bucket{le=\"+Inf\"}"] == Double(replayed.count))
        hub.stop()
    }

    /// Each SYN_DROPPED a live touchscreen reports is one resync, under its name.
    @Test func overflowsAreCountedAsResyncs() throws {
        let touches = try #require(RecordingReader.load(files: [Fixtures.path("evemu-ep0430m09-touchscreen-1finger-drag.txt")]).first)
        let poller = try InputPoller(queue: nil)
        var pipe: PipeDevice?
        let backend = InputHub.Backend(poller: { poller }, nodes: { TestNodes([touchNode]) }) { _, _ in
            pipe = try PipeDevice(touches.device!)
            return pipe!
        }
        let hub = InputHub(selection: DeviceSelection(), options: InputOptions(), backend: backend)
        let metrics = HostMetrics(app: app)
        hub.onOutput = { metrics.count($0, from: hub) }
        try hub.start()
        var events = Array(touches.events.prefix(40))
        let dropped = InputEvent(time: events[10].time, type: EventType.syn, code: SynCode.dropped, value: 0)
        events.insert(dropped, at: 10)
        events.insert(dropped, at: 30)
        try #require(pipe).write(events[...], draining: poller)
        while poller.callReadyHandlers() {}
        #expect(samples(metrics)["touchbridge_resyncs_total{device=\"EP0430M09\"}"] == 2)
        hub.stop()
    }

    @Test func theScreenAndTheLastTouchAreSampled() {
        var clock = 100.0
        let metrics = HostMetrics(app: app, now: { clock })
        clock = 130
        metrics.sample(compositors: [], screenIsOn: false)
        #expect(samples(metrics)["touchbridge_screen_on"] == 0)
        #expect(samples(metrics)["touchbridge_last_touch_age_seconds"] == 30)  // since the start: no touch yet
        #expect(samples(metrics)["touchbridge_presents_total"] == 0)
    }

    /// A device the host makes up (a VNC viewer's) is no panel: "no touchscreen" stays true.
    @Test func madeUpDevicesAreVirtual() throws {
        let devices = try PipeBackend([:])
        let hub = InputHub(selection: DeviceSelection(), options: InputOptions(screenWidth: 800, screenHeight: 480), backend: devices.backend)
        let metrics = HostMetrics(app: app)
        hub.onOutput = { metrics.count($0, from: hub) }
        try hub.start()
        var clock = 10.0
        let later = HostMetrics(app: app, now: { clock })
        later.notUse = ["vnc"]
        hub.onOutput = { metrics.count($0, from: hub); later.count($0, from: hub) }
        var viewer = WindowTouches(width: 800, height: 480)
        hub.openVirtualTouchscreen(viewer.device, as: "vnc")
        hub.openVirtualKeyboard(named: "TouchBridge VNC keyboard", as: "vnc keyboard")
        #expect(samples(metrics)["touchbridge_devices{kind=\"virtual\"}"] == 2)
        #expect(samples(metrics)["touchbridge_devices{kind=\"touchscreen\"}"] == 0)
        #expect(samples(metrics)["touchbridge_devices{kind=\"keyboard\"}"] == 0)
        // A support desk's click is counted, and is not the kiosk being used.
        clock = 70
        hub.feedVirtual([(viewer.mouseDown(x: 10, y: 10, modifiers: [], time: EventTime(microseconds: 70_000_000)), "vnc")])
        later.sample(compositors: [], screenIsOn: true)
        #expect(samples(later)["touchbridge_touches_total{device=\"TouchBridge window\"}"] == 1)
        #expect(samples(later)["touchbridge_last_touch_age_seconds"] == 60)
        hub.stop()
        #expect(samples(metrics)["touchbridge_devices{kind=\"virtual\"}"] == 0)
    }

    @Test func theFileIsReplacedWholeAndAFailureNamesItAndKeepsTheOldOne() throws {
        let directory = String(cString: mkdtemp(strdup("/tmp/metrics-XXXXXX")))
        let file = MetricsTextfile(path: directory + "/touchbridge.prom")
        defer {
            unlink(file.path)
            rmdir(file.path + ".tmp")
            rmdir(directory)
        }
        try file.write(Array("a 1\n".utf8))
        try file.write(Array("b 2\n".utf8))
        #expect(try String(decoding: RecordingReader.readBytes(file.path), as: UTF8.self) == "b 2\n")
        #expect(access(file.path + ".tmp", F_OK) != 0)  // nothing left beside it

        // A directory where the temporary file would go: the write fails, the old file stays.
        mkdir(file.path + ".tmp", 0o755)
        #expect(throws: MetricsFileError(path: file.path + ".tmp", operation: "cannot create", errno: .isDirectory)) {
            try file.write(Array("c 3\n".utf8))
        }
        #expect(try String(decoding: RecordingReader.readBytes(file.path), as: UTF8.self) == "b 2\n")
        #expect(
            "\(MetricsFileError(path: "/nonexistent/x.prom.tmp", operation: "cannot create", errno: .noSuchFileOrDirectory))"
                == "/nonexistent/x.prom.tmp: cannot create: No such file or directory")
    }
}
