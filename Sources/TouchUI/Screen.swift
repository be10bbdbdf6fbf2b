/// A display the app is shown on, as UIScreen. The host sets `screens`
/// before the app launches; a window usually fills its screen's bounds.
@MainActor
public final class Screen {
    /// Every display the host drives, the main one first (one 800 x 480
    /// screen until a host says otherwise). With DRM and several connected
    /// outputs there is one per output; an app puts a window on another one
    /// by setting the window's `screen` and making it visible.
    public static var screens = [Screen(bounds: Rect(x: 0, y: 0, width: 800, height: 480))]

    /// The screen the app's key window is on: the first of `screens`.
    /// Setting it makes it the only screen.
    public static var main: Screen {
        get { screens[0] }
        set { screens = [newValue] }
    }

    /// In points, as the user sees the screen (after rotation). A desktop
    /// window's screen changes size with the window; the host says so.
    public package(set) var bounds: Rect
    /// Pixels per point; 1 on the panels TouchBridge drives.
    public let scale: Double
    /// The display's refresh rate.
    public let maximumFramesPerSecond: Int
    /// The output it is, as the kernel names it ("HDMI-A-1"); nil for a
    /// framebuffer, a picture file or memory. Not in UIKit: a kiosk with a
    /// customer display tells its screens apart by it.
    public let name: String?

    public init(bounds: Rect, scale: Double = 1, maximumFramesPerSecond: Int = 60, name: String? = nil) {
        self.bounds = bounds
        self.scale = scale
        self.maximumFramesPerSecond = maximumFramesPerSecond
        self.name = name
    }
}
