import Desktop
import Display
import Glibc
import Testing

struct DesktopWindowTests {
    /// With no desktop to talk to (no X server, no Wayland compositor), the window
    /// is refused with SDL's reason, or the library's absence, not a crash.
    /// SDL would fall back on its offscreen driver, a window no one sees: refused.
    @Test func withNoDesktopTheWindowSaysWhy() {
        unsetenv("DISPLAY")
        unsetenv("WAYLAND_DISPLAY")
        unsetenv("SDL_VIDEODRIVER")
        let error = #expect(throws: DisplayError.self) { try DesktopWindow(title: "test", width: 320, height: 240) }
        #expect(error?.device == "window")
        let problem = error?.problem ?? ""
        #expect(
            problem == "no desktop to open a window on (DISPLAY and WAYLAND_DISPLAY are not set)" || problem.hasPrefix("SDL cannot open a display: ")
                || problem.hasPrefix("cannot load SDL 2 ("), "\(problem)")
    }
}
