import Bridge
import Glibc
import KernelInput
import SystemPackage
import Testing
import TouchUI

/// A device read through a pipe: what a test writes is what evdev's read()
/// gives, `struct input_event` after `struct input_event` (on a 64-bit
/// machine: seconds and microseconds as 64-bit integers, type, code,
/// value). Closing the write end is unplugging it.
final class PipeDevice: InputSource {
    let description: DeviceDescription
    let readEnd: FileDescriptor
    private(set) var writeEnd: FileDescriptor?
    private var pending: [UInt8] = []

    init(_ description: DeviceDescription) throws {
        self.description = description
        (readEnd, writeEnd) = try FileDescriptor.pipe()
        for end in [readEnd, writeEnd!] { _ = fcntl(end.rawValue, F_SETFL, O_NONBLOCK) }
    }

    var descriptor: FileDescriptor { readEnd }

    deinit {
        try? readEnd.close()
        try? writeEnd?.close()
    }

    static let eventSize = 24

    /// Writes `events`, running `poller` whenever the pipe is full.
    func write(_ events: ArraySlice<InputEvent>, draining poller: InputPoller) {
        var bytes: [UInt8] = []
        for event in events {
            withUnsafeBytes(of: event.time.wholeSeconds.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: (event.time.microseconds % 1_000_000).littleEndian) { bytes += $0 }
            withUnsafeBytes(of: event.type.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: event.code.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: event.value.littleEndian) { bytes += $0 }
        }
        var written = 0
        while written < bytes.count {
            do {
                written += try bytes[written...].withUnsafeBytes { try writeEnd!.write($0) }
            } catch {
                poller.callReadyHandlers()  // full (EAGAIN): let the hub read
            }
        }
    }

    func unplug() {
        try? writeEnd?.close()
        writeEnd = nil
    }

    func readAvailable() -> InputDeviceUpdate {
        var buffer = [UInt8](repeating: 0, count: 4096)
        guard let count = try? buffer.withUnsafeMutableBytes({ try readEnd.read(into: $0) }) else { return .events([]) }
        if count == 0 { return .removed(.noSuchDevice) }
        pending += buffer[..<count]
        var events: [InputEvent] = []
        while pending.count >= Self.eventSize {
            let event = pending.prefix(Self.eventSize).withUnsafeBytes { raw in
                InputEvent(
                    time: EventTime(
                        seconds: Int64(littleEndian: raw.loadUnaligned(as: Int64.self)),
                        microseconds: Int64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: Int64.self))),
                    type: UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt16.self)),
                    code: UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 18, as: UInt16.self)),
                    value: Int32(littleEndian: raw.loadUnaligned(fromByteOffset: 20, as: Int32.self)))
            }
            events.append(event)
            pending.removeFirst(Self.eventSize)
        }
        return .events(events)
    }
}


/// A hub's backend whose nodes are `nodes` and whose devices are pipes,
/// each described as `descriptions` says, all on one poller the test runs.
final class PipeBackend {
    let poller: InputPoller
    let nodes: TestNodes
    private(set) var pipes: [String: PipeDevice] = [:]

    init(_ descriptions: [InputNode: DeviceDescription]) throws {
        poller = try InputPoller(queue: nil)
        nodes = TestNodes(descriptions.keys.sorted { $0.devnode < $1.devnode })
        self.descriptions = Dictionary(uniqueKeysWithValues: descriptions.map { ($0.key.devnode, $0.value) })
    }

    private let descriptions: [String: DeviceDescription]

    var backend: InputHub.Backend {
        InputHub.Backend(poller: { [poller] in poller }, nodes: { [nodes] in nodes }) { [unowned self] devnode, _ in
            let pipe = try PipeDevice(try #require(descriptions[devnode]))
            pipes[devnode] = pipe
            return pipe
        }
    }
}

/// Nodes a test plugs and unplugs, as udev would announce them.
final class TestNodes: InputNodeSource {
    let source = "test"
    var present: [InputNode]
    private var handler: ((InputNodeChange) -> Void)?

    init(_ present: [InputNode]) { self.present = present }

