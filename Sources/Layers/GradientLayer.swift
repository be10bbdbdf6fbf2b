import Graphics

/// A layer that fills its bounds with colours blending into one another, as
/// CAGradientLayer: a screen's backdrop, a fade at a list's edge. Drawn
/// each time it is composited (cairo's gradient over the damage alone).
public final class GradientLayer: Layer {
    public override init() { super.init(drawsDirectly: true) }

    /// How the colours run (CAGradientLayerType).
    public enum GradientType: Sendable {
        /// Along the line from `startPoint` to `endPoint`.
        case axial
        /// Outward from `startPoint` to the ellipse centred there whose
        /// bounding box has a corner at `endPoint`, as CAGradientLayer's:
        /// (0.5, 0.5) to (1, 1) fills the bounds' inscribed ellipse.
        case radial
    }

    /// The colours, first to last; one fills the bounds with it, none draws nothing.
    public var colors: [Color]? {
        willSet { contentWillChange() }
        didSet { contentWillChange() }
    }
    /// Where each colour sits, from 0 to 1; nil (or a count that does not match) spreads them evenly.
    public var locations: [Double]? {
        didSet { contentWillChange() }
    }
    /// Where the first colour is, as a fraction of the bounds: the middle of the top edge until set.
    public var startPoint = Point(x: 0.5, y: 0) {
        didSet { contentWillChange() }
    }
    /// Where the last colour is: the middle of the bottom edge until set.
    public var endPoint = Point(x: 0.5, y: 1) {
        didSet { contentWillChange() }
    }
    public var type = GradientType.axial {
        didSet { contentWillChange() }
    }

    override var showsDirectContent: Bool { !(colors ?? []).isEmpty && !bounds.isEmpty }

    override func directContentExtent() -> Rect { showsDirectContent ? bounds : .null }

    override func drawDirectly(in context: GraphicsContext) {
        guard let colors, !colors.isEmpty, !bounds.isEmpty else { return }
        context.withSavedState {
            // The gradient is the layer's content, cut to its outline as its background is.
            context.clip(to: cornerRadius > 0 ? Path(roundedRect: bounds, cornerRadius: cornerRadius) : Path(rect: bounds))
            guard colors.count > 1 else { return context.fill(bounds, with: colors[0]) }
            let gradient = Gradient(colors: colors, locations: locations) ?? Gradient(colors: colors)!
            func place(_ unit: Point) -> Point {
                Point(x: bounds.minX + unit.x * bounds.width, y: bounds.minY + unit.y * bounds.height)
            }
            let start = place(startPoint), end = place(endPoint)
            switch type {
            case .axial:
                guard start != end else { return context.fill(bounds, with: colors[colors.count - 1]) }
                context.drawLinearGradient(gradient, start: start, end: end, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
            case .radial:
                // An ellipse: a unit circle scaled by its two radii.
                var rx = abs(end.x - start.x), ry = abs(end.y - start.y)
                if rx == 0 { rx = ry }
                if ry == 0 { ry = rx }
                guard rx > 0 else { return context.fill(bounds, with: colors[colors.count - 1]) }
                context.translateBy(x: start.x, y: start.y)
                context.scaleBy(x: rx, y: ry)
                context.drawRadialGradient(
                    gradient, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 1, options: [.drawsAfterEndLocation])
            }
        }
    }
}
