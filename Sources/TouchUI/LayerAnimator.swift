import Glibc
import Layers

/// Runs the animations of an application's hosted layers (`PropertyAnimation`s: basic, spring, keyframe), a display
/// tick at a time on its timeline, as `Animator` runs views' animations.
@MainActor
final class LayerAnimator {
    private unowned let application: Application
    private var running: [Running] = []
    private var tick: TimerID?
    /// Numbers the animations added without a key.
    private var unnamed = 0

    init(application: Application) {
        self.application = application
        Self.animators.removeAll { $0.animator == nil }
        Self.animators.append(Weak(animator: self))
    }

    private struct Weak { weak var animator: LayerAnimator? }
    /// Every application's, for a layer out of any window: its animations stay with the animator they were added to.
    private static var animators: [Weak] = []

    /// Whether an animation that will end is under way (one that repeats
    /// forever, a spinner, is not waited out).
    var hasFiniteAnimations: Bool { running.contains { !$0.isKept && !$0.isEndless } }

    /// The animator of the application whose window shows the view hosting `layer`.
    /// Out of any window, the one already running the layer's animations, else the shared application's.
    static func animator(for layer: Layers.Layer) -> LayerAnimator {
        if let application = hostingView(of: layer)?.window?.hostApplication { return application.layerAnimator }
        for each in animators {
            if let animator = each.animator, animator.running.contains(where: { $0.layer === layer }) { return animator }
        }
        return Application.shared.layerAnimator
    }

    private static func hostingView(of layer: Layers.Layer) -> View? {
        var root = layer
        while let parent = root.superlayer { root = parent }
        return HostedLayers.view(hosting: root)
    }

    /// A view hosting layers came into a window: endless animations paused while out of sight go on, where time has taken them.
    func resume() {
        if tick == nil && running.contains(where: { !$0.isKept }) { scheduleTick() }
    }

    /// Whether the entry keeps the display ticking: an endless one (a
    /// spinner) only while its layer is in a window, so that a screen left
    /// alive off screen costs no frames; one that ends runs out its time.
    private func needsTicks(_ entry: Running) -> Bool {
        guard !entry.isKept, let layer = entry.layer else { return false }
        return !entry.isEndless || Self.hostingView(of: layer)?.window != nil
    }

    /// One animation on one layer.
    @MainActor final class Running {
        weak var layer: Layers.Layer?
        let key: String
        let property: LayerProperty
        let track: AnimationTrack
        let isAdditive: Bool
        /// The value the app set, shown again when the animation goes.
        var model: AnimatedValue
        /// The value last drawn: one read back that differs is the app's new one.
        var shown: AnimatedValue
        let duration: Double, plays: Double, autoreverses: Bool, delay: Double
        let curve: TimingCurve
        let fillMode: MediaTimingFillMode, removedOnCompletion: Bool
        var completion: ((Bool) -> Void)?
        var start = 0.0
        /// Ended, its last value still drawn (`fillMode = .forwards`, not removed on completion).
        var isKept = false
        var isEndless: Bool { plays.isInfinite }

        init(_ animation: PropertyAnimation, layer: Layers.Layer, key: String, property: LayerProperty) {
            self.layer = layer
            self.key = key
            self.property = property
            let current = property.get(layer)
            model = current
            shown = current
            track = animation.track(of: property, current: current)
            isAdditive = animation.isAdditive
            duration = max(0, animation.duration.isFinite ? animation.duration : 0)
            let count = Double(animation.repeatCount)
            plays = count.isNaN || count <= 0 ? 1 : count
            autoreverses = animation.autoreverses
            delay = max(0, animation.beginTime.isFinite ? animation.beginTime : 0)
            curve = animation.progressCurve
            fillMode = animation.fillMode
            removedOnCompletion = animation.isRemovedOnCompletion
            completion = animation.completion
        }

        /// The value drawn at `now` (nil: the app's own), and whether the animation is over.
        func value(at now: Double) -> (AnimatedValue?, done: Bool) {
            let elapsed = now - start - delay
            if elapsed < 0 { return (fillMode == .backwards || fillMode == .both ? track.first : nil, false) }
            let cycle = autoreverses ? 2 * duration : duration
            let total = plays * cycle
            let done = elapsed >= total
            let time = done ? total : elapsed
            guard cycle > 0 else { return (track.value(at: autoreverses ? 0 : 1), true) }
            var position = time / duration
            if autoreverses {
                position = position.truncatingRemainder(dividingBy: 2)
                if position > 1 { position = 2 - position }
                if done && plays == plays.rounded() { position = 0 }
            } else {
                let whole = position.rounded(.down)
                position -= whole
                // Each play ends at its end, not at the next one's start.
                if position == 0 && whole > 0 { position = 1 }
            }
            return (track.value(at: curve.progress(position, duration: duration)), done)
        }
    }

