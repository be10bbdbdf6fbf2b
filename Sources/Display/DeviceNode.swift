import Glibc
import SystemPackage

/// Opening a display's device node, with errno turned into what to do about it.
enum DeviceNode {
    /// A read-write descriptor for `path`, closed on exec so that children do not keep the display.
    static func open(_ path: String, kind: DisplayError.NodeKind) throws(DisplayError) -> FileDescriptor {
        do {
            return try FileDescriptor.open(path, .readWrite, options: [.closeOnExec])
        } catch {
            let errno = error as? Errno ?? Errno(rawValue: EIO)
            switch errno {
            case .noSuchFileOrDirectory: throw DisplayError(device: path, .missing(kind))
            case .permissionDenied, .notPermitted: throw DisplayError(device: path, .permissionDenied)
            case .isDirectory: throw DisplayError(device: path, .isDirectory(kind))
            case .noSuchAddressOrDevice, .operationNotSupportedByDevice: throw DisplayError(device: path, .noDriver(errno))
            default: throw DisplayError(device: path, .failed("cannot open", errno))
            }
        }
    }
}
