/// How much a constraint matters, from 1 to 1000 (required), as UILayoutPriority.
///
/// A constraint below required gives way to any of higher priority; among
/// equals, the layout breaks them as little as it can in all.
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, CustomStringConvertible
{
    public var rawValue: Float

    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(floatLiteral value: Float) { rawValue = value }
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    public static let required = LayoutPriority(1000)
    /// A button's resistance to being squeezed.
    public static let defaultHigh = LayoutPriority(750)
    /// A button's reluctance to grow.
    public static let defaultLow = LayoutPriority(250)
    /// What `systemLayoutSizeFitting` pulls toward the target size with.
    public static let fittingSizeLevel = LayoutPriority(50)
    public static let dragThatCanResizeScene = LayoutPriority(510)
    public static let sceneSizeStayPut = LayoutPriority(500)
    public static let dragThatCannotResizeScene = LayoutPriority(490)

    public static func < (a: LayoutPriority, b: LayoutPriority) -> Bool { a.rawValue < b.rawValue }
    public static func + (a: LayoutPriority, b: Float) -> LayoutPriority { LayoutPriority(a.rawValue + b) }
    public static func - (a: LayoutPriority, b: Float) -> LayoutPriority { LayoutPriority(a.rawValue - b) }

    public var description: String { rawValue == rawValue.rounded() ? "\(Int(rawValue))" : "\(rawValue)" }
}
