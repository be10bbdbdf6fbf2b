@testable import Display
import Foundation
import SystemPackage
import Testing

/// The real surfaces opened on things that are not displays: real open()
/// and ioctl() calls on real nodes, each failing in its own way. (This
/// machine has no /dev/fb0 or DRM card; Tests/EndToEnd/display drives real
/// ones in a virtual machine.)
struct DeviceErrorTests {
    /// A fresh directory, removed after `body`.
    func withTemporaryDirectory(_ body: (String) throws -> Void) throws {
        let path = NSTemporaryDirectory() + "display-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    func framebufferError(_ path: String) -> DisplayError? {
        #expect(throws: DisplayError.self) { _ = try FramebufferSurface(path: path, graphicsConsole: false) }
    }

    func drmError(_ path: String) -> DisplayError? {
        #expect(throws: DisplayError.self) { _ = try DRMSurface(path: path, graphicsConsole: false) }
    }

    @Test func aMissingFramebufferAsksWhetherTheDriverIsLoaded() throws {
        try withTemporaryDirectory { directory in
            let error = framebufferError(directory + "/fb9")
            #expect(error == DisplayError(device: directory + "/fb9", .missing(.framebuffer)))
            #expect(error?.problem == "no framebuffer device; is the fbdev driver loaded? (ls /dev/fb*)")
        }
    }

    @Test(.enabled(if: !FileManager.default.fileExists(atPath: "/dev/fb9")))
    func theUsualMissingNodeToo() {
        #expect(framebufferError("/dev/fb9")?.description == "/dev/fb9: no framebuffer device; is the fbdev driver loaded? (ls /dev/fb*)")
    }

    @Test func devNullIsNotAFramebuffer() {
        let error = framebufferError("/dev/null")
        #expect(error == DisplayError(device: "/dev/null", .notADevice(.framebuffer, ioctl: "FBIOGET_VSCREENINFO", .inappropriateIOCTLForDevice)))
        #expect(error?.problem == "not a framebuffer device (FBIOGET_VSCREENINFO: Inappropriate ioctl for device)")
    }

    @Test func aRegularFileIsNotAFramebuffer() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/screen"
            #expect(FileManager.default.createFile(atPath: path, contents: Data(count: 4096)))
            guard case .notADevice(.framebuffer, _, _) = framebufferError(path)?.reason, case .notADevice(.drm, _, _) = drmError(path)?.reason
            else {
                Issue.record("a regular file is neither a framebuffer nor a DRM device")
                return
            }
        }
    }

    @Test func aDirectoryIsNotADevice() throws {
        try withTemporaryDirectory { directory in
            #expect(framebufferError(directory)?.reason == .isDirectory(.framebuffer))
            #expect(drmError(directory)?.reason == .isDirectory(.drm))
            #expect(drmError(directory)?.problem == "a directory, not a DRM device")
        }
    }

    @Test(.enabled(if: getuid() != 0, "root may open anything"))
    func aNodeWithoutPermissionSuggestsTheVideoGroup() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/fb0"
            #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o000]))
            #expect(framebufferError(path)?.reason == .permissionDenied)
            #expect(drmError(path)?.reason == .permissionDenied)
            #expect(drmError(path)?.problem.contains("'video' group") == true)
        }
    }

    @Test func aMissingDRMCardAsksWhetherAKMSDriverIsLoaded() throws {
        try withTemporaryDirectory { directory in
            let error = drmError(directory + "/card0")
            #expect(error?.reason == .missing(.drm))
            #expect(error?.problem == "no DRM device; is a KMS driver loaded? (ls /dev/dri)")
        }
        if !FileManager.default.fileExists(atPath: "/dev/dri/card9") {
            #expect(drmError("/dev/dri/card9")?.device == "/dev/dri/card9")
        }
    }

    @Test func devNullIsNotADRMDevice() {
        let error = drmError("/dev/null")
        #expect(error?.description == "/dev/null: not a DRM device (DRM_IOCTL_VERSION: Inappropriate ioctl for device)")
    }

    @Test func displaySpecsOpenTheRealSurfaces() {
        let error = #expect(throws: DisplayError.self) {
            _ = try DisplaySpec.framebuffer(path: "/dev/null").openSurface(size: nil, graphicsConsole: false)
        }
        #expect(error?.reason == .notADevice(.framebuffer, ioctl: "FBIOGET_VSCREENINFO", .inappropriateIOCTLForDevice))
        let drm = #expect(throws: DisplayError.self) {
            _ = try DisplaySpec.drm(path: "/dev/null").openSurface(size: nil, graphicsConsole: false)
        }
        #expect(drm?.reason == .notADevice(.drm, ioctl: "DRM_IOCTL_VERSION", .inappropriateIOCTLForDevice))
    }

    @Test func noVirtualTerminalIsNoError() {
        let console = ConsoleGraphicsMode(terminals: ["/nonexistent/tty0", "/dev/null"])
        #expect(!console.isActive)
        #expect(console.terminal == nil)
        console.restore()
        console.restore()
    }
}
