import Glibc

/// Block-based animation, as UIView's: inside `animations`, set a view's
/// `frame`, `center`, `bounds`, `transform`, `alpha` or `backgroundColor`.
/// The property takes its new value at once (hit-testing and layout see the
/// model, as in UIKit); what is drawn moves there over `duration`, a display
/// tick at a time on the application's timeline, so a replay on the virtual
/// clock draws the same frames every time.
extension View {
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Touches reach the animating views (by default they pass them by).
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Start from what is on screen. Always so here: an animation that
        /// interrupts another on the same property starts where it had got to.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        var curve: TimingCurve {
            switch (rawValue >> 16) & 3 {
            case 1: .easeIn
            case 2: .easeOut
            case 3: .linear
            default: .easeInOut
            }
        }
    }

    /// Animates the changes `animations` makes; `completion` runs when they
    /// have all arrived (true), or when one was interrupted or removed (false).
    public static func animate(
        withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let group = AnimationBlock(
            duration: duration, delay: delay, options: options, curve: options.curve, completion: completion)
        group.capture(animations)
    }

    public static func animate(withDuration duration: Double, animations: () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// Animates with a spring: `dampingRatio` 1 settles without overshoot,
    /// less overshoots and oscillates; `velocity` is the initial speed in
    /// whole distances a second (1: the full change in a second).
    public static func animate(
        withDuration duration: Double, delay: Double = 0, usingSpringWithDamping dampingRatio: Double,
        initialSpringVelocity velocity: Double, options: AnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let group = AnimationBlock(
            duration: duration, delay: delay, options: options,
            curve: .spring(damping: max(0.01, dampingRatio), velocity: velocity), completion: completion)
        group.capture(animations)
    }

    /// Runs `changes` with no animation, even inside an animation block.
    public static func performWithoutAnimation(_ changes: () -> Void) {
        let outer = AnimationBlock.capturing
        AnimationBlock.capturing = nil
        changes()
        AnimationBlock.capturing = outer
    }

    /// Stops this view's animations: what is drawn jumps to the model values,
    /// and their completions run with false.
    public func removeAllAnimations() {
        guard presentation != nil else { return }
        window?.hostApplication.animator.removeAnimations(of: self, property: nil)
    }


    /// Called by an animatable property's observer with its old value: inside
    /// an animation block it becomes an animation; outside one it ends any
    /// animation of that property.
    func propertyChanged(_ property: AnimatedProperty, from old: AnimatedValue) {
        if let group = AnimationBlock.capturing {
            group.note(self, property, from: presentation?.value(of: property) ?? old)
        } else if presentation != nil {
            window?.hostApplication.animator.removeAnimations(of: self, property: property)
        }
    }

    // What is drawn: the animation's current value, else the model's.
    var drawnCenter: Point { presentation?.center ?? center }
    var drawnBounds: Rect { presentation?.bounds ?? bounds }
    var drawnTransform: Graphics.AffineTransform {
        if let turned = presentation?.transform3D {
            let planar = turned.planar
            return planar.isAffine ? planar.affineTransform : turned.affineTransform
        }
        return presentation?.transform ?? transform
    }
    /// The drawn 3D transform's map of the view's plane, when it is seen in perspective.
    var drawnProjection: ProjectiveTransform? {
        if isUnderSublayerTransform, let superview, let shared = superview.sublayerTransform3D {
            let turned = presentation?.transform3D ?? presentation?.transform.map(Transform3D.init) ?? transform3D
            return View.projection(of: turned, at: drawnCenter, under: shared, around: superview.anchor(in: superview.drawnBounds))
        }
        guard let turned = presentation?.transform3D else { return projection }
        let planar = turned.planar
        return planar.isAffine ? nil : planar
    }
    var drawnAlpha: Double { presentation?.alpha ?? alpha }
    var drawnBackgroundColor: Color? {
        if let presentation, let color = presentation.backgroundColor { return color }
        return backgroundColor
    }

    /// The area the view draws in as it is drawn now, in window coordinates.
    func drawnExtentInWindow() -> Rect? { drawnExtentInWindow(of: extentInOwnCoordinates(bounds: drawnBounds)) }

    /// `extent` (in the view's coordinates) where the view is drawn now, in window coordinates.
    func drawnExtentInWindow(of extent: Rect) -> Rect? {
        guard let superview else { return nil }
        let transform = drawnTransform, center = drawnCenter, anchor = self.anchor(in: drawnBounds)
        if let projection = drawnProjection {
            let box = projection.boundingBox(of: extent.offsetBy(dx: -anchor.x, dy: -anchor.y))
            return box.isNull ? nil : superview.convert(box.offsetBy(dx: center.x, dy: center.y), to: nil)
        }
        var inSuperview = Rect.null
        for corner in [
            Point(x: extent.minX, y: extent.minY), Point(x: extent.maxX, y: extent.minY),
            Point(x: extent.minX, y: extent.maxY), Point(x: extent.maxX, y: extent.maxY),
        ] {
            let relative = Point(x: corner.x - anchor.x, y: corner.y - anchor.y).applying(transform)
            inSuperview = inSuperview.union(Rect(x: relative.x + center.x, y: relative.y + center.y, width: 0, height: 0))
        }
        return superview.convert(inSuperview, to: nil)
    }
}

