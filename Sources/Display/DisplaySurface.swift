import Graphics

/// Somewhere the picture is shown: a panel behind fbdev or DRM, memory, or
/// a PNG file. The compositor draws into a Bitmap of `width` x `height`
/// (the picture, after rotation) and hands it over with what changed.
public protocol DisplaySurface: AnyObject {
    /// The picture's size in pixels, the panel's turned by `rotation`.
    var width: Int { get }
    var height: Int { get }
    /// Frames per second the panel refreshes at: from vsync or the mode, else 60.
    var refreshRate: Double { get }
    /// Whether a present keeps to the panel's vertical blank (a DRM page flip,
    /// fbdev's FBIO_WAITFORVSYNC), so frames are worth painting only on the
    /// refresh grid. Without one, a frame shows the moment it is written.
    var hasVerticalBlank: Bool { get }
    var rotation: DisplayRotation { get }
    /// A line for logs: "fb:/dev/fb0 1024x768 XRGB8888, double-buffered".
    var summary: String { get }
    /// How many times `present` put pixels on the screen.
    var presentedFrames: Int { get }

    /// Shows `damage` of `picture` (the whole bitmap is the screen's content).
    func present(_ picture: Bitmap, damage: Region) throws
    /// Whether the panel shows the picture now.
    var isPoweredOn: Bool { get }
    /// Powers the panel down (DPMS off, FBIOBLANK) or up again; the picture
    /// is kept and shown again as it was.
    func setPowered(_ on: Bool) throws
    /// Gives the device back (console mode, mappings); safe to call twice.
    func close()

    /// A descriptor that turns readable when a present made earlier has
    /// finished on the panel (a DRM page flip landed), for a host's loop to
    /// wait on beside its input; nil when a present is finished when
    /// `present` returns.
    var completionDescriptor: Int32? { get }
    /// Whether a present made now would first wait for the last one to finish.
    var isPresentPending: Bool { get }
    /// Takes in what `completionDescriptor` has to say, without waiting.
    func handleCompletions() throws
}

extension DisplaySurface {
    public var hasVerticalBlank: Bool { true }
    public var completionDescriptor: Int32? { nil }
    public var isPresentPending: Bool { false }
    public func handleCompletions() throws {}
}

/// What went wrong with a display, naming the device and what to do.
public struct DisplayError: Error, CustomStringConvertible, Equatable {
    public let device: String
    public let problem: String
    public init(device: String, problem: String) { (self.device, self.problem) = (device, problem) }
    public var description: String { "\(device): \(problem)" }
}
