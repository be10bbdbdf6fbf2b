import CLibdrm
import Glibc
import Graphics

/// The primary plane of one output's CRTC, driven by atomic modesetting: a
/// frame is shown by a commit of the plane's FB_ID, and, where the driver
/// takes them (its FB_DAMAGE_CLIPS property), with the rectangles of the
/// buffer drawn since it was last shown.
///
/// A flip by `drmModePageFlip` tells an atomic driver nothing of what
/// changed, so it takes the whole plane as damaged: drivers that copy the
/// frame to the screen (USB and SPI panels, server graphics, virtual
/// machines' displays) copy all of it each frame, and a panel with
/// self-refresh fetches all of it. With the clips they copy what changed.
///
/// Found only on a card that takes atomic commits, and kept only when a
/// test commit (`DRM_MODE_ATOMIC_TEST_ONLY`) of a flip passes.
final class DRMPrimaryPlane {
    private let planeID: UInt32
    private let fd: Int32
    private let framebufferProperty: UInt32
    /// The plane's FB_DAMAGE_CLIPS; nil where the driver has none (it then takes the whole plane as damaged).
    private let damageClipsProperty: UInt32?

    /// Whether commits tell the driver which rectangles changed.
    var takesDamageClips: Bool { damageClipsProperty != nil }

    /// The primary plane showing `crtcID`, tested with a flip to
    /// `framebufferID` (the buffer on screen); nil when the card does not take
    /// atomic commits or refuses the test.
    static func find(card: DRMCard, crtcID: UInt32, showing framebufferID: UInt32) -> DRMPrimaryPlane? {
        guard card.enableAtomicCommits(), let planeID = primaryPlane(fd: card.fd.rawValue, crtcID: crtcID) else { return nil }
        let fd = card.fd.rawValue
        func property(_ name: String) -> UInt32? { drmProperty(named: name, of: planeID, kind: UInt32(DRM_MODE_OBJECT_PLANE), fd: fd)?.id }
        guard let framebuffer = property("FB_ID") else { return nil }
        let plane = DRMPrimaryPlane(fd: fd, planeID: planeID, framebufferProperty: framebuffer, damageClipsProperty: property("FB_DAMAGE_CLIPS"))
        guard let request = drmModeAtomicAlloc() else { return nil }
        defer { drmModeAtomicFree(request) }
        let blob = plane.stage(framebufferID, damage: [], in: request)
        defer { plane.release(blob) }
        guard drmModeAtomicCommit(fd, request, UInt32(DRM_MODE_ATOMIC_TEST_ONLY), nil) == 0 else { return nil }
        return plane
    }

    private init(fd: Int32, planeID: UInt32, framebufferProperty: UInt32, damageClipsProperty: UInt32?) {
        self.fd = fd
        self.planeID = planeID
        self.framebufferProperty = framebufferProperty
        self.damageClipsProperty = damageClipsProperty
    }

    /// Adds to `request` what shows `framebufferID`, changed in `damage`
    /// (rectangles on the panel). Returns the clips' blob, which the caller
    /// lets go (`release`) once the commit is made; 0 when there is none.
    func stage(_ framebufferID: UInt32, damage: [PixelRect], in request: OpaquePointer) -> UInt32 {
        _ = drmModeAtomicAddProperty(request, planeID, framebufferProperty, UInt64(framebufferID))
        guard let damageClipsProperty, !damage.isEmpty else { return 0 }
        // struct drm_mode_rect: four signed 32-bit edges, the right and bottom ones exclusive.
        var edges: [Int32] = []
        edges.reserveCapacity(damage.count * 4)
        for rect in damage {
            edges.append(Int32(rect.x))
            edges.append(Int32(rect.y))
            edges.append(Int32(rect.maxX))
            edges.append(Int32(rect.maxY))
        }
        var blob: UInt32 = 0
        let status = edges.withUnsafeBytes { drmModeCreatePropertyBlob(fd, $0.baseAddress, $0.count, &blob) }
        // Without the blob the commit goes without clips: the whole plane is taken as damaged, as by a flip.
        guard status == 0 else { return 0 }
        _ = drmModeAtomicAddProperty(request, planeID, damageClipsProperty, UInt64(blob))
        return blob
    }

    /// Lets the blob `stage` made go: the commit holds its own reference.
    func release(_ blob: UInt32) {
        if blob != 0 { _ = drmModeDestroyPropertyBlob(fd, blob) }
    }

    /// The primary plane showing `crtcID` now.
    private static func primaryPlane(fd: Int32, crtcID: UInt32) -> UInt32? {
        guard let list = drmModeGetPlaneResources(fd) else { return nil }
        defer { drmModeFreePlaneResources(list) }
        for planeID in UnsafeBufferPointer(start: list.pointee.planes, count: Int(list.pointee.count_planes)) {
            guard let plane = drmModeGetPlane(fd, planeID) else { continue }
            let showsCRTC = plane.pointee.crtc_id == crtcID
            drmModeFreePlane(plane)
            if showsCRTC, drmProperty(named: "type", of: planeID, kind: UInt32(DRM_MODE_OBJECT_PLANE), fd: fd)?.value == UInt64(DRM_PLANE_TYPE_PRIMARY) {
                return planeID
            }
        }
        return nil
    }
}