    func add(_ animation: PropertyAnimation, to layer: Layers.Layer, forKey key: String?) {
        guard let keyPath = animation.keyPath else { return }
        guard let property = LayerProperty(keyPath: keyPath, layer: layer) else {
            fatalError("\(type(of: animation)): a \(type(of: layer)) has no animatable key path \"\(keyPath)\"")
        }
        unnamed += 1
        let key = key ?? "animation \(unnamed)"
        remove(from: layer, key: key)
        // One animation at a time per stored property: a spin's and a pulse's
        // both write the transform, and each would take the other's value for the app's.
        for other in running where other.layer === layer && other.property.storage == property.storage { remove(from: layer, key: other.key) }
        let entry = Running(animation, layer: layer, key: key, property: property)
        entry.start = application.timeline.now
        running.append(entry)
        apply(entry, at: entry.start)
        if tick == nil { scheduleTick() }
    }

    func remove(from layer: Layers.Layer, key: String?) {
        let removed = running.filter { $0.layer === layer && (key == nil || $0.key == key) }
        guard !removed.isEmpty else { return }
        running.removeAll { entry in removed.contains { $0 === entry } }
        for entry in removed {
            restore(entry)
            let completion = entry.completion
            entry.completion = nil
            completion?(false)
        }
    }

    func keys(of layer: Layers.Layer) -> [String] { running.filter { $0.layer === layer }.map(\.key) }

    private func scheduleTick() {
        tick = application.timeline.schedule(after: Animator.tickInterval) { [weak self] in self?.step() }
    }

    func step() {
        tick = nil
        let now = application.timeline.now
        // Layers let go take their animations with them, kept ones too.
        running.removeAll { $0.layer == nil }
        var ended: [Running] = []
        for entry in running where !entry.isKept {
            guard entry.layer != nil else {
                ended.append(entry)
                continue
            }
            if apply(entry, at: now) { ended.append(entry) }
        }
        for entry in ended {
            if entry.layer != nil, !entry.removedOnCompletion, entry.fillMode == .forwards || entry.fillMode == .both {
                entry.isKept = true
            } else {
                running.removeAll { $0 === entry }
                restore(entry)
            }
            let completion = entry.completion
            entry.completion = nil
            completion?(entry.layer != nil)
        }
        if tick == nil && running.contains(where: needsTicks) { scheduleTick() }
    }

    /// Draws the entry's value at `now`; true when it is over.
    @discardableResult
    private func apply(_ entry: Running, at now: Double) -> Bool {
        guard let layer = entry.layer else { return true }
        // The app set the property since the last tick: that is the value to show after.
        let current = entry.property.get(layer)
        if current != entry.shown { entry.model = current }
        let (value, done) = entry.value(at: now)
        let keepsEnd = done && !entry.removedOnCompletion && (entry.fillMode == .forwards || entry.fillMode == .both)
        let drawn = done && !keepsEnd ? entry.model : value.map { entry.isAdditive ? entry.model.addingAnimated($0) : $0 } ?? entry.model
        entry.property.set(layer, drawn)
        entry.shown = entry.property.get(layer)
        return done
    }

    /// Shows the app's value again, unless the app changed it since (then that shows already).
    private func restore(_ entry: Running) {
        guard let layer = entry.layer, entry.property.get(layer) == entry.shown else { return }
        entry.property.set(layer, entry.model)
    }
}

/// A layer property an animation can reach by key path, read and written as an `AnimatedValue`.
struct LayerProperty {
    let get: (Layers.Layer) -> AnimatedValue
    let set: (Layers.Layer, AnimatedValue) -> Void
    /// What kind of value it takes, for turning `fromValue` and the rest into one.
    let kind: Kind
    /// The stored property it writes (`transform` for `transform.rotation.z`).
    let storage: String

    enum Kind { case number, point, rect, size, transform, color }

