/// An unknown the solver finds a value for: a view's left edge, its width.
///
/// A variable has identity: the same object in two constraints is the same
/// unknown. It may be used in several solvers at once; each keeps its own value.
public final class Variable: CustomStringConvertible {
    public let name: String
    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (TouchUI/View.swift).
    /// What the variable belongs to (a view, say): how a caller maps
    /// `Solver.changedVariables()` back to its own objects.
    @exclusivity(unchecked) public weak var owner: AnyObject?
    /// A number for the caller's own use, such as where it keeps its record
    /// of the variable: found with no lookup and no reference counting,
    /// which a weak `owner` costs.
    @exclusivity(unchecked) public var tag = -1
    /// The symbol of the first solver that used it, found without a lookup.
    @exclusivity(unchecked) var cachedSolver = 0
    @exclusivity(unchecked) var cachedSymbol = Symbol(id: 0, kind: .external)

    public init(_ name: String = "", owner: AnyObject? = nil) {
        self.name = name
        self.owner = owner
    }

    public var description: String { name.isEmpty ? "v\(ObjectIdentifier(self).hashValue)" : name }
}

/// How much a non-required constraint matters. The solver minimises the sum
/// of each broken constraint's error times its weight, so a heavier one is
/// broken only where that saves more than it costs.
public struct Strength: Comparable, Sendable, CustomStringConvertible {
    public let weight: Double

    /// Must hold; never traded against others.
    public static let required = Strength(weight: .infinity)

    public init(weight: Double) {
        precondition(weight > 0, "a strength's weight is positive")
        self.weight = weight
    }

    public var isRequired: Bool { weight == .infinity }

    public static func < (a: Strength, b: Strength) -> Bool { a.weight < b.weight }

    public var description: String { isRequired ? "required" : "\(weight)" }
}
