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
/// `.rotation.z`), `transform.scale`, `transform.translation.x` and `.y`,
/// `backgroundColor`, `borderColor`, `fillColor`, `strokeColor`. Values are
/// numbers (`Double`, `Float`, `Int`), `CGPoint`s, `CGRect`s, `CGSize`s,
/// `CGAffineTransform`s or colours, as the key path takes. A key path not
/// listed, or a value of the wrong kind, stops the app with a message naming
/// both, as Core Animation would throw.
///
/// One animation at a time writes each stored property: the sub-paths of
/// `transform` (and of `position`, `bounds`) set it whole, so a second one
/// replaces the first, as does one under the same key. `transform` itself
/// is interpolated entry by entry: turn with `transform.rotation.z`.
@MainActor
public class PropertyAnimation {
    /// The property animated: `"strokeEnd"`, `"position.x"`, `"transform.rotation.z"`.
    public var keyPath: String?
    /// Seconds; 0.25 until set, Core Animation's default.
    public var duration = 0.25
    /// How progress follows time over the whole animation; linear until set.
    public var timingFunction: MediaTimingFunction?
    /// How many times it plays (fractions play part of the last); `.infinity` forever.
    public var repeatCount: Float = 0
    /// Plays back to the start after each time forward.
    public var autoreverses = false
    /// Seconds after the layer is given it before it starts (`CACurrentMediaTime() + delay` on iOS; here the delay itself).
    public var beginTime = 0.0
    /// `.forwards` (or `.both`) with `isRemovedOnCompletion = false` keeps the last value drawn after the end.
    public var fillMode = MediaTimingFillMode.removed
    /// Whether the layer lets go of the animation when it ends (true until set).
    public var isRemovedOnCompletion = true
    /// The values animated are added to the app's (numbers, points, sizes;
    /// transforms are applied after it): a shake of `position.x` through
    /// 0, 10, -10, 0 wherever the layer is.
    public var isAdditive = false
    /// Called when the animation ends: true when it ran to its end, false when removed or replaced.
    public var completion: ((Bool) -> Void)?

    init(keyPath: String?) { self.keyPath = keyPath }

    /// How progress follows the time of one play.
    var progressCurve: TimingCurve { timingFunction?.curve ?? .linear }

    /// The values drawn over one play, from progress 0 to 1, for `property` whose value is `current` now.
    func track(of property: LayerProperty, current: AnimatedValue) -> AnimationTrack {
        fatalError("a PropertyAnimation is made as a BasicAnimation or a KeyframeAnimation")
    }
}

public typealias CAPropertyAnimation = PropertyAnimation

extension Layers.Layer {
    /// Starts `animation` on this layer, replacing one under the same key.
    /// It runs on the application's timeline, a display tick at a time (a
    /// replay on the virtual clock draws the same frames every time): the
    /// application of the window showing the view that hosts the layer, or
    /// `Application.shared` while it is in none.
    @MainActor public func add(_ animation: PropertyAnimation, forKey key: String?) {
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
    @MainActor public func animation(forKey key: String) -> PropertyAnimation? {
        LayerAnimator.animator(for: self).animation(of: self, forKey: key)
    }

    /// The keys of the animations running or kept on the layer.
    @MainActor public func animationKeys() -> [String]? {
        let keys = LayerAnimator.animator(for: self).keys(of: self)
        return keys.isEmpty ? nil : keys
    }
}
