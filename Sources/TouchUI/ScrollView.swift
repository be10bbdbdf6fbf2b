import Glibc

/// What a scroll view tells its delegate, as UIScrollViewDelegate; every method is optional.
@MainActor
public protocol ScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: ScrollView)
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point)
    /// After the finger lifts; `decelerate` says whether the content goes on moving.
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    public func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point
    ) {}
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
}

/// A view whose content moves under a dragging finger, as UIScrollView:
/// its own pan recognizer drags `contentOffset` (the bounds' origin) within
/// `contentSize` and `contentInset`, rubber-banding past the edges when it
/// bounces; on release it pages or decelerates, a display tick at a time.
/// Touches to its content wait `delaysContentTouches` to see whether the
/// finger scrolls, and a scroll that starts after them cancels them.
/// Like a control, it does not pass its touches to `next`.
@MainActor
open class ScrollView: View {
    open weak var delegate: (any ScrollViewDelegate)?
    /// A new size lays the scroll view out again (its indicators follow).
    public var contentSize = Size.zero { didSet { if oldValue != contentSize { setNeedsLayout() } } }
    /// The scrolled content's rectangle, as UIScrollView's: pin the content
    /// to it and give it a size with constraints, and that size becomes
    /// `contentSize`.
    public var contentLayoutGuide: LayoutGuide { systemGuide(\.scrollContentGuide, .scrollContent) }
    /// The scroll view's own visible rectangle, as UIScrollView's: size the
    /// content against it (as wide as the scroll view, say), or pin a view
    /// to it to keep it in place while the content scrolls beneath.
    public var frameLayoutGuide: LayoutGuide { systemGuide(\.scrollFrameGuide, .scrollFrame) }
    public var contentInset = EdgeInsets.zero
    public var bounces = true
    public var alwaysBounceVertical = false
    public var alwaysBounceHorizontal = false
    public var isScrollEnabled = true { didSet { panGestureRecognizer.isEnabled = isScrollEnabled } }
    public var isPagingEnabled = false
    /// Content velocity kept per second of deceleration (UIKit's normal rate).
    public var decelerationRate = 0.998
    public var delaysContentTouches = true { didSet { contentTouchDelay.isEnabled = delaysContentTouches } }
    public var canCancelContentTouches = true { didSet { panGestureRecognizer.cancelsTouchesInView = canCancelContentTouches } }
    /// How long content touches wait to see whether the finger scrolls.
    public static let contentTouchDelay = 0.15
    /// The display refresh that drives deceleration.
    public var displayTickInterval = 1.0 / 60

    /// Thin bars along the right and bottom edges that show where the
    /// visible part is in the content, while it scrolls (UIKit's scroll indicators).
    public var showsVerticalScrollIndicator = true { didSet { setNeedsLayout() } }
    public var showsHorizontalScrollIndicator = true { didSet { setNeedsLayout() } }
    private let verticalIndicator = ScrollIndicator()
    private let horizontalIndicator = ScrollIndicator()

