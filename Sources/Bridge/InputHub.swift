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
    /// Worth a line in a debug log only (a key the keymap does not know).
    case debug(String)
}

/// What reaches the main queue: frames of touch records and notes, in the order they happened.
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
/// the app in one batch, so a busy main actor gets several frames at once.
/// Everything here runs on the main thread; nothing is handed between threads.
public final class InputHub: @unchecked Sendable {
    private struct OpenDevice {
        /// nil for a device the host makes up (`openVirtualTouchscreen`).
        let input: InputDevice?
        /// A touchscreen's, or a keyboard's.
        let touches: LiveTouches?
        let keys: KeyDevice?
        let name: String
        /// A barcode scanner's line so far.
        var lines: ScannedLines?
    }

    public let selection: DeviceSelection
    private let options: InputMapping
    private let calibration: CalibrationMatrix?
    private var monitor: InputNodeMonitor?
    private var poller: InputPoller?
    private var devices: [String: OpenDevice] = [:]
    private let numbering = SharedTouchNumbering()
    private var nextIndex = 0
    private var lastOverflowWarning = [String: Double]()
    /// Compiled when the first keyboard comes.
    private var keymap: Keymap?
    private var outbox: [InputHubOutput] = []
    private var wake: (@Sendable @MainActor () -> Void)?
    /// Output waits for the end of the current read, then goes at once.
    private var needsWake = false

    /// `options` maps device units to the screen; `calibration`, when given,
    /// replaces each device's LIBINPUT_CALIBRATION_MATRIX.
    public init(selection: DeviceSelection, options: InputMapping, calibration: CalibrationMatrix? = nil) {
        self.selection = selection
        self.options = options
        self.calibration = calibration
    }

