import Layers

/// One property of a layer animated from one value to another, as
/// CABasicAnimation: `layer.add(animation, forKey:)` on a layer the app
/// added to a view (`view.layer.addSublayer`). A progress ring's
/// `strokeEnd` from 0 to 1, a spinner's `transform.rotation.z` turning
/// forever, a badge's `opacity` pulsing.
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
/// `.rotation.z`), `transform.scale`, `backgroundColor`, `borderColor`,
/// `fillColor`, `strokeColor`. Values are numbers (`Double`, `Float`,
/// `Int`), `CGPoint`s, `CGRect`s, `CGSize`s, `CGAffineTransform`s or colours,
/// as the key path takes. A key path not listed, or a value of the wrong
/// kind, stops the app with a message naming both, as Core Animation
/// would throw.
///
/// One animation at a time writes each stored property: the sub-paths of
/// `transform` (and of `position`, `bounds`) set it whole, so a second one
/// replaces the first, as does one under the same key. `transform` itself
/// is interpolated entry by entry: turn with `transform.rotation.z`.
@MainActor
public final class BasicAnimation {
    /// The property animated: `"strokeEnd"`, `"position.x"`, `"transform.rotation.z"`.
    public var keyPath: String?
    /// Where it starts; nil starts from the value the layer shows when added.
    public var fromValue: Any?
    /// Where it ends; nil ends at the value the app set.
    public var toValue: Any?
    /// Added to where it starts, when `toValue` is nil (numbers, points and sizes).
    public var byValue: Any?
    /// Seconds; 0.25 until set, Core Animation's default.
    public var duration = 0.25
    /// How progress follows time; linear until set.
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
    /// Called when the animation ends: true when it ran to its end, false when removed or replaced.
    public var completion: ((Bool) -> Void)?

    public init(keyPath: String?) { self.keyPath = keyPath }
    public init() {}
}

/// CAMediaTimingFunction: how an animation's progress follows its time.
public struct MediaTimingFunction: Sendable {
    let curve: TimingCurve

    public init(name: MediaTimingFunctionName) {
        switch name {
        case .linear: curve = .linear
        case .easeIn: curve = .easeIn
        case .easeOut: curve = .easeOut
        case .easeInEaseOut: curve = .easeInOut
        // Core Animation's own default: a gentle start and a long ease out.
        case .default: curve = .cubic(0.25, 0.1, 0.25, 1)
        }
    }

    /// A curve through two control points, each coordinate from 0 to 1 in x (time).
    public init(controlPoints x1: Float, _ y1: Float, _ x2: Float, _ y2: Float) {
        curve = .cubic(Double(min(1, max(0, x1))), Double(y1), Double(min(1, max(0, x2))), Double(y2))
    }
}

/// CAMediaTimingFunctionName.
public enum MediaTimingFunctionName: Sendable {
    case linear, easeIn, easeOut, easeInEaseOut, `default`
}

/// CAMediaTimingFillMode: what is drawn outside the animation's time.
public enum MediaTimingFillMode: Sendable {
    case removed, forwards, backwards, both
}

public typealias CABasicAnimation = BasicAnimation
public typealias CAMediaTimingFunction = MediaTimingFunction
public typealias CAMediaTimingFunctionName = MediaTimingFunctionName
public typealias CAMediaTimingFillMode = MediaTimingFillMode

extension Layers.Layer {
    /// Starts `animation` on this layer, replacing one under the same key.
    /// It runs on the application's timeline, a display tick at a time (a
    /// replay on the virtual clock draws the same frames every time): the
    /// application of the window showing the view that hosts the layer, or
    /// `Application.shared` while it is in none.
    @MainActor public func add(_ animation: BasicAnimation, forKey key: String?) {
        LayerAnimator.animator(for: self).add(animation, to: self, forKey: key)
    }

    /// Stops the animation under `key`: the layer shows the app's value again.
    @MainActor public func removeAnimation(forKey key: String) {
        LayerAnimator.animator(for: self).remove(from: self, key: key)
    }

    @MainActor public func removeAllAnimations() {
        LayerAnimator.animator(for: self).remove(from: self, key: nil)
    }

    /// The keys of the animations running or kept on the layer.
    @MainActor public func animationKeys() -> [String]? {
        let keys = LayerAnimator.animator(for: self).keys(of: self)
        return keys.isEmpty ? nil : keys
    }
}
