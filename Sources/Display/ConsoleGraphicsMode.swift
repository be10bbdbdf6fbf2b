import CDisplayShim
import Glibc

/// Keeps the kernel's text console off the panel while a picture is shown:
/// in KD_GRAPHICS mode the console draws neither its cursor nor kernel
/// messages, and with its keyboard off (K_OFF) keys typed into the app do
/// not reach the tty behind it. The old mode comes back on `restore()`, at exit, and on a
/// fatal signal (the C shim does that part, async-signal-safely).
///
/// Having no virtual terminal is normal (a service without a tty, a serial
/// console, a container): then this does nothing, silently.
public final class ConsoleGraphicsMode {
    /// The terminal switched to graphics, or nil when none could be.
    public private(set) var terminal: String?

    /// The foreground VT first, then the controlling terminal if it is a VT.
    public static let defaultTerminals = ["/dev/tty0", "/dev/tty"]

    public init(terminals: [String] = ConsoleGraphicsMode.defaultTerminals) {
        for path in terminals {
            let fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
            guard fd >= 0 else { continue }
            if tb_console_enter_graphics(fd) == 0 {
                terminal = path
                return
            }
            Glibc.close(fd)
        }
    }

    public var isActive: Bool { terminal != nil }

    /// Puts the terminal back in the mode it had; safe to call twice.
    public func restore() {
        guard terminal != nil else { return }
        terminal = nil
        tb_console_leave_graphics()
    }

    deinit { restore() }
}
