import CLibdrm
import Glibc
import Graphics

/// A card's cursor plane on one CRTC, driven by atomic modesetting: the
/// display engine shows its small picture over the frame, so a lone finger
/// marker moves by a commit of the plane's properties, with no pixel of the
/// frame copied or blended. Found only where the driver has one for the CRTC
/// (virtio-gpu and most display engines do; bochs does not), and kept
/// only when a test commit (`DRM_MODE_ATOMIC_TEST_ONLY`) of it showing a
/// picture passes.
///
/// Two buffers, as the frame has: a new picture is written into the one
/// not on screen. A buffer's picture is known by the bitmap it was written
/// from, so a marker that only moves is written once.
final class DRMCursorPlane {
    /// The plane's size on the panel, which every picture is shown in.
    let width: Int
    let height: Int
    private let card: DRMCard
    private var fd: Int32 { card.fd.rawValue }
    private let crtcID: UInt32
    private let planeID: UInt32
    private let ids: PropertyIDs
    private let buffers: [DumbBuffer]
    /// The bitmap each buffer was last written from.
    private var written: [Bitmap?] = [nil, nil]
    /// What the plane shows (nil: nothing), and what the commit being built would make it show.
    private var shown: Placement?
    private var staged: Placement??

    private struct Placement: Equatable {
        var buffer: Int
        var x: Int
        var y: Int
    }

    private struct PropertyIDs {
        var framebuffer: UInt32, crtc: UInt32
        var sourceX: UInt32, sourceY: UInt32, sourceWidth: UInt32, sourceHeight: UInt32
        var x: UInt32, y: UInt32, width: UInt32, height: UInt32
    }

    /// The cursor plane that can show over `crtcID`, ready and tested; nil
    /// when the card has none, cannot commit atomically, or refuses it.
    static func find(card: DRMCard, crtcID: UInt32) -> DRMCursorPlane? {
        let fd = card.fd.rawValue, device = card.path
        guard card.enableAtomicCommits(), let cursor = cursorPlane(fd: fd, crtcID: crtcID, taken: card.claimedPlanes) else { return nil }
        // Virtualized cards (virtio-gpu, vmwgfx) hide their cursor plane from atomic
        // clients that do not say they place its hotspot (kernel 6.8 on); older kernels refuse the cap.
        let cursorPlaneHotspot: UInt64 = 6
        _ = drmSetClientCap(fd, cursorPlaneHotspot, 1)
        guard let ids = propertyIDs(fd: fd, cursor: cursor) else { return nil }
        var width: UInt64 = 64, height: UInt64 = 64
        if drmGetCap(fd, UInt64(DRM_CAP_CURSOR_WIDTH), &width) != 0 || width == 0 { width = 64 }
        if drmGetCap(fd, UInt64(DRM_CAP_CURSOR_HEIGHT), &height) != 0 || height == 0 { height = 64 }
        guard let first = try? DumbBuffer.make(fd: fd, width: Int(width), height: Int(height), withAlpha: true, device: device) else { return nil }
        guard let second = try? DumbBuffer.make(fd: fd, width: Int(width), height: Int(height), withAlpha: true, device: device) else {
            first.destroy(fd: fd)
            return nil
        }
        let plane = DRMCursorPlane(
            card: card, crtcID: crtcID, planeID: cursor, ids: ids, buffers: [first, second],
            width: Int(width), height: Int(height))
        guard plane.passesTest() else {
            plane.destroyBuffers()
            return nil
        }
        card.claimedPlanes.insert(cursor)
        return plane
    }

    private init(card: DRMCard, crtcID: UInt32, planeID: UInt32, ids: PropertyIDs, buffers: [DumbBuffer], width: Int, height: Int) {
        self.card = card
        self.crtcID = crtcID
        self.planeID = planeID
        self.ids = ids
        self.buffers = buffers
        self.width = width
        self.height = height
    }

    /// Whether the driver would show the plane's picture at the screen's corner.
    private func passesTest() -> Bool {
        guard let request = drmModeAtomicAlloc() else { return false }
        defer { drmModeAtomicFree(request) }
        place(buffer: 0, x: 0, y: 0, in: request)
        return drmModeAtomicCommit(fd, request, UInt32(DRM_MODE_ATOMIC_TEST_ONLY), nil) == 0
    }

    /// Adds to `request` what shows `cursor` (in the picture's coordinates,
    /// turned by `rotation` onto the panel), or empties the plane; false
    /// when the plane already shows just that and the commit needs nothing.
    func stage(_ cursor: CursorPicture?, in request: OpaquePointer, rotation: DisplayRotation, pictureWidth: Int, pictureHeight: Int) -> Bool {
        guard let cursor else {
            staged = .some(nil)
            guard shown != nil else { return false }
            _ = drmModeAtomicAddProperty(request, planeID, ids.framebuffer, 0)
            _ = drmModeAtomicAddProperty(request, planeID, ids.crtc, 0)
            return true
        }
        let bitmap = cursor.bitmap
        let panel = rotation.panelRect(
            PixelRect(x: cursor.x, y: cursor.y, width: bitmap.width, height: bitmap.height), pictureWidth: pictureWidth, pictureHeight: pictureHeight)
        precondition(panel.width <= width && panel.height <= height, "a \(panel.width)x\(panel.height) cursor on a \(width)x\(height) plane")
        // The buffer on screen if it holds this picture, else the other, written now.
        var buffer = shown?.buffer ?? 0
        if written[buffer] !== bitmap {
            buffer = 1 - buffer
            if written[buffer] !== bitmap { write(bitmap, into: buffer, rotation: rotation) }
        }
        let placement = Placement(buffer: buffer, x: panel.x, y: panel.y)
        staged = .some(placement)
        guard placement != shown else { return false }
        place(buffer: buffer, x: panel.x, y: panel.y, in: request)
        return true
    }

