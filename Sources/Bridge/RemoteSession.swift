import Desktop
import Glibc
import KernelInput
import Logging
import Remote
import SystemPackage
import TouchUI

/// The main screen served over VNC (`[remote] vnc`, `run --vnc`): a support
/// desk's viewer sees the screen as the panel shows it, sent by the
/// compositor's own damage, and its mouse is a finger and its keys a
/// keyboard on two devices of their own in the daemon's hub, named "vnc"
/// and "vnc keyboard", never mixed with a real panel's. Nothing is done
/// while no viewer is connected beyond listening.
@MainActor
final class RemoteSession {
    static let touchscreenName = "vnc"
    static let keyboardName = "vnc keyboard"

    private let daemon: Daemon
    private let settings: RemoteSettings
    private let logger: Logger
    private let server: VNCServer
    private let keymap: Keymap?
    /// The viewer's mouse as a touchscreen of the screen's size in points.
    private var touches: WindowTouches
    private var keys = WindowKeys()
    private let pixelsPerPoint: Double
    private var clientDescriptors: [Int32: String] = [:]
    private var buttonDown = false
    private var stopped = false
    /// Where viewers connect, for the log.
    private let listening: String

    /// Listens; throws, naming the file or address, if it cannot.
    init(daemon: Daemon, settings: RemoteSettings, keymap names: KeymapNames, screen: Size, logger: Logger) throws {
        (self.daemon, self.settings, self.logger) = (daemon, settings, logger)
        // A socket unit's socket (APP-vnc.socket), when systemd passed one: the service then makes no Internet socket.
        let passed = SystemdSockets().byName["vnc"]
        let passedAddress = passed.flatMap(SystemdSockets.address(of:))
        listening = passedAddress.map { "\($0), the socket systemd passed" }
            ?? "\(settings.address.contains(":") ? "[\(settings.address)]" : settings.address):\(settings.port)"
        // Beyond this machine, a password: whoever listens, this process or a socket unit's drop-in.
        let host = passedAddress.map { address in
            String(address[..<address.lastIndex(of: ":")!].filter { $0 != "[" && $0 != "]" })
        }
        // A passed socket with no IP address (a VM's vsock, say) is not taken to be this machine's.
        let onlyHere = passed == nil ? RemoteSettings.isLoopback(settings.address) : host.map(RemoteSettings.isLoopback) ?? false
        guard onlyHere || settings.passwordFile != nil else {
            throw VNCError(
                "VNC on \(host ?? listening), beyond this machine, needs remote.password-file: anyone who reaches the port could touch the kiosk")
        }
        let password = try settings.passwordFile.map(Self.readPassword)
        let picture = daemon.compositor.backBuffer
        // Viewers are sent the presented picture: a finger's marker must be in it, not on a display plane.
        daemon.compositor.usesCursorPlane = false
        server = try VNCServer(
            width: picture.width, height: picture.height,
            options: .init(address: settings.address, port: settings.port, password: password, listeningSocket: passed))
        touches = WindowTouches(width: max(1, Int(screen.width.rounded())), height: max(1, Int(screen.height.rounded())))
        pixelsPerPoint = Double(picture.width) / max(1, screen.width)
        keymap = try? Keymap(names)
    }

