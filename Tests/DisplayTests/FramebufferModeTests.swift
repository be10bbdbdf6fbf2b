import CDisplayShim
@testable import Display
import Graphics
import Testing

/// What the surface makes of the kernel's screen info, from screen infos
/// written here as drivers fill them in.
struct FramebufferModeTests {
    /// VESA's 1024x768 at 60 Hz (65 MHz pixel clock) in 16-bit RGB565, 2048 bytes a line.
    func vesaScreen(virtualHeight: UInt32 = 768, panStep: UInt16 = 1, memory: UInt32 = 2048 * 768 * 2)
        -> (fb_var_screeninfo, fb_fix_screeninfo)
    {
        var variable = fb_var_screeninfo()
        (variable.xres, variable.yres, variable.xres_virtual, variable.yres_virtual) = (1024, 768, 1024, virtualHeight)
        variable.bits_per_pixel = 16
        variable.red = fb_bitfield(offset: 11, length: 5, msb_right: 0)
        variable.green = fb_bitfield(offset: 5, length: 6, msb_right: 0)
        variable.blue = fb_bitfield(offset: 0, length: 5, msb_right: 0)
        variable.pixclock = 15384
        (variable.left_margin, variable.right_margin, variable.hsync_len) = (160, 24, 136)
        (variable.upper_margin, variable.lower_margin, variable.vsync_len) = (29, 3, 6)
        var fixed = fb_fix_screeninfo()
        fixed.line_length = 2048
        fixed.smem_len = memory
        fixed.ypanstep = panStep
        return (variable, fixed)
    }

    @Test func modeFromTheScreenInfo() throws {
        let (variable, fixed) = vesaScreen()
        let mode = try FramebufferMode(variable: variable, fixed: fixed, pageSize: 4096)
        #expect((mode.width, mode.height, mode.lineLength) == (1024, 768, 2048))
        #expect(mode.format == .rgb565)
        #expect(abs(mode.refreshRate - 60.004) < 0.01)
        #expect(!mode.allowsDoubleBuffering)
    }

    @Test func refreshRateComesFromThePixelClockAndBlanking() {
        // 1e12 / (15384 ps * 1344 * 806)
        let rate = FramebufferMode.refreshRate(
            pixclock: 15384, width: 1024, height: 768, left: 160, right: 24, hsync: 136, upper: 29, lower: 3, vsync: 6)
        #expect(abs(rate - 60.004) < 0.01)
        // PAL-like 720x576 at 50 Hz: 27 MHz (37037 ps), 864 x 625 in all.
        let pal = FramebufferMode.refreshRate(
            pixclock: 37037, width: 720, height: 576, left: 68, right: 12, hsync: 64, upper: 39, lower: 5, vsync: 5)
        #expect(abs(pal - 50.0) < 0.01)
        // Emulated framebuffers give no clock.
        #expect(FramebufferMode.refreshRate(pixclock: 0, width: 1280, height: 800, left: 0, right: 0, hsync: 0, upper: 0, lower: 0, vsync: 0) == 60)
    }

    @Test func doubleBufferingNeedsTwoPagesPanningAndMemory() throws {
        func allows(virtualHeight: UInt32, panStep: UInt16, memory: UInt32) throws -> Bool {
            let (variable, fixed) = vesaScreen(virtualHeight: virtualHeight, panStep: panStep, memory: memory)
            return try FramebufferMode(variable: variable, fixed: fixed, pageSize: 4096).allowsDoubleBuffering
        }
        let twoPages: UInt32 = 2 * 2048 * 768
        #expect(try allows(virtualHeight: 1536, panStep: 1, memory: twoPages))
        #expect(try !allows(virtualHeight: 1535, panStep: 1, memory: twoPages))
        #expect(try !allows(virtualHeight: 1536, panStep: 0, memory: twoPages), "ypanstep 0: the driver cannot pan")
        #expect(try !allows(virtualHeight: 1536, panStep: 5, memory: twoPages), "768 rows are not whole pan steps of 5")
        #expect(try !allows(virtualHeight: 1536, panStep: 1, memory: twoPages - 1))
    }

    @Test func anUnalignedMemoryStartIsFoundWithinItsPage() throws {
        var (variable, fixed) = vesaScreen()
        fixed.smem_start = 0xE000_0000 + 0x400
        variable.transp = fb_bitfield(offset: 0, length: 0, msb_right: 0)
        #expect(try FramebufferMode(variable: variable, fixed: fixed, pageSize: 4096).memoryPageOffset == 0x400)
    }

    @Test func aPaletteFramebufferIsRefusedNamingItsBitfields() {
        var (variable, fixed) = vesaScreen()
        variable.bits_per_pixel = 8
        for channel in [\fb_var_screeninfo.red, \.green, \.blue] { variable[keyPath: channel] = fb_bitfield(offset: 0, length: 8, msb_right: 0) }
        let error = #expect(throws: GraphicsError.self) { _ = try FramebufferMode(variable: variable, fixed: fixed, pageSize: 4096) }
        #expect(error?.description.hasPrefix("unsupported pixel format (8 bpp, red 0/8, green 0/8, blue 0/8, alpha 0/0)") == true)
    }
}