    public let panGestureRecognizer = PanGestureRecognizer()
    private let contentTouchDelay = ContentTouchDelay()
    private var dragStartOffset = Point.zero
    /// The animation's velocity, its target if it eases to one, and where it
    /// is exactly (the offset shown is that, on whole pixels).
    private var animation: (velocity: Point, target: Point?, position: Point, shown: Point)?
    private var tick: TimerID?
    public private(set) var isDragging = false
    public private(set) var isDecelerating = false

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        clipsToBounds = true
        panGestureRecognizer.addAction { [unowned self] recognizer in self.handlePan(recognizer as! PanGestureRecognizer) }
        panGestureRecognizer.delegate = contentTouchDelay
        addGestureRecognizer(contentTouchDelay)
        addGestureRecognizer(panGestureRecognizer)
    }

    /// A subclass's `draw(_:)` must draw in content coordinates (it moves with the content), as UIScrollView's.
    override var slidesContentOnScroll: Bool { true }

    public var contentOffset: Point {
        get { bounds.origin }
        set {
            guard newValue != bounds.origin else { return }
            bounds.origin = newValue
            setNeedsLayout()
            if isDragging || isDecelerating { showIndicators() }
            delegate?.scrollViewDidScroll(self)
        }
    }

    // MARK: Scroll indicators

    /// Shows the indicators for a moment, as a hint that there is more to see.
    public func flashScrollIndicators() {
        showIndicators()
        hideIndicatorsSoon()
    }

    private func showIndicators() {
        for indicator in [verticalIndicator, horizontalIndicator] where indicator.alpha < 1 || indicator.isAnimating {
            View.performWithoutAnimation { indicator.alpha = 1 }
        }
    }

    /// Fades the indicators out shortly after the content comes to rest.
    private func hideIndicatorsSoon() {
        View.animate(withDuration: 0.25, delay: 0.5, options: .allowUserInteraction, animations: {
            verticalIndicator.alpha = 0
            horizontalIndicator.alpha = 0
        })
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        placeIndicators()
        if bounds.size != laidOutSize {
            laidOutSize = bounds.size
            revealFirstResponder()
        }
    }

    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (TouchUI/View.swift).
    @exclusivity(unchecked) private var laidOutSize = Size.zero

    /// The scroll view shrank (the keyboard came up under it, say): a field
    /// being edited inside it is scrolled into sight, as UIKit does.
    private func revealFirstResponder() {
        guard let editing = application?.firstResponder as? View, editing.isDescendant(of: self), editing !== self else { return }
        let frame = editing.convert(editing.bounds, to: self).insetBy(dx: 0, dy: -8)
        var offset = contentOffset
        if frame.maxY > bounds.maxY { offset.y += frame.maxY - bounds.maxY }
        if frame.minY < offset.y { offset.y = frame.minY }
        offset.y = min(max(offset.y, minimumOffset.y), maximumOffset.y)
        if offset != contentOffset { setContentOffset(offset, animated: false) }
    }

    /// Sizes the indicators to the visible fraction of the content and puts them on top, along the edges.
    func placeIndicators() {
        let thickness = 3.0, inset = 2.5
        let vertical = showsVerticalScrollIndicator && contentSize.height > bounds.height
        let horizontal = showsHorizontalScrollIndicator && contentSize.width > bounds.width
        let wanted = [(verticalIndicator, vertical), (horizontalIndicator, horizontal)]
        let onTop = subviews.suffix(2)
        for (indicator, shown) in wanted {
            if !shown {
                if indicator.superview != nil { indicator.removeFromSuperview() }
            } else if indicator.superview !== self {
                View.performWithoutAnimation { indicator.alpha = 0 }
                addSubview(indicator)
            } else if !onTop.contains(where: { $0 === indicator }) {
                // Content added since (a table's header) would cover it.
                bringSubviewToFront(indicator)
            }
        }
        let track = bounds
        if vertical {
            let fraction = min(1, bounds.height / max(contentSize.height, 1))
            let length = max(36, (track.height - 2 * inset) * fraction)
            let progress = min(max((contentOffset.y - minimumOffset.y) / max(maximumOffset.y - minimumOffset.y, 1), 0), 1)
            verticalIndicator.frame = Rect(
                x: track.maxX - thickness - inset, y: track.minY + inset + (track.height - 2 * inset - length) * progress,
                width: thickness, height: length)
        }
        if horizontal {
            let fraction = min(1, bounds.width / max(contentSize.width, 1))
            let length = max(36, (track.width - 2 * inset) * fraction)
            let progress = min(max((contentOffset.x - minimumOffset.x) / max(maximumOffset.x - minimumOffset.x, 1), 0), 1)
            horizontalIndicator.frame = Rect(
                x: track.minX + inset + (track.width - 2 * inset - length) * progress, y: track.maxY - thickness - inset,
                width: length, height: thickness)
        }
    }

    public func setContentOffset(_ offset: Point, animated: Bool) {
        stopAnimation()
        guard animated else {
            contentOffset = offset
            return
        }
        startAnimation(velocity: .zero, target: offset)
    }

    /// The smallest and largest offsets that keep content (and insets) in view.
    public var minimumOffset: Point { Point(x: -contentInset.left, y: -contentInset.top) }
    public var maximumOffset: Point {
        Point(
            x: max(-contentInset.left, contentSize.width + contentInset.right - bounds.width),
            y: max(-contentInset.top, contentSize.height + contentInset.bottom - bounds.height))
    }

    private var scrollsHorizontally: Bool { contentSize.width > bounds.width || alwaysBounceHorizontal }
    private var scrollsVertically: Bool { contentSize.height > bounds.height || alwaysBounceVertical }

    // MARK: Touches: content touches may wait and be cancelled; none go to `next`.

    /// Whether `view`, in the content, may have these touches; asked as they
    /// would reach it (after the content delay). When false the view never
    /// hears of them, though gesture recognizers still do.
    open func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in view: View) -> Bool { true }
    /// Whether a scroll that starts may take the touches `view` already has.
    /// As in UIKit: true, except for a control, which keeps tracking (a
    /// button held past the content delay and then dragged does not scroll).
    open func touchesShouldCancel(in view: View) -> Bool { !(view is Control) }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {}
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {}
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {}

    // MARK: Dragging

    func panShouldBegin() -> Bool {
        guard isScrollEnabled else { return false }
        // A scroll that starts after content got touches cancels them, if they may be cancelled.
        for touch in panGestureRecognizer.touches {
            if let view = touch.view, view !== self, touch.viewHasBegun, !canCancelContentTouches || !touchesShouldCancel(in: view) {
                return false
            }
        }
        return true
    }

    private func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            stopAnimation()
            isDragging = true
            dragStartOffset = contentOffset
            delegate?.scrollViewWillBeginDragging(self)
            drag(by: pan.translation(in: superview))
        case .changed:
            drag(by: pan.translation(in: superview))
        case .ended, .cancelled:
            isDragging = false
            let velocity = pan.velocity(in: superview)
            let contentVelocity = Point(x: scrollsHorizontally ? -velocity.x : 0, y: scrollsVertically ? -velocity.y : 0)
            var target = restingOffset(for: contentVelocity)
            delegate?.scrollViewWillEndDragging(self, withVelocity: contentVelocity, targetContentOffset: &target)
            let explicitTarget = isPagingEnabled || target != naturalTarget(contentVelocity) ? target : nil
            // UIKit's order: didEndDragging, then, if the content goes on
            // moving, willBeginDecelerating ... didEndDecelerating.
            let decelerate = abs(contentVelocity.x) >= Self.restingSpeed || abs(contentVelocity.y) >= Self.restingSpeed
                || clamp(contentOffset) != contentOffset || (explicitTarget.map { $0 != contentOffset } ?? false)
            delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerate)
            if decelerate {
                delegate?.scrollViewWillBeginDecelerating(self)
                startAnimation(velocity: contentVelocity, target: explicitTarget)
            } else {
                hideIndicatorsSoon()
            }
        default:
            break
        }
    }

    private func drag(by translation: Point) {
        var offset = Point(
            x: scrollsHorizontally ? dragStartOffset.x - translation.x : contentOffset.x,
            y: scrollsVertically ? dragStartOffset.y - translation.y : contentOffset.y)
        offset.x = rubberBand(offset.x, minimumOffset.x, maximumOffset.x, bounds.width)
        offset.y = rubberBand(offset.y, minimumOffset.y, maximumOffset.y, bounds.height)
        contentOffset = onPixels(offset)
    }

    /// A finger or an animation moves the content by whole pixels, as UIKit
    /// does: the picture on screen then slides instead of being redrawn, and
    /// text does not shimmer between pixel phases. (An offset the app sets is kept as given.)
    func onPixels(_ offset: Point) -> Point {
        // Only an axis that scrolls, and never past an edge it was inside of.
        func round(_ value: Double, _ low: Double, _ high: Double, _ scrolls: Bool) -> Double {
            guard scrolls else { return value }
            let rounded = value.rounded()
            return value >= low && value <= high ? min(max(rounded, low), high) : rounded
        }
        return Point(
            x: round(offset.x, minimumOffset.x, maximumOffset.x, scrollsHorizontally),
            y: round(offset.y, minimumOffset.y, maximumOffset.y, scrollsVertically))
    }

    /// Past an edge the content follows the finger less and less (or not at all without bounces).
    private func rubberBand(_ value: Double, _ low: Double, _ high: Double, _ dimension: Double) -> Double {
        if value < low { return bounces ? low - resistance(low - value, dimension) : low }
        if value > high { return bounces ? high + resistance(value - high, dimension) : high }
        return value
    }

    private func resistance(_ overshoot: Double, _ dimension: Double) -> Double {
        let d = max(dimension, 1)
        return (1 - 1 / (overshoot * 0.55 / d + 1)) * d
    }

    /// Where the content would come to rest from `velocity` by deceleration alone.
    private func naturalTarget(_ velocity: Point) -> Point {
        // Velocity decays by decelerationRate every millisecond: the distance is v / (1 - rate) / 1000.
        let factor = 1 / (1 - decelerationRate) / 1000
        return Point(x: contentOffset.x + velocity.x * factor, y: contentOffset.y + velocity.y * factor)
    }

    private func clamp(_ point: Point) -> Point {
        Point(
            x: min(max(point.x, minimumOffset.x), maximumOffset.x),
            y: min(max(point.y, minimumOffset.y), maximumOffset.y))
    }

    private func restingOffset(for velocity: Point) -> Point {
        let natural = clamp(naturalTarget(velocity))
        guard isPagingEnabled, bounds.width > 0, bounds.height > 0 else { return natural }
        // Paging: the next page in the direction of the fling, else the nearest one.
        func page(_ offset: Double, _ start: Double, _ v: Double, _ size: Double) -> Double {
            let current = (start / size).rounded()
            var target = (offset / size).rounded()
            if abs(v) > 200 { target = v > 0 ? current + 1 : current - 1 }
            return target * size
        }
        let x = page(contentOffset.x, dragStartOffset.x, velocity.x, bounds.width)
        let y = page(contentOffset.y, dragStartOffset.y, velocity.y, bounds.height)
        return clamp(Point(x: scrollsHorizontally ? x : contentOffset.x, y: scrollsVertically ? y : contentOffset.y))
    }

    // MARK: Deceleration, paging and bounce back, a display tick at a time

    private func startAnimation(velocity: Point, target: Point?) {
        animation = (velocity, target, contentOffset, contentOffset)
        isDecelerating = true
        scheduleTick()
    }

    private func stopAnimation() {
        if let tick { timeline?.cancel(tick) }
        tick = nil
        animation = nil
        isDecelerating = false
    }

    private var timeline: (any Timeline)? { window?.hostApplication.timeline }

    private func scheduleTick() {
        guard let timeline else {
            // Not in a window: nothing drives the animation; land at once.
            if let target = animation?.target ?? animation.map({ clamp(naturalTarget($0.velocity)) }) { contentOffset = target }
            finishAnimation()
            return
        }
        tick = timeline.schedule(after: displayTickInterval) { [weak self] in self?.step() }
    }

    /// One display tick of the animation.
    public func step() {
        guard var state = animation else { return }
        // The app moved the content meanwhile (a carousel wrapping round): go on from there.
        if contentOffset != state.shown {
            state.position.x += contentOffset.x - state.shown.x
            state.position.y += contentOffset.y - state.shown.y
        }
        let dt = displayTickInterval
        if let target = state.target {
            // Ease toward the target (paging, setContentOffset(animated:)).
            let next = Point(
                x: state.position.x + (target.x - state.position.x) * 0.25,
                y: state.position.y + (target.y - state.position.y) * 0.25)
            if abs(next.x - target.x) < 0.5 && abs(next.y - target.y) < 0.5 {
                contentOffset = target
                return finishAnimation()
            }
            state.position = next
            state.shown = onPixels(next)
            animation = state
            contentOffset = state.shown
        } else {
            let decay = pow(decelerationRate, dt * 1000)
            state.velocity = Point(x: state.velocity.x * decay, y: state.velocity.y * decay)
            var next = Point(x: state.position.x + state.velocity.x * dt, y: state.position.y + state.velocity.y * dt)
            let clamped = clamp(next)
            if next != clamped {
                // Hit an edge: bounce back to it.
                next = clamped
                state.target = clamped
            }
            state.position = next
            state.shown = onPixels(next)
            animation = state
            contentOffset = state.shown
            if abs(state.velocity.x) < Self.restingSpeed && abs(state.velocity.y) < Self.restingSpeed && state.target == nil {
                if clamp(next) != next {
                    state.target = clamp(next)
                    animation = state
                } else {
                    // At rest where the deceleration left it, on whole pixels.
                    return finishAnimation()
                }
            }
        }
        scheduleTick()
    }

    /// Below this speed (points a second) the content is at rest.
    static let restingSpeed = 5.0

    private func finishAnimation() {
        let wasDecelerating = isDecelerating
        stopAnimation()
        hideIndicatorsSoon()
        if wasDecelerating { delegate?.scrollViewDidEndDecelerating(self) }
    }
}

