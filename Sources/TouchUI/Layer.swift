/// What UIKit keeps on a view's CALayer and apps set through `view.layer`:
/// the corner radius, the border, clipping, opacity. Here they are the
/// view's own properties, and `layer` forwards to them, so
/// `view.layer.cornerRadius = 12` and `view.layer.borderColor =
/// Color.red.cgColor` read as in UIKit. Views get layers of their own in
/// the layers issue; until then there is no shadow, sublayer or 3D
/// transform here, and code using them does not compile rather than
/// draw something else.
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

    /// Whether sublayers (here, subviews) are clipped to the bounds: the view's `clipsToBounds`.
    /// Draws the view and its subviews once into a picture, and composites that after (`View.shouldRasterize`).
    public var shouldRasterize: Bool {
        get { view.shouldRasterize }
        nonmutating set { view.shouldRasterize = newValue }
    }

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

    /// The centre in the superview's coordinates (the anchor point is the middle).
    public var position: Point {
        get { view.center }
        nonmutating set { view.center = newValue }
    }
}

extension View {
    /// The view's layer properties, as UIKit's `layer` (see `Layer`).
    public var layer: Layer { Layer(view: self) }
}

extension Color {
    /// UIKit hands a layer `color.cgColor`; here the layer takes the colour itself.
    public var cgColor: Color { self }
}
