import Glibc
import Layers

/// Runs an application's Core Animation animations (`PropertyAnimation`s:
/// basic, spring, keyframe), on the layers apps add to views and on views'
/// own layers, a display tick at a time on its timeline, as `Animator` runs
/// views' block animations.
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

    /// The animator of the application whose window shows `target` (a
    /// hosted layer's view, or the view itself). Out of any window, the one
    /// already running the target's animations, else the shared application's.
    static func animator(for target: AnyObject) -> LayerAnimator {
        if let application = window(showing: target)?.hostApplication { return application.layerAnimator }
        for each in animators {
            if let animator = each.animator, animator.running.contains(where: { $0.target === target }) { return animator }
        }
        return Application.shared.layerAnimator
    }

    /// The window a view is in, or that of the view hosting a layer's tree.
    private static func window(showing target: AnyObject) -> Window? {
        if let view = target as? View { return view.window }
        guard var root = target as? Layers.Layer else { return nil }
        while let parent = root.superlayer { root = parent }
        return HostedLayers.view(hosting: root)?.window
    }

    /// A view came into a window: endless animations paused while out of sight go on, where time has taken them.
    func resume() {
        if tick == nil && running.contains(where: { !$0.isKept }) { scheduleTick() }
    }

    /// Whether the entry keeps the display ticking: an endless one (a
    /// spinner) only while its layer is in a window, so that a screen left
    /// alive off screen costs no frames; one that ends runs out its time.
    private func needsTicks(_ entry: Running) -> Bool {
        guard !entry.isKept, let target = entry.target else { return false }
        return !entry.isEndless || Self.window(showing: target) != nil
    }

    /// When an animation plays, as its `Animation` says: the seconds of its
    /// parent's time (the layer's, or its group's) turned into progress.
    struct Timing {
        let duration: Double, plays: Double, autoreverses: Bool, delay: Double
        let curve: TimingCurve
        let fillMode: MediaTimingFillMode

        /// `animation`'s, in a group whose duration is `groupDuration` (taken when its own is not set).
        @MainActor init(_ animation: Animation, in groupDuration: Double? = nil) {
            let duration = animation.durationIsSet ? animation.duration : groupDuration ?? animation.duration
            self.duration = max(0, duration.isFinite ? duration : 0)
            let count = Double(animation.repeatCount)
            plays = count.isNaN || count <= 0 ? 1 : count
            autoreverses = animation.autoreverses
            delay = max(0, animation.beginTime.isFinite ? animation.beginTime : 0)
            curve = animation.progressCurve
            fillMode = animation.fillMode
        }

        var fillsForwards: Bool { fillMode == .forwards || fillMode == .both }

        /// Whether `elapsed` seconds of the parent's time are past the end (at the end itself, it still draws its last value).
        func isPast(_ elapsed: Double) -> Bool {
            elapsed - delay > plays * (autoreverses ? 2 * duration : duration)
        }

        /// Progress through one play `elapsed` seconds into the parent's time
        /// (nil: not drawn then, before the start with no backward fill), and whether it is over.
        func progress(_ elapsed: Double) -> (Double?, done: Bool) {
            let elapsed = elapsed - delay
            if elapsed < 0 { return (fillMode == .backwards || fillMode == .both ? 0 : nil, false) }
            let cycle = autoreverses ? 2 * duration : duration
            let total = plays * cycle
            let done = elapsed >= total
            let time = done ? total : elapsed
            guard cycle > 0 else { return (autoreverses ? 0 : 1, true) }
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
            return (curve.progress(position, duration: duration), done)
        }
    }

    /// One property animation on one layer (or view), alone or in a group.
    @MainActor final class Running {
        weak var target: AnyObject?
        let key: String
        /// What was added: the animation itself, or the group it is in.
        let added: Animation
        /// The property animation this entry plays.
        let animation: PropertyAnimation
        let property: LayerProperty
        let track: AnimationTrack
        let isAdditive: Bool
        /// The value the app set, shown again when the animation goes.
        var model: AnimatedValue
        /// The app's value as last read: one read back that differs is the app's new one.
        var shown: AnimatedValue
        /// The timing of what was added, then of each group inside it, down to the animation's own.
        let timings: [Timing]
        let removedOnCompletion: Bool
        /// The completion of what was added; only one entry of a group holds it.
        var completion: ((Bool) -> Void)?
        var start = 0.0
        /// Ended, its last value still drawn (`fillMode = .forwards`, not removed on completion).
        var isKept = false
        var isEndless: Bool { timings[0].plays.isInfinite }
        var keepsEnd: Bool { !removedOnCompletion && timings[0].fillsForwards }

        init(_ animation: PropertyAnimation, in added: Animation, timings: [Timing], target: AnyObject, key: String, property: LayerProperty) {
            self.target = target
            self.key = key
            self.added = added
            self.animation = animation
            self.property = property
            let current = property.get(target)
            model = current
            shown = current
            // With no `fromValue`, from what is drawn now (mid-way through a block animation, say), as Core Animation does.
            track = animation.track(of: property, current: property.drawn?(target) ?? current)
            isAdditive = animation.isAdditive
            self.timings = timings
            removedOnCompletion = added.isRemovedOnCompletion
        }

        /// The value drawn at `now` (nil: the app's own), and whether what was added is over.
        func value(at now: Double) -> (AnimatedValue?, done: Bool) {
            let (outer, done) = timings[0].progress(now - start)
            guard var progress = outer else { return (nil, done) }
            // A group's progress is seconds of its time for what is in it; one of those done draws only if it fills forwards.
            for (parent, timing) in zip(timings, timings.dropFirst()) {
                // A group's repeat or turn lands exactly on an animation's end: that is still its last value, not a gap.
                let time = progress * parent.duration
                let (inner, _) = timing.progress(time)
                guard let inner, !timing.isPast(time) || timing.fillsForwards else { return (nil, done) }
                progress = inner
            }
            return (track.value(at: progress), done)
        }
    }

    /// Starts `animation` on a hosted layer.
    func add(_ animation: Animation, to layer: Layers.Layer, forKey key: String?) {
        add(animation, to: layer, forKey: key) { keyPath in
            guard let property = LayerProperty(keyPath: keyPath, layer: layer) else {
                fatalError("\(type(of: animation)): a \(type(of: layer)) has no animatable key path \"\(keyPath)\"")
            }
            return property
        }
    }

    /// Starts `animation` on a view's own layer.
    func add(_ animation: Animation, to view: View, forKey key: String?) {
        add(animation, to: view, forKey: key) { keyPath in
            guard let property = LayerProperty(keyPath: keyPath, view: view) else {
                fatalError("\(type(of: animation)): the layer of a \(type(of: view)) has no animatable key path \"\(keyPath)\"")
            }
            return property
        }
    }

    private func add(_ animation: Animation, to target: AnyObject, forKey key: String?, property: (String) -> LayerProperty) {
        // A group's animations, each with the timings it plays under.
        var parts: [(PropertyAnimation, [Timing])] = []
        func gather(_ animation: Animation, under timings: [Timing]) {
            let timings = timings + [Timing(animation, in: timings.last?.duration)]
            if let single = animation as? PropertyAnimation, single.keyPath != nil {
                parts.append((single, timings))
                // Following a path, facing its way: a turn beside the move, on the same clock.
                if let keyframes = single as? KeyframeAnimation, let turn = PathRotation(following: keyframes) {
                    parts.append((turn, timings.dropLast() + [Timing(turn, in: timings.dropLast().last?.duration)]))
                }
            } else if let group = animation as? AnimationGroup {
                for inner in group.animations ?? [] { gather(inner, under: timings) }
            } else if animation is Transition {
                fatalError("a CATransition is for a view's layer (view.layer.add); an added layer has none")
            }
        }
        gather(animation, under: [])
        unnamed += 1
        let key = key ?? "animation \(unnamed)"
        remove(from: target, key: key)
        let now = application.timeline.now
        var added: [Running] = []
        for (single, timings) in parts {
            let property = property(single.keyPath!)
            // One animation at a time per stored property: a spin's and a pulse's
            // both write the transform, and each would take the other's value for the app's.
            for other in running where other.target === target && other.key != key && other.property.storage == property.storage {
                if other.animation is PathRotation {
                    // A path's turn gives way alone: the move along the path goes on, as on iOS.
                    running.removeAll { $0 === other }
                } else {
                    remove(from: target, key: other.key)
                }
            }
            let entry = Running(single, in: animation, timings: timings, target: target, key: key, property: property)
            entry.start = now
            running.append(entry)
            added.append(entry)
        }
        // One completion for what was added, a group's once.
        guard let first = added.first else {
            let completion = animation.completion
            if completion != nil { application.timeline.schedule(after: 0) { completion?(true) } }
            return
        }
        first.completion = animation.completion
        for entry in added { apply(entry, at: now) }
        if tick == nil { scheduleTick() }
    }

    func remove(from target: AnyObject, key: String?) {
        var removed: [Running] = []
        running.removeAll { entry in
            guard entry.target === target, key == nil || entry.key == key else { return false }
            removed.append(entry)
            return true
        }
        for entry in removed {
            restore(entry)
            let completion = entry.completion
            entry.completion = nil
            completion?(false)
        }
    }

    /// Once each, in the order added (a group's animations share one key).
    func keys(of target: AnyObject) -> [String] {
        var keys: [String] = []
        for entry in running where entry.target === target && !keys.contains(entry.key) { keys.append(entry.key) }
        return keys
    }

    /// The animation (or group) running or kept on `target` under `key`.
    func animation(of target: AnyObject, forKey key: String) -> Animation? {
        running.first { $0.target === target && $0.key == key }?.added
    }

    private func scheduleTick() {
        tick = application.timeline.schedule(after: Animator.tickInterval) { [weak self] in self?.step() }
    }

    func step() {
        tick = nil
        let now = application.timeline.now
        // Layers and views let go take their animations with them, kept ones too: not finished.
        var gone: [Running] = []
        running.removeAll { entry in
            guard entry.target == nil else { return false }
            gone.append(entry)
            return true
        }
        for entry in gone {
            let completion = entry.completion
            entry.completion = nil
            completion?(false)
        }
        var ended: [Running] = []
        for entry in running where !entry.isKept {
            if apply(entry, at: now) { ended.append(entry) }
        }
        for entry in ended {
            if entry.target != nil, entry.keepsEnd {
                entry.isKept = true
            } else {
                running.removeAll { $0 === entry }
                restore(entry)
            }
            let completion = entry.completion
            entry.completion = nil
            completion?(entry.target != nil)
        }
        if tick == nil && running.contains(where: needsTicks) { scheduleTick() }
    }

    /// Draws the entry's value at `now`; true when it is over.
    @discardableResult
    private func apply(_ entry: Running, at now: Double) -> Bool {
        guard let target = entry.target else { return true }
        // The app set the property since the last tick: that is the value to show after.
        let current = entry.property.get(target)
        if current != entry.shown { entry.model = current }
        let (value, done) = entry.value(at: now)
        let keepsEnd = done && entry.keepsEnd
        if done && !keepsEnd || value == nil, let clear = entry.property.clear {
            clear(target)
        } else {
            let drawn = done && !keepsEnd ? entry.model : value.map { entry.isAdditive ? entry.model.addingAnimated($0) : $0 } ?? entry.model
            entry.property.set(target, drawn)
        }
        entry.shown = entry.property.get(target)
        return done
    }

    /// Shows the app's value again, unless the app changed it since (then that shows already).
    private func restore(_ entry: Running) {
        guard let target = entry.target else { return }
        if let clear = entry.property.clear { return clear(target) }
        guard entry.property.get(target) == entry.shown else { return }
        entry.property.set(target, entry.model)
    }
}

