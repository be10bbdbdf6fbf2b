import CLibdrm
import Glibc
import SystemPackage

/// One DRM device (/dev/dri/cardN), opened once for every output shown on
/// it: a process is the card's master through one descriptor, and the page
/// flips of all its outputs come back as events on that descriptor. The
/// last surface to close it gives the console back and closes it.
final class DRMCard {
    let path: String
    let fd: FileDescriptor
    let driverName: String
    private let console: ConsoleGraphicsMode?
    private var users = 0
    /// Planes an output of the card has taken (a cursor plane can serve several CRTCs, but one at a time).
    var claimedPlanes: Set<UInt32> = []

    init(path: String, graphicsConsole: Bool) throws {
        let fd = try DeviceNode.open(path, kind: .drm)
        guard let version = drmGetVersion(fd.rawValue) else {
            let code = errno
            try? fd.close()
            throw DisplayError(device: path, .notADevice(.drm, ioctl: "DRM_IOCTL_VERSION", Errno(rawValue: code)))
        }
        let driverName = version.pointee.name.map { String(cString: $0) } ?? "unknown driver"
        drmFreeVersion(version)
        var canMakeDumbBuffers: UInt64 = 0
        guard drmGetCap(fd.rawValue, UInt64(DRM_CAP_DUMB_BUFFER), &canMakeDumbBuffers) == 0, canMakeDumbBuffers != 0 else {
            try? fd.close()
            throw DisplayError(device: path, problem: "the \(driverName) driver cannot make dumb buffers to draw in")
        }
        self.path = path
        self.fd = fd
        self.driverName = driverName
        console = graphicsConsole ? ConsoleGraphicsMode() : nil
    }

    /// Whether the card takes atomic commits, asked of the kernel once: the
    /// descriptor then also lists every plane (primary and cursor ones
    /// beside the overlays), as atomic clients see them.
    func enableAtomicCommits() -> Bool {
        if let atomicCommits { return atomicCommits }
        let fd = fd.rawValue
        let enabled =
            drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1) == 0 && drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0
        atomicCommits = enabled
        return enabled
    }

    private var atomicCommits: Bool?

    /// A surface starts showing on the card.
    func attach() { users += 1 }

    /// A surface has let its output go: with none left, the console comes back and the card closes.
    func detach() {
        users -= 1
        if users == 0 { close() }
    }

    private var isOpen = true

    /// Closes the card even if no surface ever attached (a failed open).
    func close() {
        guard isOpen else { return }
        isOpen = false
        try? fd.close()
        console?.restore()
    }

    deinit { close() }

    /// Reads the events waiting on the card (waiting up to a second for one,
    /// unless `waiting` is false): each page flip clears the flag its surface
    /// asked with, whichever output it was for.
    func handleEvents(waiting: Bool = true) throws {
        let timeout: Int32 = waiting ? 1000 : 0
        var request = pollfd(fd: fd.rawValue, events: Int16(POLLIN), revents: 0)
        var ready = poll(&request, 1, timeout)
        while ready < 0 && errno == EINTR { ready = poll(&request, 1, timeout) }
        if ready == 0 && !waiting { return }
        guard ready > 0 else {
            throw DisplayError(
                device: path,
                problem: ready == 0 ? "a page flip did not complete within a second" : "cannot wait for a page flip: \(Errno(rawValue: errno))")
        }
        var events = drmEventContext()
        events.version = 2
        events.page_flip_handler = { _, _, _, _, pending in pending?.assumingMemoryBound(to: Bool.self).pointee = false }
        guard drmHandleEvent(fd.rawValue, &events) == 0 else {
            throw DisplayError(device: path, .failed("cannot read the page flip's event", Errno(rawValue: errno)))
        }
    }
}

/// The id and current value of the property named `wanted` ("DPMS", "FB_ID")
/// of a DRM object (a connector, a plane); nil when it has none so named.
func drmProperty(named wanted: String, of object: UInt32, kind: UInt32, fd: Int32) -> (id: UInt32, value: UInt64)? {
    guard let properties = drmModeObjectGetProperties(fd, object, kind) else { return nil }
    defer { drmModeFreeObjectProperties(properties) }
    for index in 0..<Int(properties.pointee.count_props) {
        guard let property = drmModeGetProperty(fd, properties.pointee.props[index]) else { continue }
        defer { drmModeFreeProperty(property) }
        let name = withUnsafeBytes(of: property.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name == wanted { return (property.pointee.prop_id, properties.pointee.prop_values[index]) }
    }
    return nil
}
