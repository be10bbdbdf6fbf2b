import Graphics

/// A screen that is a PNG file, rewritten on every present: the display of
/// a machine with no panel, and what `--display png:FILE` chooses.
public final class PNGSurface: DisplaySurface {
    public let path: String
    public let width: Int
    public let height: Int
    public let refreshRate: Double = 60
    public let rotation: DisplayRotation = .none
    public private(set) var presentedFrames = 0
    /// Nothing to power; remembered, so the host's screen power can be tested.
    public private(set) var isPoweredOn = true
    public func setPowered(_ on: Bool) throws { isPoweredOn = on }

    public init(path: String, width: Int, height: Int) {
        (self.path, self.width, self.height) = (path, width, height)
    }

    public var summary: String { "png:\(path) \(width)x\(height)" }

    public func present(_ picture: Bitmap, damage: Region) throws {
        do {
            try picture.writePNG(to: path)
        } catch let error as GraphicsError {
            throw DisplayError(device: "png:\(path)", problem: error.description)
        }
        presentedFrames += 1
    }

    public func close() {}
}