/// The properties a view animates.
enum AnimatedProperty: Sendable { case center, bounds, transform, transform3D, alpha, backgroundColor }

enum AnimatedValue: Sendable, Equatable {
    case point(Point)
    case rect(Rect)
    case transform(Graphics.AffineTransform)
    case transform3D(Transform3D)
    case number(Double)
    case color(Color?)
    /// A shape layer's path; nil is none.
    case path(Path?)

    /// The value `fraction` of the way from `self` to `end` (past 1 for a spring's overshoot).
    func interpolated(to end: AnimatedValue, _ f: Double) -> AnimatedValue {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
        switch (self, end) {
        case (.point(let a), .point(let b)):
            return .point(Point(x: mix(a.x, b.x), y: mix(a.y, b.y)))
        case (.rect(let a), .rect(let b)):
            return .rect(Rect(x: mix(a.origin.x, b.origin.x), y: mix(a.origin.y, b.origin.y),
                              width: mix(a.size.width, b.size.width), height: mix(a.size.height, b.size.height)))
        case (.transform(let a), .transform(let b)):
            return .transform(Graphics.AffineTransform(a: mix(a.a, b.a), b: mix(a.b, b.b), c: mix(a.c, b.c), d: mix(a.d, b.d),
                                              tx: mix(a.tx, b.tx), ty: mix(a.ty, b.ty)))
        case (.transform3D(let a), .transform3D(let b)):
            return .transform3D(a.interpolated(to: b, fraction: f))
        case (.number(let a), .number(let b)):
            return .number(mix(a, b))
        case (.path(let a), .path(let b)):
            // Point by point when alike; otherwise the end path from the start, as Core Animation draws it.
            if let a, let b, let between = a.interpolated(to: b, f) { return .path(between) }
            return f <= 0 ? self : end
        case (.color(let a), .color(let b)):
            // No colour fades from the same colour with no alpha, as UIKit does from clear.
            let from = a ?? (b ?? .clear).withAlphaComponent(0), to = b ?? (a ?? .clear).withAlphaComponent(0)
            let g = min(max(f, 0), 1)
            func blend(_ appearance: Color.Appearance) -> Color {
                let from = from.resolved(for: appearance), to = to.resolved(for: appearance)
                return Color(red: from.red + (to.red - from.red) * g, green: from.green + (to.green - from.green) * g,
                             blue: from.blue + (to.blue - from.blue) * g, alpha: from.alpha + (to.alpha - from.alpha) * g)
            }
            // Adaptive colours fade in both forms: the appearance may change mid-animation.
            if from.adaptsToAppearance || to.adaptsToAppearance { return .color(Color(light: blend(.light), dark: blend(.dark))) }
            return .color(blend(.light))
        default:
            return end
        }
    }
}

/// How an animation's progress follows time.
enum TimingCurve: Sendable, Equatable {
    case linear, easeIn, easeOut, easeInOut
    case spring(damping: Double, velocity: Double)
    /// A cubic Bézier from (0, 0) to (1, 1) through two control points (CAMediaTimingFunction's).
    case cubic(Double, Double, Double, Double)
    /// A mass on a damped spring (CASpringAnimation's), in seconds whatever the duration.
    case physicalSpring(DampedSpring)

