import CLibdrm
import Glibc
import Graphics
import SystemPackage

/// A display driven through DRM/KMS (/dev/dri/cardN) with two dumb buffers:
/// each frame is drawn into the hidden one, which a page flip shows at the
/// next vertical blank. Drivers that cannot flip get the picture drawn into
/// the buffer on screen, with the damage reported through drmModeDirtyFB.
///
/// On a card that takes atomic commits, a flip is a commit of the primary
/// plane, carrying the rectangles drawn where the driver takes damage clips
/// (`DRMPrimaryPlane`). Where the card also has a cursor plane for the
/// output, a small picture can be shown on it over the frame
/// (`present(_:damage:cursor:)`), in the same commit when both change.
public final class DRMSurface: DisplaySurface {
    public let path: String
    public let width: Int
    public let height: Int
    public let rotation: DisplayRotation
    public let refreshRate: Double
    /// The mode's size, which the picture (turned) fits inside.
    public let panelWidth: Int
    public let panelHeight: Int
    /// "Virtual-1", "HDMI-A-1": the connector shown on.
    public let connectorName: String
    /// The panel's size as its EDID says; 0 when it does not.
    public let widthMillimetres: Int
    public let heightMillimetres: Int
    public let driverName: String
    public private(set) var presentedFrames = 0
    /// Frames are shown by page flips; false once the driver refused one.
    public private(set) var flipsPages = true

    private let card: DRMCard
    private var isOpen = true
    private var fd: Int32 { card.fd.rawValue }
    private let output: DRMOutput
    private let buffers: [DumbBuffer]
    private var shownBuffer = 0
    private var stale: StaleRegions
    /// Set when a flip is asked for, cleared by its event; on the heap because the kernel's event hands it back to a C callback.
    private let flipPending: UnsafeMutablePointer<Bool>
    /// A flip given up on may still land, through another output's wait: its flag is then never freed.
    private var flipMayStillArrive = false
    /// What the CRTC showed before (the console's framebuffer, usually), to put back on close.
    private let previousCRTC: drmModeCrtc?
    private var reportsDamage = true
    /// The output's primary plane, while frames are flipped by atomic commits; nil on a card without them, or once one was refused.
    private var primaryPlane: DRMPrimaryPlane?
    /// The output's cursor plane, while it is used; nil when none was found, it was not wanted, or it was refused.
    private var cursorPlane: DRMCursorPlane?

    /// Opens `path` and shows a black screen on the output named `wanted`,
    /// else its first connected one, in that output's mode. The picture is
    /// that mode's size turned by `rotation`, or `size` (also turned) when
    /// given, which the mode must hold. `options` say whether atomic
    /// commits and the cursor plane are used where the card has them.
    public convenience init(
        path: String, size: (width: Int, height: Int)? = nil, rotation: DisplayRotation = .none,
        graphicsConsole: Bool = true, output wanted: String? = nil, options: DRMOptions = DRMOptions()
    ) throws {
        let card = try DRMCard(path: path, graphicsConsole: graphicsConsole)
        do {
            try self.init(
                card: card, output: DRMOutput.choose(fd: card.fd.rawValue, device: path, wanted: wanted), size: size, rotation: rotation,
                options: options)
        } catch {
            card.close()
            throw error
        }
    }

    /// One surface for every connected output of the card at `path`, each
    /// on a CRTC of its own, sharing the card's descriptor: a kiosk with two
    /// panels. The first is the output the card lists first.
    public static func openAll(
        path: String, rotation: DisplayRotation = .none, graphicsConsole: Bool = true, options: DRMOptions = DRMOptions()
    ) throws -> [DRMSurface] {
        let card = try DRMCard(path: path, graphicsConsole: graphicsConsole)
        var surfaces: [DRMSurface] = []
        do {
            for output in try DRMOutput.allConnected(fd: card.fd.rawValue, device: path) {
                surfaces.append(try DRMSurface(card: card, output: output, size: nil, rotation: rotation, options: options))
            }
        } catch {
            for surface in surfaces { surface.close() }
            card.close()
            throw error
        }
        return surfaces
    }

