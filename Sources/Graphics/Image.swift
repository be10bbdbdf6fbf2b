/// A picture loaded from a PNG file, as UIImage.
public final class Image {
    let bitmap: Bitmap
    public var size: Size { Size(width: Double(bitmap.width), height: Double(bitmap.height)) }

    /// Reads a PNG; a missing or corrupt file is an error that names it.
    public init(contentsOfFile path: String) throws { bitmap = try Bitmap.readPNG(at: path) }

    public init(bitmap: Bitmap) { self.bitmap = bitmap }
}
