import Glibc

/// A mass on a spring with damping, let go one unit from where it rests
/// with a speed towards it: CASpringAnimation's physics.
struct DampedSpring: Sendable, Equatable {
    var mass: Double
    var stiffness: Double
    var damping: Double
    /// Towards the rest, in units (the whole way) a second.
    var initialVelocity: Double

    /// How far from its rest it is after `seconds`: 1 at the start, 0 at rest (negative past it).
    func displacement(at seconds: Double) -> Double {
        let t = max(0, seconds)
        let mass = max(mass, 1e-6), stiffness = max(stiffness, 1e-6), damping = max(damping, 0)
        let natural = (stiffness / mass).squareRoot()
        let ratio = damping / (2 * (stiffness * mass).squareRoot())
        let v0 = initialVelocity
        if ratio < 1 {
            let damped = natural * (1 - ratio * ratio).squareRoot()
            return exp(-ratio * natural * t) * (cos(damped * t) + (ratio * natural - v0) / damped * sin(damped * t))
        }
        if ratio == 1 { return exp(-natural * t) * (1 + (natural - v0) * t) }
        let root = (ratio * ratio - 1).squareRoot()
        let fast = -natural * (ratio + root), slow = -natural * (ratio - root)
        let a = (-v0 - slow) / (fast - slow)
        return a * exp(fast * t) + (1 - a) * exp(slow * t)
    }

    /// Seconds until it stays within a thousandth of the way of its rest
    /// (a millisecond at a time, up to a minute).
    var settlingDuration: Double {
        var last = 0.0
        var t = 0.0
        while t <= 60 {
            if abs(displacement(at: t)) >= 0.001 { last = t }
            // Long after the last time out of the band, it has settled: an envelope only shrinks.
            if t - last > 2 { break }
            t += 0.001
        }
        return last
    }
}
