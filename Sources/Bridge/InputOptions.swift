import KernelInput

/// How input devices become the app's input, live or replayed: where
/// touches land on the screen (`geometry`), what touches a device may give
/// (floors, touchpads), tslib's filters, per-device tuning, quirks, the
/// outputs to choose among, and the keymap keyboards are read through.
public struct InputOptions: Sendable {
    /// The screen, and how each touchscreen's units map onto it.
    public var geometry: ScreenGeometry
    /// Replay devices that look like touchpads, whose coordinates are not a screen's.
    public var allowTouchpads: Bool
    /// tslib's filters, run on each device's contacts in device units before they are mapped.
    public var filters: FilterChainSpec
    /// The pressure and size a touch needs, and the size that makes it a palm.
    public var floor: ContactFloor
    /// Filters and floors for some devices only, by name (`tuned(for:)`).
    public var devices: [DeviceInputSettings]
    /// Corrections for devices that describe themselves wrongly.
    public var quirks = DeviceQuirks.builtIn
    /// The displays touchscreens may be on, when there are several; each
    /// device is mapped onto one of them (`OutputTarget.choose`), whose size
    /// then replaces the geometry's screen size.
    public var outputs: [OutputTarget] = []
    /// How keyboards' keys become text: an XKB layout, variant and options.
    public var keymap = KeymapNames()

    public init(
        geometry: ScreenGeometry = ScreenGeometry(), allowTouchpads: Bool = false, filters: FilterChainSpec = FilterChainSpec(),
        floor: ContactFloor = ContactFloor(), devices: [DeviceInputSettings] = []
    ) {
        self.geometry = geometry
        self.allowTouchpads = allowTouchpads
        self.filters = filters
        self.floor = floor
        self.devices = devices
    }

    /// Options on a screen of this size, the rest as they come.
    public init(screenWidth: Double, screenHeight: Double) {
        self.init(geometry: ScreenGeometry(screenWidth: screenWidth, screenHeight: screenHeight))
    }
}
