/// The display the app is shown on, as UIScreen. The host sets `main`
/// before the app launches; a window usually fills its bounds.
@MainActor
public final class Screen {
    /// The screen the app is on (800 x 480 until a host says otherwise).
    public static var main = Screen(bounds: Rect(x: 0, y: 0, width: 800, height: 480))

    /// In points, as the user sees the screen (after rotation).
    public let bounds: Rect
    /// Pixels per point; 1 on the panels TouchBridge drives.
    public let scale: Double
    /// The display's refresh rate.
    public let maximumFramesPerSecond: Int

    public init(bounds: Rect, scale: Double = 1, maximumFramesPerSecond: Int = 60) {
        self.bounds = bounds
        self.scale = scale
        self.maximumFramesPerSecond = maximumFramesPerSecond
    }
}