    /// Progress (0 to 1, a spring may pass 1) at `t`, the fraction of the duration gone.
    func progress(_ t: Double, duration: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear: return t
        case .easeIn: return Self.bezier(t, 0.42, 0, 1, 1)
        case .easeOut: return Self.bezier(t, 0, 0, 0.58, 1)
        case .easeInOut: return Self.bezier(t, 0.42, 0, 0.58, 1)
        case .cubic(let x1, let y1, let x2, let y2): return Self.bezier(t, x1, y1, x2, y2)
        case .spring(let damping, let velocity):
            if t >= 1 { return 1 }
            // A damped spring that settles to within 0.1% by the end of the duration.
            let seconds = t * duration
            let omega = log(1000) / (min(damping, 1) * max(duration, 0.001))
            let v0 = -velocity
            if damping < 1 {
                let omegaD = omega * (1 - damping * damping).squareRoot()
                let envelope = exp(-damping * omega * seconds)
                return 1 - envelope * (cos(omegaD * seconds) + (damping * omega + v0) / omegaD * sin(omegaD * seconds))
            }
            return 1 - exp(-omega * seconds) * (1 + (omega + v0) * seconds)
        case .physicalSpring(let spring):
            return 1 - spring.displacement(at: t * duration)
        }
    }

    /// CSS's and Core Animation's cubic Bézier timing: solve x(s) = t, return y(s).
    private static func bezier(_ t: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func sample(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0, s = t
        for _ in 0..<30 {
            let x = sample(s, x1, x2)
            if abs(x - t) < 1e-7 { break }
            if x < t { low = s } else { high = s }
            s = (low + high) / 2
        }
        return sample(s, y1, y2)
    }
}

/// The animations one `animate` call (a block) made, and its completion.
@MainActor
final class AnimationBlock {
    /// The block being run, whose property changes become animations.
    @exclusivity(unchecked) static var capturing: AnimationBlock?

    let duration: Double
    let delay: Double
    let options: View.AnimationOptions
    let curve: TimingCurve
    private var completion: ((Bool) -> Void)?
    private var notes: [(view: View, property: AnimatedProperty, from: AnimatedValue)] = []
    private var running = 0
    private var allFinished = true

    init(duration: Double, delay: Double, options: View.AnimationOptions, curve: TimingCurve, completion: ((Bool) -> Void)?) {
        self.duration = max(0, duration)
        self.delay = max(0, delay)
        self.options = options
        self.curve = curve
        self.completion = completion
    }

    func note(_ view: View, _ property: AnimatedProperty, from: AnimatedValue) {
        // The first value seen is where the animation starts from.
        guard !notes.contains(where: { $0.view === view && $0.property == property }) else { return }
        notes.append((view, property, from))
    }

    /// Runs `animations` and gives each property it changed with the value
    /// drawn before (a property animator runs them itself), starting nothing.
    static func changes(in animations: () -> Void) -> [(view: View, property: AnimatedProperty, from: AnimatedValue)] {
        let block = AnimationBlock(duration: 0, delay: 0, options: [], curve: .linear, completion: nil)
        let outer = capturing
        capturing = block
        animations()
        capturing = outer
        return block.notes
    }

    /// Runs `animations`, then starts an animation for each property it changed.
    func capture(_ animations: () -> Void) {
        let outer = Self.capturing
        Self.capturing = self
        animations()
        Self.capturing = outer
        var application: Application?
        for (view, property, from) in notes {
            guard let window = view.window else { continue }
            let to = view.modelValue(of: property)
            application = window.hostApplication
            guard to != from else {
                // Already drawn where it is now headed: an animation still
                // under way toward somewhere else stops, or it would carry on.
                if view.presentation != nil { window.hostApplication.animator.removeAnimations(of: view, property: property) }
                continue
            }
            running += 1
            window.hostApplication.animator.add(
                ViewPropertyAnimation(view: view, property: property, from: from, to: to, group: self),
                at: window.hostApplication.timeline.now)
        }
        notes.removeAll()
        if running == 0, completion != nil {
            // Nothing to animate: the completion still runs, on the next turn of the loop.
            let timeline = (application ?? .shared).timeline
            timeline.schedule(after: 0) { [self] in finish() }
        }
    }

    func animationEnded(finished: Bool) {
        if !finished { allFinished = false }
        running -= 1
        if running == 0, completion != nil { finish() }
    }

    private func finish() {
        let completion = self.completion
        self.completion = nil
        completion?(allFinished)
    }
}

/// One property of one view on its way from one value to another.
@MainActor
final class ViewPropertyAnimation {
    let view: View
    let property: AnimatedProperty
    let from: AnimatedValue
    let to: AnimatedValue
    let group: AnimationBlock
    var start = 0.0