    /// The password in a vncpasswd file no one but the service may read.
    static func readPassword(from path: String) throws -> String {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw VNCError("\(path): cannot read the VNC password: \(Errno(rawValue: errno))")
        }
        guard status.st_mode & 0o077 == 0 else {
            throw VNCError(
                "\(path): the VNC password file may be read by others (mode \(String(status.st_mode & 0o777, radix: 8))): make it readable by the service alone (chmod 600, or systemd's LoadCredential=)")
        }
        return try VNCServer.password(inFile: path)
    }

    var summary: String {
        "VNC on \(listening)"
            + (settings.passwordFile == nil ? ", no password (this machine only)" : ", with a password")
            + (settings.viewOnly ? ", view only" : "")
    }

    func start() throws {
        attachDevices()
        try MainLoop.poller.add(FileDescriptor(rawValue: server.listeningDescriptor), rank: MainLoop.Rank.input) { [weak self] in
            MainActor.assumeIsolated { self?.server.process() }
        }
        // Weak: stopping the server says goodbye to its clients, perhaps as this session goes.
        server.onConnect = { [weak self] socket, address in self?.connected(socket, from: address) }
        server.onDisconnect = { [weak self] socket, address in self?.disconnected(socket, from: address) }
        server.onLog = { [logger] isError, line in
            if isError { logger.warning("vnc: \(line)") } else { logger.debug("vnc: \(line)") }
        }
        server.onPointer = { [weak self] buttons, x, y in self?.pointer(buttons: buttons, x: x, y: y) }
        server.onKey = { [weak self] isDown, keysym in self?.key(keysym, isDown: isDown) }
        let compositor = daemon.compositor
        let previous = compositor.onPresent
        compositor.onPresent = { [weak self, unowned compositor] damage in
            previous?(damage)
            guard let self, !self.stopped, self.server.clients > 0 else { return }
            self.show(compositor.backBuffer, damage: damage)
        }
        logger.info("serving the screen: \(summary)")
    }

    /// Opens the viewer's devices in the daemon's hub (again after a reload replaced it).
    func attachDevices() {
        let hub = daemon.feed.hub
        var device = touches.device
        device.name = "TouchBridge VNC"
        hub.openVirtualTouchscreen(device, as: Self.touchscreenName, screen: (Double(touches.width), Double(touches.height)))
        if !settings.viewOnly { hub.openVirtualKeyboard(named: "TouchBridge VNC keyboard", as: Self.keyboardName) }
    }

    func stop() {
        guard !stopped else { return }
        stopped = true
        MainLoop.poller.remove(FileDescriptor(rawValue: server.listeningDescriptor))
        for socket in clientDescriptors.keys { MainLoop.poller.remove(FileDescriptor(rawValue: socket)) }
        clientDescriptors.removeAll()
    }

    private func connected(_ socket: Int32, from address: String) {
        logger.notice("vnc: \(address) connected")
        clientDescriptors[socket] = address
        do {
            try MainLoop.poller.add(FileDescriptor(rawValue: socket), rank: MainLoop.Rank.input) { [weak self] in
                MainActor.assumeIsolated { self?.server.process() }
            }
        } catch {
            logger.error("vnc: \(address): cannot watch its connection: \(error)")
        }
        // What it sees first is the screen as it is now; presents send what changes.
        // (Sent once libvncserver's loop, which is accepting this client, returns.)
        let picture = daemon.compositor.backBuffer
        show(picture, damage: Region(picture.bounds))
    }

    private var warnedOfSize = false

    private func show(_ picture: Bitmap, damage: Region) {
        guard !server.show(picture, damage: damage), !warnedOfSize else { return }
        warnedOfSize = true
        logger.warning("vnc: the screen is \(picture.width)x\(picture.height) now; viewers keep seeing \(server.width)x\(server.height), unchanged, until the app starts again")
    }

    private func disconnected(_ socket: Int32, from address: String) {
        logger.notice("vnc: \(address) disconnected")
        // Its socket is closed by now (so gone from the epoll set); its handler goes too.
        MainLoop.poller.remove(FileDescriptor(rawValue: socket))
        clientDescriptors[socket] = nil
        // A finger left down by a viewer that went is lifted, a key let go.
        guard server.clients == 0 else { return }
        let now = EventTime.now()
        feed(touches.liftAll(time: now), to: Self.touchscreenName)
        feed(keys.releaseAll(time: now), to: Self.keyboardName)
        buttonDown = false
    }

    /// The left button is the finger: down, dragged, up. Other buttons and
    /// a mouse moving with no button down touch nothing.
    private func pointer(buttons: Int, x: Int, y: Int) {
        guard !settings.viewOnly else { return }
        let point = (x: Double(x) / pixelsPerPoint, y: Double(y) / pixelsPerPoint)
        let down = buttons & 1 != 0
        let now = EventTime.now()
        let events: [InputEvent]
        switch (buttonDown, down) {
        case (false, true): events = touches.mouseDown(x: point.x, y: point.y, modifiers: [], time: now)
        case (true, true): events = touches.mouseMoved(x: point.x, y: point.y, modifiers: [], time: now)
        case (true, false): events = touches.mouseUp(x: point.x, y: point.y, modifiers: [], time: now)
        case (false, false): return
        }
        buttonDown = down
        feed(events, to: Self.touchscreenName)
    }

    /// A key named by its X keysym is the key that makes it on the app's keymap.
    private func key(_ keysym: UInt32, isDown: Bool) {
        guard !settings.viewOnly else { return }
        guard let code = keymap?.code(producing: keysym) else {
            logger.debug("vnc: keysym 0x\(String(keysym, radix: 16)) is on no key of the keymap")
            return
        }
        feed(keys.key(code: code, isDown: isDown, isRepeat: false, time: EventTime.now()), to: Self.keyboardName)
    }

    private func feed(_ events: [InputEvent], to device: String) {
        guard !events.isEmpty else { return }
        daemon.feed.hub.feedVirtual([(events, device)])
    }
}