    private init(card: DRMCard, output: DRMOutput, size: (width: Int, height: Int)?, rotation: DisplayRotation, options: DRMOptions) throws {
        let path = card.path, fd = card.fd.rawValue
        let picture = try rotation.pictureSize(
            asked: size, panelWidth: output.width, panelHeight: output.height, panelName: output.connectorName, device: path)

        let first = try DumbBuffer.make(fd: fd, width: output.width, height: output.height, device: path)
        let second: DumbBuffer
        do {
            second = try DumbBuffer.make(fd: fd, width: output.width, height: output.height, device: path)
        } catch {
            first.destroy(fd: fd)
            throw error
        }
        if let crtc = drmModeGetCrtc(fd, output.crtcID) {
            previousCRTC = crtc.pointee
            drmModeFreeCrtc(crtc)
        } else {
            previousCRTC = nil
        }
        var connectorID = output.connectorID, mode = output.mode
        // Dumb buffers start black, so this shows a black screen.
        let status = drmModeSetCrtc(fd, output.crtcID, first.framebufferID, 0, 0, &connectorID, 1, &mode)
        guard status == 0 else {
            first.destroy(fd: fd)
            second.destroy(fd: fd)
            let code = -status
            guard code != EACCES && code != EPERM else {
                throw DisplayError(
                    device: path,
                    problem: "another program controls this display (a desktop session or compositor); stop it or use a free text console")
            }
            throw DisplayError(device: path, .failed("cannot set \(output.connectorName) to \(output.width)x\(output.height)", Errno(rawValue: code)))
        }

        self.path = path
        self.card = card
        driverName = card.driverName
        self.output = output
        buffers = [first, second]
        (width, height) = (picture.width, picture.height)
        (panelWidth, panelHeight) = (output.width, output.height)
        connectorName = output.connectorName
        widthMillimetres = output.widthMillimetres
        heightMillimetres = output.heightMillimetres
        self.rotation = rotation
        refreshRate = output.refreshRate
        stale = StaleRegions(buffers: 2, screen: PixelRect(x: 0, y: 0, width: picture.width, height: picture.height))
        flipPending = .allocate(capacity: 1)
        flipPending.initialize(to: false)
        primaryPlane = options.atomicCommits ? DRMPrimaryPlane.find(card: card, crtcID: output.crtcID, showing: first.framebufferID) : nil
        // The cursor plane shares the primary plane's commits.
        cursorPlane = options.cursorPlane && primaryPlane != nil ? DRMCursorPlane.find(card: card, crtcID: output.crtcID) : nil
        card.attach()
    }

    deinit {
        close()
        if !flipMayStillArrive { flipPending.deallocate() }
    }

    public var summary: String {
        var text = "drm:\(path) \(driverName) \(connectorName) \(panelWidth)x\(panelHeight)@\(Int(refreshRate.rounded()))Hz XRGB8888"
        text += flipsPages ? ", page flips" : ", drawn in place"
        if let primaryPlane, flipsPages { text += primaryPlane.takesDamageClips ? " by atomic commits with damage clips" : " by atomic commits" }
        if let cursorPlane, flipsPages { text += ", \(cursorPlane.width)x\(cursorPlane.height) cursor plane" }
        if (width, height) != rotation.panelSize(width: panelWidth, height: panelHeight) { text += ", picture \(width)x\(height)" }
        if rotation != .none { text += ", turned \(rotation.rawValue)°" }
        return text
    }

    public var cursorPlaneSize: (width: Int, height: Int)? {
        guard let cursorPlane, flipsPages else { return nil }
        return rotation.panelSize(width: cursorPlane.width, height: cursorPlane.height)
    }

    public func present(_ picture: Bitmap, damage: Region) throws {
        try present(picture, damage: damage, cursor: nil)
    }

