import Layers

/// What every animation of one layer property has, as CAPropertyAnimation:
/// the key path, and the timing. Made as a `BasicAnimation` (from one value
/// to another) or a `KeyframeAnimation` (through a list of values), and
/// started with `layer.add(_:forKey:)` on a layer the app added to a view,
/// or on a view's own (`view.layer.add`: see `Layer.add(_:forKey:)` for
/// what it draws and what it leaves the view's properties).
///
/// As in Core Animation, the property's value stays what the app set: the
/// animation only changes what is drawn, and when it ends (and is removed,
/// as by default) the layer shows that value again. Set the final value
/// first, then add the animation. While it runs, reading the property
/// gives what is drawn; a value the app sets meanwhile is the one shown after.
///
/// Key paths: `strokeStart`, `strokeEnd`, `lineWidth`, `opacity`,
/// `cornerRadius`, `borderWidth`, `zPosition`, `position`, `position.x`, `position.y`,
/// `bounds`, `bounds.size`, `transform`, `transform.rotation` (or
/// `.rotation.z`), `transform.scale` (and `.x`, `.y`), `transform.translation.x` and `.y`,
/// `backgroundColor`, `borderColor`, `fillColor`, `strokeColor`, `path`
/// (point by point between paths made alike, else the end path); on a
/// view's own layer also `shadowOpacity`, `shadowRadius`, `shadowOffset`
/// and `shadowColor`. Values are
/// numbers (`Double`, `Float`, `Int`), `CGPoint`s, `CGRect`s, `CGSize`s,
/// `CGAffineTransform`s, colours or `CGPath`s, as the key path takes. A key path not
/// listed, or a value of the wrong kind, stops the app with a message naming
/// both, as Core Animation would throw.
///
/// One animation at a time writes each stored property: the sub-paths of
/// `transform` (and of `position`, `bounds`) set it whole, so a second one
/// replaces the first, as does one under the same key (in a group, the
/// later of two draws). `transform` itself
/// is interpolated entry by entry: turn with `transform.rotation.z`.
@MainActor
public class PropertyAnimation: Animation {
    /// The property animated: `"strokeEnd"`, `"position.x"`, `"transform.rotation.z"`.
    public var keyPath: String?
    /// The values animated are added to the app's (numbers, points, sizes;
    /// transforms are applied after it): a shake of `position.x` through
    /// 0, 10, -10, 0 wherever the layer is.
    public var isAdditive = false

    init(keyPath: String?) { self.keyPath = keyPath }

    /// The values drawn over one play, from progress 0 to 1, for `property` whose value is `current` now.
    func track(of property: LayerProperty, current: AnimatedValue) -> AnimationTrack {
        fatalError("a PropertyAnimation is made as a BasicAnimation or a KeyframeAnimation")
    }
}

/// What every animation has, as CAAnimation: its timing, and what to do
/// when it ends. Made as a `PropertyAnimation` (one property) or an
/// `AnimationGroup` (several together).
@MainActor
public class Animation {
    /// Seconds; 0.25 until set, Core Animation's default (in a group, the group's until set).
    public var duration = 0.25 {
        didSet { durationIsSet = true }
    }
    var durationIsSet = false
    /// How progress follows time over the whole animation; linear until set.
    public var timingFunction: MediaTimingFunction?
    /// How many times it plays (fractions play part of the last); `.infinity` forever.
    public var repeatCount: Float = 0
    /// Plays back to the start after each time forward.
    public var autoreverses = false
    /// Seconds after the layer is given it before it starts (`CACurrentMediaTime() + delay` on iOS; here the delay itself).
    /// In a group, seconds into the group's time.
    public var beginTime = 0.0
    /// `.forwards` (or `.both`) with `isRemovedOnCompletion = false` keeps the last value drawn after the end.
    /// In a group, `.forwards` keeps an animation's last value for the rest of the group's time.
    public var fillMode = MediaTimingFillMode.removed
    /// Whether the layer lets go of the animation when it ends (true until set).
    public var isRemovedOnCompletion = true
    /// Called when the animation ends: true when it ran to its end, false
    /// when removed or replaced. Only a group's own is called, not its animations'.
    public var completion: ((Bool) -> Void)?

    init() {}

    /// How progress follows the time of one play.
    var progressCurve: TimingCurve { timingFunction?.curve ?? .linear }
}

/// Several animations of one layer under one key and one clock, as
/// CAAnimationGroup: a pulse that scales and fades together, repeated as
/// one. Each animation's time is the group's (its `beginTime` is seconds
/// into the group), and the group's `duration` cuts them off; the group's
/// timing (`repeatCount`, `autoreverses`, `timingFunction`) plays them all.
@MainActor
public final class AnimationGroup: Animation {
    /// Property animations, or groups of them.
    public var animations: [Animation]?

    public override init() { super.init() }
}

public typealias CAAnimation = Animation
public typealias CAAnimationGroup = AnimationGroup
public typealias CAPropertyAnimation = PropertyAnimation

extension Layers.Layer {
    /// Starts `animation` on this layer, replacing one under the same key.
    /// It runs on the application's timeline, a display tick at a time (a
    /// replay on the virtual clock draws the same frames every time): the
    /// application of the window showing the view that hosts the layer, or
    /// `Application.shared` while it is in none.
    @MainActor public func add(_ animation: Animation, forKey key: String?) {
        LayerAnimator.animator(for: self).add(animation, to: self, forKey: key)
    }

    /// Stops the animation under `key`: the layer shows the app's value again.
    @MainActor public func removeAnimation(forKey key: String) {
        LayerAnimator.animator(for: self).remove(from: self, key: key)
    }

    @MainActor public func removeAllAnimations() {
        LayerAnimator.animator(for: self).remove(from: self, key: nil)
    }

    /// The animation under `key`, while it runs or is kept.
    @MainActor public func animation(forKey key: String) -> Animation? {
        LayerAnimator.animator(for: self).animation(of: self, forKey: key)
    }

    /// The keys of the animations running or kept on the layer.
    @MainActor public func animationKeys() -> [String]? {
        let keys = LayerAnimator.animator(for: self).keys(of: self)
        return keys.isEmpty ? nil : keys
    }
}
