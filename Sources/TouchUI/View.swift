import Layers

/// A rectangle on the screen that draws and handles touches, as UIView.
///
/// Geometry follows UIKit: `center`, `bounds` and `transform` are stored;
/// `frame` is derived from them (and setting it is only meaningful while the
/// transform is the identity). A point in the view maps to its superview as
/// center + transform(point − the anchor point, by default the bounds' centre).
@MainActor
open class View: Responder {
    // @exclusivity(unchecked), here and on the hot stored properties of the
    // classes a touch goes through (Touch, Event, View, Window, the
    // recognizers, Auto Layout and its solver, and from the kernel to the
    // panel the poller, devices, hub, feed, dispatcher, main loop's timers,
    // compositors and surfaces): Swift checks at run time,
    // on every access to a class's stored property, that no other access to
    // it overlaps (an inout use while it is read again). On the delivery
    // path that check was a quarter of the cost (BENCHMARKS.md, "delivery").
    // It is safe to skip for these: they are used on one thread (the main actor's,
    // or the one a poller or device is confined to),
    // set by plain assignment, and never passed inout to code that could
    // reach the same property again. Mark a new property only on that path
    // and only when that holds; everything else keeps the check. The mark
    // holds only in the module that declares the property: another module's
    // reads are checked all the same, so what other modules read each frame
    // (a touch's phase, view and tap count) is a computed property over marked storage.
    // Not weak: a weakly referenced object gets a side table, and then every
    // retain and release of it takes Swift's slow path, a few percent of
    // delivering each frame (BENCHMARKS.md, "Views without side tables").
    // A view keeps its subviews alive and clears this when it lets one go
    // (removeFromSuperview) or goes itself (deinit).
    @exclusivity(unchecked) public private(set) unowned(unsafe) var superview: View? {
        didSet { isUnderSublayerTransform = superview?.sublayerTransform3D != nil }
    }
    @exclusivity(unchecked) public private(set) var subviews: [View] = []
    @exclusivity(unchecked) weak var owningViewController: ViewController?

    // Whatever changes pixels marks them damaged in the window: geometry
    // both where the view was and where it is now.
    // Inside View.animate, a change becomes an animation (View+Animation.swift).
    @exclusivity(unchecked) public var center: Point {
        willSet { if newValue != center { damageExtent() } }
        didSet {
            if oldValue != center {
                damageExtent()
                if AnimationBlock.capturing != nil || presentation != nil {
                    propertyChanged(.center, from: .point(oldValue))
                } else if !subviews.isEmpty && View.rasterizesAnimatedViews && !(superview is ScrollView), let window {
                    // Moved frame after frame (a finger dragging it): composited from a picture (Window+MovedViews).
                    if window.movedViews == nil { window.movedViews = MovedViews(window: window) }
                    window.movedViews?.noteMove(of: self)
                }
                autoLayout?.usingEngine?.frameChanged(self)
            }
        }
    }
    @exclusivity(unchecked) public var bounds: Rect {
        // A clipping view whose origin moves (a scroll) may slide its picture rather than repaint it.
        willSet { if newValue != bounds && !(clipsToBounds && newValue.size == bounds.size) { damageExtent() } }
        didSet {
            if oldValue != bounds {
                if !clipsToBounds || oldValue.size != bounds.size {
                    damageExtent()
                } else if !slideContents(by: Point(x: oldValue.minX - bounds.minX, y: oldValue.minY - bounds.minY)) {
                    damageExtent()
                }
                if AnimationBlock.capturing != nil || presentation != nil { propertyChanged(.bounds, from: .rect(oldValue)) }
                if oldValue.size != bounds.size {
                    if sublayerTransform3D != nil { hostedLayersFollowSublayerTransform() }
                    autoLayout?.usingEngine?.frameChanged(self)
                    if autoresizesSubviews && !subviews.isEmpty { autoresizeSubviews(from: oldValue.size) }
                    // A new size lays the view out again, as a frame set does (UIKit does both).
                    setNeedsLayout()
                }
            }
        }
    }
    @exclusivity(unchecked) public var transform: AffineTransform = .identity {
        willSet { if newValue != transform { damageExtent() } }
        didSet {
            // Set as such, it replaces a 3D transform; set from one, it is its plane part.
            if !isSettingTransform3D { (storedTransform3D, ownProjection) = (nil, nil) }
            if oldValue != transform {
                damageExtent()
                if AnimationBlock.capturing != nil || presentation != nil {
                    propertyChanged(.transform, from: .transform(oldValue))
                }
            }
        }
    }
    /// The view's transform in three dimensions, as its layer's
    /// (UIView.transform3D): a turn about the x or y axis with perspective
    /// (`m34`) shows it as a card turned in depth. `transform` is its
    /// affine part. A view so turned is drawn as one picture flattened into
    /// its superview's plane, and touches find it where it is drawn. Inside
    /// `View.animate` it turns from one to the other as Core Animation turns
    /// a layer (each taken apart into a perspective, a move, a turn, skews
    /// and scales, which are mixed).
    public var transform3D: Transform3D {
        get { storedTransform3D ?? Transform3D(transform) }
        set {
            let old = transform3D
            guard newValue != old else { return }
            damageExtent()
            let planar = newValue.planar
            isSettingTransform3D = true
            View.performWithoutAnimation { transform = planar.isAffine ? planar.affineTransform : newValue.affineTransform }
            isSettingTransform3D = false
            storedTransform3D = newValue.isAffine ? nil : newValue
            ownProjection = planar.isAffine ? nil : planar
            damageExtent()
            if AnimationBlock.capturing != nil || presentation != nil { propertyChanged(.transform3D, from: .transform3D(old)) }
        }
    }
    /// The 3D transform when it is not an affine one.
    @exclusivity(unchecked) private var storedTransform3D: Transform3D?
    @exclusivity(unchecked) private var isSettingTransform3D = false
    /// Where the view's plane lands in its superview's, relative to the
    /// anchor and centre, when that is seen in perspective or through the
    /// superview's sublayer transform (nil otherwise: then `transform` says it all).
    var projection: ProjectiveTransform? {
        @inline(__always) get { isUnderSublayerTransform ? projectionUnderSublayerTransform() : ownProjection }
    }
    private func projectionUnderSublayerTransform() -> ProjectiveTransform? {
        guard let superview, let shared = superview.sublayerTransform3D else { return ownProjection }
        return View.projection(of: transform3D, at: center, under: shared, around: superview.anchor(in: superview.bounds))
    }
    /// The view's own transform's, when that has perspective.
    @exclusivity(unchecked) private var ownProjection: ProjectiveTransform?

