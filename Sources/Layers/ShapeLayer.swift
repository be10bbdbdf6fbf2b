import Graphics

/// A layer that fills and strokes a path, as CAShapeLayer: a progress
/// ring, a chart's line, a badge's outline. The path is in the layer's
/// bounds coordinates and may reach past them (nothing cuts it unless
/// `masksToBounds`). It is drawn each time it is composited, with no
/// backing store, so changing `strokeEnd` every frame costs one stroke.
public final class ShapeLayer: Layer {
    public override init() { super.init(drawsDirectly: true) }

    /// How the inside of a path that crosses itself is found (CAShapeLayerFillRule).
    public enum FillRule: Sendable {
        /// Inside wherever the path winds around a point at all.
        case nonZero
        /// Inside where it winds an odd number of times: a ring drawn as two circles has a hole.
        case evenOdd
    }

    public var path: Path? {
        willSet { contentWillChange() }
        didSet { contentWillChange() }
    }
    /// Opaque black until set, as CAShapeLayer's; nil fills nothing.
    public var fillColor: Color? = .black {
        willSet { contentWillChange() }
        didSet { contentWillChange() }
    }
    /// Nil until set: no stroke.
    public var strokeColor: Color? {
        willSet { contentWillChange() }
        didSet { contentWillChange() }
    }
    public var lineWidth = 1.0 {
        willSet { contentWillChange() }
        didSet { contentWillChange() }
    }
    public var lineCap = GraphicsContext.LineCap.butt {
        willSet { contentWillChange() }
        didSet { contentWillChange() }
    }
    public var lineJoin = GraphicsContext.LineJoin.miter {
        willSet { contentWillChange() }
        didSet { contentWillChange() }
    }
    public var miterLimit = 10.0 {
        willSet { contentWillChange() }
        didSet { contentWillChange() }
    }
    /// Lengths of painted and unpainted stretches of the stroke, in turn; nil for a solid line.
    public var lineDashPattern: [Double]? {
        didSet { contentWillChange() }
    }
    public var lineDashPhase = 0.0 {
        didSet { contentWillChange() }
    }
    /// Where along the path, from 0 to 1, the stroke starts.
    public var strokeStart = 0.0 {
        didSet { contentWillChange() }
    }
    /// Where along the path, from 0 to 1, the stroke ends: 1 strokes to the path's end.
    public var strokeEnd = 1.0 {
        didSet { contentWillChange() }
    }
    public var fillRule = FillRule.nonZero {
        didSet { contentWillChange() }
    }

    /// The stroke as the context takes it.
    var strokeStyle: GraphicsContext.StrokeStyle {
        GraphicsContext.StrokeStyle(
            lineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit, dash: lineDashPattern ?? [],
            dashPhase: lineDashPhase, start: strokeStart, end: strokeEnd)
    }

    override var showsDirectContent: Bool {
        guard let path, !path.isEmpty else { return false }
        return fillColor != nil || (strokeColor != nil && lineWidth > 0)
    }

    override func directContentExtent() -> Rect {
        if let cachedExtent { return cachedExtent }
        let extent: Rect
        if !showsDirectContent { extent = .null } else if let path, strokeColor != nil, lineWidth > 0 {
            extent = path.strokeBounds(strokeStyle)
        } else {
            extent = path?.boundingBox ?? .null
        }
        cachedExtent = extent
        return extent
    }

    /// The extent as last worked out: the compositor asks for it on every
    /// damaged frame, and a path's walk is not free.
    private var cachedExtent: Rect?

    override func contentWillChange() {
        cachedExtent = nil
        super.contentWillChange()
    }

    override func drawDirectly(in context: GraphicsContext) {
        guard let path, !path.isEmpty else { return }
        if let fillColor { context.fill(path, with: fillColor, evenOdd: fillRule == .evenOdd) }
        if let strokeColor { context.stroke(path, with: strokeColor, style: strokeStyle) }
    }
}
