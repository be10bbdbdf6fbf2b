/// How a held key repeats: after `delay` seconds, `rate` times a second.
/// UIKit leaves this to the system's settings; here the host sets it from
/// its configuration (`[keyboard] repeat-delay` and `repeat-rate`).
public struct KeyRepeat: Hashable, Sendable {
    public var delay: Double
    /// Repeats a second; 0 means a held key does not repeat.
    public var rate: Double

    public init(delay: Double, rate: Double) { (self.delay, self.rate) = (delay, rate) }

    /// Half a second, then 25 a second: the X server's and Weston's defaults are near it.
    public static let standard = KeyRepeat(delay: 0.5, rate: 25)
}
