/// An animation of views' properties that the app can start, pause, scrub,
/// reverse and stop, as UIViewPropertyAnimator: a card dragged open by a
/// finger (`fractionComplete` following the pan), let go to finish or
/// reversed to go back.
///
/// The animations run when the animator starts (or is paused, or scrubbed,
/// first): each property they set takes its new value at once, and what is
/// drawn goes there over `duration`, as in `View.animate`. Finished at its
/// end, the views keep those values; reversed back to its start, they are
/// given the values they had before; stopped, the values drawn then.
/// Touches reach the views while they animate.
@MainActor
public final class ViewPropertyAnimator {
    /// Seconds from start to end.
    public let duration: Double
    /// Seconds `startAnimation(afterDelay:)` waits.
    public private(set) var delay = 0.0
    public private(set) var state = ViewAnimatingState.inactive
    /// Whether it is moving on now (started, neither paused nor stopped).
    public private(set) var isRunning = false
    /// Runs it back toward its start. Changed while it runs, it turns round where it is.
    public var isReversed = false {
        didSet { if isReversed != oldValue && isRunning { beginSegment(durationFactor: 0) } }
    }
    /// While paused, `fractionComplete` moves the views evenly, not along the curve (true until set).
    public var scrubsLinearly = true
    /// At its end it pauses there, still active, instead of finishing (false until set).
    public var pausesOnCompletion = false
    /// Whether it can be paused and scrubbed; always so here.
    public var isInterruptible: Bool { true }

    private let timing: TimingCurve
    private var waiting: [(animations: () -> Void, delayFactor: Double)] = []
    private var completions: [(ViewAnimatingPosition) -> Void] = []
    /// One property of one view on its way; `startsAt` is the progress where it begins (one added late).
    private struct Track {
        let view: View
        let property: AnimatedProperty
        let from: AnimatedValue
        let to: AnimatedValue
        let startsAt: Double
    }
    private var tracks: [Track] = []
    /// How far in time (0 to 1), and the progress drawn.
    private var fraction = 0.0
    private var progress = 0.0
    /// Where the current run began: its time, fraction and progress, and its length in seconds.
    private var segment = (time: 0.0, fraction: 0.0, progress: 0.0, length: 0.0)
    private weak var application: Application?