    init(view: View, property: AnimatedProperty, from: AnimatedValue, to: AnimatedValue, group: AnimationBlock) {
        self.view = view
        self.property = property
        self.from = from
        self.to = to
        self.group = group
    }

    /// The value at `now`, and whether the animation is over.
    func value(at now: Double) -> (AnimatedValue, done: Bool) {
        let elapsed = now - start - group.delay
        guard elapsed >= 0 else { return (from, false) }
        let duration = group.duration
        guard duration > 0 else { return (to, true) }
        let options = group.options
        var t = elapsed / duration
        var done = false
        if options.contains(.autoreverse) {
            let cycle = t.truncatingRemainder(dividingBy: 2)
            if !options.contains(.repeat) && t >= 2 { done = true }
            t = cycle <= 1 ? cycle : 2 - cycle
        } else if options.contains(.repeat) {
            t = t.truncatingRemainder(dividingBy: 1)
        } else if t >= 1 {
            done = true
        }
        if done { return (to, true) }
        return (from.interpolated(to: to, group.curve.progress(t, duration: duration)), false)
    }
}

/// What is drawn while a view animates, property by property.
@MainActor
final class Presentation {
    var center: Point?
    var bounds: Rect?
    var transform: Graphics.AffineTransform?
    var transform3D: Transform3D?
    var alpha: Double?
    var backgroundColor: Color??
    /// Animations under way on the view that do not allow user interaction.
    var touchBlockers = 0

    /// Nothing drawn apart from the model, and no touches held off: the view can let it go.
    var isEmpty: Bool {
        center == nil && bounds == nil && transform == nil && transform3D == nil && alpha == nil && backgroundColor == nil && touchBlockers == 0
    }

    func value(of property: AnimatedProperty) -> AnimatedValue? {
        switch property {
        case .center: center.map { .point($0) }
        case .bounds: bounds.map { .rect($0) }
        case .transform: transform.map { .transform($0) }
        case .transform3D: transform3D.map { .transform3D($0) }
        case .alpha: alpha.map { .number($0) }
        case .backgroundColor: backgroundColor.map { .color($0) }
        }
    }

    func set(_ property: AnimatedProperty, _ value: AnimatedValue?) {
        switch (property, value) {
        case (.center, .point(let point)?): center = point
        case (.bounds, .rect(let rect)?): bounds = rect
        case (.transform, .transform(let transform)?): self.transform = transform
        case (.transform3D, .transform3D(let transform)?): transform3D = transform
        case (.alpha, .number(let alpha)?): self.alpha = alpha
        case (.backgroundColor, .color(let color)?): backgroundColor = .some(color)
        case (.center, nil): center = nil
        case (.bounds, nil): bounds = nil
        case (.transform, nil): transform = nil
        case (.transform3D, nil): transform3D = nil
        case (.alpha, nil): alpha = nil
        case (.backgroundColor, nil): backgroundColor = nil
        default: break
        }
    }
}

/// Runs an application's view animations, a display tick at a time.
@MainActor
final class Animator {
    private unowned let application: Application
    private var animations: [ViewPropertyAnimation] = []
    private var tick: TimerID?
    /// The display refresh that moves animations on.
    static let tickInterval = 1.0 / 60

    init(application: Application) { self.application = application }

    var isRunning: Bool { !animations.isEmpty || !dissolving.isEmpty || !propertyAnimators.isEmpty }

    /// Property animators running now, each moved on at every tick.
    private var propertyAnimators: [ViewPropertyAnimator] = []

    func run(_ animator: ViewPropertyAnimator) {
        guard !propertyAnimators.contains(where: { $0 === animator }) else { return }
        propertyAnimators.append(animator)
        if tick == nil { scheduleTick() }
    }

    func halt(_ animator: ViewPropertyAnimator) { propertyAnimators.removeAll { $0 === animator } }

    /// Views whose picture from before a transition is dissolving into them.
    private var dissolving: [View] = []

    /// Starts dissolving `dissolve`'s picture into `view`; one already under way on it ends first.
    func add(_ dissolve: CrossDissolve, to view: View) {
        endDissolve(of: view, finished: false)
        dissolve.start = application.timeline.now
        view.crossDissolve = dissolve
        dissolving.append(view)
        damageDissolve(of: view)
        if tick == nil { scheduleTick() }
    }