/// A property an animation can reach by key path, read and written as an
/// `AnimatedValue`: a hosted layer's own, or one of a view's through its
/// `layer`. The target is passed in, so one entry holds no strong reference.
@MainActor
struct LayerProperty {
    /// The app's value (the model).
    let get: (AnyObject) -> AnimatedValue
    /// What is drawn.
    let set: (AnyObject, AnimatedValue) -> Void
    /// What is drawn now, where that is kept apart from the model (a view's presentation).
    let drawn: ((AnyObject) -> AnimatedValue)?
    /// Where what is drawn is kept apart from the model (a view's
    /// presentation), this lets it go, so the model shows; elsewhere the
    /// model is set back.
    let clear: ((AnyObject) -> Void)?
    /// What kind of value it takes, for turning `fromValue` and the rest into one.
    let kind: Kind
    /// The stored property it writes (`transform` for `transform.rotation.z`).
    let storage: String

    enum Kind { case number, point, rect, size, transform, transform3D, color, path }

    init?(keyPath: String, layer: Layers.Layer) {
        let storage = String(keyPath.prefix { $0 != "." })
        typealias Target = Layers.Layer
        func number(_ get: @escaping (Target) -> Double, _ set: @escaping (Target, Double) -> Void) -> LayerProperty {
            LayerProperty(.number, storage, get: { .number(get($0)) }, set: { layer, value in if case .number(let n) = value { set(layer, n) } })
        }
        func color(_ get: @escaping (Target) -> Color?, _ set: @escaping (Target, Color?) -> Void) -> LayerProperty {
            LayerProperty(.color, storage, get: { .color(get($0)) }, set: { layer, value in if case .color(let c) = value { set(layer, c) } })
        }
        func shape(_ get: @escaping (ShapeLayer) -> Double, _ set: @escaping (ShapeLayer, Double) -> Void) -> LayerProperty {
            number({ get($0 as! ShapeLayer) }, { set($0 as! ShapeLayer, $1) })
        }
        func shapeColor(_ get: @escaping (ShapeLayer) -> Color?, _ set: @escaping (ShapeLayer, Color?) -> Void) -> LayerProperty {
            color({ get($0 as! ShapeLayer) }, { set($0 as! ShapeLayer, $1) })
        }
        if let transform = TransformPart(keyPath: keyPath) {
            self = number({ transform.get($0.transform.affineTransform) }, { $0.transform = Transform3D(transform.alone($1)) })
            return
        }
        func transform3D(_ get: @escaping (Target) -> Transform3D, _ set: @escaping (Target, Transform3D) -> Void) -> LayerProperty {
            LayerProperty(
                .transform3D, storage, get: { .transform3D(get($0)) }, set: { layer, value in if case .transform3D(let t) = value { set(layer, t) } })
        }
        let isShape = layer is ShapeLayer
        switch keyPath {
        case "opacity": self = number({ $0.opacity }, { $0.opacity = $1 })
        case "cornerRadius": self = number({ $0.cornerRadius }, { $0.cornerRadius = $1 })
        case "borderWidth": self = number({ $0.borderWidth }, { $0.borderWidth = $1 })
        case "zPosition": self = number({ $0.zPosition }, { $0.zPosition = $1 })
        case "position.x": self = number({ $0.position.x }, { $0.position.x = $1 })
        case "position.y": self = number({ $0.position.y }, { $0.position.y = $1 })
        case "position":
            self = LayerProperty(.point, storage, get: { (layer: Target) in .point(layer.position) }, set: { layer, value in if case .point(let p) = value { layer.position = p } })
        case "bounds":
            self = LayerProperty(.rect, storage, get: { (layer: Target) in .rect(layer.bounds) }, set: { layer, value in if case .rect(let r) = value { layer.bounds = r } })
        case "bounds.size":
            self = LayerProperty(
                .size, storage, get: { (layer: Target) in .rect(Rect(origin: .zero, size: layer.bounds.size)) },
                set: { layer, value in if case .rect(let r) = value { layer.bounds.size = r.size } })
        case "transform": self = transform3D({ $0.transform }, { $0.transform = $1 })
        case "sublayerTransform": self = transform3D({ $0.sublayerTransform }, { $0.sublayerTransform = $1 })
        case "transform.rotation.x", "transform.rotation.y":
            // Each animated value is the turn on its own, as the other parts
            // are; a superlayer's sublayerTransform gives it its perspective.
            let aboutX = keyPath.hasSuffix("x")
            self = number(
                { aboutX ? atan2($0.transform.m23, $0.transform.m22) : atan2($0.transform.m31, $0.transform.m11) },
                { $0.transform = Transform3D(rotationAngle: $1, x: aboutX ? 1 : 0, y: aboutX ? 0 : 1, z: 0) })
        case "backgroundColor": self = color({ $0.backgroundColor }, { $0.backgroundColor = $1 })
        case "borderColor": self = color({ $0.borderColor }, { $0.borderColor = $1 })
        case "strokeStart" where isShape: self = shape({ $0.strokeStart }, { $0.strokeStart = $1 })
        case "strokeEnd" where isShape: self = shape({ $0.strokeEnd }, { $0.strokeEnd = $1 })
        case "lineWidth" where isShape: self = shape({ $0.lineWidth }, { $0.lineWidth = $1 })
        case "fillColor" where isShape: self = shapeColor({ $0.fillColor }, { $0.fillColor = $1 })
        case "strokeColor" where isShape: self = shapeColor({ $0.strokeColor }, { $0.strokeColor = $1 })
        case "path" where isShape:
            self = LayerProperty(
                .path, storage, get: { (layer: Target) in .path((layer as! ShapeLayer).path) },
                set: { layer, value in if case .path(let path) = value { (layer as! ShapeLayer).path = path } })
        default: return nil
        }
    }

