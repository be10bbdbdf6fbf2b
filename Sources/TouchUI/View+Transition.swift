import Graphics

extension View.AnimationOptions {
    /// The view's picture before the change dissolves into the one after (`View.transition`).
    public static let transitionCrossDissolve = View.AnimationOptions(rawValue: 5 << 20)
    /// The view turns about its vertical axis, its left side coming forward, its picture before the change on the front and the one after on the back.
    public static let transitionFlipFromLeft = View.AnimationOptions(rawValue: 1 << 20)
    /// The view turns about its vertical axis, its right side coming forward.
    public static let transitionFlipFromRight = View.AnimationOptions(rawValue: 2 << 20)
    /// The view turns about its horizontal axis, its top coming forward.
    public static let transitionFlipFromTop = View.AnimationOptions(rawValue: 6 << 20)
    /// The view turns about its horizontal axis, its bottom coming forward.
    public static let transitionFlipFromBottom = View.AnimationOptions(rawValue: 7 << 20)
    /// `transition(from:to:)` hides the one view and shows the other instead of removing and adding them.
    public static let showHideTransitionViews = View.AnimationOptions(rawValue: 1 << 8)
    /// Changes made in a transition's block animate as they would in `animate`'s; without it they are made at once.
    public static let allowAnimatedContent = View.AnimationOptions(rawValue: 1 << 7)
}

extension View.AnimationOptions {
    /// The transition asked for, a field of three bits as in UIKit (a flip
    /// from the bottom, 7, has the cross-dissolve's bits, 5, within it).
    var transitionKind: Int { Int((rawValue >> 20) & 7) }
}

/// Transitions, as UIView's: what a view shows changes all at once, and
/// the picture of it before dissolves into the picture after, or is
/// turned away in depth to show it on the back (the flips). Curls are not
/// here, so code asking for them does not compile rather than show
/// something else.
extension View {
    /// Makes the changes in `animations` to `view` (a label's text, an
    /// image view's image, subviews swapped), and dissolves its picture
    /// before them into its picture after over `duration`. The view's
    /// properties take their new values at once.
    public static func transition(
        with view: View, duration: Double, options: AnimationOptions = [], animations: (() -> Void)?,
        completion: ((Bool) -> Void)? = nil
    ) {
        let kind = options.transitionKind
        let flip = CrossDissolve.Style.flip(kind)
        let before =
            view.window == nil
            ? nil
            : kind == AnimationOptions.transitionCrossDissolve.transitionKind
                ? view.pictureToDissolveFrom()
                : flip == nil ? nil : view.pictureOfContents().map { ($0.bitmap, $0.origin, false) }
        if options.contains(.allowAnimatedContent) {
            if let animations { View.animate(withDuration: duration, delay: 0, options: options, animations: animations) }
        } else {
            View.performWithoutAnimation { animations?() }
        }
        guard let before, let window = view.window, duration > 0 else {
            // Nothing to dissolve (no transition asked for, or no window to show it): the completion still runs, on the next turn.
            if let completion { (view.application ?? .shared).timeline.schedule(after: 0) { completion(true) } }
            return
        }
        let dissolve = CrossDissolve(
            picture: before.bitmap, origin: before.origin, duration: duration, curve: options.curve, style: flip ?? .fade, completion: completion)
        dissolve.includesBackdrop = before.includesBackdrop
        if flip != nil { dissolve.reach = dissolve.flipReach(in: view.bounds) }
        window.hostApplication.animator.add(dissolve, to: view)
    }

    /// Puts `toView` where `fromView` is in its superview (or, with
    /// `.showHideTransitionViews`, hides the one and shows the other), the
    /// superview's picture dissolving from before to after.
    public static func transition(
        from fromView: View, to toView: View, duration: Double, options: AnimationOptions = [],
        completion: ((Bool) -> Void)? = nil
    ) {
        guard let superview = fromView.superview else {
            completion?(true)
            return
        }
        transition(with: superview, duration: duration, options: options, animations: {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else {
                if toView.superview !== superview, let index = superview.subviews.firstIndex(where: { $0 === fromView }) {
                    superview.insertSubview(toView, at: index)
                }
                fromView.removeFromSuperview()
            }
        }, completion: completion)
    }

    /// What a dissolve starts from: the screen as far as the view where it can be had, else the view alone.
    func pictureToDissolveFrom() -> (bitmap: Bitmap, origin: Point, includesBackdrop: Bool)? {
        if let screen = pictureOnScreen() { return (screen.bitmap, screen.origin, true) }
        return pictureOfContents().map { ($0.bitmap, $0.origin, false) }
    }

