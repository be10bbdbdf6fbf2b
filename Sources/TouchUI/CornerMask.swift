/// The corners a view's `cornerRadius` rounds, as CACornerMask: min and max
/// are of x and y, so `layerMinXMinYCorner` is the top left.
public struct CornerMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let layerMinXMinYCorner = CornerMask(rawValue: 1 << 0)
    public static let layerMaxXMinYCorner = CornerMask(rawValue: 1 << 1)
    public static let layerMinXMaxYCorner = CornerMask(rawValue: 1 << 2)
    public static let layerMaxXMaxYCorner = CornerMask(rawValue: 1 << 3)
    public static let all: CornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    /// The two top corners, and the two bottom ones.
    public static let top: CornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    public static let bottom: CornerMask = [.layerMinXMaxYCorner, .layerMaxXMaxYCorner]

    /// The same corners in a path's terms.
    var rectCorners: RectCorner {
        var corners: RectCorner = []
        if contains(.layerMinXMinYCorner) { corners.insert(.topLeft) }
        if contains(.layerMaxXMinYCorner) { corners.insert(.topRight) }
        if contains(.layerMinXMaxYCorner) { corners.insert(.bottomLeft) }
        if contains(.layerMaxXMaxYCorner) { corners.insert(.bottomRight) }
        return corners
    }
}