    /// A view's property through its layer. Position, bounds, transform,
    /// opacity and background colour are drawn from the view's presentation,
    /// as Core Animation draws a layer's presentation: the view's own values
    /// stay the app's, so layout and hit-testing see where it is meant to be.
    /// The rest (corner radius, border, shadow, z position) have no
    /// presentation of their own, and are set as a hosted layer's are.
    init?(keyPath: String, view: View) {
        let storage = String(keyPath.prefix { $0 != "." })
        typealias Target = View
        /// `model` reads a property's value from the view's whole one (`position.x` from the center), as the app's or as drawn.
        func presented(
            _ property: AnimatedProperty, _ kind: Kind, model: @escaping (AnimatedValue) -> AnimatedValue,
            drawn: @escaping (Target, AnimatedValue) -> AnimatedValue?
        ) -> LayerProperty {
            LayerProperty(
                kind, storage, get: { (view: Target) in model(view.modelValue(of: property)) },
                set: { view, value in if let whole = drawn(view, value) { view.present(property, whole) } },
                drawn: { (view: Target) in model(view.presentation?.value(of: property) ?? view.modelValue(of: property)) },
                clear: { (view: Target) in view.present(property, nil) })
        }
        func number(_ get: @escaping (Target) -> Double, _ set: @escaping (Target, Double) -> Void) -> LayerProperty {
            LayerProperty(.number, storage, get: { .number(get($0)) }, set: { view, value in if case .number(let n) = value { set(view, n) } })
        }
        if let part = TransformPart(keyPath: keyPath) {
            self = presented(.transform, .number, model: { whole in
                guard case .transform(let t) = whole else { return whole }
                return .number(part.get(t))
            }) { _, value in
                guard case .number(let n) = value else { return nil }
                return .transform(part.alone(n))
            }
            return
        }
        switch keyPath {
        case "opacity": self = presented(.alpha, .number, model: { $0 }) { _, value in value }
        case "position": self = presented(.center, .point, model: { $0 }) { _, value in value }
        case "position.x", "position.y":
            let isX = keyPath == "position.x"
            self = presented(.center, .number, model: { whole in
                guard case .point(let p) = whole else { return whole }
                return .number(isX ? p.x : p.y)
            }) { view, value in
                guard case .number(let n) = value else { return nil }
                let center = view.drawnCenter
                return .point(isX ? Point(x: n, y: center.y) : Point(x: center.x, y: n))
            }
        case "bounds": self = presented(.bounds, .rect, model: { $0 }) { _, value in value }
        case "bounds.size":
            self = presented(.bounds, .size, model: { whole in
                guard case .rect(let r) = whole else { return whole }
                return .rect(Rect(origin: .zero, size: r.size))
            }) { view, value in
                guard case .rect(let r) = value else { return nil }
                return .rect(Rect(origin: view.bounds.origin, size: r.size))
            }
        // A view's whole transform is its 3D one (an affine value is taken as one), mixed as Core Animation mixes it.
        case "transform": self = presented(.transform3D, .transform3D, model: { $0 }) { _, value in value }
        case "transform.rotation.x", "transform.rotation.y":
            // A turn in depth before the app's transform (its perspective, say): the layer turns, then is seen.
            let aboutX = keyPath.hasSuffix("x")
            self = presented(.transform3D, .number, model: { _ in .number(0) }) { view, value in
                guard case .number(let angle) = value else { return nil }
                return .transform3D(view.transform3D.rotated(by: angle, x: aboutX ? 1 : 0, y: aboutX ? 0 : 1, z: 0))
            }
        case "backgroundColor": self = presented(.backgroundColor, .color, model: { $0 }) { _, value in value }
        case "cornerRadius": self = number({ $0.cornerRadius }, { $0.cornerRadius = $1 })
        case "borderWidth": self = number({ $0.borderWidth }, { $0.borderWidth = $1 })
        case "zPosition": self = number({ $0.zPosition }, { $0.zPosition = $1 })
        case "shadowOpacity": self = number({ Double($0.shadow.opacity) }, { $0.shadow.opacity = Float($1) })
        case "shadowRadius": self = number({ $0.shadow.radius }, { $0.shadow.radius = $1 })
        case "shadowOffset":
            self = LayerProperty(
                .size, storage, get: { (view: Target) in .rect(Rect(origin: .zero, size: view.shadow.offset)) },
                set: { view, value in if case .rect(let r) = value { view.shadow.offset = r.size } })
        case "borderColor":
            self = LayerProperty(
                .color, storage, get: { (view: Target) in .color(view.borderColor) },
                set: { view, value in if case .color(let c) = value { view.borderColor = c ?? .clear } })
        case "shadowColor":
            self = LayerProperty(
                .color, storage, get: { (view: Target) in .color(view.shadow.color) },
                set: { view, value in if case .color(let c) = value { view.shadow.color = c } })
        default: return nil
        }
    }