    /// Opens the devices there are and follows hotplug. `wake` runs on the
    /// main queue whenever output is waiting: call `drain()` there.
    /// Returns once the devices present now have been tried.
    public func start(wake: @escaping @Sendable @MainActor () -> Void) throws {
        // Devices join the main loop's own epoll set (MainLoop.run waits on it).
        poller = MainLoop.poller
        self.wake = wake
        // A desktop window's app has the window's input only: the desktop's devices are not its own.
        guard selection.readsDeviceNodes else { return }
        let monitor = try InputNodeMonitor()
        self.monitor = monitor
        onMain {
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
    }

    /// Whose hotplug events are followed: "udev" or "kernel".
    public var hotplugSource: String { monitor?.source ?? "none" }

    /// Everything that happened since the last call.
    public func drain() -> [InputHubOutput] {
        defer { outbox.removeAll() }
        return outbox
    }

    /// Lets every device go (ungrabbed), cancelling touches that are down.
    public func stop() {
        onMain {
            monitor?.stop()
            for devnode in devices.keys.sorted() { close(devnode, reason: "the daemon is stopping") }
        }
    }

    /// Devices are read on the main thread, where the hub is called from.
    private func onMain<T>(_ body: () throws -> T) rethrows -> T {
        dispatchPrecondition(condition: .onQueue(.main))
        return try body()
    }

    // MARK: Where devices are read

    private func apply(_ change: InputNodeChange) {
        defer { wakeIfNeeded() }
        switch change {
        case .added(let node): consider(node)
        case .removed(let devnode): if devices[devnode] != nil { close(devnode, reason: "the device was removed") }
        }
    }

    private func consider(_ node: InputNode) {
        guard devices[node.devnode] == nil else { return }
        // Opened as a touchscreen, it may turn out a keyboard: opened again as one (its own grab), the first let go.
        if considerAsTouchscreen(node) { openKeyboard(node) }
    }

    /// Takes the device if it is a touchscreen; true when it is a keyboard to take instead.
    private func considerAsTouchscreen(_ node: InputNode) -> Bool {
        // udev judged the device uncorrected: one a quirk is for is opened and judged again.
        let quirkable = options.quirks.mayApply(name: node.name, id: node.inputID)
        guard selection.verdict(for: node) == .take || quirkable else { return selection.takesAsKeyboard(node) }
        let input: InputDevice
        do {
            input = try InputDevice(path: node.devnode, grab: selection.grab)
        } catch {
            post(.note(.failed(devnode: node.devnode, reason: Self.reason(error, about: node.devnode))))
            return false
        }
        let name = input.description.name
        let quirked = options.quirks.applied(to: input.description)
        switch selection.verdict(for: node, description: quirked.device, quirked: !quirked.applied.isEmpty) {
        case .take: break
        case .passedOver:
            // No udev to say so: the capabilities may make it a keyboard.
            return selection.takesAsKeyboard(node, description: input.description)
        case .refused(let reason):
            post(.note(.failed(devnode: node.devnode, reason: reason)))
            return false
        }
        var options = options
        options.calibration = calibration ?? node.calibration ?? .identity
        var screen = 0, output: String?
        if options.outputs.count > 1 {
            let choice = OutputTarget.choose(
                for: quirked.device, configured: options.configuredOutput(for: name), properties: node.properties,
                among: options.outputs)
            screen = choice.index
            options.screenWidth = options.outputs[screen].width
            options.screenHeight = options.outputs[screen].height
            output = "\(options.outputs[screen].name), \(choice.reason)"
        }
        let touches: LiveTouches
        do {
            touches = try LiveTouches(
                input.description, node: node.devnode, options: options, index: nextIndex, screen: screen, numbering: numbering,
                warn: { [weak self] in self?.warnRarely($0, about: node.devnode) })
        } catch {
            post(.note(.failed(devnode: node.devnode, reason: Self.reason(error, about: node.devnode))))
            return false
        }
        let devnode = node.devnode
        guard startReading(input, devnode: devnode) else { return false }
        nextIndex += 1
        devices[devnode] = OpenDevice(input: input, touches: touches, keys: nil, name: name)
        post(.note(.opened(devnode: devnode, name: name, calibrated: options.calibration != .identity, output: output)))
        return false
    }

    private func read(_ update: InputDeviceUpdate, from devnode: String) {
        defer { wakeIfNeeded() }
        guard let device = devices[devnode] else { return }
        switch update {
        case .events(let events):
            take(events, from: device, devnode: devnode)
        case .removed(let reason):
            close(devnode, reason: reason)
        }
    }

    /// A device's events, read or fed: keys through the keymap, touches through the tracker.
    private func take(_ events: [InputEvent], from device: OpenDevice, devnode: String) {
        if let keys = device.keys { return readKeys(events, from: keys, devnode: devnode) }
        device.touches?.handle(events) { post(.frame($0)) }
    }

    private func close(_ devnode: String, reason: String) {
        guard let device = devices.removeValue(forKey: devnode) else { return }
        device.input?.stopReading()
        var cancelled: [TouchRecord] = []
        device.touches?.finish { cancelled.append($0) }
        if !cancelled.isEmpty { post(.frame(cancelled)) }
        let keysCancelled = device.keys.map { $0.cancelAll(at: $0.lastTime, frame: $0.framesRead) } ?? []
        if !keysCancelled.isEmpty && device.lines == nil { post(.keys(keysCancelled)) }
        post(.note(.closed(devnode: devnode, name: device.name, reason: reason, cancelled: cancelled.count)))
    }

    /// Joins the device to the epoll set; false (and a note) when it cannot be.
    private func startReading(_ input: InputDevice, devnode: String) -> Bool {
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
        onMain {
            defer { wakeIfNeeded() }
            guard devices[name] == nil else { return }
            var mapping = InputMapping(
                screenWidth: screen?.width ?? options.screenWidth, screenHeight: screen?.height ?? options.screenHeight)
            mapping.keymap = options.keymap
            do {
                let touches = try LiveTouches(
                    description, node: name, options: mapping, index: nextIndex, numbering: numbering,
                    warn: { [weak self] in self?.post(.note(.warning($0))) })
                nextIndex += 1
                devices[name] = OpenDevice(input: nil, touches: touches, keys: nil, name: description.name)
                post(.note(.opened(devnode: name, name: description.name, calibrated: false)))
            } catch {
                post(.note(.failed(devnode: name, reason: "\(error)")))
            }
        }
    }

    /// Takes a keyboard that is no node in /dev/input (a desktop window's
    /// keys), read through the keymap as a node's keyboard is.
    public func openVirtualKeyboard(named description: String, as name: String) {
        onMain {
            defer { wakeIfNeeded() }
            guard devices[name] == nil else { return }
            do {
                keymap = try keymap ?? Keymap(options.keymap)
            } catch {
                post(.note(.failed(devnode: name, reason: "a keyboard, but \(error)")))
                return
            }
            let keys = KeyDevice(index: nextIndex, keymap: keymap!)
            nextIndex += 1
            devices[name] = OpenDevice(input: nil, touches: nil, keys: keys, name: description)
            post(.note(.openedKeyboard(devnode: name, name: description, keymap: keymap!.names.summary)))
        }
    }

    /// Events of devices opened with `openVirtualTouchscreen` or
    /// `openVirtualKeyboard`, whole frames (SYN_REPORT last), each with its
    /// device's name; they reach the app together, as one read's do.
    public func feedVirtual(_ frames: [(events: [InputEvent], device: String)]) {
        onMain {
            defer { wakeIfNeeded() }
            for (events, name) in frames {
                guard let device = devices[name], device.input == nil else { continue }
                take(events, from: device, devnode: name)
            }
        }
    }

    /// Lets a made-up device go, as an unplugged one: its touches down are cancelled.
    public func closeVirtual(_ name: String, reason: String) {
        onMain {
            defer { wakeIfNeeded() }
            guard let device = devices[name], device.input == nil else { return }
            close(name, reason: reason)
        }
    }

    /// Opens a keyboard: its keys are read through the keymap, a frame at a time.
    /// A keyboard is not grabbed (other programs, a login prompt behind a crash, still hear it); a scanner is.
    private func openKeyboard(_ node: InputNode) {
        let input: InputDevice
        do {
            input = try InputDevice(path: node.devnode, grab: selection.isScanner(node.name))
        } catch {
            post(.note(.failed(devnode: node.devnode, reason: Self.reason(error, about: node.devnode))))
            return
        }
        guard selection.takesAsKeyboard(node, description: input.description) else { return }
        do {
            keymap = try keymap ?? Keymap(options.keymap)
        } catch {
            post(.note(.failed(devnode: node.devnode, reason: "a keyboard, but \(error)")))
            return
        }
        let devnode = node.devnode
        guard startReading(input, devnode: devnode) else { return }
        let keys = KeyDevice(index: nextIndex, keymap: keymap!, turnsKnob: input.description.isKnob)
        nextIndex += 1
        let name = input.description.name
        let scanner = selection.isScanner(name)
        devices[devnode] = OpenDevice(input: input, touches: nil, keys: keys, name: name, lines: scanner ? ScannedLines() : nil)
        post(.note(.openedKeyboard(devnode: devnode, name: name, keymap: keymap!.names.summary, scanner: scanner)))
    }

    private func readKeys(_ events: [InputEvent], from keys: KeyDevice, devnode: String) {
        let frames = keys.read(events) { code in
            let name = EventNames.codeName(type: EventType.key, code: code) ?? "\(code)"
            post(.note(.debug("\(devnode): \(name) means nothing in the keymap \(keys.keymapSummary); ignored")))
        }
        guard var lines = devices[devnode]?.lines else {
            for records in frames { post(.keys(records)) }
            return
        }
        // A scanner: whole lines, not keys.
        for records in frames {
            for line in lines.add(records) { post(.scanned(line: line, scanner: devices[devnode]?.name ?? devnode)) }
        }
        devices[devnode]?.lines = lines
    }

    /// What went wrong, without the node's name again (the note carries it).
    private static func reason(_ error: Error, about devnode: String) -> String {
        if let error = error as? DeviceError, error.device == devnode { return error.problem }
        return "\(error)"
    }

    /// The frames just read go to the app now, in one batch.
    private func wakeIfNeeded() {
        guard needsWake, let wake else { return }
        needsWake = false
        MainActor.assumeIsolated { wake() }
    }

    /// A SYN_DROPPED storm must not become a log storm: one line a second per device.
    private func warnRarely(_ message: String, about devnode: String) {
        let now = ProcessInfo.processInfo.systemUptime
        if let last = lastOverflowWarning[devnode], now - last < 1 { return }
        lastOverflowWarning[devnode] = now
        let total = devices[devnode]?.touches?.overflows ?? 0
        post(.note(.warning(total > 1 ? "\(message) (\(total) overflows so far)" : message)))
    }

    private func post(_ item: InputHubOutput) {
        outbox.append(item)
        needsWake = true
    }
}
