import Dispatch
import FoundationEssentials
import KernelInput

public enum InputHubNote: Sendable, Equatable {
    /// `output`: with several displays, the one the device is on and why.
    case opened(devnode: String, name: String, calibrated: Bool, output: String? = nil)
    /// A keyboard (keypad, buttons), read through the keymap named; a
    /// barcode scanner is grabbed and read a line at a time.
    case openedKeyboard(devnode: String, name: String, keymap: String, scanner: Bool = false)
    /// The device went away, or the daemon let it go; `cancelled` touches were down.
    case closed(devnode: String, name: String, reason: String, cancelled: Int)
    /// A device that could not be used; the others go on.
    case failed(devnode: String, reason: String)
    case warning(String)
    /// The kernel's buffer overflowed `dropped` times (SYN_DROPPED) and
    /// libevdev resynchronized: every time, for counting. (The warning
    /// that says so is rate-limited.)
    case resynced(devnode: String, dropped: Int)
    /// Worth a line in a debug log only (a key the keymap does not know).
    case debug(String)
}

/// What the hub hands on: frames of touch records, keys, scanned lines and notes, in the order they happened.
public enum InputHubOutput: Sendable, Equatable {
    case frame([TouchRecord])
    /// One frame's keys, from a keyboard.
    case keys([KeyRecord])
    /// A line a barcode scanner typed (up to its Return), and the scanner's name.
    case scanned(line: String, scanner: String)
    case note(InputHubNote)
}

/// Finds touchscreens with udev, follows them as they come and go, and reads
/// each with libevdev through one epoll set. By default that is the main
/// loop's (`MainLoop.run()` must then drive the main thread), as UIKit takes
/// its events on the main run loop: a frame reaches the views on the thread
/// that waited for it. Every frame becomes a list of
/// touch records with identities unique across devices; a device that goes
/// away mid-touch has its touches cancelled. What one read brings goes to
/// `onOutput` in one batch, so an app that was busy gets the frames that
/// piled up at once. It is the main actor's, as the UI it feeds: devices
/// are read on the main thread, and nothing is handed between threads.
@MainActor public final class InputHub {
    private struct OpenDevice {
        /// nil for a device the host makes up (`openVirtualTouchscreen`).
        let input: (any InputSource)?
        /// What its events mean, by the kind of device it is.
        let dispatch: any DeviceDispatch
        let name: String
    }

    /// Where the hub finds devices, reads them and waits for them. The
    /// machine's (`.system`): udev or the kernel's uevents, libevdev, the
    /// main loop's epoll set. A test gives its own: a list of nodes, pipes
    /// for devices, a poller it runs itself.
    public struct Backend {
        public var poller: () -> InputPoller
        public var nodes: () throws -> any InputNodeSource
        /// Opens a node, grabbed or not.
        public var open: (_ devnode: String, _ grab: Bool) throws -> any InputSource

        public init(
            poller: @escaping () -> InputPoller, nodes: @escaping () throws -> any InputNodeSource,
            open: @escaping (_ devnode: String, _ grab: Bool) throws -> any InputSource
        ) {
            (self.poller, self.nodes, self.open) = (poller, nodes, open)
        }

        @MainActor public static var system: Backend {
            Backend(poller: { MainLoop.poller }, nodes: { try InputNodeMonitor() }, open: { try InputDevice(path: $0, grab: $1) })
        }
    }

    public let selection: DeviceSelection
    private let options: InputOptions
    private let calibration: CalibrationMatrix?
    private let backend: Backend
    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (TouchUI/View.swift).
    @exclusivity(unchecked) private var monitor: (any InputNodeSource)?
    @exclusivity(unchecked) private var poller: InputPoller?
    @exclusivity(unchecked) private var devices: [String: OpenDevice] = [:]
    private let numbering = SharedTouchNumbering()
    @exclusivity(unchecked) private var nextIndex = 0
    @exclusivity(unchecked) private var namesByIndex: [Int: String] = [:]
    @exclusivity(unchecked) private var lastOverflowWarning = [String: Double]()
    /// Compiled when the first keyboard comes.
    @exclusivity(unchecked) private var keymap: Keymap?
    /// Output waits for the end of the current read, then goes at once.
    @exclusivity(unchecked) private var batch: [InputHubOutput] = []
    /// The last batch delivered, emptied: the next read's, in the room it already has.
    @exclusivity(unchecked) private var spareBatch: [InputHubOutput] = []
    /// Where each read's output goes, in one batch: set it before `start()`.
    @exclusivity(unchecked) public var onOutput: (@MainActor ([InputHubOutput]) -> Void)?