    init?(keyPath: String, layer: Layers.Layer) {
        let storage = String(keyPath.prefix { $0 != "." })
        func number(_ get: @escaping (Layers.Layer) -> Double, _ set: @escaping (Layers.Layer, Double) -> Void) -> LayerProperty {
            LayerProperty(get: { .number(get($0)) }, set: { layer, value in if case .number(let n) = value { set(layer, n) } }, kind: .number, storage: storage)
        }
        func color(_ get: @escaping (Layers.Layer) -> Color?, _ set: @escaping (Layers.Layer, Color?) -> Void) -> LayerProperty {
            LayerProperty(get: { .color(get($0)) }, set: { layer, value in if case .color(let c) = value { set(layer, c) } }, kind: .color, storage: storage)
        }
        let shape = layer as? ShapeLayer
        switch keyPath {
        case "opacity": self = number({ $0.opacity }, { $0.opacity = $1 })
        case "cornerRadius": self = number({ $0.cornerRadius }, { $0.cornerRadius = $1 })
        case "borderWidth": self = number({ $0.borderWidth }, { $0.borderWidth = $1 })
        case "zPosition": self = number({ $0.zPosition }, { $0.zPosition = $1 })
        case "position.x": self = number({ $0.position.x }, { $0.position.x = $1 })
        case "position.y": self = number({ $0.position.y }, { $0.position.y = $1 })
        case "transform.rotation", "transform.rotation.z":
            self = number({ atan2($0.transform.b, $0.transform.a) }, { $0.transform = AffineTransform(rotationAngle: $1) })
        case "transform.translation.x":
            self = number({ $0.transform.tx }, { $0.transform = AffineTransform(translationX: $1, y: 0) })
        case "transform.translation.y":
            self = number({ $0.transform.ty }, { $0.transform = AffineTransform(translationX: 0, y: $1) })
        case "transform.scale":
            self = number({ ($0.transform.a * $0.transform.a + $0.transform.b * $0.transform.b).squareRoot() }, {
                $0.transform = AffineTransform(scaleX: $1, y: $1)
            })
        case "position":
            self = LayerProperty(get: { .point($0.position) }, set: { layer, value in if case .point(let p) = value { layer.position = p } }, kind: .point, storage: storage)
        case "bounds":
            self = LayerProperty(get: { .rect($0.bounds) }, set: { layer, value in if case .rect(let r) = value { layer.bounds = r } }, kind: .rect, storage: storage)
        case "bounds.size":
            self = LayerProperty(
                get: { .rect(Rect(origin: .zero, size: $0.bounds.size)) },
                set: { layer, value in if case .rect(let r) = value { layer.bounds.size = r.size } }, kind: .size, storage: storage)
        case "transform":
            self = LayerProperty(
                get: { .transform($0.transform) }, set: { layer, value in if case .transform(let t) = value { layer.transform = t } }, kind: .transform, storage: storage)
        case "backgroundColor": self = color({ $0.backgroundColor }, { $0.backgroundColor = $1 })
        case "borderColor": self = color({ $0.borderColor }, { $0.borderColor = $1 })
        case "strokeStart" where shape != nil: self = number({ ($0 as! ShapeLayer).strokeStart }, { ($0 as! ShapeLayer).strokeStart = $1 })
        case "strokeEnd" where shape != nil: self = number({ ($0 as! ShapeLayer).strokeEnd }, { ($0 as! ShapeLayer).strokeEnd = $1 })
        case "lineWidth" where shape != nil: self = number({ ($0 as! ShapeLayer).lineWidth }, { ($0 as! ShapeLayer).lineWidth = $1 })
        case "fillColor" where shape != nil: self = color({ ($0 as! ShapeLayer).fillColor }, { ($0 as! ShapeLayer).fillColor = $1 })
        case "strokeColor" where shape != nil: self = color({ ($0 as! ShapeLayer).strokeColor }, { ($0 as! ShapeLayer).strokeColor = $1 })
        default: return nil
        }
    }

    private init(
        get: @escaping (Layers.Layer) -> AnimatedValue, set: @escaping (Layers.Layer, AnimatedValue) -> Void, kind: Kind, storage: String
    ) {
        self.get = get
        self.set = set
        self.kind = kind
        self.storage = storage
    }

    /// An animation's `fromValue`, `toValue` or `byValue` as this property's kind; a value of another kind stops the app, naming it.
    func value(of any: Any, keyPath: String, role: String) -> AnimatedValue {
        let converted: AnimatedValue? =
            switch kind {
            case .number:
                switch any {
                case let value as Double: .number(value)
                case let value as Float: .number(Double(value))
                case let value as Int: .number(Double(value))
                default: nil
                }
            case .point: (any as? Point).map { .point($0) }
            case .rect: (any as? Rect).map { .rect($0) }
            case .size: (any as? Size).map { .rect(Rect(origin: .zero, size: $0)) }
            case .transform: (any as? AffineTransform).map { .transform($0) }
            case .color: (any as? Color).map { .color($0) } ?? (any is Color? ? .color(nil) : nil)
            }
        guard let converted else {
            fatalError("an animation's \(role) for \"\(keyPath)\" is a \(type(of: any)), where a \(kind) is taken")
        }
        return converted
    }
}

extension AnimatedValue {
    /// An additive animation's `value` over the app's `self`: numbers, points and sizes add, a transform applies after.
    func addingAnimated(_ value: AnimatedValue) -> AnimatedValue {
        if case .transform(let model) = self, case .transform(let animated) = value { return .transform(model.concatenating(animated)) }
        return adding(value)
    }

    /// `self` moved by `delta` `times` over (an animation's `byValue`): numbers, points and sizes add; others are `delta` itself.
    func adding(_ delta: AnimatedValue, times: Double = 1) -> AnimatedValue {
        switch (self, delta) {
        case (.number(let a), .number(let b)): .number(a + b * times)
        case (.point(let a), .point(let b)): .point(Point(x: a.x + b.x * times, y: a.y + b.y * times))
        case (.rect(let a), .rect(let b)):
            .rect(Rect(origin: a.origin, size: Size(width: a.width + b.width * times, height: a.height + b.height * times)))
        default: delta
        }
    }
}
