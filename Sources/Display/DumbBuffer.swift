import CLibdrm
import Glibc
import SystemPackage

/// A scanout buffer any KMS driver can make ("dumb": no GPU drawing, just
/// memory the CPU writes), registered as an XRGB8888 framebuffer (ARGB8888
/// for a cursor plane's picture) and mapped into this process.
struct DumbBuffer {
    let handle: UInt32
    /// The id drmModeSetCrtc and drmModePageFlip take.
    let framebufferID: UInt32
    /// Bytes from one row to the next, as the driver chose.
    let pitch: Int
    let memory: UnsafeMutableRawPointer
    let length: Int

    static func make(fd: Int32, width: Int, height: Int, withAlpha: Bool = false, device: String) throws -> DumbBuffer {
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        var status = drmModeCreateDumbBuffer(fd, UInt32(width), UInt32(height), 32, 0, &handle, &pitch, &size)
        guard status == 0 else {
            throw DisplayError(device: device, .failed("cannot create a \(width)x\(height) dumb buffer", Errno(rawValue: -status)))
        }
        var framebufferID: UInt32 = 0
        // Depth 24 in 32 bits: XRGB8888, what the picture already is; depth 32, ARGB8888, premultiplied as cairo's.
        status = drmModeAddFB(fd, UInt32(width), UInt32(height), withAlpha ? 32 : 24, 32, pitch, handle, &framebufferID)
        guard status == 0 else {
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw DisplayError(device: device, .failed("cannot make a framebuffer of a dumb buffer", Errno(rawValue: -status)))
        }
        var offset: UInt64 = 0
        status = drmModeMapDumbBuffer(fd, handle, &offset)
        let memory = status == 0 ? mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset)) : MAP_FAILED
        guard let memory, memory != MAP_FAILED else {
            let code = status == 0 ? errno : -status
            _ = drmModeRmFB(fd, framebufferID)
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw DisplayError(device: device, .failed("cannot map a dumb buffer", Errno(rawValue: code)))
        }
        return DumbBuffer(handle: handle, framebufferID: framebufferID, pitch: Int(pitch), memory: memory, length: Int(size))
    }

    func destroy(fd: Int32) {
        munmap(memory, length)
        _ = drmModeRmFB(fd, framebufferID)
        _ = drmModeDestroyDumbBuffer(fd, handle)
    }
}
