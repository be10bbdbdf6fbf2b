import CVNCShim
import Glibc
import Graphics

/// A VNC server for one picture, through libvncserver (loaded when one is
/// made): what a support desk's VNC viewer connects to. It runs no thread
/// or loop of its own. Its owner watches `listeningDescriptor` and each
/// client's socket (`onConnect`, `onDisconnect`), and calls `process()`
/// when one is readable; `show` copies what changed and sends it to the
/// clients that asked. A pointer or a key comes back through `onPointer`
/// and `onKey`, during `process()`. Nothing here knows of touches or views.
///
/// Used on one thread, the one that made it.
public final class VNCServer {
    public struct Options: Equatable, Sendable {
        /// IPv4 or IPv6 address to listen on: loopback unless configured.
        public var address = "127.0.0.1"
        public var port = 5900
        /// What clients must give (VNC authentication), or nil for none.
        public var password: String?
        /// A socket that listens already (a systemd socket unit's), used in place of address and port.
        public var listeningSocket: Int32?

        public init(address: String = "127.0.0.1", port: Int = 5900, password: String? = nil, listeningSocket: Int32? = nil) {
            (self.address, self.port, self.password, self.listeningSocket) = (address, port, password, listeningSocket)
        }
    }

    public let width: Int
    public let height: Int
    public let options: Options
    /// A client's pointer: the buttons down (VNC's mask: 1 the left, 2 the middle, 4 the right) and where, in pixels.
    public var onPointer: ((_ buttons: Int, _ x: Int, _ y: Int) -> Void)?
    /// A client's key going down or up, as an X keysym.
    public var onKey: ((_ isDown: Bool, _ keysym: UInt32) -> Void)?
    /// A client connected (before it gives its password), with its socket and address.
    public var onConnect: ((_ socket: Int32, _ address: String) -> Void)?
    public var onDisconnect: ((_ socket: Int32, _ address: String) -> Void)?
    /// What libvncserver says; `isError` for its errors, a refused password among them.
    public var onLog: ((_ isError: Bool, _ line: String) -> Void)?
    public private(set) var clients = 0

    private var server: OpaquePointer?
    private enum Input {
        case pointer(buttons: Int, x: Int, y: Int)
        case key(isDown: Bool, keysym: UInt32)
    }
    private var received: [Input] = []
    /// libvncserver's loop must not be entered again from one of its own callbacks
    /// (a client's connect): a call then is made once the running one returns.
    private var isProcessing = false
    private var processAgain = false

    /// Listens at once; throws if libvncserver cannot be loaded or the address cannot be listened on.
    public init(width: Int, height: Int, options: Options) throws(VNCError) {
        (self.width, self.height, self.options) = (width, height, options)
        var callbacks = tb_vnc_callbacks()
        callbacks.context = Unmanaged.passUnretained(self).toOpaque()
        // Pointer and keys are handed on once libvncserver has returned (`process()`):
        // what they set off in the app then runs outside its loop.
        callbacks.pointer = { context, buttons, x, y in
            VNCServer.from(context).received.append(.pointer(buttons: Int(buttons), x: Int(x), y: Int(y)))
        }
        callbacks.key = { context, down, keysym in
            VNCServer.from(context).received.append(.key(isDown: down != 0, keysym: keysym))
        }
        callbacks.connected = { context, socket, host in
            let server = VNCServer.from(context)
            server.clients += 1
            server.onConnect?(socket, host.map { String(cString: $0) } ?? "?")
        }
        callbacks.disconnected = { context, socket, host in
            let server = VNCServer.from(context)
            server.clients -= 1
            // Input read from the last viewer before it went is dropped: its going lifts everything.
            if server.clients == 0 { server.received.removeAll() }
            server.onDisconnect?(socket, host.map { String(cString: $0) } ?? "?")
        }
        callbacks.log = { context, isError, line in
            VNCServer.from(context).onLog?(isError != 0, line.map { String(cString: $0) } ?? "")
        }
        var error: UnsafePointer<CChar>?
        server = tb_vnc_start(
            Int32(width), Int32(height), options.address, Int32(options.port), options.listeningSocket ?? -1, options.password, callbacks, &error)
        guard server != nil else {
            throw VNCError(String(cString: error!))
        }
    }

    deinit { tb_vnc_stop(server) }

    private static func from(_ context: UnsafeMutableRawPointer?) -> VNCServer {
        Unmanaged<VNCServer>.fromOpaque(context!).takeUnretainedValue()
    }

    /// The socket new clients connect to.
    public var listeningDescriptor: Int32 { tb_vnc_listen_fd(server) }

    /// Accepts and reads what is waiting, answers it, and sends the updates
    /// asked for; then hands on the pointer and keys that came. Blocks only
    /// on a peer mid-message or not reading: libvncserver waits for it
    /// (half a second between reads; up to five seconds on a write).
    public func process() {
        guard !isProcessing else {
            processAgain = true
            return
        }
        isProcessing = true
        repeat {
            processAgain = false
            tb_vnc_process(server)
        } while processAgain
        isProcessing = false
        let inputs = received
        received.removeAll()
        for input in inputs {
            switch input {
            case .pointer(let buttons, let x, let y): onPointer?(buttons, x, y)
            case .key(let isDown, let keysym): onKey?(isDown, keysym)
            }
        }
    }

    /// Copies `damage` of `picture` and sends it to the clients that asked
    /// for an update; false, and nothing done, if the picture is not the
    /// server's size (the screen changed size since it was made).
    @discardableResult
    public func show(_ picture: Bitmap, damage: Region) -> Bool {
        guard picture.width == width && picture.height == height else { return false }
        picture.finishDrawing()
        let pixels = tb_vnc_pixels(server)!, stride = Int(tb_vnc_stride(server))
        for rect in damage.rects {
            let area = rect.intersection(picture.bounds)
            guard !area.isEmpty else { continue }
            for row in area.y..<area.maxY {
                (pixels + row * stride + area.x * 4).update(
                    from: (picture.pixels + row * picture.stride + area.x * 4).assumingMemoryBound(to: UInt8.self), count: area.width * 4)
            }
            tb_vnc_mark(server, Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
        }
        process()
        return true
    }

    /// The password a vncpasswd file holds (what TigerVNC's `vncpasswd FILE` writes, and viewers' `-passwd FILE` read).
    public static func password(inFile path: String) throws(VNCError) -> String {
        var error: UnsafePointer<CChar>?
        guard let password = tb_vnc_read_password(path, &error) else { throw VNCError("\(path): \(String(cString: error!))") }
        defer { free(password) }
        return String(cString: password)
    }

    /// Writes `password` to `path` in vncpasswd's format.
    public static func storePassword(_ password: String, inFile path: String) throws(VNCError) {
        var error: UnsafePointer<CChar>?
        guard tb_vnc_store_password(password, path, &error) == 0 else { throw VNCError("\(path): \(String(cString: error!))") }
    }
}

public struct VNCError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
