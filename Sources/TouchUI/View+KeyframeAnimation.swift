extension View {
    /// How a keyframe animation goes through its keyframes, as UIView.KeyframeAnimationOptions.
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        var calculationMode: AnimationCalculationMode {
            switch (rawValue >> 10) & 7 {
            case 1: .discrete
            case 2: .paced
            case 3: .cubic
            case 4: .cubicPaced
            default: .linear
            }
        }
    }

    /// Animates the changes each `addKeyframe` in `animations` makes, each
    /// over its part of `duration`, as UIView's: a button that grows, turns
    /// and settles in three steps. Changes made in `animations` outside any
    /// keyframe go over the whole duration. The whole eases in and out, as
    /// in UIKit (an `AnimationOptions` curve's raw value among the options
    /// sets another). Properties take their last values at once; what is
    /// drawn goes through each in turn.
    public static func animateKeyframes(
        withDuration duration: Double, delay: Double = 0, options: KeyframeAnimationOptions = [], animations: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let collector = KeyframeCollector()
        let outer = KeyframeCollector.current
        KeyframeCollector.current = collector
        let direct = AnimationBlock.changes(in: animations)
        KeyframeCollector.current = outer
        for change in direct { collector.note(change, start: 0, end: 1) }
        collector.start(duration: duration, delay: delay, options: options, completion: completion)
    }

    /// One keyframe of the `animateKeyframes` block it is called in: the
    /// changes `animations` makes, from `frameStartTime` for
    /// `frameDuration`, both fractions of the whole (0 to 1).
    public static func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double, animations: () -> Void) {
        guard let collector = KeyframeCollector.current else {
            // Outside a keyframe animation, UIKit makes the changes at once too.
            return performWithoutAnimation(animations)
        }
        let start = min(max(frameStartTime.isFinite ? frameStartTime : 0, 0), 1)
        let end = min(max(start + (frameDuration.isFinite ? frameDuration : 0), start), 1)
        for change in AnimationBlock.changes(in: animations) { collector.note(change, start: start, end: end) }
    }
}

/// The keyframes of one `animateKeyframes` block, property by property,
/// started as a keyframe animation of each view's layer.
@MainActor
final class KeyframeCollector {
    static var current: KeyframeCollector?

    private struct Key: Hashable {
        let view: ObjectIdentifier
        let property: AnimatedProperty
    }
    private struct Frames {
        let view: View
        let property: AnimatedProperty
        /// The value drawn before the block.
        let from: AnimatedValue
        /// Each keyframe's span and the value it reaches.
        var frames: [(start: Double, end: Double, value: AnimatedValue)] = []
    }
    private var byProperty: [Key: Frames] = [:]
    private var order: [Key] = []

    func note(_ change: (view: View, property: AnimatedProperty, from: AnimatedValue), start: Double, end: Double) {
        let key = Key(view: ObjectIdentifier(change.view), property: change.property)
        if byProperty[key] == nil {
            byProperty[key] = Frames(view: change.view, property: change.property, from: change.from)
            order.append(key)
        }
        byProperty[key]?.frames.append((start, end, change.view.modelValue(of: change.property)))
    }

    func start(duration: Double, delay: Double, options: View.KeyframeAnimationOptions, completion: ((Bool) -> Void)?) {
        var running = 0
        var allFinished = true
        for key in order {
            guard let entry = byProperty[key], entry.view.window != nil else { continue }
            // Held between keyframes: each reaches its value over its span from where the last one left it.
            var values: [AnimatedValue] = [entry.from]
            var times: [Double] = [0]
            let frames = entry.frames.sorted { $0.start < $1.start }
            if options.calculationMode == .discrete {
                // Each value shown whole from its keyframe's start.
                values += frames.map(\.value)
                times += frames.map(\.start) + [1]
            } else {
                for frame in frames {
                    if frame.start > times[times.count - 1] {
                        values.append(values[values.count - 1])
                        times.append(frame.start)
                    }
                    values.append(frame.value)
                    times.append(max(frame.end, times[times.count - 1]))
                }
                if times[times.count - 1] < 1 {
                    values.append(values[values.count - 1])
                    times.append(1)
                }
            }
            let animation = KeyframeAnimation(keyPath: entry.property.keyPath)
            animation.values = values.map(\.any)
            animation.keyTimes = times
            animation.calculationMode = options.calculationMode
            animation.duration = duration
            animation.beginTime = delay
            animation.fillMode = delay > 0 ? .backwards : .removed
            let curveBits = options.rawValue >> 16 & 3
            animation.timingFunction = MediaTimingFunction(curve: View.AnimationOptions(rawValue: curveBits << 16).curve)
            if options.contains(.repeat) { animation.repeatCount = .infinity }
            animation.autoreverses = options.contains(.autoreverse)
            running += 1
            animation.completion = { finished in
                allFinished = allFinished && finished
                running -= 1
                if running == 0 { completion?(allFinished) }
            }
            entry.view.layer.add(animation, forKey: "keyframes \(entry.property)")
        }
        if running == 0, let completion {
            let application = order.lazy.compactMap { self.byProperty[$0]?.view.application }.first ?? .shared
            application.timeline.schedule(after: 0) { completion(true) }
        }
    }
}

extension AnimatedProperty {
    /// The key path of the view's layer this property is.
    var keyPath: String {
        switch self {
        case .center: "position"
        case .bounds: "bounds"
        case .transform, .transform3D: "transform"
        case .alpha: "opacity"
        case .backgroundColor: "backgroundColor"
        }
    }
}

extension AnimatedValue {
    /// The value as an animation's `values` take it.
    var any: Any {
        switch self {
        case .point(let point): point
        case .rect(let rect): rect
        case .transform(let transform): transform
        case .transform3D(let transform): transform
        case .number(let number): number
        case .color(let color): color as Any
        case .path(let path): path as Any
        }
    }
}
