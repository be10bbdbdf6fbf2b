/// One of the tableau's unknowns: a caller's variable, or one the solver
/// made for a constraint. The kind decides what it may be: externals take
/// any value, slacks and errors none below zero, dummies only zero.
struct Symbol: Hashable, Comparable {
    enum Kind: Int { case external = 0, slack = 1, error = 2, dummy = 3 }

    let raw: Int

    init(id: Int, kind: Kind) { raw = id << 2 | kind.rawValue }

    var id: Int { raw >> 2 }
    var kind: Kind { Kind(rawValue: raw & 3)! }
    /// Kept at or above zero by the simplex (slacks and errors).
    var isRestricted: Bool { let k = raw & 3; return k == 1 || k == 2 }
    var isDummy: Bool { raw & 3 == 3 }
    var isExternal: Bool { raw & 3 == 0 }

    static func < (a: Symbol, b: Symbol) -> Bool { a.raw < b.raw }
}

/// `constant + Σ coefficient·symbol`, sparse: rows of a layout hold a few
/// symbols each, so a linear search over two small arrays beats hashing.
struct Row {
    var constant: Double
    private(set) var symbols: [Symbol] = []
    private(set) var coefficients: [Double] = []

    init(constant: Double = 0) { self.constant = constant }

    static let epsilon = 1.0e-8
    static func nearZero(_ value: Double) -> Bool { abs(value) < epsilon }

    var isConstant: Bool { symbols.isEmpty }
    var count: Int { symbols.count }

    func index(of symbol: Symbol) -> Int? {
        for i in symbols.indices where symbols[i] == symbol { return i }
        return nil
    }

    func coefficient(for symbol: Symbol) -> Double {
        index(of: symbol).map { coefficients[$0] } ?? 0
    }

    /// Adds `coefficient·symbol`. Returns +1 if the symbol is new to the
    /// row, -1 if it cancelled out, 0 otherwise (the caller's column index).
    @discardableResult
    mutating func add(_ symbol: Symbol, _ coefficient: Double) -> Int {
        if let i = index(of: symbol) {
            let sum = coefficients[i] + coefficient
            if Row.nearZero(sum) {
                removeAt(i)
                return -1
            }
            coefficients[i] = sum
            return 0
        }
        if Row.nearZero(coefficient) { return 0 }
        symbols.append(symbol)
        coefficients.append(coefficient)
        return 1
    }

    mutating func remove(_ symbol: Symbol) {
        if let i = index(of: symbol) { removeAt(i) }
    }

    private mutating func removeAt(_ i: Int) {
        symbols.swapAt(i, symbols.count - 1)
        coefficients.swapAt(i, coefficients.count - 1)
        symbols.removeLast()
        coefficients.removeLast()
    }

    mutating func negate() {
        constant = -constant
        for i in coefficients.indices { coefficients[i] = -coefficients[i] }
    }

    /// The row, read as `0 = self`, solved for `symbol`: afterwards it is
    /// what `symbol` equals, without `symbol` in it.
    mutating func solve(for symbol: Symbol) {
        let i = index(of: symbol)!
        let factor = -1 / coefficients[i]
        removeAt(i)
        constant *= factor
        for j in coefficients.indices { coefficients[j] *= factor }
    }

    /// The row, read as `lhs = self`, solved for `rhs` (a symbol in it).
    mutating func solve(_ lhs: Symbol, for rhs: Symbol) {
        add(lhs, -1)
        solve(for: rhs)
    }
}
