import KernelInput

/// How input devices become the app's input, live or replayed: how each
/// touchscreen's units map onto the screen (size, calibration, rotation,
/// swap and inversion, or tslib's pointercal), what touches it accepts
/// (floors, touchpads), tslib's filters, per-device tuning and quirks, the
/// outputs to choose among, and the keymap keyboards are read through.
public struct InputMapping: Sendable {
    public var screenWidth: Double
    public var screenHeight: Double
    public var calibration: CalibrationMatrix
    public var rotation: Rotation
    public var swapAxes: Bool
    public var invertX: Bool
    public var invertY: Bool
    /// Replay devices that look like touchpads, whose coordinates are not a screen's.
    public var allowTouchpads: Bool
    /// tslib's filters, run on each device's contacts in device units before they are mapped.
    public var filters: FilterChainSpec
    /// tslib's calibration; when given, it is every device's calibration,
    /// converted to libinput's matrix with that device's axis ranges.
    public var pointercal: Pointercal?
    /// The pressure and size a touch needs, and the size that makes it a palm.
    public var floor: ContactFloor
    /// Filters and floors for some devices only, by name (`tuned(for:)`).
    public var devices: [DeviceInputSettings]
    /// Corrections for devices that describe themselves wrongly.
    public var quirks = DeviceQuirks.builtIn
    /// The displays touchscreens may be on, when there are several; each
    /// device is mapped onto one of them (`OutputTarget.choose`), whose size
    /// then replaces `screenWidth` and `screenHeight`.
    public var outputs: [OutputTarget] = []
    /// How keyboards' keys become text: an XKB layout, variant and options.
    public var keymap = KeymapNames()

    public init(
        screenWidth: Double = 800, screenHeight: Double = 480, calibration: CalibrationMatrix = .identity,
        rotation: Rotation = .none, swapAxes: Bool = false, invertX: Bool = false, invertY: Bool = false,
        allowTouchpads: Bool = false, filters: FilterChainSpec = FilterChainSpec(), pointercal: Pointercal? = nil,
        floor: ContactFloor = ContactFloor(), devices: [DeviceInputSettings] = []
    ) {
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.calibration = calibration
        self.rotation = rotation
        self.swapAxes = swapAxes
        self.invertX = invertX
        self.invertY = invertY
        self.allowTouchpads = allowTouchpads
        self.filters = filters
        self.pointercal = pointercal
        self.floor = floor
        self.devices = devices
    }

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
