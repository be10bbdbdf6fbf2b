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
/// symbols each, so a linear search over one small array beats hashing.
struct Row {
    struct Term {
        let symbol: Symbol
        var coefficient: Double
    }

    var constant: Double
    private(set) var terms: [Term] = []

    init(constant: Double = 0, capacity: Int = 0) {
        self.constant = constant
        terms.reserveCapacity(capacity)
    }

    static let epsilon = 1.0e-8
    static func nearZero(_ value: Double) -> Bool { abs(value) < epsilon }

    var isConstant: Bool { terms.isEmpty }
    var symbols: LazyMapSequence<[Term], Symbol> { terms.lazy.map(\.symbol) }

    func index(of symbol: Symbol) -> Int? {
        for i in terms.indices where terms[i].symbol == symbol { return i }
        return nil
    }

    func coefficient(for symbol: Symbol) -> Double {
        index(of: symbol).map { terms[$0].coefficient } ?? 0
    }

    /// Adds `coefficient·symbol`. Returns +1 if the symbol is new to the
    /// row, -1 if it cancelled out, 0 otherwise (the caller's column index).
    @discardableResult
    mutating func add(_ symbol: Symbol, _ coefficient: Double) -> Int {
        if let i = index(of: symbol) {
            let sum = terms[i].coefficient + coefficient
            if Row.nearZero(sum) {
                removeAt(i)
                return -1
            }
            terms[i].coefficient = sum
            return 0
        }
        if Row.nearZero(coefficient) { return 0 }
        terms.append(Term(symbol: symbol, coefficient: coefficient))
        return 1
    }

    mutating func remove(_ symbol: Symbol) {
        if let i = index(of: symbol) { removeAt(i) }
    }

    /// The last term takes its place (a plain move: the generic swapAt cost more than the search).
    private mutating func removeAt(_ i: Int) {
        let last = terms.count - 1
        if i != last { terms[i] = terms[last] }
        terms.removeLast()
    }

    mutating func negate() {
        constant = -constant
        for i in terms.indices { terms[i].coefficient = -terms[i].coefficient }
    }

    /// The row, read as `0 = self`, solved for `symbol`: afterwards it is
    /// what `symbol` equals, without `symbol` in it.
    mutating func solve(for symbol: Symbol) {
        let i = index(of: symbol)!
        let factor = -1 / terms[i].coefficient
        removeAt(i)
        constant *= factor
        for j in terms.indices { terms[j].coefficient *= factor }
    }

    /// The row, read as `lhs = self`, solved for `rhs` (a symbol in it).
    mutating func solve(_ lhs: Symbol, for rhs: Symbol) {
        add(lhs, -1)
        solve(for: rhs)
    }
}

/// The basic symbols whose rows hold one symbol: a few for most symbols,
/// hundreds for a container's width that many rows refer to. The first two
/// inline (most columns never hold more, and a screen has thousands of
/// columns: an array each would be an allocation each), then an array,
/// then a bit set over symbol ids once large (no hashing: ids are dense).
struct SymbolSet: Sequence {
    private var first = -1, second = -1
    private var more: [Int] = []
    private var bits: [UInt64] = []
    private var isLarge = false

    mutating func insert(_ id: Int) {
        if isLarge {
            let word = id >> 6
            if word >= bits.count { bits.append(contentsOf: repeatElement(0, count: word - bits.count + 1)) }
            bits[word] |= 1 << UInt64(id & 63)
            return
        }
        if first == id || second == id { return }
        if more.isEmpty {
            if first < 0 {
                first = id
            } else if second < 0 {
                second = id
            } else {
                more.reserveCapacity(8)
                more.append(first)
                more.append(second)
                more.append(id)
                first = -1
                second = -1
            }
        } else if !more.contains(id) {
            more.append(id)
            if more.count > 32 {
                isLarge = true
                for member in more { insert(member) }
                more = []
            }
        }
    }

    mutating func remove(_ id: Int) {
        if isLarge {
            let word = id >> 6
            if word < bits.count { bits[word] &= ~(1 << UInt64(id & 63)) }
        } else if !more.isEmpty {
            if let i = more.firstIndex(of: id) {
                more.swapAt(i, more.count - 1)
                more.removeLast()
            }
        } else if first == id {
            first = second
            second = -1
        } else if second == id {
            second = -1
        }
    }

    struct Iterator: IteratorProtocol {
        var inline: (Int, Int)
        var more: IndexingIterator<[Int]>
        var bits: [UInt64]
        var word = 0
        var current: UInt64 = 0

        mutating func next() -> Int? {
            if !bits.isEmpty {
                while current == 0 {
                    guard word < bits.count else { return nil }
                    current = bits[word]
                    word += 1
                }
                let bit = current.trailingZeroBitCount
                current &= current - 1
                return (word - 1) << 6 | bit
            }
            if inline.0 >= 0 {
                defer { inline = (inline.1, -1) }
                return inline.0
            }
            return more.next()
        }
    }

    func makeIterator() -> Iterator {
        Iterator(inline: (first, second), more: more.makeIterator(), bits: isLarge ? bits : [])
    }

    /// The members, for iterating while the set changes.
    var members: [Int] {
        if isLarge { return Array(self) }
        if !more.isEmpty { return more }
        return first < 0 ? [] : second < 0 ? [first] : [first, second]
    }
}
