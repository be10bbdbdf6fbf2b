import Graphics
import SystemPackage

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
    /// The largest picture, after rotation, that `present(_:damage:cursor:)`
    /// can show on a plane over the frame; nil when the display has no
    /// such plane, or it refused one (then it stays nil).
    var cursorPlaneSize: (width: Int, height: Int)? { get }
    /// Shows `damage` of `picture`, with `cursor` on the cursor plane over
    /// it, or that plane empty when nil: a move of the cursor alone needs
    /// no damage. Only when `cursorPlaneSize` holds the cursor.
    func present(_ picture: Bitmap, damage: Region, cursor: CursorPicture?) throws
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
    public var cursorPlaneSize: (width: Int, height: Int)? { nil }
    public func present(_ picture: Bitmap, damage: Region, cursor: CursorPicture?) throws {
        precondition(cursor == nil, "\(summary) has no cursor plane")
        try present(picture, damage: damage)
    }
    public var completionDescriptor: Int32? { nil }
    public var isPresentPending: Bool { false }
    public func handleCompletions() throws {}
}

/// What went wrong with a display, naming the device and what to do. It
/// describes itself as "DEVICE: PROBLEM"; code asks `reason`.
public struct DisplayError: Error, CustomStringConvertible, Equatable {
    public let device: String
    public let reason: Reason

    /// The kinds of display node a path may be asked to be.
    public enum NodeKind: Sendable {
        case framebuffer, drm
    }

    public enum Reason: Equatable, Sendable {
        /// No such node (ENOENT): no driver made one.
        case missing(NodeKind)
        /// Not allowed to open it (EACCES, EPERM).
        case permissionDenied
        case isDirectory(NodeKind)
        /// The node exists but no driver answers it (ENXIO, ENODEV).
        case noDriver(Errno)
        /// It opens, but is not that kind of device: the ioctl that said so, and its error.
        case notADevice(NodeKind, ioctl: String, Errno)
        /// A call to the kernel failed: what was being done ("cannot map a dumb buffer"), and its error.
        case failed(String, Errno)
        /// A picture presented to a screen of another size.
        case wrongPictureSize(picture: PixelSize, screen: PixelSize)
        /// Presented to after it was closed.
        case closed
        /// Anything else, in words: a specification, a configuration, what a driver reports.
        case other(String)
    }

    /// Width and height in pixels.
    public struct PixelSize: Equatable, Sendable, CustomStringConvertible {
        public var width: Int, height: Int
        public init(_ width: Int, _ height: Int) { (self.width, self.height) = (width, height) }
        public var description: String { "\(width)x\(height)" }
    }

    public init(device: String, _ reason: Reason) { (self.device, self.reason) = (device, reason) }
    public init(device: String, problem: String) { self.init(device: device, .other(problem)) }

    /// What is wrong and what to do, without the device.
    public var problem: String {
        switch reason {
        case .missing(.framebuffer): "no framebuffer device; is the fbdev driver loaded? (ls /dev/fb*)"
        case .missing(.drm): "no DRM device; is a KMS driver loaded? (ls /dev/dri)"
        case .permissionDenied:
            "permission denied; add the user to the 'video' group (usermod -aG video USER, then log in again) or run as root"
        case .isDirectory(let kind): "a directory, not a \(kind.noun)"
        case .noDriver(let errno): "the node exists but no driver answers it (\(errno))"
        case .notADevice(let kind, let ioctl, let errno): "not a \(kind.noun) (\(ioctl): \(errno))"
        case .failed(let doing, let errno): "\(doing): \(errno)"
        case .wrongPictureSize(let picture, let screen): "picture is \(picture), screen is \(screen)"
        case .closed: "presented to after close"
        case .other(let words): words
        }
    }

    public var description: String { "\(device): \(problem)" }
}

extension DisplayError.NodeKind {
    var noun: String { self == .framebuffer ? "framebuffer device" : "DRM device" }
}