    /// `options` maps device units to the screen; `calibration`, when given,
    /// replaces each device's LIBINPUT_CALIBRATION_MATRIX.
    public init(selection: DeviceSelection, options: InputOptions, calibration: CalibrationMatrix? = nil, backend: Backend) {
        self.selection = selection
        self.options = options
        self.calibration = calibration
        self.backend = backend
    }

    public convenience init(selection: DeviceSelection, options: InputOptions, calibration: CalibrationMatrix? = nil) {
        self.init(selection: selection, options: options, calibration: calibration, backend: .system)
    }

    /// Opens the devices there are and follows hotplug. Returns once the
    /// devices present now have been tried, and `onOutput` has heard of them.
    public func start() throws {
        // Devices join the main loop's own epoll set (MainLoop.run waits on it).
        poller = backend.poller()
        // A desktop window's app has the window's input only: the desktop's devices are not its own.
        guard selection.readsDeviceNodes else { return }
        let monitor = try backend.nodes()
        self.monitor = monitor
        defer { deliverBatch() }
        for node in monitor.enumerate() { consider(node) }
        for node in selection.nodes where !devices.keys.contains(where: { $0 == node || DeviceSelection.resolve(node) == $0 }) {
            let reason = FileManager.default.fileExists(atPath: node) ? "not an input event node" : "no such device (yet): waiting for it"
            post(.note(.failed(devnode: node, reason: reason)))
        }
        do {
            try monitor.start(with: poller!, rank: MainLoop.Rank.hotplug) { [weak self] change in self?.apply(change) }
        } catch {
            post(.note(.warning("hotplug is not followed: \(error)")))
        }
    }

    /// Whose hotplug events are followed: "udev" or "kernel".
    public var hotplugSource: String { monitor?.source ?? "none" }

    /// Lets every device go (ungrabbed), cancelling touches that are down.
    public func stop() {
        defer { deliverBatch() }
        monitor?.stop()
        for devnode in devices.keys.sorted() { close(devnode, reason: "the daemon is stopping") }
    }

    // MARK: Where devices are read

    private func apply(_ change: InputNodeChange) {
        MainLoop.assertOnMainLoop()
        defer { deliverBatch() }
        switch change {
        case .added(let node): consider(node)
        case .removed(let devnode): if devices[devnode] != nil { close(devnode, reason: "the device was removed") }
        }
    }

    private func consider(_ node: InputNode) {
        guard devices[node.devnode] == nil else { return }
        switch judge(node) {
        case .touchscreen(let input, let quirked): openTouchscreen(input, node: node, quirked: quirked)
        // Its own open: a keyboard is not grabbed, a scanner is.
        case .keyboard: openKeyboard(node)
        case .neither: break
        }
    }

    private enum Judgement {
        /// Opened, to be read as a touchscreen: its description as quirks correct it.
        case touchscreen(any InputSource, quirked: DeviceDescription)
        case keyboard
        case neither
    }

    /// What the device is to the daemon. udev's word decides, and where a
    /// quirk may correct what udev judged, or no udev judged, its capabilities do.
    private func judge(_ node: InputNode) -> Judgement {
        // What udev calls a keyboard has no position a quirk could make a
        // touchscreen of: its quirks apply when it is opened as a keyboard.
        let quirkable =
            options.quirks.mayApply(name: node.name, id: node.inputID) && !(node.isClassified && selection.takesAsKeyboard(node))
        guard selection.verdict(for: node) == .take || quirkable else {
            return selection.takesAsKeyboard(node) ? .keyboard : .neither
        }
        let input: any InputSource
        do {
            input = try backend.open(node.devnode, selection.grab)
        } catch {
            post(.note(.failed(devnode: node.devnode, reason: Self.reason(error, about: node.devnode))))
            return .neither
        }
        let quirked = options.quirks.applied(to: input.description)
        switch selection.verdict(for: node, description: quirked.description, quirked: !quirked.applied.isEmpty) {
        case .take:
            return .touchscreen(input, quirked: quirked.description)
        case .passedOver:
            // No udev to say so: the capabilities may make it a keyboard.
            return selection.takesAsKeyboard(node, description: input.description) ? .keyboard : .neither
        case .refused(let reason):
            post(.note(.failed(devnode: node.devnode, reason: reason)))
            return .neither
        }
    }

