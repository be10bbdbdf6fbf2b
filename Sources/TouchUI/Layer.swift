import Layers

/// What UIKit keeps on a view's CALayer and apps set through `view.layer`:
/// the corner radius, the border, clipping, opacity. Here they are the
/// view's own properties, and `layer` forwards to them, so
/// `view.layer.cornerRadius = 12` and `view.layer.borderColor =
/// Color.red.cgColor` read as in UIKit. The shadow is here too, blurred
/// once and kept (View+Shadow), and so are the anchor point and zPosition.
///
/// Layers of the app's own go under it as on iOS: `addSublayer` takes a
/// `CALayer`, `ShapeLayer` or `GradientLayer`, placed in the view's bounds
/// coordinates and drawn above the subviews already there. Their masks and
/// implicit animations are not here: code using a mask does not compile
/// rather than draw something else.
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

    /// Whether subviews and added layers are clipped to the bounds: the view's `clipsToBounds`.
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

    /// An image the layer shows over its background and under what the
    /// view's `draw(_:)` adds, placed by `contentsGravity`: a pattern or
    /// photo set as `view.layer.contents = image.cgImage`. Anything but an
    /// image shows nothing, as on iOS.
    public var contents: Any? {
        get { view.layerContents }
        nonmutating set { view.layerContents = newValue as? Image }
    }

    /// How many of the contents' pixels make a point: 2 shows a picture made for a 2x screen at half its pixel size. 1 until set.
    public var contentsScale: Double {
        get { view.layerContentsScale }
        nonmutating set { if newValue.isFinite, newValue > 0 { view.layerContentsScale = newValue } }
    }

    /// Where the contents go in the bounds; the view's `contentMode` under Core Animation's name, as on iOS.
    public var contentsGravity: LayerContentsGravity {
        get { LayerContentsGravity(view.contentMode) }
        nonmutating set { view.contentMode = newValue.contentMode }
    }

    /// Draws the view again at the next frame (its `setNeedsDisplay()`).
    public func setNeedsDisplay() { view.setNeedsDisplay() }

    /// Lays the view out at the next layout pass, or now (its `setNeedsLayout()` and `layoutIfNeeded()`).
    public func setNeedsLayout() { view.setNeedsLayout() }
    public func layoutIfNeeded() { view.layoutIfNeeded() }

    /// A layer whose alpha is how much of the view shows, placed in the
    /// view's bounds coordinates: a `CAShapeLayer` with a circle's path crops
    /// the view round, a `CAGradientLayer` from opaque to clear fades it out.
    /// The view and its subviews are drawn as one picture and shown through
    /// it; touches still go by the bounds, as on iOS.
    public var mask: CALayer? {
        get { view.layerMask?.layer }
        nonmutating set { view.setMask(newValue) }
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

    // MARK: Sublayers

    /// The layers the app added, in the order they were placed; nil when
    /// there are none. On iOS the subviews' layers are in this list too;
    /// here they are `view.subviews`. An added layer's `zPosition` orders it
    /// among the added layers between the same two subviews, not among the subviews.
    public var sublayers: [CALayer]? {
        let layers = view.hostedLayers?.layers ?? []
        return layers.isEmpty ? nil : layers
    }

    /// Adds `layer` in front of everything the view holds: its subviews
    /// and the layers added before. A subview added after goes in front of it.
    public func addSublayer(_ layer: CALayer) {
        let host = view.sublayerHost
        host.insert(layer, at: .max, in: view)
    }

    /// Puts `layer` at `index` among the subviews' layers and the other
    /// added layers, back to front, as on iOS: at 0, behind every subview
    /// (a gradient behind a screen's content).
    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        view.sublayerHost.insert(layer, at: Int(index), in: view)
    }

    /// Puts `layer` just behind `sibling`, an added layer.
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        place(layer, next: sibling.map { .layer($0) }, after: false)
    }

    /// Puts `layer` just in front of `sibling`, an added layer.
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        place(layer, next: sibling.map { .layer($0) }, after: true)
    }

    /// Puts `layer` just behind a subview's layer (`label.layer`).
    public func insertSublayer(_ layer: CALayer, below sibling: Layer) {
        place(layer, next: .subview(sibling.view), after: false)
    }

    /// Puts `layer` just in front of a subview's layer.
    public func insertSublayer(_ layer: CALayer, above sibling: Layer) {
        place(layer, next: .subview(sibling.view), after: true)
    }

    /// Inserts next to `sibling` among the view's entries; a sibling that is
    /// not there (or nil) puts `layer` at the front or the back, as CALayer does.
    private func place(_ layer: CALayer, next sibling: HostedLayers.Entry?, after: Bool) {
        let host = view.sublayerHost
        let entries = host.entries(of: view, leavingOut: layer)
        let index = entries.firstIndex { entry in
            switch (entry, sibling) {
            case (.subview(let a), .subview(let b)?): a === b
            case (.layer(let a), .layer(let b)?): a === b
            default: false
            }
        }
        guard let index else { return host.insert(layer, at: after ? .max : 0, in: view) }
        host.insert(layer, at: after ? index + 1 : index, in: view)
    }

    /// The view's transform in three dimensions, about the anchor point
    /// (`view.transform3D`): set `m34` for perspective, as on iOS.
    public var transform: Transform3D {
        get { view.transform3D }
        nonmutating set { view.transform3D = newValue }
    }

    /// Applied to every subview and added layer after its own transform,
    /// about this view's anchor point, as CALayer's: set `m34` here and
    /// subviews turned about y share one vanishing point, the middle of
    /// this view, as the cards of a cover flow do.
    public var sublayerTransform: Transform3D {
        get { view.sublayerTransform3D ?? .identity }
        nonmutating set { view.sublayerTransform3D = newValue.isIdentity ? nil : newValue }
    }

    /// The view's transform, about the anchor point.
    public func affineTransform() -> AffineTransform { view.transform }

    public func setAffineTransform(_ transform: AffineTransform) { view.transform = transform }

    // MARK: Animations

    /// Starts `animation` on the view, replacing one under the same key: a
    /// spinner's `transform.rotation.z`, a refused field's additive shake of
    /// `position.x`, a pulse of `opacity` or `shadowRadius`.
    ///
    /// Position, bounds, transform, opacity and background colour are drawn
    /// from the view's presentation, as Core Animation draws a layer's: the
    /// view's own properties keep the app's values, so layout and touches
    /// go by where the view is meant to be, and `presentation()` tells where
    /// it is drawn. The rest (`cornerRadius`, `borderWidth`, `borderColor`,
    /// `zPosition`, `shadowOpacity`, `shadowRadius`, `shadowOffset`,
    /// `shadowColor`) read as what is drawn while the animation runs, as on
    /// an added layer (see `PropertyAnimation`).
    public func add(_ animation: Animation, forKey key: String?) {
        if let transition = animation as? Transition { return view.add(transition) }
        LayerAnimator.animator(for: view).add(animation, to: view, forKey: key)
    }

    /// Stops the animation under `key`: the view is drawn as the app set it again.
    public func removeAnimation(forKey key: String) {
        LayerAnimator.animator(for: view).remove(from: view, key: key)
    }

    /// Stops every animation of the view: those added here, and those of
    /// `View.animate` blocks (whose completions hear false), as on iOS.
    public func removeAllAnimations() {
        LayerAnimator.animator(for: view).remove(from: view, key: nil)
        view.removeAllAnimations()
    }

    /// The keys of the animations added here and running (or kept) on the view.
    public func animationKeys() -> [String]? {
        let keys = LayerAnimator.animator(for: view).keys(of: view)
        return keys.isEmpty ? nil : keys
    }

    /// The animation added under `key`, while it runs or is kept.
    public func animation(forKey key: String) -> Animation? {
        LayerAnimator.animator(for: view).animation(of: view, forKey: key)
    }

    /// Where and how the view is drawn at this moment: mid-animation, where
    /// it is seen on its way, not where it is going. Nil for a view in no
    /// window, which is drawn nowhere.
    public func presentation() -> PresentationLayer? {
        guard view.window != nil else { return nil }
        return PresentationLayer(
            position: view.drawnCenter, bounds: view.drawnBounds, anchorPoint: view.anchorPoint, transform: view.drawnTransform,
            opacity: Float(view.drawnAlpha), backgroundColor: view.drawnBackgroundColor)
    }
}