    func enumerate() -> [InputNode] { present }
    func start(with poller: InputPoller, rank: Int, handler: @escaping (InputNodeChange) -> Void) throws { self.handler = handler }
    func stop() { handler = nil }
    func plug(_ node: InputNode) { handler?(.added(node)) }
    func unplug(_ devnode: String) { handler?(.removed(devnode: devnode)) }
}

/// The hub on its own poller, with real recordings' events written into
/// pipes standing in for evdev nodes: what it opens, reads, hands on and
/// cancels, with no kernel device.
@MainActor @Suite struct InputHubTests {
    let touchNode = InputNode(
        devnode: "/dev/input/event5", name: "EP0430M09", properties: ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"])
    let keyboardNode = InputNode(
        devnode: "/dev/input/event6", name: "Lenovo ThinkPad Compact USB Keyboard with TrackPoint",
        properties: ["ID_INPUT": "1", "ID_INPUT_KEY": "1", "ID_INPUT_KEYBOARD": "1"])

    func load(_ name: String) throws -> Recording {
        try #require(RecordingReader.load(files: [Fixtures.path(name)]).first)
    }

    /// The recording up to (and with) its `frames`-th SYN_REPORT.
    func cut(_ recording: Recording, frames: Int) -> Recording {
        var cut = recording
        var seen = 0
        let end = recording.events.firstIndex { event in
            if event.type == EventType.syn && event.code == SynCode.report { seen += 1 }
            return seen == frames
        }!
        cut.events = Array(recording.events[...end])
        return cut
    }

    @Test func devicesAreReadFromTheirDescriptorsAsAReplayReadsThemAndCancelledWhenUnplugged() throws {
        let touches = cut(try load("evemu-ep0430m09-touchscreen-2finger-scroll.txt"), frames: 40)
        let keys = try load("evemu-lenovo-thinkpad-compact-keyboard-ctrl-c.txt")
        let options = InputOptions(screenWidth: 800, screenHeight: 480)
        // What a replay of the same events makes: the hub must make the same.
        var replayed: [[TouchRecord]] = [], replayedKeys: [KeyRecord] = []
        try TouchReplay(options: options).run([touches], warn: { _ in }, onFrame: { replayed.append($0) })
        try TouchReplay(options: options).run([keys], warn: { _ in }, onFrame: { _ in }, onKeys: { replayedKeys += $0 })
        #expect(replayed.last?.contains { $0.phase == .cancelled } == true)  // cut with fingers down

        let devices = try PipeBackend([touchNode: touches.device!, keyboardNode: keys.device!])
        let (poller, nodes) = (devices.poller, devices.nodes)
        let hub = InputHub(selection: DeviceSelection(), options: options, backend: devices.backend)
        var outputs: [InputHubOutput] = []
        hub.onOutput = { outputs += $0 }
        try hub.start()
        #expect(outputs.count == 2)
        guard case .note(.opened(touchNode.devnode, _, false, nil)) = outputs.first,
            case .note(.openedKeyboard(keyboardNode.devnode, _, _, false)) = outputs.last
        else {
            Issue.record("want the touchscreen and the keyboard opened: \(outputs)")
            return
        }
        outputs.removeAll()

        let touchscreen = try #require(devices.pipes[touchNode.devnode]), keyboard = try #require(devices.pipes[keyboardNode.devnode])
        touchscreen.write(touches.events[...], draining: poller)
        keyboard.write(keys.events[...], draining: poller)
        while poller.callReadyHandlers() {}
        touchscreen.unplug()
        while poller.callReadyHandlers() {}

        let frames = outputs.compactMap { if case .frame(let records) = $0 { records } else { nil } }
        #expect(frames == replayed)
        let closed = outputs.compactMap { if case .note(.closed(let devnode, _, let reason, let cancelled)) = $0 { (devnode, reason, cancelled) } else { nil } }
        #expect(closed.count == 1 && closed.first?.0 == touchNode.devnode && closed.first?.1 == "the device was removed")
        #expect(closed.first?.2 == replayed.last?.count { $0.phase == .cancelled })

        // Unplugged by udev's word, the keyboard goes too, its keys still down
        // (Ctrl and C) cancelled, as the replay's end cancelled them.
        nodes.unplug(keyboardNode.devnode)
        #expect(outputs.contains { if case .note(.closed(keyboardNode.devnode, _, "the device was removed", 0)) = $0 { true } else { false } })
        let typed = outputs.flatMap { output -> [KeyRecord] in if case .keys(let records) = output { records } else { [] } }
        #expect(typed.map { [$0.code, $0.phase.rawValue, $0.characters] as [AnyHashable] }
            == replayedKeys.map { [$0.code, $0.phase.rawValue, $0.characters] as [AnyHashable] })
        #expect(!typed.isEmpty && typed.allSatisfy { $0.device == 1 })
        // Plugged again, it is read again.
        nodes.plug(keyboardNode)
        #expect(outputs.contains { if case .note(.openedKeyboard(keyboardNode.devnode, _, _, _)) = $0 { true } else { false } })
        hub.stop()
    }