    public func present(_ picture: Bitmap, damage: Region, cursor: CursorPicture?) throws {
        guard isOpen else { throw DisplayError(device: path, .closed) }
        guard picture.width == width, picture.height == height else {
            throw DisplayError.wrongPictureSize(picture, screen: (width, height), device: path)
        }
        precondition(cursor == nil || cursorPlaneSize != nil, "\(summary) has no cursor plane")
        // The buffer about to be drawn may still be on screen until the last flip lands.
        try waitForPageFlip()
        let damage = damage.clipped(to: picture.bounds)
        stale.add(damage)
        if let primaryPlane, flipsPages, try commit(picture, cursor: cursor, primaryPlane: primaryPlane) {
            presentedFrames += 1
            return
        }
        if flipsPages {
            let back = 1 - shownBuffer
            draw(picture, stale.take(back), into: buffers[back])
            flipPending.pointee = true
            let status = drmModePageFlip(fd, output.crtcID, buffers[back].framebufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT), flipPending)
            if status == 0 {
                shownBuffer = back
            } else {
                flipPending.pointee = false
                let code = -status
                guard code == EINVAL || code == ENOSYS || code == EOPNOTSUPP else {
                    throw DisplayError(device: path, .failed("page flip failed", Errno(rawValue: code)))
                }
                // No page flips on this driver: show the buffer just drawn, and draw into it from now on.
                try show(buffers[back])
                shownBuffer = back
                flipsPages = false
            }
        } else {
            let region = stale.take(shownBuffer)
            draw(picture, region, into: buffers[shownBuffer])
            try reportDamage(region, of: buffers[shownBuffer], picture: picture)
        }
        presentedFrames += 1
    }

    /// Shows the frame, where the buffer on screen lags it, and the cursor
    /// plane in one atomic commit (nothing when neither changed). False when
    /// the driver refused it: what it held is given up (the cursor plane if
    /// it was in it, else atomic commits), and the frame is shown without.
    private func commit(_ picture: Bitmap, cursor: CursorPicture?, primaryPlane: DRMPrimaryPlane) throws -> Bool {
        guard let request = drmModeAtomicAlloc() else { throw DisplayError(device: path, .failed("cannot build a commit", Errno(rawValue: ENOMEM))) }
        defer { drmModeAtomicFree(request) }
        let back = 1 - shownBuffer
        // Whenever the buffer on screen lags the picture: this frame's damage, or a frame whose commit failed.
        let flipsFrame = !stale.region(of: shownBuffer).isEmpty
        var clips: UInt32 = 0
        defer { primaryPlane.release(clips) }
        if flipsFrame {
            let drawn = stale.take(back)
            draw(picture, drawn, into: buffers[back])
            // What changed in this buffer since it was last on screen: what a driver copying it to the panel copies.
            clips = primaryPlane.stage(buffers[back].framebufferID, damage: panelRects(drawn, picture: picture), in: request)
        }
        let movesCursor =
            cursorPlane?.stage(cursor, in: request, rotation: rotation, pictureWidth: picture.width, pictureHeight: picture.height) ?? false
        guard flipsFrame || movesCursor else {
            cursorPlane?.committed()
            return true
        }
        flipPending.pointee = true
        let status = drmModeAtomicCommit(fd, request, UInt32(DRM_MODE_PAGE_FLIP_EVENT | DRM_MODE_ATOMIC_NONBLOCK), flipPending)
        guard status != 0 else {
            if flipsFrame { shownBuffer = back }
            cursorPlane?.committed()
            return true
        }
        flipPending.pointee = false
        cursorPlane?.abandoned()
        let code = -status
        // Refused (a driver's limits, a plane taken): the frame goes on without what was refused, flipped the old way this time.
        guard code == EINVAL || code == ERANGE || code == ENOSPC || code == EOPNOTSUPP else {
            throw DisplayError(device: path, .failed("cannot show a new frame", Errno(rawValue: code)))
        }
        // A refused cursor costs only the plane; a refused frame, atomic commits (and with them the plane).
        if !movesCursor { self.primaryPlane = nil }
        cursorPlane?.close()
        cursorPlane = nil
        return false
    }

    public private(set) var isPoweredOn = true

    /// The connector's DPMS property, which powers the panel down and up.
    public func setPowered(_ on: Bool) throws {
        guard isOpen, on != isPoweredOn else { return }
        try? waitForPageFlip()
        guard let property = connectorProperty(named: "DPMS") else {
            throw DisplayError(device: "drm:\(path)", problem: "\(connectorName) has no DPMS property to power it down")
        }
        let status = drmModeConnectorSetProperty(fd, output.connectorID, property, UInt64(on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF))
        guard status == 0 else {
            throw DisplayError(
                device: "drm:\(path)",
                problem: "cannot power \(connectorName) \(on ? "up" : "down") (DPMS: \(Errno(rawValue: -status))))")
        }
        isPoweredOn = on
    }

    private func connectorProperty(named wanted: String) -> UInt32? {
        drmProperty(named: wanted, of: output.connectorID, kind: UInt32(DRM_MODE_OBJECT_CONNECTOR), fd: fd)?.id
    }

    public func close() {
        guard isOpen else { return }
        try? setPowered(true)
        try? waitForPageFlip()
        cursorPlane?.close()
        cursorPlane = nil
        if var previous = previousCRTC, previous.mode_valid != 0, previous.buffer_id != 0 {
            var connectorID = output.connectorID
            _ = drmModeSetCrtc(fd, previous.crtc_id, previous.buffer_id, previous.x, previous.y, &connectorID, 1, &previous.mode)
        } else {
            _ = drmModeSetCrtc(fd, output.crtcID, 0, 0, 0, nil, 0, nil)
        }
        for buffer in buffers { buffer.destroy(fd: fd) }
        isOpen = false
        card.detach()
    }

    private func draw(_ picture: Bitmap, _ region: Region, into buffer: DumbBuffer) {
        for rect in region.rects {
            PixelConverter.convert(picture, rect: rect, into: buffer.memory, stride: buffer.pitch, format: .xrgb8888, rotation: rotation)
        }
    }

    private func show(_ buffer: DumbBuffer) throws {
        var connectorID = output.connectorID, mode = output.mode
        let status = drmModeSetCrtc(fd, output.crtcID, buffer.framebufferID, 0, 0, &connectorID, 1, &mode)
        guard status == 0 else {
            throw DisplayError(device: path, .failed("cannot show a new frame", Errno(rawValue: -status)))
        }
    }

    /// `region` of the picture, turned onto the panel: the rectangles a driver is told changed.
    private func panelRects(_ region: Region, picture: Bitmap) -> [PixelRect] {
        region.rects.map { rotation.panelRect($0, pictureWidth: picture.width, pictureHeight: picture.height) }
    }

    /// Tells drivers that copy to the screen on request (USB, SPI panels) what changed.
    private func reportDamage(_ region: Region, of buffer: DumbBuffer, picture: Bitmap) throws {
        guard reportsDamage, !region.isEmpty else { return }
        var clips = panelRects(region, picture: picture).map { drmModeClip(x1: UInt16($0.x), y1: UInt16($0.y), x2: UInt16($0.maxX), y2: UInt16($0.maxY)) }
        let status = drmModeDirtyFB(fd, buffer.framebufferID, &clips, UInt32(clips.count))
        guard status != 0 else { return }
        let code = -status
        // ENOSYS: the driver scans the buffer out directly and needs no telling.
        guard code == ENOSYS || code == EOPNOTSUPP else {
            throw DisplayError(device: path, .failed("cannot report the changed area", Errno(rawValue: code)))
        }
        reportsDamage = false
    }

    /// The card's descriptor, which the flips' events arrive on (shared by its outputs).
    public var completionDescriptor: Int32? { isOpen && flipsPages ? fd : nil }
    public var isPresentPending: Bool { flipPending.pointee }

    /// Reads the card's events that have come, landing this output's flip
    /// or another's: one read serves every output of the card.
    public func handleCompletions() throws {
        guard isOpen else { return }
        try card.handleEvents(waiting: false)
    }

    /// Waits for this output's last flip; the card's events may land other outputs' flips on the way.
    private func waitForPageFlip() throws {
        while flipPending.pointee {
            do {
                try card.handleEvents()
            } catch {
                flipPending.pointee = false
                flipMayStillArrive = true
                throw error
            }
        }
    }
}
