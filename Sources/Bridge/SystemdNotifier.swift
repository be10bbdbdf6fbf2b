import FoundationEssentials
import Glibc
import SystemPackage

/// Tells systemd how the service is doing (sd_notify(3)): READY=1, STATUS=,
/// WATCHDOG=1, STOPPING=1, as datagrams on the socket in NOTIFY_SOCKET.
/// Does nothing when not started by systemd with Type=notify.
public final class SystemdNotifier: Sendable {
    private let socketPath: String?
    /// How often systemd expects WATCHDOG=1, when WatchdogSec= is set for this process.
    public let watchdogInterval: Double?

    /// The watchdog is this process's when WATCHDOG_PID names it, or names its
    /// parent: under a kiosk compositor's unit (`cage -- APP run`) systemd's main
    /// process is the compositor, which passes the environment on and never pings,
    /// so the app it runs answers for the service (with `NotifyAccess=all`).
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        process: pid_t = getpid(), parent: pid_t = getppid()
    ) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        if let usec = environment["WATCHDOG_USEC"].flatMap(Double.init), usec > 0,
            environment["WATCHDOG_PID"].flatMap(Int32.init).map({ $0 == process || $0 == parent }) ?? true
        {
            watchdogInterval = usec / 1_000_000
        } else {
            watchdogInterval = nil
        }
    }

    public var isActive: Bool { socketPath != nil }

    /// Sends `state` (lines such as "READY=1\nSTATUS=..."); false when it could not be sent.
    @discardableResult
    public func notify(_ state: String) -> Bool {
        guard let socketPath else { return false }
        let created = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard created >= 0 else { return false }
        let socket = FileDescriptor(rawValue: created)
        defer { try? socket.close() }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(socketPath.utf8)
        // "@name" is a socket in the abstract namespace: a leading NUL byte.
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        let message = Array(state.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sockaddrPointer in
                message.withUnsafeBytes { sendto(socket.rawValue, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), sockaddrPointer, length) }
            }
        }
        return sent == message.count
    }
}
