/// A property of a layer carried from one value to another by a mass on a
/// damped spring, as CASpringAnimation: it overshoots and settles as the
/// spring's numbers say, not as a duration shapes it. A badge that pops in
/// with `transform.scale` from 0.5, a card that drops into place by
/// `position.y`. Set `duration` to `settlingDuration` to see it settle;
/// a shorter duration ends it where it is then (and the app's value shows).
/// Its timing function is not used.
@MainActor
public final class SpringAnimation: BasicAnimation {
    /// The mass on the spring; 1 until set. More mass swings slower and further.
    public var mass = 1.0
    /// The spring's stiffness; 100 until set. Stiffer swings faster.
    public var stiffness = 100.0
    /// What slows it; 10 until set. Less overshoots more, and 2 × √(stiffness × mass) or more not at all.
    public var damping = 10.0
    /// Its speed at the start towards the end value, in whole ways a second (a flick's speed over the distance left); 0 until set.
    public var initialVelocity = 0.0

    /// Seconds until it stays within a thousandth of the way of its end value.
    public var settlingDuration: Double { spring.settlingDuration }

    var spring: DampedSpring { DampedSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity) }

    override var progressCurve: TimingCurve { .physicalSpring(spring) }
}

public typealias CASpringAnimation = SpringAnimation
