/// A linear relation between variables: `Σ coefficient·variable + constant
/// (relation) 0`, held with a strength.
///
/// A constraint has identity: the solver is told to add and remove this
/// object. Its constant may change while it is in a solver, through
/// `Solver.setConstant`, which re-solves incrementally.
public final class Constraint: CustomStringConvertible {
    public enum Relation: Sendable {
        case lessThanOrEqual, equal, greaterThanOrEqual
    }

    public let terms: [(Variable, Double)]
    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (TouchUI/View.swift).
    @exclusivity(unchecked) public internal(set) var constant: Double
    public let relation: Relation
    public let strength: Strength
    /// Where the first solver that took it keeps its record, found without a lookup.
    @exclusivity(unchecked) var cachedSolver = 0
    @exclusivity(unchecked) var cachedSlot = -1

    /// `Σ terms + constant (relation) 0`. Terms naming the same variable twice are summed.
    public init(_ terms: [(Variable, Double)], constant: Double, _ relation: Relation, strength: Strength = .required) {
        var merged = terms
        // Usually nothing to merge: then the caller's array is kept as it is.
        var index = 0
        while index < merged.count {
            let variable = merged[index].0
            var other = index + 1
            while other < merged.count {
                if merged[other].0 === variable {
                    merged[index].1 += merged[other].1
                    merged.remove(at: other)
                } else {
                    other += 1
                }
            }
            if merged[index].1 == 0 { merged.remove(at: index) } else { index += 1 }
        }
        self.terms = merged
        self.constant = constant
        self.relation = relation
        self.strength = strength
    }

    /// `left (relation) right` for two linear expressions.
    public convenience init(_ left: LinearExpression, _ relation: Relation, _ right: LinearExpression, strength: Strength = .required) {
        let difference = left - right
        self.init(difference.terms, constant: difference.constant, relation, strength: strength)
    }

    public var description: String {
        let sum = terms.map { "\($0.1)·\($0.0)" }.joined(separator: " + ")
        let symbol = switch relation {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
        return "\(sum) + \(constant) \(symbol) 0 (\(strength))"
    }
}

/// A linear expression to build constraints with: `width * 2 + 8`.
public struct LinearExpression {
    public var terms: [(Variable, Double)]
    public var constant: Double

    public init(_ terms: [(Variable, Double)] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    public init(_ variable: Variable) { self.init([(variable, 1)]) }

    public static func + (a: LinearExpression, b: LinearExpression) -> LinearExpression {
        LinearExpression(a.terms + b.terms, constant: a.constant + b.constant)
    }

    public static func - (a: LinearExpression, b: LinearExpression) -> LinearExpression { a + b * -1 }

    public static func * (a: LinearExpression, factor: Double) -> LinearExpression {
        LinearExpression(a.terms.map { ($0.0, $0.1 * factor) }, constant: a.constant * factor)
    }

    public static func + (a: LinearExpression, constant: Double) -> LinearExpression {
        LinearExpression(a.terms, constant: a.constant + constant)
    }
}
