import KernelInput

/// How a replay maps devices onto the screen, and what it accepts.
public struct ReplayOptions: Sendable {
    public var screenWidth: Double
    public var screenHeight: Double
    public var calibration: CalibrationMatrix
    public var rotation: Rotation
    public var swapAxes: Bool
    public var invertX: Bool
    public var invertY: Bool
    /// Replay devices that look like touchpads, whose coordinates are not a screen's.
    public var allowTouchpads: Bool

    public init(
        screenWidth: Double = 800, screenHeight: Double = 480, calibration: CalibrationMatrix = .identity,
        rotation: Rotation = .none, swapAxes: Bool = false, invertX: Bool = false, invertY: Bool = false,
        allowTouchpads: Bool = false
    ) {
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.calibration = calibration
        self.rotation = rotation
        self.swapAxes = swapAxes
        self.invertX = invertX
        self.invertY = invertY
        self.allowTouchpads = allowTouchpads
    }

    func mapping(for device: DeviceDescription) -> ScreenMapping? {
        guard let axes = device.positionAxes else { return nil }
        return ScreenMapping(
            x: axes.x, y: axes.y, screenWidth: screenWidth, screenHeight: screenHeight, calibration: calibration,
            swapAxes: swapAxes, invertX: invertX, invertY: invertY, rotation: rotation)
    }
}
