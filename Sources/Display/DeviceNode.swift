import Glibc

/// Opening a display's device node, with errno turned into what to do about it.
enum DeviceNode {
    enum Kind {
        case framebuffer, drm

        var missing: String {
            switch self {
            case .framebuffer: "no framebuffer device; is the fbdev driver loaded? (ls /dev/fb*)"
            case .drm: "no DRM device; is a KMS driver loaded? (ls /dev/dri)"
            }
        }

        var noun: String { self == .framebuffer ? "framebuffer device" : "DRM device" }
    }

    /// A read-write descriptor for `path`, closed on exec so that children do not keep the display.
    static func open(_ path: String, kind: Kind) throws -> Int32 {
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC)
        guard fd < 0 else { return fd }
        let code = errno
        let problem: String
        switch code {
        case ENOENT: problem = kind.missing
        case EACCES, EPERM:
            problem = "permission denied; add the user to the 'video' group (usermod -aG video USER, then log in again) or run as root"
        case EISDIR: problem = "a directory, not a \(kind.noun)"
        case ENXIO, ENODEV: problem = "the node exists but no driver answers it (\(errorName(code)))"
        default: problem = "cannot open: \(errorName(code))"
        }
        throw DisplayError(device: path, problem: problem)
    }

    /// "Inappropriate ioctl for device" for ENOTTY: the C library's words.
    static func errorName(_ code: Int32) -> String { String(cString: strerror(code)) }
}