    private func openTouchscreen(_ input: any InputSource, node: InputNode, quirked: DeviceDescription) {
        let name = input.description.name
        var options = options
        options.geometry.calibration = calibration ?? node.calibration ?? .identity
        var screen = 0, output: String?
        if options.outputs.count > 1 {
            let choice = OutputTarget.choose(
                for: quirked, configured: options.configuredOutput(for: name), properties: node.properties,
                among: options.outputs)
            screen = choice.index
            options.geometry.screenWidth = options.outputs[screen].width
            options.geometry.screenHeight = options.outputs[screen].height
            output = "\(options.outputs[screen].name), \(choice.reason)"
        }
        let dispatch: any DeviceDispatch
        do {
            var context = context(for: node.devnode, options: options) { [weak self] in self?.warnRarely($0, about: node.devnode) }
            context.screen = screen
            dispatch = try context.dispatch(for: input.description) { _ in .touchscreen }
        } catch {
            post(.note(.failed(devnode: node.devnode, reason: Self.reason(error, about: node.devnode))))
            return
        }
        let devnode = node.devnode
        guard startReading(input, devnode: devnode) else { return }
        register(OpenDevice(input: input, dispatch: dispatch, name: name), as: devnode)
        post(.note(.opened(devnode: devnode, name: name, calibrated: options.geometry.calibration != .identity, output: output)))
    }

    private func read(_ update: InputDeviceUpdate, from devnode: String) {
        MainLoop.assertOnMainLoop()
        defer { deliverBatch() }
        guard let device = devices[devnode] else { return }
        switch update {
        case .events(let events):
            take(events, from: device, devnode: devnode)
        case .removed(let errno):
            let reason = errno.removalReason
            close(devnode, reason: reason)
        }
    }

    /// A device's events, read or fed.
    private func take(_ events: [InputEvent], from device: OpenDevice, devnode: String) {
        device.dispatch.process(events[...], post: post)
    }

    private func close(_ devnode: String, reason: String) {
        guard let device = devices.removeValue(forKey: devnode) else { return }
        if let input = device.input, let poller { input.stopReading(with: poller) }
        let cancelled = device.dispatch.finish(post: post)
        post(.note(.closed(devnode: devnode, name: device.name, reason: reason, cancelled: cancelled)))
    }

    /// Joins the device to the epoll set; false (and a note) when it cannot be.
    private func startReading(_ input: any InputSource, devnode: String) -> Bool {
        do {
            try input.startReading(with: poller!) { [weak self] update in self?.read(update, from: devnode) }
            return true
        } catch {
            post(.note(.failed(devnode: devnode, reason: Self.reason(error, about: devnode))))
            return false
        }
    }

    // MARK: Devices the host makes up

    /// Takes a touchscreen that is no node in /dev/input (a desktop window's
    /// mouse and fingers): numbered, noted and read as a node's touchscreen
    /// is, from the events given to `feedVirtual`, on the whole screen
    /// (of `screen` points, when the hub's is not its size any more).
    public func openVirtualTouchscreen(_ description: DeviceDescription, as name: String, screen: (width: Double, height: Double)? = nil) {
        defer { deliverBatch() }
        guard devices[name] == nil else { return }
        // The window's own: the whole screen, none of a panel's calibration or tuning.
        var windowOptions = InputOptions(
            screenWidth: screen?.width ?? options.geometry.screenWidth, screenHeight: screen?.height ?? options.geometry.screenHeight)
        windowOptions.keymap = options.keymap
        do {
            let dispatch = try context(for: name, options: windowOptions) { [weak self] in self?.post(.note(.warning($0))) }
                .dispatch(for: description) { _ in .touchscreen }
            register(OpenDevice(input: nil, dispatch: dispatch, name: description.name), as: name)
            post(.note(.opened(devnode: name, name: description.name, calibrated: false)))
        } catch {
            post(.note(.failed(devnode: name, reason: "\(error)")))
        }
    }

    /// Takes a keyboard that is no node in /dev/input (a desktop window's
    /// keys), read through the keymap as a node's keyboard is.
    public func openVirtualKeyboard(named description: String, as name: String) {
        defer { deliverBatch() }
        guard devices[name] == nil else { return }
        let dispatch: any DeviceDispatch
        do {
            dispatch = try context(for: name, options: options) { [weak self] in self?.post(.note(.warning($0))) }
                .dispatch(for: DeviceDescription(name: description)) { _ in .keyboard }
        } catch {
            post(.note(.failed(devnode: name, reason: "a keyboard, but \(error)")))
            return
        }
        register(OpenDevice(input: nil, dispatch: dispatch, name: description), as: name)
        post(.note(.openedKeyboard(devnode: name, name: description, keymap: keymap!.names.summary)))
    }

