import Synchronization

/// An incremental Cassowary solver: a simplex tableau kept solved as
/// constraints come and go, with required constraints as hard rows and the
/// others as weighted errors the objective minimises. A constraint's
/// constant (an edit variable's suggested value, an animated layout
/// constant) changes with a dual simplex from the current solution, not a
/// solve from nothing.
///
/// After Badros, Borning and Stuckey, "The Cassowary Linear Arithmetic
/// Constraint Solving Algorithm" (2001). Ties are broken by the lowest
/// symbol, so the same constraints in the same order give the same answer.
public final class Solver {
    private struct Tag {
        let constraint: Constraint
        /// The slack, error or dummy that stands for this constraint in the tableau.
        let marker: Symbol
        /// A non-required constraint's second error.
        let other: Symbol?
        /// The marker's coefficient in the constraint's own row: a change of
        /// the constant by δ is the marker shifted by δ / this.
        let markerCoefficient: Double
        let order: Int
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The constraint cannot hold together with the required ones already in.
        case unsatisfiable
        case duplicate
        case unknownConstraint
        case unknownEditVariable
        case duplicateEditVariable
        /// Edit variables are for preferences; a required one could make every suggestion unsatisfiable.
        case requiredEditVariable

        public var description: String {
            switch self {
            case .unsatisfiable: "the constraint cannot hold together with the required ones"
            case .duplicate: "the constraint is already in the solver"
            case .unknownConstraint: "the constraint is not in the solver"
            case .unknownEditVariable: "the variable is not an edit variable"
            case .duplicateEditVariable: "the variable is already an edit variable"
            case .requiredEditVariable: "an edit variable cannot be required"
            }
        }
    }

    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (TouchUI/View.swift).
    /// Variables whose cached symbol is another solver's.
    @exclusivity(unchecked) private var variables: [ObjectIdentifier: Symbol] = [:]
    /// The variable behind each external symbol, by symbol id.
    @exclusivity(unchecked) private var externalVariables: [Variable?] = []
    /// Each constraint's record, in a slot; a free slot is nil.
    @exclusivity(unchecked) private var tags: [Tag?] = []
    @exclusivity(unchecked) private var freeSlots: [Int] = []
    @exclusivity(unchecked) private var tagCount = 0
    /// Slots of constraints whose cached slot is another solver's.
    @exclusivity(unchecked) private var otherSlots: [ObjectIdentifier: Int] = [:]
    @exclusivity(unchecked) private var edits: [ObjectIdentifier: Constraint] = [:]
    /// Each basic symbol's row, by symbol id.
    @exclusivity(unchecked) private var rows: [Row?] = []
    /// For each symbol id, the ids of the basic symbols whose rows hold it.
    @exclusivity(unchecked) private var columns: [SymbolSet] = []
    @exclusivity(unchecked) private var kinds: [Symbol.Kind] = []
    @exclusivity(unchecked) private var objective = Row()
    @exclusivity(unchecked) private var artificial: Row?
    @exclusivity(unchecked) private var infeasible: [Int] = []
    @exclusivity(unchecked) private var nextOrder = 0
    /// External symbols whose value may have changed since `changedVariables()` was last asked.
    @exclusivity(unchecked) private var changed: [Int] = []
    @exclusivity(unchecked) private var isChanged: [Bool] = []
    /// Unique for the process's life (an address can be reused): which solver a variable's cached symbol is for.
    private let identity = Solver.identities.wrappingAdd(1, ordering: .relaxed).newValue
    private static let identities = Atomic<Int>(0)

    public init() {}

    public var constraintCount: Int { tagCount }

    public func contains(_ constraint: Constraint) -> Bool { slot(of: constraint) != nil }

    /// Every constraint in the solver, in the order they were added.
    public var constraints: [Constraint] {
        tags.compactMap { $0 }.sorted { $0.order < $1.order }.map(\.constraint)
    }

    private func slot(of constraint: Constraint) -> Int? {
        if constraint.cachedSolver == identity { return constraint.cachedSlot }
        return otherSlots[ObjectIdentifier(constraint)]
    }

    private func store(_ tag: Tag) {
        let slot = freeSlots.popLast() ?? tags.count
        if slot == tags.count { tags.append(tag) } else { tags[slot] = tag }
        tagCount += 1
        let constraint = tag.constraint
        if constraint.cachedSolver == 0 || constraint.cachedSolver == identity {
            constraint.cachedSolver = identity
            constraint.cachedSlot = slot
        } else {
            otherSlots[ObjectIdentifier(constraint)] = slot
        }
    }