    /// The commit with what `stage` added went through.
    func committed() {
        if let staged { shown = staged }
        staged = nil
    }

    /// The commit failed: the plane shows what it did.
    func abandoned() { staged = nil }

    private func place(buffer: Int, x: Int, y: Int, in request: OpaquePointer) {
        // Called for each move: no array of the pairs, one call each.
        func set(_ property: UInt32, _ value: UInt64) { _ = drmModeAtomicAddProperty(request, planeID, property, value) }
        set(ids.framebuffer, UInt64(buffers[buffer].framebufferID))
        set(ids.crtc, UInt64(crtcID))
        // The source in 16.16 fixed point: the whole buffer, unscaled.
        set(ids.sourceX, 0)
        set(ids.sourceY, 0)
        set(ids.sourceWidth, UInt64(width) << 16)
        set(ids.sourceHeight, UInt64(height) << 16)
        // Signed: a picture may hang over the screen's edge.
        set(ids.x, UInt64(bitPattern: Int64(x)))
        set(ids.y, UInt64(bitPattern: Int64(y)))
        set(ids.width, UInt64(width))
        set(ids.height, UInt64(height))
    }

    /// The buffer becomes `bitmap` at its top left, turned, and clear elsewhere.
    private func write(_ bitmap: Bitmap, into buffer: Int, rotation: DisplayRotation) {
        let target = buffers[buffer]
        memset(target.memory, 0, target.length)
        // A plain copy of cairo's premultiplied ARGB: .xrgb8888 keeps the alpha byte as it is.
        PixelConverter.convert(bitmap, rect: bitmap.bounds, into: target.memory, stride: target.pitch, format: .xrgb8888, rotation: rotation)
        written[buffer] = bitmap
    }

    /// Empties the plane, waiting for it, and lets its buffers go.
    func close() {
        if shown != nil, let request = drmModeAtomicAlloc() {
            _ = drmModeAtomicAddProperty(request, planeID, ids.framebuffer, 0)
            _ = drmModeAtomicAddProperty(request, planeID, ids.crtc, 0)
            _ = drmModeAtomicCommit(fd, request, 0, nil)
            drmModeAtomicFree(request)
            shown = nil
        }
        destroyBuffers()
        card.claimedPlanes.remove(planeID)
    }

    private func destroyBuffers() {
        for buffer in buffers { buffer.destroy(fd: fd) }
    }

    /// The first cursor plane that can show over `crtcID` in ARGB8888, not
    /// `taken` by another output nor showing another CRTC now.
    private static func cursorPlane(fd: Int32, crtcID: UInt32, taken: Set<UInt32>) -> UInt32? {
        guard let resources = drmModeGetResources(fd) else { return nil }
        let crtcs = UnsafeBufferPointer(start: resources.pointee.crtcs, count: Int(resources.pointee.count_crtcs))
        let crtcIndex = crtcs.firstIndex(of: crtcID)
        drmModeFreeResources(resources)
        guard let crtcIndex, let list = drmModeGetPlaneResources(fd) else { return nil }
        defer { drmModeFreePlaneResources(list) }
        for planeID in UnsafeBufferPointer(start: list.pointee.planes, count: Int(list.pointee.count_planes)) {
            guard let plane = drmModeGetPlane(fd, planeID) else { continue }
            defer { drmModeFreePlane(plane) }
            let formats = UnsafeBufferPointer(start: plane.pointee.formats, count: Int(plane.pointee.count_formats))
            if plane.pointee.possible_crtcs & (1 << UInt32(crtcIndex)) != 0 && formats.contains(argb8888) && !taken.contains(planeID)
                && (plane.pointee.crtc_id == 0 || plane.pointee.crtc_id == crtcID)
                && drmProperty(named: "type", of: planeID, kind: UInt32(DRM_MODE_OBJECT_PLANE), fd: fd)?.value == UInt64(DRM_PLANE_TYPE_CURSOR)
            {
                return planeID
            }
        }
        return nil
    }

    /// DRM_FORMAT_ARGB8888, fourcc "AR24".
    private static let argb8888: UInt32 = 0x3432_5241

    private static func propertyIDs(fd: Int32, cursor: UInt32) -> PropertyIDs? {
        func id(_ name: String) -> UInt32? { drmProperty(named: name, of: cursor, kind: UInt32(DRM_MODE_OBJECT_PLANE), fd: fd)?.id }
        guard let framebuffer = id("FB_ID"), let crtc = id("CRTC_ID"), let sourceX = id("SRC_X"), let sourceY = id("SRC_Y"),
            let sourceWidth = id("SRC_W"), let sourceHeight = id("SRC_H"), let x = id("CRTC_X"), let y = id("CRTC_Y"),
            let width = id("CRTC_W"), let height = id("CRTC_H")
        else { return nil }
        return PropertyIDs(
            framebuffer: framebuffer, crtc: crtc, sourceX: sourceX, sourceY: sourceY, sourceWidth: sourceWidth, sourceHeight: sourceHeight,
            x: x, y: y, width: width, height: height)
    }
}