    /// Typed closures over one kind of target; an entry only ever passes its own.
    private init<Target: AnyObject>(
        _ kind: Kind, _ storage: String, get: @escaping (Target) -> AnimatedValue, set: @escaping (Target, AnimatedValue) -> Void,
        drawn: ((Target) -> AnimatedValue)? = nil, clear: ((Target) -> Void)? = nil
    ) {
        self.get = { get(unsafeDowncast($0, to: Target.self)) }
        self.set = { set(unsafeDowncast($0, to: Target.self), $1) }
        self.drawn = drawn.map { drawn in { drawn(unsafeDowncast($0, to: Target.self)) } }
        self.clear = clear.map { clear in { clear(unsafeDowncast($0, to: Target.self)) } }
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
            case .transform3D: (any as? Transform3D).map { .transform3D($0) } ?? (any as? AffineTransform).map { .transform3D(Transform3D($0)) }
            case .color: (any as? Color).map { .color($0) } ?? (any is Color? ? .color(nil) : nil)
            case .path: (any as? Path ?? (any as? BezierPath)?.cgPath).map { .path($0) } ?? (any is Path? ? .path(nil) : nil)
            }
        guard let converted else {
            fatalError("an animation's \(role) for \"\(keyPath)\" is a \(type(of: any)), where a \(kind) is taken")
        }
        return converted
    }
}

