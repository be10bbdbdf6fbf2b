import Graphics

/// A screen in memory in any pixel format, for tests and for machines with
/// no panel: it keeps the panel's bytes exactly as a framebuffer would.
public final class MemorySurface: DisplaySurface {
    public let width: Int
    public let height: Int
    public let refreshRate: Double
    /// As a panel's would be: with one, frames are painted on the refresh grid; without, at once.
    public let hasVerticalBlank: Bool
    public let rotation: DisplayRotation
    public let format: PixelFormat
    // @exclusivity(unchecked), as on the views' hot properties (TouchUI/View.swift, above View.superview): one thread, plain assignments, used every frame.
    /// The panel's memory: `panelHeight` rows of `stride` bytes.
    @exclusivity(unchecked) public private(set) var bytes: [UInt8]
    public let stride: Int
    public let panelWidth: Int
    public let panelHeight: Int
    @exclusivity(unchecked) public private(set) var presentedFrames = 0
    /// Nothing to power; remembered, so the host's screen power can be tested.
    public private(set) var isPoweredOn = true
    public func setPowered(_ on: Bool) throws { isPoweredOn = on }
    /// The damage of the last presents (up to 1,024, so a long run does not
    /// grow), for tests that check what was repainted.
    @exclusivity(unchecked) public private(set) var presentedDamage: [Region] = []

    public init(
        width: Int, height: Int, format: PixelFormat = .xrgb8888, rotation: DisplayRotation = .none, refreshRate: Double = 60,
        hasVerticalBlank: Bool = true
    ) {
        (self.width, self.height, self.format, self.rotation, self.refreshRate) = (width, height, format, rotation, refreshRate)
        self.hasVerticalBlank = hasVerticalBlank
        (panelWidth, panelHeight) = rotation.panelSize(width: width, height: height)
        stride = panelWidth * format.bytesPerPixel
        bytes = [UInt8](repeating: 0, count: stride * panelHeight)
    }

    public var summary: String { "memory \(panelWidth)x\(panelHeight) \(format.name)" }

    public func present(_ picture: Bitmap, damage: Region) throws {
        guard picture.width == width, picture.height == height else {
            throw DisplayError.wrongPictureSize(picture, screen: (width, height), device: summary)
        }
        bytes.withUnsafeMutableBytes { buffer in
            for rect in damage.rects {
                PixelConverter.convert(picture, rect: rect, into: buffer.baseAddress!, stride: stride, format: format, rotation: rotation)
            }
        }
        presentedFrames += 1
        if presentedDamage.count == 1024 { presentedDamage.removeFirst(512) }
        presentedDamage.append(damage)
    }

    public func close() {}
}