    @discardableResult
    private func discardTag(of constraint: Constraint) -> Tag? {
        guard let slot = slot(of: constraint) else { return nil }
        let tag = tags[slot]
        tags[slot] = nil
        freeSlots.append(slot)
        tagCount -= 1
        if constraint.cachedSolver == identity { constraint.cachedSolver = 0 } else { otherSlots[ObjectIdentifier(constraint)] = nil }
        return tag
    }

    private func tag(of constraint: Constraint) -> Tag? { slot(of: constraint).flatMap { tags[$0] } }

    // MARK: Adding and removing

    public func add(_ constraint: Constraint) throws(Failure) {
        guard slot(of: constraint) == nil else { throw .duplicate }
        var (row, tag) = makeRow(constraint)
        var subject = chooseSubject(row, tag)
        if subject == nil && row.symbols.allSatisfy(\.isDummy) {
            // Nothing but dummies: a restatement of constraints already in, which holds only if its constant is zero.
            guard Row.nearZero(row.constant) else { throw .unsatisfiable }
            subject = tag.marker
        }
        store(tag)
        if let subject {
            row.solve(for: subject)
            substitute(subject, by: row)
            insertRow(row, for: subject)
        } else if !addWithArtificialVariable(row) {
            // The tableau holds part of the failed row: start again without it.
            discardTag(of: constraint)
            rebuild()
            throw .unsatisfiable
        }
        do { try optimize() } catch {
            discardTag(of: constraint)
            rebuild()
            throw error
        }
    }

    public func remove(_ constraint: Constraint) throws(Failure) {
        guard let tag = discardTag(of: constraint) else { throw .unknownConstraint }
        removeErrorWeight(tag.marker, constraint.strength)
        if let other = tag.other { removeErrorWeight(other, constraint.strength) }
        if rows[tag.marker.id] != nil {
            _ = takeRow(tag.marker)
        } else if let leaving = markerLeavingRow(tag.marker) {
            var row = takeRow(leaving)
            row.solve(leaving, for: tag.marker)
            substitute(tag.marker, by: row)
        }
        try optimize()
    }

    /// Changes a constraint's constant and re-solves from the current
    /// solution (a dual simplex over the rows it touched). If a required
    /// constraint can no longer hold, the old constant stays and this throws.
    public func setConstant(_ constant: Double, of constraint: Constraint) throws(Failure) {
        guard let tag = tag(of: constraint) else { throw .unknownConstraint }
        let old = constraint.constant
        guard constant != old else { return }
        constraint.constant = constant
        let shift = (constant - old) / tag.markerCoefficient
        if rows[tag.marker.id] != nil {
            rows[tag.marker.id]!.constant -= shift
            noteIfInfeasible(tag.marker.id)
        } else {
            for basic in columns[tag.marker.id] {
                rows[basic]!.constant += rows[basic]!.coefficient(for: tag.marker) * shift
                noteIfInfeasible(basic)
                noteChanged(basic)
            }
        }
        do {
            try checkDummies(tag)
            try dualOptimize()
        } catch {
            constraint.constant = old
            rebuild()
            throw error
        }
    }

    // MARK: Edit variables

    /// Makes `variable` one whose value can be suggested, held at the
    /// suggestion with `strength` (dragging, a value a caller steers).
    public func addEditVariable(_ variable: Variable, strength: Strength) throws(Failure) {
        guard !strength.isRequired else { throw .requiredEditVariable }
        let key = ObjectIdentifier(variable)
        guard edits[key] == nil else { throw .duplicateEditVariable }
        let constraint = Constraint([(variable, 1)], constant: -value(of: variable), .equal, strength: strength)
        try add(constraint)
        edits[key] = constraint
    }

    public func removeEditVariable(_ variable: Variable) throws(Failure) {
        guard let constraint = edits.removeValue(forKey: ObjectIdentifier(variable)) else { throw .unknownEditVariable }
        try remove(constraint)
    }

    public func suggestValue(_ value: Double, for variable: Variable) throws(Failure) {
        guard let constraint = edits[ObjectIdentifier(variable)] else { throw .unknownEditVariable }
        try setConstant(-value, of: constraint)
    }

    // MARK: Reading the solution

    /// The variable's value in the current solution (0 for one the solver has not seen).
    public func value(of variable: Variable) -> Double {
        guard let symbol = knownSymbol(of: variable) else { return 0 }
        return rows[symbol.id]?.constant ?? 0
    }

    /// The variables whose values may have changed since the last call (a
    /// superset): what a caller applying the solution needs to look at.
    public func changedVariables() -> [Variable] {
        defer {
            for id in changed { isChanged[id] = false }
            changed.removeAll(keepingCapacity: true)
        }
        return changed.compactMap { externalVariables[$0] }
    }

