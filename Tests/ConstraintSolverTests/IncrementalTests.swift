import Testing

@testable import ConstraintSolver

/// The incremental solver against a solve from nothing: random systems that
/// a hidden point satisfies (so the required part can hold), every variable
/// pulled weakly toward a target with its own weight (so the optimum is
/// unique), then random adds, removes and constant changes. After each, a
/// new solver given the same constraints must find the same values.
@Suite struct IncrementalTests {
    /// A small deterministic generator (SplitMix64), so a failure replays.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test(arguments: 0..<40) func incrementalMatchesFromScratch(seed: Int) throws {
        var random = Generator(state: UInt64(seed) &* 7919 &+ 17)
        let variables = (0..<Int.random(in: 3...10, using: &random)).map { Variable("x\($0)") }
        let hidden = variables.map { _ in Double(Int.random(in: -200...200, using: &random)) }
        let solver = Solver()
        var live: [Constraint] = []

        func randomConstraint() -> Constraint {
            let count = Int.random(in: 1...3, using: &random)
            let chosen = (0..<count).map { _ in Int.random(in: 0..<variables.count, using: &random) }
            let terms = chosen.map { (variables[$0], Double([1, -1, 2, 0.5][Int.random(in: 0..<4, using: &random)])) }
            let atHidden = zip(chosen, terms).reduce(0.0) { $0 + hidden[$1.0] * $1.1.1 }
            let required = Int.random(in: 0..<3, using: &random) == 0
            let strength = required ? Strength.required : Strength(weight: Double.random(in: 1...1000, using: &random))
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                // Required ones hold at the hidden point; preferences need not.
                let offset = required ? 0 : Double(Int.random(in: -50...50, using: &random))
                return Constraint(terms, constant: -atHidden + offset, .equal, strength: strength)
            case 1:
                return Constraint(terms, constant: -atHidden - Double(Int.random(in: 0...30, using: &random)), .lessThanOrEqual, strength: strength)
            default:
                return Constraint(terms, constant: -atHidden + Double(Int.random(in: 0...30, using: &random)), .greaterThanOrEqual, strength: strength)
            }
        }

        func fromScratch() throws -> Solver {
            let fresh = Solver()
            for constraint in live { try fresh.add(constraint) }
            return fresh
        }

        func check(_ step: String) throws {
            let fresh = try fromScratch()
            for variable in variables {
                let incremental = solver.value(of: variable), scratch = fresh.value(of: variable)
                #expect(abs(incremental - scratch) < 1e-6, "seed \(seed), \(step): \(variable) is \(incremental), from scratch \(scratch)")
            }
        }

        // Every variable pulled toward its own target, each with its own weight.
        for variable in variables {
            let pull = Constraint(
                [(variable, 1)], constant: -Double(Int.random(in: -300...300, using: &random)), .equal,
                strength: Strength(weight: Double.random(in: 0.001...0.01, using: &random)))
            try solver.add(pull)
            live.append(pull)
        }
        for step in 0..<30 {
            switch Int.random(in: 0..<4, using: &random) {
            case 0, 1:
                let constraint = randomConstraint()
                try solver.add(constraint)
                live.append(constraint)
                try check("step \(step), added \(constraint)")
            case 2 where live.count > variables.count:
                let index = Int.random(in: variables.count..<live.count, using: &random)
                try solver.remove(live.remove(at: index))
                try check("step \(step), removed one")
            default:
                // A new constant for a preference (an edit, an animated constant).
                let index = Int.random(in: 0..<live.count, using: &random)
                guard !live[index].strength.isRequired else { continue }
                try solver.setConstant(live[index].constant + Double(Int.random(in: -80...80, using: &random)), of: live[index])
                try check("step \(step), moved \(live[index])")
            }
        }
    }

    /// A required constraint that cannot hold leaves the solver as a solve without it would be.
    @Test(arguments: 0..<20) func aRefusedConstraintLeavesNoTrace(seed: Int) throws {
        var random = Generator(state: UInt64(seed) &+ 1000)
        let variables = (0..<5).map { Variable("x\($0)") }
        let solver = Solver()
        var live: [Constraint] = []
        for variable in variables {
            let pin = Constraint([(variable, 1)], constant: -Double(Int.random(in: 0...100, using: &random)), .greaterThanOrEqual)
            let pull = Constraint([(variable, 1)], constant: -Double(Int.random(in: 0...100, using: &random)), .equal, strength: Strength(weight: Double(seed + 1)))
            try solver.add(pin)
            try solver.add(pull)
            live += [pin, pull]
        }
        // Below its own floor: can never hold.
        let victim = variables[Int.random(in: 0..<5, using: &random)]
        let clash = Constraint([(victim, 1)], constant: 1, .lessThanOrEqual)
        #expect(throws: Solver.Failure.unsatisfiable) { try solver.add(clash) }
        let fresh = Solver()
        for constraint in live { try fresh.add(constraint) }
        for variable in variables { #expect(abs(solver.value(of: variable) - fresh.value(of: variable)) < 1e-9) }
    }
}
