/// `[remote]`: the screen served over VNC to a support desk.
public struct RemoteSettings: Equatable, Sendable {
    /// `vnc`, or `run --vnc`.
    public var vnc = false
    /// Where to listen: loopback unless configured (the way in is an SSH tunnel).
    public var address = "127.0.0.1"
    public var port = 5900
    /// A vncpasswd file readable by the service alone; needed off loopback.
    public var passwordFile: String?
    /// Clients see the screen and cannot touch it.
    public var viewOnly = false

    public init() {}

    /// Whether only this machine can connect.
    public var isLoopback: Bool { Self.isLoopback(address) }

    /// Whether `address` (IPv4 or IPv6, no port) is this machine's own.
    public static func isLoopback(_ address: String) -> Bool {
        address == "::1" || address.hasPrefix("127.") || address.hasPrefix("::ffff:127.")
    }
}
