/// What a measurement found, as NSStringDrawingContext: `totalBounds` is
/// the rect `boundingRect(with:options:context:)` returned. Text is not
/// shrunk to fit: there is no `minimumScaleFactor`.
public final class NSStringDrawingContext {
    public internal(set) var totalBounds = Rect.zero

    public init() {}
}