    /// Where the view and its old picture are drawn, to repaint as it dissolves.
    private func damageDissolve(of view: View) {
        guard let window = view.window, let dissolve = view.crossDissolve else { return }
        if View.rasterizingViews > 0 { view.invalidateRasterizedAncestors() }
        // Where it is drawn, which a moving view's model is not.
        if let old = view.drawnExtentInWindow(of: dissolve.frame) { window.addDamage(old) }
        if let drawn = view.drawnExtentInWindow() { window.addDamage(drawn) }
        // A flip reaches past the view as its near edge comes forward: all it may cover, each frame.
        if !dissolve.reach.isNull, let reach = view.drawnExtentInWindow(of: dissolve.reach) { window.addDamage(reach) }
    }

    private func endDissolve(of view: View, finished: Bool) {
        guard let dissolve = view.crossDissolve else { return }
        damageDissolve(of: view)
        view.crossDissolve = nil
        dissolving.removeAll { $0 === view }
        let completion = dissolve.completion
        dissolve.completion = nil
        completion?(finished)
    }

    /// Views rasterized for their animations, how often their picture was
    /// dropped or replaced, and the picture last seen.
    private var rasterizedForAnimation: [(view: View, drops: Int, picture: ObjectIdentifier?)] = []

    func add(_ animation: ViewPropertyAnimation, at now: Double) {
        // A new animation of the same property takes over from where the old one had got to.
        removeAnimations(of: animation.view, property: animation.property, keepingPresentation: true)
        animation.start = now
        animations.append(animation)
        let view = animation.view
        let presentation = view.presentation ?? Presentation()
        view.presentation = presentation
        // A picture does not show a descendant where its own animation draws it.
        if !rasterizedForAnimation.isEmpty {
            var ancestor = view.superview
            while let outer = ancestor {
                stopRasterizing(outer)
                ancestor = outer.superview
            }
        }
        // A view dragged until now gives its picture over to the animation's.
        if !view.subviews.isEmpty, let moved = view.window?.movedViews { moved.stopHolding(view) }
        // Moving and fading composite a picture exactly; a turned or scaled one would be resampled.
        if View.rasterizesAnimatedViews, animation.property == .center || animation.property == .alpha,
            !view.isRasterized, !view.subviews.isEmpty, !rasterizedForAnimation.contains(where: { $0.view === view }),
            !view.subviews.contains(where: { $0.hasAnimationInside })
        {
            view.rasterizationHolds += 1
            rasterizedForAnimation.append((view, 0, nil))
        }
        if !animation.group.options.contains(.allowUserInteraction) { presentation.touchBlockers += 1 }
        apply(animation, at: now)
        if tick == nil { scheduleTick() }
    }

    /// Ends the animations of `view` (of one property, or all): what is drawn
    /// jumps to the model, and their completions hear false.
    func removeAnimations(of view: View, property: AnimatedProperty?, keepingPresentation: Bool = false) {
        var removed: [ViewPropertyAnimation] = []
        animations.removeAll { animation in
            guard animation.view === view, property == nil || animation.property == property else { return false }
            removed.append(animation)
            return true
        }
        guard !removed.isEmpty else { return }
        let before = view.drawnExtentInWindow()
        for animation in removed {
            end(animation, finished: false, clearing: !keepingPresentation)
        }
        if let before, let window = view.window {
            if View.rasterizingViews > 0 { view.invalidateRasterizedAncestors() }
            window.addDamage(before)
            if let after = view.drawnExtentInWindow() { window.addDamage(after) }
        }
    }

    private func end(_ animation: ViewPropertyAnimation, finished: Bool, clearing: Bool) {
        let view = animation.view
        if let presentation = view.presentation {
            // Never below none: a layer animation's end may have let go of the presentation counted in.
            if !animation.group.options.contains(.allowUserInteraction) { presentation.touchBlockers = max(0, presentation.touchBlockers - 1) }
            if clearing { presentation.set(animation.property, nil) }
            // A layer animation of the view may still draw from it.
            if presentation.isEmpty { view.presentation = nil }
        }
        if clearing && !animations.contains(where: { $0.view === view }) { stopRasterizing(view) }
        animation.group.animationEnded(finished: finished)
    }

    /// Gives back the animation's hold on the view's picture (kept for the
    /// rest of the animation as a view that is not rasterized again).
    private func stopRasterizing(_ view: View, forGood: Bool = true) {
        guard let index = rasterizedForAnimation.firstIndex(where: { $0.view === view }) else { return }
        if rasterizedForAnimation[index].drops >= 0 { view.rasterizationHolds -= 1 }
        if forGood { rasterizedForAnimation.remove(at: index) } else { rasterizedForAnimation[index].drops = -1 }
    }