/// A view's layer as drawn at one moment (`layer.presentation()`): the
/// values its animations have reached, read-only.
public struct PresentationLayer: Equatable, Sendable {
    public let position: Point
    public let bounds: Rect
    public let anchorPoint: Point
    public let opacity: Float
    public let backgroundColor: Color?
    private let transform: AffineTransform

    init(position: Point, bounds: Rect, anchorPoint: Point, transform: AffineTransform, opacity: Float, backgroundColor: Color?) {
        (self.position, self.bounds, self.anchorPoint, self.transform) = (position, bounds, anchorPoint, transform)
        (self.opacity, self.backgroundColor) = (opacity, backgroundColor)
    }

    public func affineTransform() -> AffineTransform { transform }

    /// Where it is drawn in its superview's coordinates: the box around its turned or scaled bounds.
    public var frame: Rect {
        let local = Rect(x: -anchorPoint.x * bounds.width, y: -anchorPoint.y * bounds.height, width: bounds.width, height: bounds.height)
        return local.applying(transform).offsetBy(dx: position.x, dy: position.y)
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

extension Image {
    /// UIKit hands a layer `image.cgImage`; here the layer takes the image itself.
    public var cgImage: Image? { self }
}

/// CALayerContentsGravity: where a layer's contents go in its bounds.
public enum LayerContentsGravity: Sendable {
    case resize, resizeAspect, resizeAspectFill
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight

    init(_ mode: View.ContentMode) {
        self =
            switch mode {
            case .scaleToFill, .redraw: .resize
            case .scaleAspectFit: .resizeAspect
            case .scaleAspectFill: .resizeAspectFill
            case .center: .center
            case .top: .top
            case .bottom: .bottom
            case .left: .left
            case .right: .right
            case .topLeft: .topLeft
            case .topRight: .topRight
            case .bottomLeft: .bottomLeft
            case .bottomRight: .bottomRight
            }
    }

    var contentMode: View.ContentMode {
        switch self {
        case .resize: .scaleToFill
        case .resizeAspect: .scaleAspectFit
        case .resizeAspectFill: .scaleAspectFill
        case .center: .center
        case .top: .top
        case .bottom: .bottom
        case .left: .left
        case .right: .right
        case .topLeft: .topLeft
        case .topRight: .topRight
        case .bottomLeft: .bottomLeft
        case .bottomRight: .bottomRight
        }
    }
}

public typealias CALayerContentsGravity = LayerContentsGravity

// Core Animation's layers under their own names and UIKit's, as the
// Layers module has them: `CALayer()` for a plain one, `CAShapeLayer()`
// or `ShapeLayer()` for a path, `CAGradientLayer()` or `GradientLayer()`
// for a gradient. (A plain one is not `Layer` here: that is a view's own,
// what `view.layer` gives.)
public typealias CALayer = Layers.Layer
public typealias ShapeLayer = Layers.ShapeLayer
public typealias CAShapeLayer = Layers.ShapeLayer
public typealias GradientLayer = Layers.GradientLayer
public typealias CAGradientLayer = Layers.GradientLayer
public typealias TransformLayer = Layers.TransformLayer
public typealias CATransformLayer = Layers.TransformLayer
public typealias CAShapeLayerFillRule = Layers.ShapeLayer.FillRule
public typealias CAShapeLayerLineCap = GraphicsContext.LineCap
public typealias CAShapeLayerLineJoin = GraphicsContext.LineJoin
public typealias CAGradientLayerType = Layers.GradientLayer.GradientType
