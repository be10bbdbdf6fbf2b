/// What UIKit keeps on a view's CALayer and apps set through `view.layer`:
/// the corner radius, the border, clipping, opacity. Here they are the
/// view's own properties, and `layer` forwards to them, so
/// `view.layer.cornerRadius = 12` and `view.layer.borderColor =
/// Color.red.cgColor` read as in UIKit. The shadow is here too, blurred
/// once and kept (View+Shadow), and so are the anchor point and zPosition.
/// Sublayers and 3D transforms are not:
/// code using them does not compile rather than draw something else.
@MainActor
public struct Layer {
    /// The view whose properties these are.
    public let view: View

    public var cornerRadius: Double {
        get { view.cornerRadius }
        nonmutating set { view.cornerRadius = newValue }
    }

    public var maskedCorners: CornerMask {
        get { view.maskedCorners }
        nonmutating set { view.maskedCorners = newValue }
    }

    public var borderWidth: Double {
        get { view.borderWidth }
        nonmutating set { view.borderWidth = newValue }
    }

    /// A CGColor in UIKit; here a `Color` (`color.cgColor` is the colour
    /// itself). Black until set, as CALayer's; nil draws no border.
    public var borderColor: Color? {
        get { view.borderColor }
        nonmutating set { view.borderColor = newValue ?? .clear }
    }

    /// Opaque black until set; nil casts nothing.
    public var shadowColor: Color? {
        get { view.shadow.color }
        nonmutating set { view.shadow.color = newValue }
    }

    /// From 0 (the default: no shadow) to 1.
    public var shadowOpacity: Float {
        get { view.shadow.opacity }
        nonmutating set { view.shadow.opacity = newValue }
    }

    /// Where the shadow falls from the view, in points: (0, -3), three up, until set.
    public var shadowOffset: Size {
        get { view.shadow.offset }
        nonmutating set { view.shadow.offset = newValue }
    }

    /// How soft the shadow's edge is: its blur's standard deviation in
    /// points, 3 until set. Zero gives a hard edge.
    public var shadowRadius: Double {
        get { view.shadow.radius }
        nonmutating set { view.shadow.radius = newValue }
    }

    /// The shape that casts the shadow, in the view's coordinates. Nil
    /// (the default) casts it from what the view and its subviews draw:
    /// an opaque background's outline when that covers them all, else
    /// their pixels, drawn again offscreen whenever they change. A path
    /// costs nothing when the content changes, as on iOS.
    public var shadowPath: Path? {
        get { view.shadow.path }
        nonmutating set { view.shadow.path = newValue }
    }

    /// Draws the view and its subviews once into a picture, and composites that after (`View.shouldRasterize`).
    public var shouldRasterize: Bool {
        get { view.shouldRasterize }
        nonmutating set { view.shouldRasterize = newValue }
    }

    /// Whether sublayers (here, subviews) are clipped to the bounds: the view's `clipsToBounds`.
    /// Clipping hides the shadow, as on iOS.
    public var masksToBounds: Bool {
        get { view.clipsToBounds }
        nonmutating set { view.clipsToBounds = newValue }
    }

    public var backgroundColor: Color? {
        get { view.backgroundColor }
        nonmutating set { view.backgroundColor = newValue }
    }

    /// The view's alpha, as CALayer's Float.
    public var opacity: Float {
        get { Float(view.alpha) }
        nonmutating set { view.alpha = Double(newValue) }
    }

    public var isHidden: Bool {
        get { view.isHidden }
        nonmutating set { view.isHidden = newValue }
    }

    public var frame: Rect {
        get { view.frame }
        nonmutating set { view.frame = newValue }
    }

    public var bounds: Rect {
        get { view.bounds }
        nonmutating set { view.bounds = newValue }
    }

    /// Where the anchor point sits in the superview's coordinates: the view's `center`.
    public var position: Point {
        get { view.center }
        nonmutating set { view.center = newValue }
    }

    /// The point of the bounds that `position` places and transforms turn
    /// about, from (0, 0), the top left, to (1, 1): the middle until set.
    /// A changed anchor leaves the position where it is, so the view moves;
    /// a gauge's needle anchored at its foot turns about it.
    public var anchorPoint: Point {
        get { view.anchorPoint }
        nonmutating set { view.anchorPoint = newValue }
    }

    /// Front to back among its siblings: higher is drawn in front and
    /// touched first, whatever the order of `subviews`. 0 until set.
    public var zPosition: Double {
        get { view.zPosition }
        nonmutating set { view.zPosition = newValue }
    }

    /// The view's transform, about the anchor point.
    public func affineTransform() -> AffineTransform { view.transform }

    public func setAffineTransform(_ transform: AffineTransform) { view.transform = transform }
}

extension View {
    /// The view's layer properties, as UIKit's `layer` (see `Layer`).
    public var layer: Layer { Layer(view: self) }
}

extension Color {
    /// UIKit hands a layer `color.cgColor`; here the layer takes the colour itself.
    public var cgColor: Color { self }
}