    /// Events of devices opened with `openVirtualTouchscreen` or
    /// `openVirtualKeyboard`, whole frames (SYN_REPORT last), each with its
    /// device's name; they reach the app together, as one read's do.
    public func feedVirtual(_ frames: [(events: [InputEvent], device: String)]) {
        defer { deliverBatch() }
        for (events, name) in frames {
            guard let device = devices[name], device.input == nil else { continue }
            take(events, from: device, devnode: name)
        }
    }

    /// Lets a made-up device go, as an unplugged one: its touches down are cancelled.
    public func closeVirtual(_ name: String, reason: String) {
        defer { deliverBatch() }
        guard let device = devices[name], device.input == nil else { return }
        close(name, reason: reason)
    }

    /// Opens a keyboard: its keys are read through the keymap, a frame at a time.
    /// A keyboard is not grabbed (other programs, a login prompt behind a crash, still hear it); a scanner is.
    private func openKeyboard(_ node: InputNode) {
        let input: any InputSource
        do {
            input = try backend.open(node.devnode, selection.isScanner(node.name))
        } catch {
            post(.note(.failed(devnode: node.devnode, reason: Self.reason(error, about: node.devnode))))
            return
        }
        guard selection.takesAsKeyboard(node, description: input.description) else { return }
        let devnode = node.devnode
        let name = input.description.name
        let scanner = selection.isScanner(name)
        let dispatch: any DeviceDispatch
        do {
            dispatch = try context(for: devnode, options: options) { [weak self] in self?.warnRarely($0, about: devnode) }
                .dispatch(for: input.description) { .ofKeys($0, scanner: scanner) }
        } catch {
            post(.note(.failed(devnode: devnode, reason: "a keyboard, but \(error)")))
            return
        }
        guard startReading(input, devnode: devnode) else { return }
        register(OpenDevice(input: input, dispatch: dispatch, name: name), as: devnode)
        post(.note(.openedKeyboard(devnode: devnode, name: name, keymap: keymap!.names.summary, scanner: scanner)))
    }

    /// An opened device joins the hub under the number its context was made with.
    private func register(_ device: OpenDevice, as devnode: String) {
        devices[devnode] = device
        namesByIndex[nextIndex] = device.name
        nextIndex += 1
    }

    /// The name of the device numbered `index` (`TouchRecord.device`), open or gone.
    public func deviceName(_ index: Int) -> String? { namesByIndex[index] }

    /// What the next device's dispatch is made with: its number, the touch
    /// numbers it shares, the keymap compiled once for every device with keys.
    private func context(for node: String, options: InputOptions, warn: @escaping (String) -> Void) -> DispatchContext {
        DispatchContext(
            node: node, index: nextIndex, options: options, numbering: numbering,
            keymap: { [weak self] in
                guard let self else { throw CancellationError() }
                if let keymap = self.keymap { return keymap }
                let compiled = try Keymap(self.options.keymap)
                self.keymap = compiled
                return compiled
            }, warn: warn)
    }

    /// What went wrong, without the node's name again (the note carries it).
    private static func reason(_ error: Error, about devnode: String) -> String {
        if let error = error as? DeviceError, error.device == devnode { return error.problem }
        return "\(error)"
    }

    /// What the read just done brought goes on now, in one batch.
    private func deliverBatch() {
        guard !batch.isEmpty, let onOutput else { return }
        var items = batch
        batch = spareBatch
        spareBatch = []
        onOutput(items)
        // Delivered, and let go of by whoever took it (else it is copied, as a value is).
        items.removeAll(keepingCapacity: true)
        spareBatch = items
    }

    /// A SYN_DROPPED storm must not become a log storm: one line a second per device.
    private func warnRarely(_ message: String, about devnode: String) {
        let now = ProcessInfo.processInfo.systemUptime
        if let last = lastOverflowWarning[devnode], now - last < 1 { return }
        lastOverflowWarning[devnode] = now
        post(.note(.warning(message)))
    }

    private func post(_ item: InputHubOutput) {
        batch.append(item)
    }
}