    /// The screen where the view is, as far as the view (what lies under it
    /// and the view, not what is in front), in the view's coordinates: a
    /// dissolve's old picture that needs no mixing apart. Nil where the
    /// view is turned, scaled, animating or off whole pixels, or the picture
    /// would be too large.
    func pictureOnScreen() -> (bitmap: Bitmap, origin: Point)? {
        guard let window, let placement = placementInWindow(), placement.offset.x == placement.offset.x.rounded(),
            placement.offset.y == placement.offset.y.rounded()
        else { return nil }
        // An ancestor drawn as a group (faded, masked, dissolving) would lay the
        // screen's picture through it again; a rasterized one draws from its own.
        var ancestor = superview
        while let outer = ancestor {
            if outer.alpha < 1 || outer.layerMask != nil || outer.crossDissolve != nil || outer.isRasterized { return nil }
            ancestor = outer.superview
        }
        let extent = extentInOwnCoordinates().integral.offsetBy(dx: placement.offset.x, dy: placement.offset.y).intersection(window.bounds)
        guard !extent.isNull, extent.width > 0, extent.height > 0, extent.width * extent.height * 4 <= View.rasterLimit,
            let bitmap = try? Bitmap(width: Int(extent.width), height: Int(extent.height))
        else { return nil }
        let context = GraphicsContext(bitmap: bitmap)
        context.translateBy(x: -extent.minX, y: -extent.minY)
        View.drawingUpTo = self
        View.drewLast = false
        defer { View.drawingUpTo = nil }
        window.render(Region(PixelRect(enclosing: extent)), in: context)
        context.flush()
        return (bitmap, Point(x: extent.minX - placement.offset.x, y: extent.minY - placement.offset.y))
    }

    /// The picture from before a push, a move in or a reveal, and the view
    /// as it is now, each where the transition's progress has slid it
    /// (in the view's coordinates; the caller clips to the bounds).
    func drawSliding(_ dissolve: CrossDissolve, in context: GraphicsContext, bounds: Rect, animating: Bool, betweenViews: (() -> Void)?) {
        let (old, new, newOnTop) = dissolve.offsets(in: bounds.size)
        func drawOld() { context.composite(dissolve.picture, at: Point(x: dissolve.origin.x + old.x, y: dissolve.origin.y + old.y)) }
        func drawNew() {
            context.withSavedState {
                context.translateBy(x: new.x, y: new.y)
                drawPictureOrContents(in: context, bounds: bounds, dirty: bounds, visible: bounds, animating: animating, betweenViews: betweenViews)
            }
        }
        if newOnTop {
            drawOld()
            drawNew()
        } else {
            drawNew()
            drawOld()
        }
    }

    /// The view and its subviews drawn into a picture of their extent, in
    /// its own coordinates; nil when it draws nothing or would be too large.
    /// The view's picture for drawing it in perspective: the one kept, when
    /// it was made at the view's present bounds, extent and appearance;
    /// otherwise drawn now and kept. Not kept mid-way through a dissolve,
    /// whose picture changes every frame.
    func keptPictureOfContents() -> (bitmap: Bitmap, origin: Point)? {
        var picture: (bitmap: Bitmap, origin: Point)?
        guard crossDissolve == nil else {
            View.offscreen { picture = pictureOfContents() }
            return picture
        }
        let appearance = traits.colorAppearance
        if let kept = projectedPicture, kept.bounds == bounds, kept.appearance == appearance,
            kept.extent == extentInOwnCoordinates().integral
        {
            return (kept.bitmap, kept.extent.origin)
        }
        View.offscreen { picture = pictureOfContents() }
        projectedPicture = picture.map { picture in
            let size = Size(width: Double(picture.bitmap.width), height: Double(picture.bitmap.height))
            return KeptPicture(bitmap: picture.bitmap, extent: Rect(origin: picture.origin, size: size), bounds: bounds, appearance: appearance)
        }
        return picture
    }

