import KernelInput

/// Where a touchscreen's positions land: the screen's size in points, and
/// how the panel is mounted on it (a calibration matrix or tslib's
/// pointercal, rotation, axis swap and inversion). Each device's
/// `ScreenMapping` is made from it and the device's own axis ranges.
public struct ScreenGeometry: Sendable, Equatable {
    public var screenWidth: Double
    public var screenHeight: Double
    public var calibration: CalibrationMatrix
    public var rotation: Rotation
    public var swapAxes: Bool
    public var invertX: Bool
    public var invertY: Bool
    /// tslib's calibration; when given, it is every device's calibration,
    /// converted to libinput's matrix with that device's axis ranges.
    public var pointercal: Pointercal?

    public init(
        screenWidth: Double = 800, screenHeight: Double = 480, calibration: CalibrationMatrix = .identity,
        rotation: Rotation = .none, swapAxes: Bool = false, invertX: Bool = false, invertY: Bool = false,
        pointercal: Pointercal? = nil
    ) {
        (self.screenWidth, self.screenHeight, self.calibration, self.rotation) = (screenWidth, screenHeight, calibration, rotation)
        (self.swapAxes, self.invertX, self.invertY, self.pointercal) = (swapAxes, invertX, invertY, pointercal)
    }

    /// How `device`'s units become screen points; nil when it has no X and Y.
    func mapping(for device: DeviceDescription) -> ScreenMapping? {
        guard let axes = device.positionAxes else { return nil }
        var calibration = calibration
        if let pointercal {
            // tslib calibrates the panel as it is mounted, before any rotation.
            let turned = rotation == .clockwise90 || rotation == .clockwise270
            calibration = pointercal.matrix(
                x: axes.x, y: axes.y, screenWidth: turned ? screenHeight : screenWidth,
                screenHeight: turned ? screenWidth : screenHeight)
        }
        return ScreenMapping(
            x: axes.x, y: axes.y, screenWidth: screenWidth, screenHeight: screenHeight, calibration: calibration,
            swapAxes: swapAxes, invertX: invertX, invertY: invertY, rotation: rotation)
    }
}
