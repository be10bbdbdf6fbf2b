import Graphics

/// A small picture a display shows on a plane of its own over the frame
/// (a card's cursor plane): a lone finger marker that moves without a
/// pixel of the frame being copied or blended. Premultiplied ARGB, as
/// cairo draws; `x` and `y` place its top left corner in the picture's
/// coordinates, and may lie off the screen.
public struct CursorPicture {
    public let bitmap: Bitmap
    public let x: Int
    public let y: Int

    public init(bitmap: Bitmap, x: Int, y: Int) {
        (self.bitmap, self.x, self.y) = (bitmap, x, y)
    }
}