    /// Applied to every subview and added layer after its own transform,
    /// about this view's anchor point (`layer.sublayerTransform`): `m34` gives
    /// them one vanishing point. Nil for the identity.
    @exclusivity(unchecked) var sublayerTransform3D: Transform3D? {
        willSet { damageExtent() }
        didSet {
            for subview in subviews { subview.isUnderSublayerTransform = sublayerTransform3D != nil }
            hostedLayersFollowSublayerTransform()
            damageExtent()
        }
    }
    /// Whether the superview has a sublayer transform: one flag on the paths
    /// every touch takes (hit-testing, conversions), which would otherwise
    /// reach the superview (retaining a window is Swift's slow path: touches
    /// hold it weakly).
    @exclusivity(unchecked) private(set) var isUnderSublayerTransform = false

    /// `transform` about a subview's anchor, the subview's centre at
    /// `center`, then `shared` (its superview's sublayer transform) about
    /// `anchor`, the superview's; relative to the centre, as `projection` is.
    static func projection(of transform: Transform3D, at center: Point, under shared: Transform3D, around anchor: Point) -> ProjectiveTransform {
        let dx = center.x - anchor.x, dy = center.y - anchor.y
        return transform.concatenating(Transform3D(translationX: dx, y: dy, z: 0)).concatenating(shared)
            .concatenating(Transform3D(translationX: -dx, y: -dy, z: 0)).planar
    }

    /// The point of the bounds that `center` places and transforms turn
    /// about, in unit coordinates: (0.5, 0.5), the middle, until set
    /// (CALayer's anchorPoint, set as `layer.anchorPoint`). Changing it
    /// keeps `center` where it is, so the frame moves, as in UIKit.
    @exclusivity(unchecked) var anchorPoint = Point(x: 0.5, y: 0.5) {
        willSet { if newValue != anchorPoint { damageExtent() } }
        didSet {
            guard oldValue != anchorPoint else { return }
            if sublayerTransform3D != nil { hostedLayersFollowSublayerTransform() }
            damageExtent()
            // The frame moved with the centre kept: constraints made from the frame follow it.
            autoLayout?.usingEngine?.frameChanged(self)
        }
    }

    /// Where the view is drawn among its siblings (CALayer's zPosition, set
    /// as `layer.zPosition`): higher in front, whatever the order of
    /// `subviews`; equal ones keep that order. Touches find the front one first.
    @exclusivity(unchecked) var zPosition: Double = 0 {
        didSet {
            guard oldValue != zPosition else { return }
            if let superview { superview.raisedSubviews += (zPosition != 0 ? 1 : 0) - (oldValue != 0 ? 1 : 0) }
            damageExtent()
        }
    }
    /// How many subviews have a zPosition: while none has, drawing order is `subviews`.
    @exclusivity(unchecked) var raisedSubviews = 0