    private func knownSymbol(of variable: Variable) -> Symbol? {
        if variable.cachedSolver == identity { return variable.cachedSymbol }
        return variables[ObjectIdentifier(variable)]
    }

    private func noteChanged(_ id: Int) {
        guard kinds[id] == .external, !isChanged[id] else { return }
        isChanged[id] = true
        changed.append(id)
    }

    /// Whether the variable could take another value with every constraint
    /// as well met: nothing pins it, or it rests on a slack or error the
    /// objective does not care about.
    public func isAmbiguous(_ variable: Variable) -> Bool {
        guard let symbol = knownSymbol(of: variable) else { return true }
        guard let row = rows[symbol.id] else { return true }
        for term in row.symbols {
            if term.isExternal { return true }
            if term.isRestricted && Row.nearZero(objective.coefficient(for: term)) { return true }
        }
        return false
    }

    /// Why `constraint` cannot be added: a smallest set of required
    /// constraints already in that, with it, cannot all hold (it comes
    /// last). Empty if it could be added after all.
    public func conflict(with constraint: Constraint) -> [Constraint] {
        // Only constraints linked to it through shared variables can be involved.
        var byVariable: [ObjectIdentifier: [Constraint]] = [:]
        let required = constraints.filter { $0.strength.isRequired }
        for candidate in required {
            for term in candidate.terms { byVariable[ObjectIdentifier(term.0), default: []].append(candidate) }
        }
        var reached: Set<ObjectIdentifier> = []
        var queue = constraint.terms.map { ObjectIdentifier($0.0) }
        var seen = Set(queue)
        while let next = queue.popLast() {
            for linked in byVariable[next] ?? [] where reached.insert(ObjectIdentifier(linked)).inserted {
                for term in linked.terms where seen.insert(ObjectIdentifier(term.0)).inserted {
                    queue.append(ObjectIdentifier(term.0))
                }
            }
        }
        func conflicts(_ set: [Constraint]) -> Bool {
            let trial = Solver()
            for member in set { try? trial.add(member) }
            do { try trial.add(constraint) } catch { return true }
            return false
        }
        var kept = required.filter { reached.contains(ObjectIdentifier($0)) }
        guard conflicts(kept) else { return [] }
        // Deletion filtering: drop each member the conflict does not need.
        // Quadratic, so only on sets a person could read anyway.
        if kept.count <= 256 {
            var index = kept.count - 1
            while index >= 0 {
                var without = kept
                without.remove(at: index)
                if conflicts(without) { kept = without }
                index -= 1
            }
        }
        return kept + [constraint]
    }

    // MARK: The tableau