    /// Along one of UIKit's four curves.
    public convenience init(duration: Double, curve: View.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timing: curve.animationOptions.curve, animations: animations)
    }

    /// Along a cubic Bézier from (0, 0) to (1, 1), as CAMediaTimingFunction's control points.
    public convenience init(duration: Double, controlPoint1: Point, controlPoint2: Point, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timing: .cubic(controlPoint1.x, controlPoint1.y, controlPoint2.x, controlPoint2.y), animations: animations)
    }

    /// Carried by a spring: 1 settles without overshooting, less overshoots and oscillates.
    public convenience init(duration: Double, dampingRatio: Double, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timing: .spring(damping: max(0.01, dampingRatio), velocity: 0), animations: animations)
    }

    private init(duration: Double, timing: TimingCurve, animations: (() -> Void)?) {
        self.duration = max(0, duration.isFinite ? duration : 0)
        self.timing = timing
        if let animations { waiting.append((animations, 0)) }
    }

    /// An animator already started, as `View.animate` would run it, that can still be paused or stopped.
    @discardableResult
    public static func runningPropertyAnimator(
        withDuration duration: Double, delay: Double, options: View.AnimationOptions, animations: @escaping () -> Void,
        completion: ((ViewAnimatingPosition) -> Void)? = nil
    ) -> ViewPropertyAnimator {
        let animator = ViewPropertyAnimator(duration: duration, timing: options.curve, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    /// More animations: before it starts, they run with the rest; while it
    /// runs, from where the views are to where the block sets them, over what time is left.
    public func addAnimations(_ animations: @escaping () -> Void) { addAnimations(animations, delayFactor: 0) }

    /// Starts them `delayFactor` (0 to 1) of the way through what is left.
    public func addAnimations(_ animations: @escaping () -> Void, delayFactor: Double) {
        let factor = min(max(delayFactor.isFinite ? delayFactor : 0, 0), 1)
        guard state == .active else { return waiting.append((animations, factor)) }
        capture(animations, startingAt: progress + (1 - progress) * factor)
        apply()
    }

    /// Called when it finishes, with where it finished.
    public func addCompletion(_ completion: @escaping (ViewAnimatingPosition) -> Void) { completions.append(completion) }

    public func startAnimation() {
        guard state != .stopped else { return }
        activate()
        guard !isRunning else { return }
        isRunning = true
        beginSegment(durationFactor: 0)
        (application ?? .shared).animator.run(self)
    }

    public func startAnimation(afterDelay delay: Double) {
        self.delay = max(0, delay.isFinite ? delay : 0)
        startAnimation()
    }

    /// Holds the views where they are; `fractionComplete` can then move them.
    public func pauseAnimation() {
        guard state != .stopped else { return }
        activate()
        halt()
    }

    /// Goes on from where it is, over `durationFactor` times the duration (0: the time it had left).
    /// Other timing parameters than its own are not taken here.
    public func continueAnimation(withTimingParameters parameters: Never? = nil, durationFactor: Double) {
        guard state == .active, !isRunning else { return }
        isRunning = true
        delay = 0
        beginSegment(durationFactor: durationFactor)
        (application ?? .shared).animator.run(self)
    }

    /// How far it has come, from 0 to 1. Set while paused (or before it
    /// starts, which pauses it) to move the views there.
    public var fractionComplete: Double {
        get { fraction }
        set {
            guard state != .stopped, !isRunning else { return }
            activate()
            fraction = min(max(newValue.isFinite ? newValue : 0, 0), 1)
            progress = scrubsLinearly ? fraction : timing.progress(fraction, duration: duration)
            apply()
        }
    }

    /// Stops the views where they are drawn, which become their values.
    /// `withoutFinishing`: that is the end, no completion runs. Otherwise it
    /// waits, stopped, for `finishAnimation(at:)`.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        halt()
        settle(at: .current)
        guard withoutFinishing else { return state = .stopped }
        // Over, with no completion: started again, it has only what is added from now.
        tracks.removeAll()
        completions.removeAll()
        state = .inactive
        fraction = 0
        progress = 0
    }

    /// Ends a stopped animator with the views at its end, its start, or where they stopped; the completions run.
    public func finishAnimation(at position: ViewAnimatingPosition) {
        guard state == .stopped else { return }
        settle(at: position)
        finish(at: position)
    }

    // MARK: Running

    /// Runs the waiting animations: their changes become tracks, and the views are drawn where the progress has them.
    private func activate() {
        guard state == .inactive else { return }
        state = .active
        fraction = 0
        progress = 0
        let pending = waiting
        waiting.removeAll()
        for (animations, delayFactor) in pending { capture(animations, startingAt: delayFactor) }
        apply()
    }

    private func capture(_ animations: () -> Void, startingAt start: Double) {
        for (view, property, from) in AnimationBlock.changes(in: animations) {
            let to = view.modelValue(of: property)
            guard to != from else { continue }
            tracks.removeAll { $0.view === view && $0.property == property }
            tracks.append(Track(view: view, property: property, from: from, to: to, startsAt: min(start, 1)))
            if application == nil { application = view.window?.hostApplication }
        }
    }

    private func beginSegment(durationFactor: Double) {
        let left = isReversed ? fraction : 1 - fraction
        let length = durationFactor > 0 ? durationFactor * duration : left * duration
        let now = (application ?? .shared).timeline.now
        segment = (now, fraction, progress, length)
    }

    /// One display tick (the views' `Animator` calls it while it runs).
    func step(at now: Double) {
        // Halted earlier in this tick (another's completion stopped it).
        guard isRunning else { return }
        let elapsed = now - segment.time - delay
        guard elapsed >= 0 else { return }
        let t = segment.length > 0 ? min(elapsed / segment.length, 1) : 1
        let eased = timing.progress(t, duration: segment.length)
        if isReversed {
            fraction = segment.fraction * (1 - t)
            progress = segment.progress * (1 - eased)
        } else {
            fraction = segment.fraction + (1 - segment.fraction) * t
            progress = segment.progress + (1 - segment.progress) * eased
        }
        guard t >= 1 else { return apply() }
        fraction = isReversed ? 0 : 1
        progress = fraction
        apply()
        halt()
        if pausesOnCompletion { return }
        let position: ViewAnimatingPosition = isReversed ? .start : .end
        settle(at: position)
        finish(at: position)
    }

    private func halt() {
        guard isRunning else { return }
        isRunning = false
        delay = 0
        (application ?? .shared).animator.halt(self)
    }

    /// Draws every track at the progress.
    private func apply() {
        for track in tracks {
            let local = track.startsAt >= 1 ? 1 : max(0, (progress - track.startsAt) / (1 - track.startsAt))
            // At either end, the value itself (a colour mixed there would be a new one).
            let value = local == 1 ? track.to : local == 0 ? track.from : track.from.interpolated(to: track.to, local)
            track.view.present(track.property, value)
        }
    }

    /// The views' values become those at `position`, and nothing is drawn apart from them.
    private func settle(at position: ViewAnimatingPosition) {
        for track in tracks {
            let value: AnimatedValue? =
                switch position {
                // The model is the end already (or a newer value the app set), unless a stop set it where the views were.
                case .end: state == .stopped ? track.to : nil
                case .start: track.from
                case .current: track.view.presentation?.value(of: track.property)
                }
            if let value { View.performWithoutAnimation { track.view.setModelValue(value, of: track.property) } }
            track.view.present(track.property, nil)
        }
    }

    private func finish(at position: ViewAnimatingPosition) {
        tracks.removeAll()
        state = .inactive
        fraction = 0
        progress = 0
        let completions = self.completions
        self.completions.removeAll()
        for completion in completions { completion(position) }
    }
}

/// Where a property animator finished, as UIViewAnimatingPosition.
public enum ViewAnimatingPosition: Sendable {
    case end, start, current
}

/// A property animator's state, as UIViewAnimatingState.
public enum ViewAnimatingState: Sendable {
    /// Not started, or finished.
    case inactive
    /// Started or paused.
    case active
    /// Stopped, waiting for `finishAnimation(at:)`.
    case stopped
}

extension View {
    func setModelValue(_ value: AnimatedValue, of property: AnimatedProperty) {
        switch (property, value) {
        case (.center, .point(let point)): center = point
        case (.bounds, .rect(let rect)): bounds = rect
        case (.transform, .transform(let transform)): self.transform = transform
        case (.transform3D, .transform3D(let transform)): transform3D = transform
        case (.alpha, .number(let alpha)): self.alpha = alpha
        case (.backgroundColor, .color(let color)): backgroundColor = color
        default: break
        }
    }
}
