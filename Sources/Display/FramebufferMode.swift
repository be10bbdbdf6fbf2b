import CDisplayShim
import Graphics

/// What the kernel reports about a framebuffer (fb_var_screeninfo and
/// fb_fix_screeninfo), in the terms the surface needs.
struct FramebufferMode {
    /// Visible pixels.
    var width: Int
    var height: Int
    /// The virtual screen's height: room for a second page when at least twice `height`.
    var virtualHeight: Int
    /// The part of the virtual screen shown now.
    var xOffset: Int
    var yOffset: Int
    /// Bytes from one row to the next (line_length), often more than width times bytes per pixel.
    var lineLength: Int
    var memoryLength: Int
    /// Where smem_start falls within its page: mmap maps from the page's start.
    var memoryPageOffset: Int
    /// Rows a pan moves by; 0 when the driver cannot pan.
    var panStep: Int
    var format: PixelFormat
    var refreshRate: Double

    init(variable: fb_var_screeninfo, fixed: fb_fix_screeninfo, pageSize: Int) throws {
        width = Int(variable.xres)
        height = Int(variable.yres)
        virtualHeight = Int(variable.yres_virtual)
        xOffset = Int(variable.xoffset)
        yOffset = Int(variable.yoffset)
        lineLength = Int(fixed.line_length)
        memoryLength = Int(fixed.smem_len)
        memoryPageOffset = Int(fixed.smem_start % UInt(pageSize))
        panStep = Int(fixed.ypanstep)
        func channel(_ field: fb_bitfield) -> PixelFormat.Channel {
            PixelFormat.Channel(offset: Int(field.offset), length: Int(field.length))
        }
        format = try PixelFormat(
            bitsPerPixel: Int(variable.bits_per_pixel), red: channel(variable.red), green: channel(variable.green),
            blue: channel(variable.blue), alpha: channel(variable.transp))
        refreshRate = FramebufferMode.refreshRate(
            pixclock: Int(variable.pixclock), width: width, height: height,
            left: Int(variable.left_margin), right: Int(variable.right_margin), hsync: Int(variable.hsync_len),
            upper: Int(variable.upper_margin), lower: Int(variable.lower_margin), vsync: Int(variable.vsync_len))
    }

    /// Frames per second from the pixel clock (picoseconds per pixel) and
    /// the whole frame with its blanking; 60 when the driver gives no clock
    /// (emulated framebuffers report 0).
    static func refreshRate(
        pixclock: Int, width: Int, height: Int, left: Int, right: Int, hsync: Int, upper: Int, lower: Int, vsync: Int
    ) -> Double {
        let lineLength = width + left + right + hsync, frameLines = height + upper + lower + vsync
        guard pixclock > 0, lineLength > 0, frameLines > 0 else { return 60 }
        return 1e12 / (Double(pixclock) * Double(lineLength) * Double(frameLines))
    }

    /// Bytes one page of `height` rows takes.
    var pageLength: Int { height * lineLength }

    /// Two pages fit in the virtual screen and in memory, and the driver pans by whole pages.
    var allowsDoubleBuffering: Bool {
        virtualHeight >= 2 * height && panStep > 0 && height % panStep == 0 && 2 * pageLength <= memoryLength
    }
}