    /// The subviews back to front: by zPosition, then as listed.
    var subviewsInDrawingOrder: [View] {
        guard raisedSubviews > 0 else { return subviews }
        var order = Array(subviews.indices)
        order.sort { subviews[$0].zPosition != subviews[$1].zPosition ? subviews[$0].zPosition < subviews[$1].zPosition : $0 < $1 }
        return order.map { subviews[$0] }
    }

    /// The center that puts the view's untransformed frame at `frame`.
    func center(placing frame: Rect) -> Point {
        Point(x: frame.minX + anchorPoint.x * frame.width, y: frame.minY + anchorPoint.y * frame.height)
    }

    /// Where the anchor point lies in `bounds` (the view's coordinates).
    func anchor(in bounds: Rect) -> Point {
        Point(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// What is drawn while the view animates; nil when it does not.
    @exclusivity(unchecked) var presentation: Presentation?
    /// Whether something about the view is animating (in the class, not
    /// an extension, so that ActivityIndicatorView can give it UIKit's
    /// meaning for a spinner: spinning).
    open var isAnimating: Bool { presentation != nil }

    @exclusivity(unchecked) public var isHidden = false {
        didSet {
            if oldValue != isHidden {
                damageExtent(evenIfHidden: true)
                // Mid-animation it is drawn elsewhere than its model: there too.
                if presentation != nil, let drawn = drawnExtentInWindow() { window?.addDamage(drawn) }
                superview?.subviewVisibilityDidChange(self)
            }
        }
    }
    @exclusivity(unchecked) public var alpha: Double = 1 {
        didSet {
            if oldValue != alpha {
                damageExtent()
                if AnimationBlock.capturing != nil || presentation != nil { propertyChanged(.alpha, from: .number(oldValue)) }
            }
        }
    }
    @exclusivity(unchecked) public var isUserInteractionEnabled = true
    @exclusivity(unchecked) public var isMultipleTouchEnabled = false
    @exclusivity(unchecked) public var isExclusiveTouch = false
    /// Whether the view and its subviews are drawn once into a picture and
    /// that picture composited after (CALayer's `shouldRasterize`): moving,
    /// fading or transforming the view then costs a copy, not a redraw.
    /// Anything that changes inside draws the picture again. A navigation
    /// controller sets it on both screens while they slide.
    @exclusivity(unchecked) public var shouldRasterize = false {
        didSet { rasterizationChanged(from: oldValue || rasterizationHolds > 0) }
    }
    /// The framework's own reasons to rasterize the view for a while (an
    /// animation, a push, a sheet's dimming), each taken and given back:
    /// the app's `shouldRasterize` stays the app's.
    @exclusivity(unchecked) var rasterizationHolds = 0 {
        didSet { rasterizationChanged(from: shouldRasterize || oldValue > 0) }
    }
    /// Whether the view is drawn from a picture: the app asked, or the framework holds it so.
    var isRasterized: Bool { shouldRasterize || rasterizationHolds > 0 }

    private func rasterizationChanged(from was: Bool) {
        guard was != isRasterized else { return }
        View.rasterizingViews += isRasterized ? 1 : -1
        rasterCache = nil
    }
    /// The picture a rasterized view composites, in tiles drawn as they are needed.
    @exclusivity(unchecked) var rasterCache: TiledBackingStore?
    /// The picture a view seen in perspective is resampled from, kept while
    /// nothing inside changes: a turning card costs a resample, not a
    /// redraw of its text. While one is kept, changes inside find it as
    /// they find a rasterized view's (`rasterizingViews` counts it).
    @exclusivity(unchecked) var projectedPicture: KeptPicture? {
        didSet { if (oldValue == nil) != (projectedPicture == nil) { View.rasterizingViews += projectedPicture == nil ? -1 : 1 } }
    }

    /// What is drawn inside changed: kept pictures of the view are out of date.
    func forgetPictures() {
        rasterCache = nil
        if projectedPicture != nil { projectedPicture = nil }
    }
    /// The image the view's layer shows (`layer.contents`), and how many of its pixels make a point.
    @exclusivity(unchecked) var layerContents: Image? {
        didSet { if oldValue !== layerContents { setNeedsDisplay() } }
    }
    @exclusivity(unchecked) var layerContentsScale = 1.0 {
        didSet { if oldValue != layerContentsScale && layerContents != nil { setNeedsDisplay() } }
    }
    /// The layer whose alpha shows the view (`layer.mask`, View+Mask).
    @exclusivity(unchecked) var layerMask: LayerMask?
    /// The picture from before a transition, dissolving into the view (View+Transition).
    @exclusivity(unchecked) var crossDissolve: CrossDissolve?
    /// Where the view paints, in window coordinates, when that is much less
    /// than its extent (an overlay of finger markers): a picture sliding
    /// under it repaints only these. Nil: anywhere in its extent.
    var paintedAreasInWindow: [Rect]? { nil }
    /// Whether moving the bounds' origin moves everything the view shows
    /// (a scroll view, whose drawing follows its content): the picture on
    /// screen may then slide. A label or a control draws against its
    /// bounds, so for them it would not.
    var slidesContentOnScroll: Bool { false }

    /// Whether the view fills its bounds with opaque pixels, as UIView's
    /// (true by default): a promise the app makes, that a compositor may use
    /// to skip what lies beneath.
    @exclusivity(unchecked) public var isOpaque = true
    /// How the view's content sits in its bounds (an image view's picture), as UIView.ContentMode.
    @exclusivity(unchecked) public var contentMode = ContentMode.scaleToFill {
        didSet { if oldValue != contentMode { setNeedsDisplay() } }
    }
    @exclusivity(unchecked) public var clipsToBounds = false {
        willSet { if newValue != clipsToBounds { damageExtent() } }
        didSet {
            guard oldValue != clipsToBounds else { return }
            forgetPictures()
            damageExtent()
        }
    }
    @exclusivity(unchecked) public var tag = 0
    @exclusivity(unchecked) public var backgroundColor: Color? {
        didSet {
            if oldValue != backgroundColor {
                setNeedsDisplay()
                if AnimationBlock.capturing != nil || presentation != nil {
                    propertyChanged(.backgroundColor, from: .color(oldValue))
                }
            }
        }
    }
    /// Rounds the background, the border and, with clipsToBounds, the content (CALayer's).
    @exclusivity(unchecked) public var cornerRadius: Double = 0 {
        didSet { if oldValue != cornerRadius { setNeedsDisplay() } }
    }
    /// Which corners `cornerRadius` rounds: all by default (CALayer's maskedCorners).
    @exclusivity(unchecked) public var maskedCorners: CornerMask = .all {
        didSet { if oldValue != maskedCorners { setNeedsDisplay() } }
    }
    /// A border drawn inside the bounds, above the content and subviews (CALayer's).
    @exclusivity(unchecked) public var borderWidth: Double = 0 {
        didSet { if oldValue != borderWidth { setNeedsDisplay() } }
    }
    @exclusivity(unchecked) public var borderColor: Color = .black {
        didSet { if oldValue != borderColor && borderWidth > 0 { setNeedsDisplay() } }
    }

    /// The shadow under the view, set through `layer.shadowOpacity` and the
    /// rest, as on CALayer (View+Shadow.swift).
    @exclusivity(unchecked) var shadow = Shadow() {
        willSet { if newValue != shadow { shadowWillChange() } }
        didSet { if oldValue != shadow { shadowDidChange(from: oldValue) } }
    }
    /// The blurred shadow as last drawn.
    @exclusivity(unchecked) var shadowPicture: ShadowPicture?

    /// The layers an app added to the view's layer (`layer.addSublayer`),
    /// from the first one on (View+Sublayers.swift).
    @exclusivity(unchecked) var hostedLayers: HostedLayers?

    /// The tint this view was given; nil takes the superview's.
    @exclusivity(unchecked) private var ownTintColor: Color?

    /// The colour controls show what can be done in, as UIView's: a view
    /// without its own takes its superview's, and the top of the tree the
    /// system blue. Setting nil goes back to the superview's.
    open var tintColor: Color! {
        get { ownTintColor ?? superview?.tintColor ?? .systemBlue }
        set {
            guard newValue != ownTintColor else { return }
            ownTintColor = newValue
            tintChanged()
        }
    }

    /// The tint changed, here or above: views drawn in it redraw (controls do already).
    open func tintColorDidChange() {}

    /// A subview's natural size changed: a view that sizes itself by a
    /// subview's (a button by its title label) measures itself again.
    func subviewIntrinsicContentSizeDidChange(_ subview: View) {}

    private func tintChanged() {
        tintColorDidChange()
        for subview in subviews where subview.ownTintColor == nil { subview.tintChanged() }
    }

    /// The traits last handed down to this view (View+Traits.swift).
    @exclusivity(unchecked) var traits = TraitCollection()
    /// Light or dark for this view and those under it, whatever the app's
    /// appearance; `.unspecified` follows the superview.
    @exclusivity(unchecked) public var overrideUserInterfaceStyle = UserInterfaceStyle.unspecified {
        didSet { if oldValue != overrideUserInterfaceStyle { refreshTraits() } }
    }

    /// Auto Layout's record of this view, made when it first takes part (View+AutoLayout.swift).
    @exclusivity(unchecked) var autoLayout: AutoLayoutState?

    /// Whether the view's frame holds it in place (true, as for a view made
    /// in code) or its constraints decide its frame (false, for views placed
    /// with Auto Layout).
    @exclusivity(unchecked) public var translatesAutoresizingMaskIntoConstraints = true {
        didSet { if oldValue != translatesAutoresizingMaskIntoConstraints, let engine = autoLayout?.usingEngine { engine.structureChanged(); setNeedsLayout() } }
    }
    /// How a frame-based view follows its superview's size changes.
    @exclusivity(unchecked) public var autoresizingMask: AutoresizingMask = []
    /// Whether the subviews' autoresizing masks are applied when this view's size changes.
    @exclusivity(unchecked) public var autoresizesSubviews = true

    /// The space inside the edges that content keeps to, with leading and trailing as the text runs.
    @exclusivity(unchecked) public var directionalLayoutMargins = View.defaultLayoutMargins {
        didSet { if oldValue != directionalLayoutMargins { layoutMarginsDidChange() } }
    }
    /// Whether `layoutMarginsGuide` also keeps out of the safe area.
    @exclusivity(unchecked) public var insetsLayoutMarginsFromSafeArea = true {
        didSet { if oldValue != insetsLayoutMarginsFromSafeArea { layoutMarginsDidChange() } }
    }
    /// The constraint pass calls `updateConstraints()` on this view before the next layout.
    @exclusivity(unchecked) public internal(set) var needsUpdateConstraints = false

    @exclusivity(unchecked) public private(set) var needsLayout = true
    /// Some view below this one needs layout; lets layoutIfNeeded skip settled subtrees.
    @exclusivity(unchecked) private var needsLayoutBelow = false
    @exclusivity(unchecked) public private(set) var gestureRecognizers: [GestureRecognizer] = []

    public init(frame: Rect = .zero) {
        let frame = frame.standardized
        center = Point(x: frame.midX, y: frame.midY)
        bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
    }

    // Isolated, so it may clear what its subviews and recognizers know of
    // it: one the app still holds must not point at a view that is gone.
    isolated deinit {
        for subview in subviews { subview.superview = nil }
        for recognizer in gestureRecognizers { recognizer.view = nil }
    }

    /// A view with a zero frame, made through `init(frame:)` as UIView's
    /// `init()` is: a subclass that overrides only `init(frame:)` gets it too.
    public override convenience init() { self.init(frame: .zero) }

    public var frame: Rect {
        get {
            let width = bounds.width, height = bounds.height
            let left = anchorPoint.x * width, top = anchorPoint.y * height
            if transform.isIdentity && projection == nil { return Rect(x: center.x - left, y: center.y - top, width: width, height: height) }
            if let projection {
                return projection.boundingBox(of: Rect(x: -left, y: -top, width: width, height: height)).offsetBy(dx: center.x, dy: center.y)
            }
            let local = Rect(x: -left, y: -top, width: width, height: height)
            return local.applying(transform).offsetBy(dx: center.x, dy: center.y)
        }
        set {
            let frame = newValue.standardized
            center = center(placing: frame)
            bounds.size = Size(width: frame.width, height: frame.height)
            setNeedsLayout()
        }
    }

    // MARK: The responder chain

    /// The view controller whose root view this is, else the superview.
    open override var next: Responder? { owningViewController ?? superview }

    public var window: Window? {
        var view: View? = self
        while let current = view {
            if let window = current as? Window { return window }
            view = current.superview
        }
        return nil
    }

    open override var application: Application? { window?.application ?? next?.application }

    // MARK: Hierarchy

    open func addSubview(_ view: View) { insertSubview(view, at: subviews.count) }

    open func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self && !isDescendant(of: view), "a view cannot contain itself")
        if view.superview === self, let old = subviews.firstIndex(where: { $0 === view }) {
            hostedLayersKeepTheirPlace(leaving: old)
            subviews.remove(at: old)
            subviews.insert(view, at: min(max(0, index), subviews.count))
            view.damageExtent()
            return
        }
        // Told once, from the old window to the new: not of the moment between superviews.
        let newWindow = window
        // A window is its own window wherever it goes.
        let changesWindow = !(view is Window) && view.window !== newWindow
        if changesWindow { view.windowWillChange(to: newWindow) }
        // Out of its old tree first: it leaves with an engine of its own if it has constraints.
        view.isChangingSuperview = true
        view.removeFromSuperview()
        view.isChangingSuperview = false
        if LayoutEngine.activeConstraints > 0 { treeWillChange(adding: view) }
        view.willMove(toSuperview: self)
        subviews.insert(view, at: min(max(0, index), subviews.count))
        if view.zPosition != 0 { raisedSubviews += 1 }
        view.superview = self
        view.updateTraits(from: traits)
        if view.needsLayout || view.needsLayoutBelow { noteLayoutBelow() }
        view.didMoveToSuperview()
        if changesWindow { view.windowDidChange() }
        didAddSubview(view)
        view.damageExtent()
        setNeedsLayout()
    }

