/// A picture loaded from a PNG, JPEG or SVG file, as UIImage. Like a
/// UIImage it does not change: its pixels are not drawn into once it is made.
public final class Image {
    /// The pixels, decoded once (what UIImage keeps as its cgImage).
    public let bitmap: Bitmap
    /// Where it is opaque, partly transparent or empty, found the first time
    /// it is composited at whole pixels (a finger marker's stamp).
    public private(set) lazy var opacitySpans = OpacitySpans(of: bitmap)
    public var size: Size { Size(width: Double(bitmap.width), height: Double(bitmap.height)) }

    /// Reads a PNG, JPEG or SVG file, told apart by its content; a missing or
    /// corrupt file is an error that names it. An SVG is drawn at its own size.
    public init(contentsOfFile path: String) throws { bitmap = try Bitmap.read(at: path) }

    /// Draws an SVG at `size` (an icon for a button, say); a PNG or JPEG keeps its own pixels.
    public init(contentsOfFile path: String, size: Size) throws { bitmap = try Bitmap.read(at: path, size: size) }

    /// Wraps pixels drawn already. Do not draw into `bitmap` afterwards:
    /// what is kept from it (`opacitySpans`) would not see the change; make a new image instead.
    public init(bitmap: Bitmap) { self.bitmap = bitmap }
}
