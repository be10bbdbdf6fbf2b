import Graphics

/// What CALayer's shadow properties describe, with Core Animation's
/// defaults: a layer keeps one, and so does a view (its layer's shadow).
public struct LayerShadow: Equatable {
    /// Opaque black until set; nil casts none.
    public var color: Color? = .black
    /// From 0 (the default: no shadow) to 1.
    public var opacity: Float = 0
    /// Where the shadow falls, in points: (0, -3), three up, until set.
    public var offset = Size(width: 0, height: -3)
    /// How soft its edge is: the blur's standard deviation, in points.
    public var radius = 3.0
    /// The shape that casts it; nil: what the layer draws.
    public var path: Path?

    public init() {}

    /// Whether it shows at all.
    public var isVisible: Bool { opacity > 0 && (color?.alpha ?? 0) > 0 }

    /// Where a shadow cast by `shape` reaches, offset and blurred.
    public func reach(castBy shape: Rect) -> Rect {
        let spread = Double(Bitmap.shadowReach(radius: radius))
        return shape.offsetBy(dx: offset.width, dy: offset.height).insetBy(dx: -spread, dy: -spread)
    }
}