    open func insertSubview(_ view: View, aboveSubview sibling: View) {
        place(view) { subviewIndex(sibling).map { $0 + 1 } ?? subviews.count }
    }

    open func insertSubview(_ view: View, belowSubview sibling: View) {
        place(view) { subviewIndex(sibling) ?? 0 }
    }

    /// Inserts `view` at the index `position` gives once `view` is out of the list.
    private func place(_ view: View, at position: () -> Int) {
        if view.superview === self, let old = subviewIndex(view) {
            hostedLayersKeepTheirPlace(leaving: old)
            subviews.remove(at: old)
            subviews.insert(view, at: min(position(), subviews.count))
            view.damageExtent()
        } else {
            insertSubview(view, at: position())
        }
    }

    open func bringSubviewToFront(_ view: View) {
        guard let index = subviewIndex(view) else { return }
        hostedLayersKeepTheirPlace(leaving: index)
        subviews.append(subviews.remove(at: index))
        view.damageExtent()
    }

    open func sendSubviewToBack(_ view: View) {
        guard let index = subviewIndex(view) else { return }
        hostedLayersKeepTheirPlace(leaving: index)
        subviews.insert(subviews.remove(at: index), at: 0)
        view.damageExtent()
    }

    open func removeFromSuperview() {
        guard let parent = superview, let index = parent.subviewIndex(self) else { return }
        // Touches on views leaving the window end while their chain is still whole.
        let leftWindow = window
        leftWindow?.viewWillLeave(self)
        damageExtent()
        parent.willRemoveSubview(self)
        let leavesWindow = leftWindow != nil && !isChangingSuperview && !(self is Window)
        if leavesWindow { windowWillChange(to: nil) }
        willMove(toSuperview: nil)
        parent.hostedLayersKeepTheirPlace(leaving: index)
        parent.subviews.remove(at: index)
        if zPosition != 0 { parent.raisedSubviews -= 1 }
        superview = nil
        // Only now, out of the tree: a layout pass run by what came before (a
        // first responder resigning slides the keyboard away and lays out)
        // would bring the leaving constraints back into the engine they leave.
        if LayoutEngine.activeConstraints > 0 { willLeaveLayoutTree(parent) }
        didMoveToSuperview()
        if leavesWindow { windowDidChange() }
        parent.setNeedsLayout()
    }

    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for subview in subviews { if let found = subview.viewWithTag(tag) { return found } }
        return nil
    }

    private func subviewIndex(_ view: View) -> Int? { subviews.firstIndex(where: { $0 === view }) }

    /// The subview at `index` is about to leave or move: layers the app
    /// put just above it stay where they were among the rest.
    private func hostedLayersKeepTheirPlace(leaving index: Int) {
        hostedLayers?.subviewLeft(subviews[index], below: index > 0 ? subviews[index - 1] : nil)
    }

    /// A subview was hidden or shown (a stack view lays out again).
    func subviewVisibilityDidChange(_ subview: View) {}

    /// The size the content would like; `noIntrinsicMetric` along a dimension
    /// it has no opinion about. Override, and call invalidateIntrinsicContentSize when it changes.
    open var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    open func willMove(toSuperview newSuperview: View?) {}
    open func didMoveToSuperview() {}

    /// The view, or one of its ancestors, is about to go into another
    /// window (nil: out of any). Called on the view before its subviews.
    /// Where a view starts or stops what it does only while on screen (a
    /// timer, a layer in the window's overlay), as UIView's.
    open func willMove(toWindow newWindow: Window?) {}
    /// The view's `window` has changed; called on the view before its subviews.
    open func didMoveToWindow() {}

    /// Set while `insertSubview` takes the view out of its old superview:
    /// it then tells of the window change itself, once.
    private var isChangingSuperview = false

    private func windowWillChange(to newWindow: Window?) {
        willMove(toWindow: newWindow)
        for subview in subviews { subview.windowWillChange(to: newWindow) }
    }

    private func windowDidChange() {
        // Out of sight, a shadow's picture is memory for nothing: it is blurred again (or shared) on return.
        if window == nil { shadowPicture = nil }
        // Back in sight: endless animations of its layer, or of layers it hosts, go on.
        if let window { window.hostApplication.layerAnimator.resume() }
        didMoveToWindow()
        for subview in subviews { subview.windowDidChange() }
    }

    /// Ends editing in this view or under it, as UIView's: the first
    /// responder there resigns; with `force`, it stops being first
    /// responder even if it would not resign. Returns whether it did.
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool {
        guard let application, let editing = application.firstResponder as? View, editing === self || editing.isDescendant(of: self) else { return true }
        if editing.resignFirstResponder() { return true }
        guard force else { return false }
        application.firstResponder = nil
        editing.lostFirstResponder()
        return true
    }
    /// The traits changed (the screen's size or scale, the appearance):
    /// `traitCollection` holds the new ones. Views that draw adaptive colours
    /// are redrawn already; override to change what depends on the traits.
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}
    open func didAddSubview(_ subview: View) {}
    open func willRemoveSubview(_ subview: View) {}

    // MARK: Gesture recognizers

    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard gestureRecognizers.contains(where: { $0 === recognizer }) else { return }
        gestureRecognizers.removeAll { $0 === recognizer }
        // Mid-gesture, it hears no more of it: no more touches, no more actions.
        window?.forget(recognizer)
        recognizer.view = nil
    }

    /// Asked, for each of a recognizer's touches bound to this view, before
    /// the recognizer leaves `.possible`; false stops it (Control uses this
    /// to keep an ancestor's tap from taking its own taps).
    open func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }

    // MARK: Layout

    open func setNeedsLayout() {
        needsLayout = true
        superview?.noteLayoutBelow()
    }

    private func noteLayoutBelow() {
        var ancestor: View? = self
        while let view = ancestor {
            view.needsLayoutBelow = true
            ancestor = view.superview
        }
    }

    /// Lays out this view and its subviews now if any of them needs it:
    /// first the constraints (their pass, then the solution applied to the
    /// frames), then `layoutSubviews` from the top down.
    open func layoutIfNeeded() {
        guard let engine = layoutRoot.autoLayout?.engine else {
            layoutSubtreeIfNeeded()
            return
        }
        // A layoutSubviews that moves a frame-based view, or changes a
        // constant, gives the engine more to do: a few rounds settle it.
        for _ in 0..<4 {
            engine.update()
            layoutSubtreeIfNeeded(engine)
            if !engine.isDirty { return }
        }
        engine.update()
    }

    private func layoutSubtreeIfNeeded(_ engine: LayoutEngine? = nil) {
        if needsLayout {
            // A frame changed above (this view's, say) moves what is tied to it: placed before layoutSubviews sees it.
            engine?.update()
            needsLayout = false
            owningViewController?.viewWillLayoutSubviews()
            layoutSubviews()
            owningViewController?.viewDidLayoutSubviews()
        }
        guard needsLayoutBelow else { return }
        needsLayoutBelow = false
        for subview in subviews { subview.layoutSubtreeIfNeeded(engine) }
    }

    /// Override to place subviews; the default does nothing (Auto Layout
    /// has placed the views its constraints hold by the time it is called).
    open func layoutSubviews() {}

    /// Override to add or change this view's constraints in the constraint
    /// pass (after `setNeedsUpdateConstraints()`), before layout.
    open func updateConstraints() {}

    /// Where the first and last lines' baselines are drawn, below the
    /// vertical centre, for views that draw text; nil for the rest.
    var textBaselinesFromCentre: (first: Double, last: Double)? { nil }

    /// The solved frame, set as center and size so that a transform stays
    /// as it is; inside View.animate the change animates.
    /// True if it moved or changed size.
    func applyEngineFrame(_ frame: Rect) -> Bool {
        let newCenter = center(placing: frame)
        let sizeChanged = bounds.size != frame.size
        let moved = center != newCenter
        if moved { center = newCenter }
        if sizeChanged {
            bounds.size = frame.size
            setNeedsLayout()
        }
        return moved || sizeChanged
    }

    /// This view's tree is leaving `parent`'s: constraints installed above it
    /// that name a view or guide inside it go, as in UIKit.
    private func willLeaveLayoutTree(_ parent: View) {
        var ancestor: View? = parent
        while let view = ancestor {
            for constraint in view.autoLayout?.installed ?? [] where constraint.names(anyIn: self) {
                constraint.isActive = false
            }
            ancestor = view.superview
        }
        // Constraints inside the leaving tree stay active, and it becomes a
        // tree of its own. The engine it leaves lets go of them now, since
        // the tree may be freed before that engine's next pass; the tree
        // takes an engine along, so that the tree it joins next knows it
        // brings constraints.
        let inside = LayoutEngine.constraints(in: self)
        if let engine = parent.layoutRoot.autoLayout?.engine {
            for constraint in inside where constraint.engine === engine { engine.remove(constraint) }
            engine.structureChanged()
        }
        if autoLayout?.engine == nil, !inside.isEmpty { _ = layoutEngine() }
    }

    /// A tree is about to gain `view`: the engines of both trees look again.
    /// Only a tree that has constraints, or gains some, has an engine; a
    /// tree of frames stays without one.
    private func treeWillChange(adding view: View) {
        // The added tree's own engine hands its constraints to this tree's.
        if let engine = view.autoLayout?.engine {
            view.autoLayout?.engine = nil
            for constraint in LayoutEngine.constraints(in: view) where constraint.engine === engine { engine.remove(constraint) }
            layoutRoot.layoutEngine().structureChanged()
        } else {
            layoutRoot.autoLayout?.engine?.structureChanged()
        }
    }

    /// The margins changed: the margins guide follows at the next layout.
    /// Override to lay out again by them (call super).
    open func layoutMarginsDidChange() {
        setNeedsLayout()
    }

    /// Eight points on every side, UIKit's margins for a view.
    public static let defaultLayoutMargins = DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)

    /// The margins with left and right for the text's direction (left to right here).
    public var layoutMargins: EdgeInsets {
        get {
            let margins = directionalLayoutMargins
            return EdgeInsets(top: margins.top, left: margins.leading, bottom: margins.bottom, right: margins.trailing)
        }
        set {
            directionalLayoutMargins = DirectionalEdgeInsets(top: newValue.top, leading: newValue.left, bottom: newValue.bottom, trailing: newValue.right)
        }
    }

    // MARK: Drawing

    /// Override to draw the view's content with `GraphicsContext.current`,
    /// which is in the view's coordinates and clipped to `rect`, the part
    /// that needs repainting. The background is already drawn.
    open func draw(_ rect: Rect) {}

    // MARK: Hit-testing

    /// The deepest visible, interactive view containing `point` (in this
    /// view's coordinates): subviews are asked front to back, by zPosition and then last-added first.
    open func hitTest(_ point: Point, with event: Event?) -> View? {
        // An animating view lets touches by unless its animation allows user interaction.
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, (presentation?.touchBlockers ?? 0) == 0,
            self.point(inside: point, with: event)
        else {
            return nil
        }
        for subview in subviewsInDrawingOrder.reversed() {
            if let hit = subview.hitTest(subview.convertFromSuperview(point), with: event) { return hit }
        }
        return self
    }

    open func point(inside point: Point, with event: Event?) -> Bool { bounds.contains(point) }

    // MARK: Converting coordinates

    /// A point in this view's coordinates, in its superview's.
    public func convertToSuperview(_ point: Point) -> Point {
        let anchor = self.anchor(in: bounds)
        if let projection {
            // A point behind the eye is taken as at the nearest drawn: far off, never undefined.
            let p = Point(x: point.x - anchor.x, y: point.y - anchor.y)
            let w = max(projection.weight(of: p), ProjectiveTransform.nearestWeight)
            return Point(
                x: (projection.m11 * p.x + projection.m21 * p.y + projection.m31) / w + center.x,
                y: (projection.m12 * p.x + projection.m22 * p.y + projection.m32) / w + center.y)
        }
        let relative = Point(x: point.x - anchor.x, y: point.y - anchor.y).applying(transform)
        return Point(x: relative.x + center.x, y: relative.y + center.y)
    }

    /// A point in the superview's coordinates, in this view's.
    public func convertFromSuperview(_ point: Point) -> Point {
        let relative = Point(x: point.x - center.x, y: point.y - center.y)
        if let projection {
            // Seen in perspective: where the view's plane is under the point; nowhere (NaN, inside nothing) when it is edge on.
            guard let local = projection.inverted()?.apply(relative) else { return Point(x: .nan, y: .nan) }
            let anchor = self.anchor(in: bounds)
            return Point(x: local.x + anchor.x, y: local.y + anchor.y)
        }
        let local = transform.isIdentity ? relative : relative.applying(transform.inverted())
        let anchor = self.anchor(in: bounds)
        return Point(x: local.x + anchor.x, y: local.y + anchor.y)
    }

    /// `point` in this view's coordinates, in `view`'s; nil means the window's.
    public func convert(_ point: Point, to view: View?) -> Point {
        let inRoot = convertToRoot(point)
        guard let view else { return inRoot }
        return view.convertFromRoot(inRoot)
    }

    /// `point` in `view`'s coordinates (nil: the window's), in this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        let inRoot = view?.convertToRoot(point) ?? point
        return convertFromRoot(inRoot)
    }

    public func convert(_ rect: Rect, to view: View?) -> Rect {
        mapCorners(of: rect) { self.convert($0, to: view) }
    }

    public func convert(_ rect: Rect, from view: View?) -> Rect {
        mapCorners(of: rect) { self.convert($0, from: view) }
    }

    /// Up through the superviews to the root (the window, when there is one).
    private func convertToRoot(_ point: Point) -> Point {
        var point = point
        var view = self
        while let parent = view.superview {
            point = view.convertToSuperview(point)
            view = parent
        }
        return point
    }

    private func convertFromRoot(_ point: Point) -> Point {
        guard let parent = superview else { return point }
        return convertFromSuperview(parent.convertFromRoot(point))
    }

    private func mapCorners(of rect: Rect, _ map: (Point) -> Point) -> Rect {
        guard !rect.isNull else { return rect }
        let corners = [
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
            Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY),
        ].map(map)
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