    func pictureOfContents() -> (bitmap: Bitmap, origin: Point)? {
        // Mid-way through a dissolve, the picture is the mix on screen, so the next one starts from it;
        // mid-way through a flip, the view as it is (one side of it is, and it is drawn turned).
        let crossDissolve = crossDissolve.flatMap { $0.isFlip ? nil : $0 }
        let extent = extentInOwnCoordinates().union(crossDissolve?.frame ?? .null).integral
        guard extent.width > 0, extent.height > 0, extent.width * extent.height * 4 <= View.rasterLimit,
            let bitmap = try? Bitmap(width: Int(extent.width), height: Int(extent.height), opaque: false)
        else { return nil }
        let context = GraphicsContext(bitmap: bitmap)
        context.translateBy(x: -extent.minX, y: -extent.minY)
        if let dissolve = crossDissolve, dissolve.style != .fade {
            context.clip(to: bounds)
            drawSliding(dissolve, in: context, bounds: bounds, animating: false, betweenViews: nil)
        } else {
            if crossDissolve != nil { context.beginTransparencyLayer() }
            drawContents(in: context, bounds: bounds, dirty: bounds.intersection(extent), visible: extent, animating: false, betweenViews: nil)
            if let dissolve = crossDissolve {
                context.endTransparencyLayer(crossDissolvingFrom: dissolve.picture, at: dissolve.origin, progress: dissolve.progress)
            }
        }
        context.flush()
        return (bitmap, extent.origin)
    }
}

/// A transition of what a view's layer shows, as CATransition: added to
/// `view.layer` before a change (a label's text, an image, a page of a
/// list), the view's picture from before gives way to the one after: it
/// dissolves (`.fade`), is pushed out by the new one coming in (`.push`),
/// is covered by it (`.moveIn`) or slides away to show it (`.reveal`), the
/// new one coming from the side `subtype` names. What slides is clipped to
/// the view's bounds. Its `duration`, `timingFunction` and `completion`
/// are taken; it starts when added, whatever its `beginTime`. Add it
/// before making the change: the picture it starts from is taken then.
@MainActor
public final class Transition: Animation {
    public enum TransitionType: Sendable { case fade, push, moveIn, reveal }
    public enum TransitionSubtype: Sendable { case fromLeft, fromRight, fromTop, fromBottom }
    /// What the transition does; `.fade` until set.
    public var type = TransitionType.fade
    /// Where the new picture comes from (or the old one goes toward, for `.reveal`); from the left until set.
    public var subtype: TransitionSubtype?

    public override init() { super.init() }

    /// How the view's pictures move: the way the new one travels, a unit step.
    var style: CrossDissolve.Style {
        let way: Point =
            switch subtype ?? .fromLeft {
            case .fromLeft: Point(x: 1, y: 0)
            case .fromRight: Point(x: -1, y: 0)
            case .fromTop: Point(x: 0, y: 1)
            case .fromBottom: Point(x: 0, y: -1)
            }
        return switch type {
        case .fade: .fade
        case .push: .push(way)
        case .moveIn: .moveIn(way)
        case .reveal: .reveal(way)
        }
    }
}

public typealias CATransition = Transition
public typealias CATransitionType = Transition.TransitionType
public typealias CATransitionSubtype = Transition.TransitionSubtype
/// The key Core Animation's transitions are usually added under.
public let kCATransition = "transition"

extension View {
    /// Starts dissolving the view's picture as it is now into what it shows after (`layer.add(transition, forKey:)`).
    func add(_ transition: Transition) {
        let before =
            window == nil || duration(transition) <= 0
            ? nil : transition.type == .fade ? pictureToDissolveFrom() : pictureOfContents().map { ($0.bitmap, $0.origin, false) }
        guard let before, let window else {
            if let completion = transition.completion { (application ?? .shared).timeline.schedule(after: 0) { completion(true) } }
            return
        }
        let dissolve = CrossDissolve(
            picture: before.bitmap, origin: before.origin, duration: duration(transition), curve: transition.progressCurve,
            style: transition.style, completion: transition.completion)
        dissolve.includesBackdrop = before.includesBackdrop
        window.hostApplication.animator.add(dissolve, to: self)
    }

    private func duration(_ transition: Transition) -> Double { transition.duration.isFinite ? max(0, transition.duration) : 0 }
}

/// A view's picture from before a transition, and how far it has given way to the view as it is now.
@MainActor
final class CrossDissolve {
    /// Dissolved into the new, or moved aside by it: the way the new one travels (a unit step).
    enum Style: Equatable {
        case fade
        case push(Point), moveIn(Point), reveal(Point)
        /// Turned about the axis (x, y) in the view's plane through its centre, by half a turn; the sign says which side comes forward.
        case flip(Point)

