/// A physical button going down, changing and coming up (a key of a
/// keyboard, a keypad or a scanner; a hardware button), as UIPress. One
/// object for the whole press, updated in place.
@MainActor
public final class Press: Hashable {
    public enum Phase: Sendable { case began, changed, stationary, ended, cancelled }

    /// The key and what it types; nil for a button that is no key.
    public let key: Key?
    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (TouchUI/View.swift).
    @exclusivity(unchecked) public internal(set) var phase: Phase
    @exclusivity(unchecked) public internal(set) var timestamp: Double
    /// The responder the press went to (the first responder, else the key window).
    @exclusivity(unchecked) public internal(set) weak var responder: Responder?

    public init(key: Key?, phase: Phase, timestamp: Double) {
        self.key = key
        self.phase = phase
        self.timestamp = timestamp
    }

    /// The host moves a press on: it changed, ended or was cancelled (a keyboard unplugged).
    public func update(phase: Phase, timestamp: Double) {
        self.phase = phase
        self.timestamp = timestamp
    }

    public nonisolated static func == (a: Press, b: Press) -> Bool { a === b }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