/// The numbers Core Animation's key paths reach inside a transform. Each
/// animated value is the whole transform on its own (a turn, a scale, a shift).
enum TransformPart {
    case rotation, scale, scaleX, scaleY, translationX, translationY

    init?(keyPath: String) {
        switch keyPath {
        case "transform.rotation", "transform.rotation.z": self = .rotation
        case "transform.scale": self = .scale
        case "transform.scale.x": self = .scaleX
        case "transform.scale.y": self = .scaleY
        case "transform.translation.x": self = .translationX
        case "transform.translation.y": self = .translationY
        default: return nil
        }
    }

    func get(_ t: AffineTransform) -> Double {
        switch self {
        case .rotation: atan2(t.b, t.a)
        case .scale, .scaleX: (t.a * t.a + t.b * t.b).squareRoot()
        case .scaleY: (t.c * t.c + t.d * t.d).squareRoot()
        case .translationX: t.tx
        case .translationY: t.ty
        }
    }

    func alone(_ n: Double) -> AffineTransform {
        switch self {
        case .rotation: AffineTransform(rotationAngle: n)
        case .scale: AffineTransform(scaleX: n, y: n)
        case .scaleX: AffineTransform(scaleX: n, y: 1)
        case .scaleY: AffineTransform(scaleX: 1, y: n)
        case .translationX: AffineTransform(translationX: n, y: 0)
        case .translationY: AffineTransform(translationX: 0, y: n)
        }
    }
}

extension AnimatedValue {
    /// An additive animation's `value` over the app's `self`: numbers, points and sizes add, a transform applies after.
    func addingAnimated(_ value: AnimatedValue) -> AnimatedValue {
        if case .transform(let model) = self, case .transform(let animated) = value { return .transform(model.concatenating(animated)) }
        if case .transform3D(let model) = self, case .transform3D(let animated) = value { return .transform3D(model.concatenating(animated)) }
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
