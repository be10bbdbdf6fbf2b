import Display
import Glibc
import Testing

struct DisplaySpecTests {
    @Test func eachKindParses() throws {
        #expect(try DisplaySpec(parsing: "fb:/dev/fb0") == .framebuffer(path: "/dev/fb0"))
        #expect(try DisplaySpec(parsing: "drm:/dev/dri/card0") == .drm(path: "/dev/dri/card0"))
        #expect(try DisplaySpec(parsing: "png:out/screen.png") == .png(path: "out/screen.png"))
        #expect(try DisplaySpec(parsing: "memory") == .memory)
        // Only the first colon separates: paths may hold more.
        #expect(try DisplaySpec(parsing: "png:a:b.png") == .png(path: "a:b.png"))
        #expect(try DisplaySpec(parsing: "window") == .window(width: nil, height: nil))
        #expect(try DisplaySpec(parsing: "window:1280x800") == .window(width: 1280, height: 800))
        #expect(try DisplaySpec(parsing: "wayland") == .wayland)
    }

    @Test(arguments: ["window:0x800", "window:1280", "window:1280x", "window:axb", "window:1280x800x2", "window:-5x10", "window:99999x10"])
    func aWindowSizeMustBeTwoPositiveNumbers(text: String) {
        let error = #expect(throws: DisplayError.self) { try DisplaySpec(parsing: text) }
        #expect(error?.device == text)
        #expect(error?.problem.hasSuffix("is not a window size; give WIDTHxHEIGHT in points, such as window:1280x800") == true)
    }

    @Test func aDesktopWindowIsNotOpenedHere() {
        let error = #expect(throws: DisplayError.self) { try DisplaySpec.window(width: 10, height: 10).openSurface(size: nil) }
        #expect(error?.problem.contains("opened by the host") == true)
    }

    @Test(arguments: ["fb:/dev/fb0", "drm:/dev/dri/card1", "png:/tmp/x.png", "memory", "window", "window:640x480", "wayland"])
    func descriptionParsesBackToTheSameDisplay(text: String) throws {
        let spec = try DisplaySpec(parsing: text)
        #expect(spec.description == text)
        #expect(try DisplaySpec(parsing: spec.description) == spec)
    }

    @Test func aNameWithoutKindIsRefusedWithTheKindsListed() {
        let error = #expect(throws: DisplayError.self) { try DisplaySpec(parsing: "/dev/fb0") }
        #expect(error?.device == "/dev/fb0")
        #expect(error?.problem == "not a display; use fb:/dev/fbN, drm:/dev/dri/cardN, png:FILE, memory, window[:WxH] or wayland")
    }

    @Test func anUnknownKindIsNamed() {
        let error = #expect(throws: DisplayError.self) { try DisplaySpec(parsing: "vnc:host:1") }
        #expect(error?.problem == "unknown display kind 'vnc'; use fb:/dev/fbN, drm:/dev/dri/cardN, png:FILE, memory, window[:WxH] or wayland")
    }

    @Test(arguments: ["fb:", "drm:", "png:"])
    func aKindWithoutPathIsRefused(text: String) {
        let error = #expect(throws: DisplayError.self) { try DisplaySpec(parsing: text) }
        #expect(error?.problem == "no path after '\(text)'")
        #expect((#expect(throws: DisplayError.self) { try DisplaySpec(parsing: "window:") })?.problem == "no size after 'window:'")
    }

    @Test func memoryAndPNGNeedASizeToOpen() throws {
        let error = #expect(throws: DisplayError.self) { try DisplaySpec.memory.openSurface(size: nil) }
        #expect(error?.problem.contains("needs a size") == true)
        let surface = try DisplaySpec.memory.openSurface(size: (width: 30, height: 20), rotation: .clockwise90)
        #expect((surface.width, surface.height, surface.rotation) == (30, 20, .clockwise90))
        #expect(surface.summary == "memory 20x30 XRGB8888")
    }

    /// Only DRM has connectors to choose between; asking another kind for one is a mistake, said so.
    @Test func anOutputIsForDRMOnly() {
        #expect {
            try DisplaySpec.memory.openSurface(size: (64, 64), output: "HDMI-A-1")
        } throws: { error in
            "\(error)" == "memory: only a drm: display has outputs to choose from (asked for HDMI-A-1)"
        }
    }
}

struct ScreenOwnerTests {
    /// A /proc of three processes: cage and Weston are named, a shell is not.
    @Test func compositorsAreFoundByTheirProcessNames() throws {
        let proc = "/tmp/touchbridge-screen-owner-\(getpid())"
        defer { _ = system("rm -rf \(proc)") }
        for (pid, command) in [("412", "cage\n"), ("77", "bash\n"), ("1300", "weston\n")] {
            #expect(mkdir(proc, 0o755) == 0 || errno == EEXIST)
            #expect(mkdir("\(proc)/\(pid)", 0o755) == 0)
            let file = fopen("\(proc)/\(pid)/comm", "w")
            fputs(command, file)
            fclose(file)
        }
        #expect(mkdir("\(proc)/self", 0o755) == 0)
        #expect(ScreenOwner.running(proc: proc) == [ScreenOwner(name: "cage", pid: 412), ScreenOwner(name: "weston", pid: 1300)])
        #expect(ScreenOwner.running(proc: "\(proc)/missing").isEmpty)
    }
}