/// Holds content touches back (delaysTouchesBegan) for the scroll view's
/// content delay; fails when the delay passes or the touch ends, letting
/// them through, unless the scroll view's pan takes them first.
@MainActor
final class ContentTouchDelay: GestureRecognizer, GestureRecognizerDelegate {
    private var timer: TimerID?

    init() {
        super.init()
        delaysTouchesBegan = true
        delaysTouchesEnded = false
        cancelsTouchesInView = false
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        super.touchesBegan(touches, with: event)
        guard timer == nil else { return }
        timer = timeline?.schedule(after: ScrollView.contentTouchDelay) { [weak self] in
            guard let self, self.state == .possible else { return }
            self.state = .failed
        }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        super.touchesEnded(touches, with: event)
        if state == .possible { state = .failed }
    }

    override func reset() {
        super.reset()
        if let timer { timeline?.cancel(timer) }
        timer = nil
    }

    /// Never wins over anything: it only holds touches back while the pan decides.
    override func canPrevent(_ other: GestureRecognizer) -> Bool { false }

    // As the pan's delegate: the pan may begin only as the scroll view allows, and alongside this delay.
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        (recognizer.view as? ScrollView)?.panShouldBegin() ?? true
    }

    func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { other === self }
}

/// A scroll indicator: a thin dark bar, rounded, that takes no touches.
@MainActor
final class ScrollIndicator: View {
    init() {
        super.init(frame: .zero)
        backgroundColor = Color(white: 0, alpha: 0.35)
        cornerRadius = 1.5
        isUserInteractionEnabled = false
    }
}
