import Testing

@testable import ConstraintSolver

/// A column of the tableau changes form as it grows (two inline, an array,
/// a bit set) and shrinks: at every step it must hold what a Set holds.
@Suite struct SymbolSetTests {
    @Test func holdsWhatASetHoldsThroughEveryForm() {
        var generator = IncrementalTests.Generator(state: 24)
        for round in 0..<100 {
            var column = SymbolSet()
            var expected = Set<Int>()
            // Rounds reach different sizes: some stay inline, some pass 32 members.
            let range = round % 4 == 0 ? 3 : round % 4 == 1 ? 12 : 300
            for _ in 0..<400 {
                let id = Int(generator.next() % UInt64(range))
                if generator.next() % 3 == 0 {
                    column.remove(id)
                    expected.remove(id)
                } else {
                    column.insert(id)
                    expected.insert(id)
                }
                #expect(Set(column) == expected, "round \(round)")
                #expect(Array(column).count == expected.count, "a member seen twice in round \(round)")
                #expect(Set(column.members) == expected)
            }
        }
    }
}
