import FoundationEssentials
import Glibc

/// The sockets systemd passed to this process (sd_listen_fds(3)): a socket
/// unit listens, so the service itself never makes an Internet socket and
/// its unit keeps `RestrictAddressFamilies=AF_UNIX AF_NETLINK`. They are
/// descriptors 3, 4, ..., named by the unit's FileDescriptorName=.
public struct SystemdSockets: Sendable {
    /// Descriptor by name ("unknown" where the unit named none).
    public let byName: [String: Int32]

    /// They are this process's when LISTEN_PID names it, or names its parent:
    /// under a kiosk compositor's unit (`cage -- APP run`) the compositor is
    /// systemd's main process, and the app it runs inherits its descriptors.
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        process: pid_t = getpid(), parent: pid_t = getppid()
    ) {
        guard let count = environment["LISTEN_FDS"].flatMap(Int32.init), count > 0,
            let owner = environment["LISTEN_PID"].flatMap(Int32.init), owner == process || owner == parent
        else {
            byName = [:]
            return
        }
        let names = environment["LISTEN_FDNAMES"]?.split(separator: ":", omittingEmptySubsequences: false).map(String.init) ?? []
        var found: [String: Int32] = [:]
        for index in 0..<count {
            let name = Int(index) < names.count && !names[Int(index)].isEmpty ? names[Int(index)] : "unknown"
            found[name] = found[name] ?? 3 + index
        }
        byName = found
    }

    /// "127.0.0.1:5900" or "[::1]:5900": where a listening socket listens.
    public static func address(of socket: Int32) -> String? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let got = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard got == 0 else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        func written() -> String { String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    var ip = address.pointee.sin_addr
                    inet_ntop(AF_INET, &ip, &text, socklen_t(text.count))
                    return "\(written()):\(UInt16(bigEndian: address.pointee.sin_port))"
                }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var ip = address.pointee.sin6_addr
                    inet_ntop(AF_INET6, &ip, &text, socklen_t(text.count))
                    return "[\(written())]:\(UInt16(bigEndian: address.pointee.sin6_port))"
                }
            }
        default: return nil
        }
    }
}