        /// The flip a transition's kind asks for (`AnimationOptions.transitionKind`), if it is one.
        static func flip(_ kind: Int) -> Style? {
            typealias Options = View.AnimationOptions
            // A positive turn about y brings the left side forward; about x, the bottom.
            return switch kind {
            case Options.transitionFlipFromLeft.transitionKind: .flip(Point(x: 0, y: 1))
            case Options.transitionFlipFromRight.transitionKind: .flip(Point(x: 0, y: -1))
            case Options.transitionFlipFromTop.transitionKind: .flip(Point(x: -1, y: 0))
            case Options.transitionFlipFromBottom.transitionKind: .flip(Point(x: 1, y: 0))
            default: nil
            }
        }
    }

    var isFlip: Bool {
        if case .flip = style { return true }
        return false
    }

    /// While it flips, all it may cover (in the view's coordinates): damaged each frame.
    var reach = Rect.null

    let picture: Bitmap
    /// Where the picture's top left is, in the view's coordinates.
    let origin: Point
    let duration: Double
    let curve: TimingCurve
    let style: Style
    var completion: ((Bool) -> Void)?
    var start = 0.0
    /// From 0 (all the old picture) to 1 (all the view as it is).
    var progress = 0.0
    /// Whether the picture is of the screen as far as the view (what lay under it too, opaque), not of the view alone.
    var includesBackdrop = false

    init(picture: Bitmap, origin: Point, duration: Double, curve: TimingCurve, style: Style = .fade, completion: ((Bool) -> Void)?) {
        self.picture = picture
        self.origin = origin
        self.duration = duration
        self.curve = curve
        self.style = style
        self.completion = completion
    }

    /// Where the old picture and the view are drawn, offset from their places, for a view of `size` at this progress.
    func offsets(in size: Size) -> (old: Point, new: Point, newOnTop: Bool) {
        let t = progress
        func travel(_ way: Point) -> Point { Point(x: way.x * size.width, y: way.y * size.height) }
        switch style {
        case .fade, .flip: return (.zero, .zero, true)
        case .push(let way):
            let v = travel(way)
            return (Point(x: v.x * t, y: v.y * t), Point(x: -v.x * (1 - t), y: -v.y * (1 - t)), true)
        case .moveIn(let way):
            let v = travel(way)
            return (.zero, Point(x: -v.x * (1 - t), y: -v.y * (1 - t)), true)
        case .reveal(let way):
            let v = travel(way)
            return (Point(x: v.x * t, y: v.y * t), .zero, false)
        }
    }

    /// For a flip, which side shows now (the picture from before until
    /// half-way, then the view as it is) and how it is seen: turned about
    /// the centre of `bounds`, in perspective from twice the size across
    /// the axis, edge on half-way. Nil for the other styles.
    func flipProjection(in bounds: Rect, at progress: Double? = nil) -> (showsOld: Bool, projection: ProjectiveTransform)? {
        guard case .flip(let axis) = style else { return nil }
        let progress = progress ?? self.progress
        let showsOld = progress < 0.5
        let angle = (showsOld ? progress : progress - 1) * .pi
        var turn = Transform3D.identity
        turn.m34 = -1 / (2 * max(1, axis.y != 0 ? bounds.width : bounds.height))
        turn = turn.rotated(by: angle, x: axis.x, y: axis.y, z: 0)
        let projection = ProjectiveTransform(AffineTransform(translationX: -bounds.midX, y: -bounds.midY))
            .concatenating(turn.planar).concatenating(AffineTransform(translationX: bounds.midX, y: bounds.midY))
        return (showsOld, projection)
    }

    /// All a flip of a view with `bounds` covers from start to end, its near edge at its largest included.
    func flipReach(in bounds: Rect) -> Rect {
        var reach = frame.union(bounds)
        for step in 0...32 {
            guard let flip = flipProjection(in: bounds, at: Double(step) / 32) else { break }
            reach = reach.union(flip.projection.boundingBox(of: flip.showsOld ? frame : bounds))
        }
        return reach.insetBy(dx: -1, dy: -1)
    }

    /// Where the old picture lies, in the view's coordinates.
    var frame: Rect { Rect(origin: origin, size: Size(width: Double(picture.width), height: Double(picture.height))) }
}

/// A view's picture kept for drawing it in perspective, with what it was drawn at.
struct KeptPicture {
    let bitmap: Bitmap
    /// Where the picture lies in the view's coordinates.
    let extent: Rect
    let bounds: Rect
    let appearance: Color.Appearance
}
