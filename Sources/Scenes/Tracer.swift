import TouchUI

/// Collects the calls a scene's classes make, as `Class.method`, the way the
/// seed articles log them.
@MainActor
public final class Tracer {
    public private(set) var lines: [String] = []

    public init() {}

    public func log(_ object: AnyObject, _ method: String, _ detail: String? = nil) {
        let name = String(describing: type(of: object))
        lines.append(detail.map { "\(name).\(method) \($0)" } ?? "\(name).\(method)")
    }
}

/// Which calls a traced class reports.
public struct TraceKinds: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let hitTest = TraceKinds(rawValue: 1)
    public static let pointInside = TraceKinds(rawValue: 2)
    public static let touches = TraceKinds(rawValue: 4)
}