    private func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        let symbol = Symbol(id: rows.count, kind: kind)
        rows.append(nil)
        columns.append(SymbolSet())
        kinds.append(kind)
        isChanged.append(false)
        externalVariables.append(nil)
        return symbol
    }

    private func symbol(for variable: Variable) -> Symbol {
        if let known = knownSymbol(of: variable) { return known }
        let symbol = newSymbol(.external)
        externalVariables[symbol.id] = variable
        if variable.cachedSolver == 0 {
            variable.cachedSolver = identity
            variable.cachedSymbol = symbol
        } else {
            variables[ObjectIdentifier(variable)] = symbol
        }
        return symbol
    }

    private func insertRow(_ row: Row, for basic: Symbol) {
        for symbol in row.symbols { columns[symbol.id].insert(basic.id) }
        rows[basic.id] = row
        noteChanged(basic.id)
    }

    private func takeRow(_ basic: Symbol) -> Row {
        let row = rows[basic.id]!
        rows[basic.id] = nil
        for symbol in row.symbols { columns[symbol.id].remove(basic.id) }
        noteChanged(basic.id)
        return row
    }

    private func basicSymbol(_ id: Int) -> Symbol { Symbol(id: id, kind: kinds[id]) }

    private func noteIfInfeasible(_ id: Int) {
        let kind = kinds[id]
        if (kind == .slack || kind == .error) && rows[id]!.constant < 0 { infeasible.append(id) }
    }

    /// The constraint as a row over parametric symbols, with its slack,
    /// errors or dummy, and its errors weighed into the objective.
    private func makeRow(_ constraint: Constraint) -> (Row, Tag) {
        // Room for every term the basic variables' rows bring, so the row grows in place.
        var capacity = 3
        for (variable, _) in constraint.terms {
            if let known = knownSymbol(of: variable), let basic = rows[known.id] { capacity += basic.terms.count } else { capacity += 1 }
        }
        var row = Row(constant: constraint.constant, capacity: capacity)
        for (variable, coefficient) in constraint.terms {
            let symbol = symbol(for: variable)
            if let basic = rows[symbol.id] { row.add(basic, times: coefficient) } else { row.add(symbol, coefficient) }
        }
        let strength = constraint.strength
        let marker: Symbol, other: Symbol?, markerCoefficient: Double
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            markerCoefficient = constraint.relation == .lessThanOrEqual ? 1 : -1
            marker = newSymbol(.slack)
            row.add(marker, markerCoefficient)
            if strength.isRequired {
                other = nil
            } else {
                let error = newSymbol(.error)
                row.add(error, -markerCoefficient)
                objective.add(error, strength.weight)
                other = error
            }
        case .equal:
            if strength.isRequired {
                marker = newSymbol(.dummy)
                markerCoefficient = 1
                row.add(marker, 1)
                other = nil
            } else {
                let plus = newSymbol(.error), minus = newSymbol(.error)
                row.add(plus, -1)
                row.add(minus, 1)
                objective.add(plus, strength.weight)
                objective.add(minus, strength.weight)
                marker = plus
                other = minus
                markerCoefficient = -1
            }
        }
        if row.constant < 0 { row.negate() }
        let tag = Tag(constraint: constraint, marker: marker, other: other, markerCoefficient: markerCoefficient, order: nextOrder)
        nextOrder += 1
        return (row, tag)
    }

    /// A symbol the new row can be solved for without breaking feasibility:
    /// an external, else its own new slack or error if it enters negatively.
    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        var external: Symbol?
        for symbol in row.symbols where symbol.isExternal {
            if external == nil || symbol < external! { external = symbol }
        }
        if let external { return external }
        if tag.marker.isRestricted && row.coefficient(for: tag.marker) < 0 { return tag.marker }
        if let other = tag.other, other.isRestricted, row.coefficient(for: other) < 0 { return other }
        return nil
    }

    /// Phase one of the simplex for a row with no subject: an artificial
    /// variable, driven to zero if the row can hold.
    private func addWithArtificialVariable(_ row: Row) -> Bool {
        let art = newSymbol(.slack)
        insertRow(row, for: art)
        artificial = row
        try? optimize(artificialPhase: true)
        let success = Row.nearZero(artificial!.constant)
        artificial = nil
        if rows[art.id] != nil {
            var artRow = takeRow(art)
            if artRow.isConstant { return success }
            guard let entering = artRow.symbols.filter(\.isRestricted).min() else { return false }
            artRow.solve(art, for: entering)
            substitute(entering, by: artRow)
            insertRow(artRow, for: entering)
        }
        for basic in columns[art.id] { rows[basic]!.remove(art) }
        columns[art.id] = SymbolSet()
        objective.remove(art)
        return success
    }

    /// Replaces `symbol` by `row` everywhere it appears.
    private func substitute(_ symbol: Symbol, by row: Row) {
        let users = columns[symbol.id].members
        columns[symbol.id] = SymbolSet()
        for basic in users {
            let coefficient = rows[basic]!.coefficient(for: symbol)
            rows[basic]!.remove(symbol)
            rows[basic]!.constant += coefficient * row.constant
            for rowTerm in row.terms {
                let term = rowTerm.symbol, termCoefficient = rowTerm.coefficient
                switch rows[basic]!.add(term, coefficient * termCoefficient) {
                case 1: columns[term.id].insert(basic)
                case -1: columns[term.id].remove(basic)
                default: break
                }
            }
            noteIfInfeasible(basic)
            noteChanged(basic)
        }
        objective.substitute(symbol, by: row)
        artificial?.substitute(symbol, by: row)
    }

    private func pivot(entering: Symbol, leaving: Symbol) {
        var row = takeRow(leaving)
        row.solve(leaving, for: entering)
        substitute(entering, by: row)
        insertRow(row, for: entering)
    }

    /// The primal simplex: pivots until no symbol in the objective can lower it.
    private func optimize(artificialPhase: Bool = false) throws(Failure) {
        while let entering = enteringSymbol(artificialPhase: artificialPhase) {
            var leaving: Symbol?
            var best = Double.infinity
            for basic in columns[entering.id] where kinds[basic] != .external {
                let coefficient = rows[basic]!.coefficient(for: entering)
                guard coefficient < 0 else { continue }
                let ratio = -rows[basic]!.constant / coefficient
                let symbol = basicSymbol(basic)
                if ratio < best || (ratio == best && symbol < leaving!) {
                    best = ratio
                    leaving = symbol
                }
            }
            // Unbounded: cannot happen with errors weighted positively.
            guard let leaving else { throw .unsatisfiable }
            pivot(entering: entering, leaving: leaving)
        }
    }

    /// The lowest symbol whose increase lowers the objective (Bland's rule: no cycling).
    private func enteringSymbol(artificialPhase: Bool) -> Symbol? {
        let goal = artificialPhase ? artificial! : objective
        var entering: Symbol?
        for term in goal.terms
        where !term.symbol.isDummy && term.coefficient < 0 && (entering == nil || term.symbol < entering!) {
            entering = term.symbol
        }
        return entering
    }

    /// The dual simplex: restores feasibility after constants changed,
    /// keeping the objective optimal.
    private func dualOptimize() throws(Failure) {
        while !infeasible.isEmpty {
            infeasible.sort(by: >)
            let leavingID = infeasible.removeLast()
            guard let row = rows[leavingID], row.constant < 0, !Row.nearZero(row.constant) else { continue }
            var entering: Symbol?
            var best = Double.infinity
            for term in row.terms where term.coefficient > 0 && !term.symbol.isDummy {
                let symbol = term.symbol, coefficient = term.coefficient
                let ratio = objective.coefficient(for: symbol) / coefficient
                if ratio < best || (ratio == best && symbol < entering!) {
                    best = ratio
                    entering = symbol
                }
            }
            guard let entering else {
                infeasible.removeAll()
                throw .unsatisfiable
            }
            pivot(entering: entering, leaving: basicSymbol(leavingID))
        }
    }

    /// A required equality's dummy that is basic on a row of dummies alone
    /// must stay zero: a constant change that moves it is unsatisfiable.
    private func checkDummies(_ tag: Tag) throws(Failure) {
        guard tag.marker.isDummy, let row = rows[tag.marker.id] else { return }
        if row.symbols.allSatisfy(\.isDummy) && !Row.nearZero(row.constant) { throw .unsatisfiable }
    }

    private func removeErrorWeight(_ symbol: Symbol, _ strength: Strength) {
        guard symbol.kind == .error else { return }
        if let row = rows[symbol.id] { objective.add(row, times: -strength.weight) } else { objective.add(symbol, -strength.weight) }
    }

    /// The row to pivot a removed constraint's marker into the basis with,
    /// keeping the others feasible.
    private func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        var first: Symbol?, second: Symbol?, third: Symbol?
        var firstRatio = Double.infinity, secondRatio = Double.infinity
        for basic in columns[marker.id].members.sorted() {
            let row = rows[basic]!
            let symbol = basicSymbol(basic)
            let coefficient = row.coefficient(for: marker)
            if symbol.isExternal {
                if third == nil { third = symbol }
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if ratio < firstRatio { firstRatio = ratio; first = symbol }
            } else {
                let ratio = row.constant / coefficient
                if ratio < secondRatio { secondRatio = ratio; second = symbol }
            }
        }
        return first ?? second ?? third
    }

    /// Solves again from nothing with the constraints still in, in their
    /// order: the way back to a consistent tableau after a failed change.
    private func rebuild() {
        let kept = tags.compactMap { $0 }.sorted { $0.order < $1.order }
        let editStrengths = edits
        // Every variable's value may change; their symbols will be new.
        let everyVariable = externalVariables.compactMap { $0 }
        for variable in everyVariable where variable.cachedSolver == identity { variable.cachedSolver = 0 }
        for tag in kept where tag.constraint.cachedSolver == identity { tag.constraint.cachedSolver = 0 }
        externalVariables = []
        changed = []
        isChanged = []
        variables = [:]
        tags = []
        freeSlots = []
        tagCount = 0
        otherSlots = [:]
        rows = []
        columns = []
        kinds = []
        objective = Row()
        artificial = nil
        infeasible = []
        for tag in kept { try? add(tag.constraint) }
        edits = editStrengths
        for variable in everyVariable {
            let symbol = self.symbol(for: variable)
            noteChanged(symbol.id)
        }
    }
}

extension Row {
    /// Adds `factor` times `other`.
    mutating func add(_ other: Row, times factor: Double) {
        constant += other.constant * factor
        for term in other.terms { add(term.symbol, term.coefficient * factor) }
    }

    /// Replaces `symbol`, if present, by `row`.
    mutating func substitute(_ symbol: Symbol, by row: Row) {
        guard let i = index(of: symbol) else { return }
        let coefficient = terms[i].coefficient
        remove(symbol)
        add(row, times: coefficient)
    }
}