    /// A node that cannot be opened is a note naming it; the others go on.
    @Test func aNodeThatCannotBeOpenedIsNotedAndTheRestAreRead() throws {
        let poller = try InputPoller(queue: nil)
        let nodes = TestNodes([touchNode, keyboardNode])
        let keys = try load("evemu-lenovo-thinkpad-compact-keyboard-ctrl-c.txt")
        let backend = InputHub.Backend(poller: { poller }, nodes: { nodes }) { devnode, _ in
            guard devnode == keyboardNode.devnode else { throw DeviceError(devnode, .cannotOpen(.permissionDenied)) }
            return try PipeDevice(keys.device!)
        }
        let hub = InputHub(selection: DeviceSelection(), options: InputOptions(), backend: backend)
        var outputs: [InputHubOutput] = []
        hub.onOutput = { outputs += $0 }
        try hub.start()
        #expect(outputs.first == .note(.failed(devnode: touchNode.devnode, reason: "cannot open: Permission denied")))
        #expect(outputs.count == 2)
        hub.stop()
    }

    /// A keyboard with a quirk of its own is opened once, as a keyboard
    /// (not grabbed), and its quirk applies there: udev's keyboards have no
    /// position a quirk could make a touchscreen of.
    @Test func aKeyboardsQuirkAppliesWhereItIsOpenedOnce() throws {
        let poller = try InputPoller(queue: nil)
        let keys = try load("evemu-lenovo-thinkpad-compact-keyboard-ctrl-c.txt")
        var opens: [Bool] = []
        var pipe: PipeDevice?
        let backend = InputHub.Backend(poller: { poller }, nodes: { TestNodes([keyboardNode]) }) { _, grab in
            opens.append(grab)
            pipe = try PipeDevice(keys.device!)
            return pipe!
        }
        var options = InputOptions()
        options.quirks.quirks += try DeviceQuirks(parsing: "[No C]\nMatchName=*Lenovo*\nAttrEventCode=-KEY_C\n", path: "no-c.quirks").quirks
        let hub = InputHub(selection: DeviceSelection(grab: true), options: options, backend: backend)
        var outputs: [InputHubOutput] = []
        hub.onOutput = { outputs += $0 }
        try hub.start()
        #expect(opens == [false])
        pipe?.write(keys.events[...], draining: poller)
        while poller.callReadyHandlers() {}
        let typed = outputs.flatMap { output -> [KeyRecord] in if case .keys(let records) = output { records } else { [] } }
        #expect(!typed.isEmpty && !typed.contains { $0.code == 46 })  // Ctrl, and no C
        #expect(outputs.contains { if case .note(.warning(let text)) = $0 { text.contains("corrected by the quirk [No C]") } else { false } })
        hub.stop()
    }

    /// A reload swaps the feed's hub: the old one lets its devices go and is
    /// freed (its output handler held it), and the new one's frames reach the app.
    @Test func aReplacedHubIsFreedAndTheNewOneFeedsTheApp() throws {
        let poller = try InputPoller(queue: nil)
        let touches = cut(try load("evemu-ep0430m09-touchscreen-2finger-scroll.txt"), frames: 5)
        var pipes: [PipeDevice] = []
        let backend = InputHub.Backend(poller: { poller }, nodes: { TestNodes([touchNode]) }) { _, _ in
            let pipe = try PipeDevice(touches.device!)
            pipes.append(pipe)
            return pipe
        }
        let options = InputOptions(screenWidth: 800, screenHeight: 480)
        let app = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
        var first: InputHub? = InputHub(selection: DeviceSelection(), options: options, backend: backend)
        weak let old = first
        let feed = TouchFeed(hub: first!, application: app, window: window)
        first = nil
        try feed.start()
        try feed.replaceHub(with: InputHub(selection: DeviceSelection(), options: options, backend: backend))
        #expect(old == nil)
        #expect(pipes.count == 2)
        pipes[1].write(touches.events[...], draining: poller)
        while poller.callReadyHandlers() {}
        #expect(feed.framesDelivered == 5)
        feed.stop()
    }
}
