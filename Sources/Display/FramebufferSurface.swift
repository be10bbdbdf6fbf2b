import CDisplayShim
import Glibc
import Graphics
import SystemPackage

/// A Linux framebuffer, /dev/fbN, drawn into through a shared mapping of
/// its memory. With room for two pages (yres_virtual at least twice yres)
/// and a driver that pans, each frame goes to the hidden page, which is
/// then panned into view; otherwise the damage is copied to the one page.
public final class FramebufferSurface: DisplaySurface {
    public let path: String
    public let width: Int
    public let height: Int
    public let rotation: DisplayRotation
    public let refreshRate: Double
    public let format: PixelFormat
    /// The panel's visible size, which the picture (turned) fits inside.
    public let panelWidth: Int
    public let panelHeight: Int
    // @exclusivity(unchecked), as on the views' hot properties (TouchUI/View.swift, above View.superview): one thread (the compositor's), plain assignments, used every frame.
    @exclusivity(unchecked) public private(set) var presentedFrames = 0
    /// Two pages shown in turn by panning; false from the start, or after a pan the driver refused.
    @exclusivity(unchecked) public private(set) var isDoubleBuffered: Bool
    /// FBIO_WAITFORVSYNC works here, so presents wait for the vertical blank.
    public let waitsForVerticalBlank: Bool
    public var hasVerticalBlank: Bool { waitsForVerticalBlank }

    /// nil once closed.
    @exclusivity(unchecked) private var fd: FileDescriptor?
    private let mode: FramebufferMode
    /// The kernel's variable screen info, kept to pan with.
    @exclusivity(unchecked) private var screenInfo: fb_var_screeninfo
    private let originalOffsets: (x: UInt32, y: UInt32)
    private let mapping: UnsafeMutableRawPointer
    private let mappingLength: Int
    /// Byte offset of each page from the start of screen memory: two when double-buffered.
    @exclusivity(unchecked) private var pageOffsets: [Int]
    @exclusivity(unchecked) private var shownPage = 0
    @exclusivity(unchecked) private var stale: StaleRegions
    private let console: ConsoleGraphicsMode?

    /// Opens `path`. The picture is the panel's size turned by `rotation`,
    /// or `size` (also turned) when given, which the panel must be able to
    /// hold. `graphicsConsole` keeps the text console off the panel.
    public init(
        path: String, size: (width: Int, height: Int)? = nil, rotation: DisplayRotation = .none,
        graphicsConsole: Bool = true
    ) throws {
        let node = try DeviceNode.open(path, kind: .framebuffer)
        let fd = node.rawValue
        var keepOpen = false
        defer { if !keepOpen { try? node.close() } }

        var variable = fb_var_screeninfo(), fixed = fb_fix_screeninfo()
        var status = tb_fb_get_variable_info(fd, &variable)
        if status == 0 { status = tb_fb_get_fixed_info(fd, &fixed) }
        guard status == 0 else {
            let code = -status
            throw DisplayError(
                device: path,
                code == ENOTTY || code == EINVAL
                    ? .notADevice(.framebuffer, ioctl: "FBIOGET_VSCREENINFO", Errno(rawValue: code))
                    : .failed("cannot read the screen info", Errno(rawValue: code)))
        }
        let mode: FramebufferMode
        do {
            mode = try FramebufferMode(variable: variable, fixed: fixed, pageSize: Int(sysconf(Int32(_SC_PAGESIZE))))
        } catch {
            throw DisplayError(device: path, problem: "\(error)")
        }
        let visibleEnd = (mode.yOffset + mode.height) * mode.lineLength
        guard mode.width > 0, mode.height > 0, mode.lineLength >= mode.width * mode.format.bytesPerPixel,
            visibleEnd <= mode.memoryLength
        else {
            throw DisplayError(
                device: path,
                problem: "the driver reports an impossible screen: \(mode.width)x\(mode.height) at +\(mode.yOffset), "
                    + "\(mode.lineLength) bytes a line, \(mode.memoryLength) bytes of memory")
        }

        let picture = try rotation.pictureSize(
            asked: size, panelWidth: mode.width, panelHeight: mode.height, panelName: "the panel", device: path)

        let length = mode.memoryLength + mode.memoryPageOffset
        let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
        guard let address, address != MAP_FAILED else {
            throw DisplayError(device: path, .failed("cannot map its \(mode.memoryLength) bytes of screen memory", Errno(rawValue: errno)))
        }

        console = graphicsConsole ? ConsoleGraphicsMode() : nil
        let memory = address + mode.memoryPageOffset
        // Black around a picture smaller than the panel, and no console text left behind.
        if mode.allowsDoubleBuffering {
            memset(memory, 0, 2 * mode.pageLength)
        } else {
            memset(memory + mode.yOffset * mode.lineLength, 0, mode.pageLength)
        }
        // Pan to the second page and back: some drivers accept only the first.
        var doubleBuffered = false
        if mode.allowsDoubleBuffering {
            var probe = variable
            probe.xoffset = 0
            probe.yoffset = UInt32(mode.height)
            if tb_fb_pan(fd, &probe) == 0 {
                probe.yoffset = 0
                doubleBuffered = tb_fb_pan(fd, &probe) == 0
            }
        }
        // Probed once: drivers without vblank interrupts answer ENOTTY or EINVAL every time,
        // and some (bochs, through DRM's fbdev emulation) answer 0 at once without waiting.
        // Two waits in a row take most of a refresh when there is a blank to wait for.
        waitsForVerticalBlank = {
            guard tb_fb_wait_for_vsync(fd) == 0 else { return false }
            var start = timespec(), end = timespec()
            clock_gettime(CLOCK_MONOTONIC, &start)
            guard tb_fb_wait_for_vsync(fd) == 0 else { return false }
            clock_gettime(CLOCK_MONOTONIC, &end)
            let waited = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
            return waited > 0.002
        }()

        self.path = path
        self.fd = node
        self.mode = mode
        (width, height) = (picture.width, picture.height)
        (panelWidth, panelHeight) = (mode.width, mode.height)
        self.rotation = rotation
        refreshRate = mode.refreshRate
        format = mode.format
        screenInfo = variable
        originalOffsets = (variable.xoffset, variable.yoffset)
        mapping = address
        mappingLength = length
        isDoubleBuffered = doubleBuffered
        pageOffsets = doubleBuffered ? [0, mode.pageLength] : [mode.yOffset * mode.lineLength + mode.xOffset * mode.format.bytesPerPixel]
        stale = StaleRegions(buffers: pageOffsets.count, screen: PixelRect(x: 0, y: 0, width: picture.width, height: picture.height))
        keepOpen = true
    }