    /// A picture dropped or replaced tick after tick costs a redraw and a
    /// composite: after the second, the view is drawn as usual.
    private func checkPictures() {
        for index in rasterizedForAnimation.indices where rasterizedForAnimation[index].drops >= 0 {
            let entry = rasterizedForAnimation[index]
            let picture = entry.view.rasterCache.map(ObjectIdentifier.init)
            if entry.picture != nil && picture != entry.picture { rasterizedForAnimation[index].drops += 1 }
            rasterizedForAnimation[index].picture = picture
            if rasterizedForAnimation[index].drops >= 2 { stopRasterizing(entry.view, forGood: false) }
        }
    }

    private func scheduleTick() {
        tick = application.timeline.schedule(after: Self.tickInterval) { [weak self] in self?.step() }
    }

    /// One display tick: every animation moves on; those that arrived end.
    func step() {
        tick = nil
        let now = application.timeline.now
        if !rasterizedForAnimation.isEmpty { checkPictures() }
        for view in dissolving {
            guard let dissolve = view.crossDissolve, view.window != nil else {
                endDissolve(of: view, finished: false)
                continue
            }
            let t = (now - dissolve.start) / dissolve.duration
            if t >= 1 {
                endDissolve(of: view, finished: true)
            } else {
                dissolve.progress = dissolve.curve.progress(t, duration: dissolve.duration)
                damageDissolve(of: view)
            }
        }
        // A copy: one that finishes leaves the list.
        for animator in propertyAnimators { animator.step(at: now) }
        var finished: [ViewPropertyAnimation] = []
        for animation in animations where apply(animation, at: now) { finished.append(animation) }
        if !finished.isEmpty {
            animations.removeAll { animation in finished.contains { $0 === animation } }
            for animation in finished { end(animation, finished: true, clearing: true) }
        }
        if isRunning && tick == nil { scheduleTick() }
    }

    /// Moves what is drawn to the animation's value at `now`, damaging where
    /// the view was and where it is. True when the animation is over.
    @discardableResult
    private func apply(_ animation: ViewPropertyAnimation, at now: Double) -> Bool {
        let view = animation.view
        let (value, done) = animation.value(at: now)
        guard view.window != nil else { return true }
        view.present(animation.property, done ? nil : value)
        return done
    }
}

extension View {
    /// Draws `property` at `value` (nil: at the app's own) while the
    /// property itself keeps the app's value, as a layer's presentation
    /// differs from its model; damages where the view was drawn and where it is.
    func present(_ property: AnimatedProperty, _ value: AnimatedValue?) {
        if let presentation {
            present(property, value, in: presentation)
            if presentation.isEmpty { self.presentation = nil }
        } else if value != nil {
            let presentation = Presentation()
            self.presentation = presentation
            present(property, value, in: presentation)
        }
    }

    private func present(_ property: AnimatedProperty, _ value: AnimatedValue?, in presentation: Presentation) {
        // A hidden view's animation repaints nothing (showing it again repaints it where it is then).
        guard let window, !isHidden else { return presentation.set(property, value) }
        let before = drawnExtentInWindow()
        presentation.set(property, value)
        if View.rasterizingViews > 0 { invalidateRasterizedAncestors() }
        if let before { window.addDamage(before) }
        if let after = drawnExtentInWindow(), after != before { window.addDamage(after) }
    }
}

extension View {
    /// Whether a view with subviews that moves or fades is drawn once
    /// into a picture for its animation (the app's `shouldRasterize` is left alone), so each
    /// tick composites it, as Core Animation moves a layer without drawing
    /// it; true unless turned off. So is one that code moves frame after
    /// frame (a card a finger drags), until it rests. A view whose picture
    /// keeps being dropped (something in it changes every tick) goes back to being drawn.
    public static var rasterizesAnimatedViews = true

    func modelValue(of property: AnimatedProperty) -> AnimatedValue {
        switch property {
        case .center: .point(center)
        case .bounds: .rect(bounds)
        case .transform: .transform(transform)
        case .transform3D: .transform3D(transform3D)
        case .alpha: .number(alpha)
        case .backgroundColor: .color(backgroundColor)
        }
    }
}
