import Testing

@testable import ConstraintSolver

private func expr(_ variable: Variable) -> LinearExpression { LinearExpression(variable) }
private func const(_ value: Double) -> LinearExpression { LinearExpression(constant: value) }
private let strong = Strength(weight: 1_000_000)
private let medium = Strength(weight: 1_000)
private let weak = Strength(weight: 1)

@Suite struct SolverTests {
    @Test func requiredEqualitiesChain() throws {
        let solver = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        try solver.add(Constraint(expr(left), .equal, const(20)))
        try solver.add(Constraint(expr(width), .equal, const(100)))
        try solver.add(Constraint(expr(right), .equal, expr(left) + expr(width)))
        #expect(solver.value(of: right) == 120)
        #expect(!solver.isAmbiguous(right))
    }

    @Test func aRequiredBoundBeatsAPreference() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add(Constraint(expr(x), .greaterThanOrEqual, const(100)))
        try solver.add(Constraint(expr(x), .equal, const(50), strength: weak))
        #expect(solver.value(of: x) == 100)
    }

    @Test func theStrongerPreferenceWins() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add(Constraint(expr(x), .equal, const(20), strength: weak))
        try solver.add(Constraint(expr(x), .equal, const(10), strength: strong))
        #expect(solver.value(of: x) == 10)
        // Whichever comes first.
        let other = Solver()
        try other.add(Constraint(expr(x), .equal, const(10), strength: strong))
        try other.add(Constraint(expr(x), .equal, const(20), strength: weak))
        #expect(other.value(of: x) == 10)
    }

    @Test func equalSpacingBetweenTwoEdges() throws {
        // Three boxes of 50 in 300 points with equal gaps: the gaps are 37.5.
        let solver = Solver()
        let lefts = (0..<3).map { Variable("left\($0)") }
        let gap = Variable("gap")
        try solver.add(Constraint(expr(lefts[0]), .equal, expr(gap)))
        try solver.add(Constraint(expr(lefts[1]), .equal, expr(lefts[0]) + const(50) + expr(gap)))
        try solver.add(Constraint(expr(lefts[2]), .equal, expr(lefts[1]) + const(50) + expr(gap)))
        try solver.add(Constraint(expr(lefts[2]) + const(50) + expr(gap), .equal, const(300)))
        #expect(abs(solver.value(of: gap) - 37.5) < 1e-9)
        #expect(abs(solver.value(of: lefts[2]) - 212.5) < 1e-9)
    }

    @Test func anUnsatisfiableEqualityIsRefusedAndTheRestStands() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let first = Constraint(expr(x), .equal, const(10))
        try solver.add(first)
        try solver.add(Constraint(expr(y), .equal, expr(x) * 2))
        let clash = Constraint(expr(y), .equal, const(30))
        #expect(throws: Solver.Failure.unsatisfiable) { try solver.add(clash) }
        #expect(!solver.contains(clash))
        #expect(solver.value(of: y) == 20)
        // The solver goes on working.
        try solver.setConstant(-20, of: first)
        #expect(solver.value(of: y) == 40)
    }

    @Test func anUnsatisfiableInequalityIsRefusedAndTheRestStands() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add(Constraint(expr(x), .greaterThanOrEqual, const(10)))
        try solver.add(Constraint(expr(x), .equal, const(0), strength: weak))
        #expect(throws: Solver.Failure.unsatisfiable) {
            try solver.add(Constraint(expr(x), .lessThanOrEqual, const(5)))
        }
        #expect(solver.value(of: x) == 10)
        #expect(solver.constraintCount == 2)
    }

    @Test func theConflictIsTheSmallestSetThatCannotHold() throws {
        let solver = Solver()
        let a = Variable("a"), b = Variable("b"), c = Variable("c"), d = Variable("d")
        let pinA = Constraint(expr(a), .equal, const(0))
        let gap = Constraint(expr(b), .equal, expr(a) + const(100))
        let unrelated = Constraint(expr(d), .equal, const(7))
        let linked = Constraint(expr(c), .equal, expr(b) + const(5))
        let loose = Constraint(expr(b), .lessThanOrEqual, const(500))
        for constraint in [pinA, gap, unrelated, linked, loose] { try solver.add(constraint) }
        let clash = Constraint(expr(b), .lessThanOrEqual, const(50))
        #expect(throws: Solver.Failure.unsatisfiable) { try solver.add(clash) }
        let conflict = solver.conflict(with: clash)
        #expect(conflict.map(ObjectIdentifier.init) == [pinA, gap, clash].map(ObjectIdentifier.init))
        #expect(solver.conflict(with: Constraint(expr(b), .lessThanOrEqual, const(200))).isEmpty)
    }

    @Test func removingAConstraintUndoesIt() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add(Constraint(expr(x), .equal, const(10), strength: weak))
        let floor = Constraint(expr(x), .greaterThanOrEqual, const(40))
        try solver.add(floor)
        #expect(solver.value(of: x) == 40)
        try solver.remove(floor)
        #expect(solver.value(of: x) == 10)
        #expect(throws: Solver.Failure.unknownConstraint) { try solver.remove(floor) }
        #expect(throws: Solver.Failure.duplicate) {
            let again = Constraint(expr(x), .equal, const(1), strength: weak)
            try solver.add(again)
            try solver.add(again)
        }
    }

    @Test func editVariablesFollowSuggestions() throws {
        let solver = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        try solver.add(Constraint(expr(right), .equal, expr(left) + expr(width)))
        try solver.add(Constraint(expr(width), .greaterThanOrEqual, const(10)))
        try solver.add(Constraint(expr(left), .equal, const(0), strength: weak))
        try solver.addEditVariable(right, strength: strong)
        for target in [50.0, 120, 5, 300] {
            try solver.suggestValue(target, for: right)
            #expect(solver.value(of: right) == target)
            // The weak left gives way only when the width would go under its floor.
            #expect(solver.value(of: left) == min(0, target - 10))
        }
        #expect(throws: Solver.Failure.requiredEditVariable) { try solver.addEditVariable(left, strength: .required) }
        try solver.removeEditVariable(right)
        #expect(throws: Solver.Failure.unknownEditVariable) { try solver.suggestValue(1, for: right) }
    }

    @Test func aRequiredConstantThatCannotHoldIsRefusedAndKept() throws {
        let solver = Solver()
        let x = Variable("x")
        let pin = Constraint(expr(x), .equal, const(30))
        try solver.add(pin)
        try solver.add(Constraint(expr(x), .lessThanOrEqual, const(100)))
        #expect(throws: Solver.Failure.unsatisfiable) { try solver.setConstant(-150, of: pin) }
        #expect(pin.constant == -30)
        #expect(solver.value(of: x) == 30)
        try solver.setConstant(-60, of: pin)
        #expect(solver.value(of: x) == 60)
    }

    @Test func ambiguity() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        try solver.add(Constraint(expr(x), .greaterThanOrEqual, const(0)))
        #expect(solver.isAmbiguous(x))
        try solver.add(Constraint(expr(x), .equal, const(5), strength: weak))
        #expect(!solver.isAmbiguous(x))
        // Two unknowns and one equation: either could move.
        try solver.add(Constraint(expr(y) + expr(z), .equal, const(10)))
        #expect(solver.isAmbiguous(y) || solver.isAmbiguous(z))
        #expect(solver.isAmbiguous(Variable("never seen")))
    }
}