    deinit { close() }

    public var summary: String {
        var text = "fb:\(path) \(panelWidth)x\(panelHeight) \(format.name), \(isDoubleBuffered ? "double" : "single")-buffered"
        if (width, height) != rotation.panelSize(width: panelWidth, height: panelHeight) { text += ", picture \(width)x\(height)" }
        if rotation != .none { text += ", turned \(rotation.rawValue)°" }
        if waitsForVerticalBlank { text += ", vsync" }
        return text
    }

    public func present(_ picture: Bitmap, damage: Region) throws {
        guard let fd = fd?.rawValue else { throw DisplayError(device: path, .closed) }
        guard picture.width == width, picture.height == height else {
            throw DisplayError.wrongPictureSize(picture, screen: (width, height), device: path)
        }
        stale.add(damage.clipped(to: picture.bounds))
        if isDoubleBuffered {
            let back = 1 - shownPage
            draw(picture, stale.take(back), page: back)
            if waitsForVerticalBlank { _ = tb_fb_wait_for_vsync(fd) }
            if pan(toPage: back) {
                shownPage = back
            } else {
                // Refused mid-run (EINVAL on many drivers): keep to the page on screen.
                isDoubleBuffered = false
                pageOffsets = [pageOffsets[shownPage]]
                shownPage = 0
                stale = StaleRegions(buffers: 1, screen: picture.bounds)
                draw(picture, stale.take(0), page: 0)
            }
        } else {
            if waitsForVerticalBlank { _ = tb_fb_wait_for_vsync(fd) }
            draw(picture, stale.take(shownPage), page: shownPage)
        }
        presentedFrames += 1
    }

    public private(set) var isPoweredOn = true

    public func setPowered(_ on: Bool) throws {
        guard let fd = fd?.rawValue, on != isPoweredOn else { return }
        let status = tb_fb_blank(fd, on ? 0 : 4)
        guard status == 0 else {
            throw DisplayError(
                device: "fb:\(path)", problem: "cannot \(on ? "unblank" : "blank") the panel (FBIOBLANK: \(Errno(rawValue: -status))))")
        }
        isPoweredOn = on
    }

    public func close() {
        guard let node = fd else { return }
        // The console gets the panel back lit.
        try? setPowered(true)
        if isDoubleBuffered, (screenInfo.xoffset, screenInfo.yoffset) != originalOffsets {
            (screenInfo.xoffset, screenInfo.yoffset) = originalOffsets
            _ = tb_fb_pan(node.rawValue, &screenInfo)
        }
        munmap(mapping, mappingLength)
        try? node.close()
        fd = nil
        console?.restore()
    }

    private func draw(_ picture: Bitmap, _ region: Region, page: Int) {
        let destination = mapping + mode.memoryPageOffset + pageOffsets[page]
        for rect in region.rects {
            PixelConverter.convert(picture, rect: rect, into: destination, stride: mode.lineLength, format: format, rotation: rotation)
        }
    }

    private func pan(toPage page: Int) -> Bool {
        screenInfo.xoffset = 0
        screenInfo.yoffset = UInt32(page * mode.height)
        guard let fd else { return false }
        return tb_fb_pan(fd.rawValue, &screenInfo) == 0
    }
}
