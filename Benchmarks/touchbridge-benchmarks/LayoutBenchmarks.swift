import Foundation
import TouchUI

/// A 1280x800 screen of 50 cards in a 10x5 grid, each card a view with an
/// icon, a title and a price: 200 views held by 800 constraints, as a menu
/// screen is written with anchors.
@MainActor
final class CardGrid {
    let root = View(frame: Rect(x: 0, y: 0, width: 1280, height: 800))
    var cards: [View] = []
    var parts: [(icon: View, title: View, price: View)] = []
    var constraints: [LayoutConstraint] = []
    /// One card's price height: what an animation of one constant changes.
    var priceHeight: LayoutConstraint!

    init() {
        func placed() -> View {
            let view = View()
            view.translatesAutoresizingMaskIntoConstraints = false
            return view
        }
        for index in 0..<50 {
            let (column, row) = (index % 10, index / 10)
            let card = placed(), icon = placed(), title = placed(), price = placed()
            root.addSubview(card)
            for part in [icon, title, price] { card.addSubview(part) }
            let height = price.heightAnchor.constraint(equalToConstant: 24)
            if index == 27 { priceHeight = height }
            constraints += [
                column == 0
                    ? card.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8)
                    : card.leadingAnchor.constraint(equalTo: cards[index - 1].trailingAnchor, constant: 8),
                row == 0
                    ? card.topAnchor.constraint(equalTo: root.topAnchor, constant: 8)
                    : card.topAnchor.constraint(equalTo: cards[index - 10].bottomAnchor, constant: 8),
                card.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.1, constant: -8),
                card.heightAnchor.constraint(equalTo: card.widthAnchor, multiplier: 1.2),
                icon.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8),
                icon.topAnchor.constraint(equalTo: card.topAnchor, constant: 8),
                icon.widthAnchor.constraint(equalToConstant: 32),
                icon.heightAnchor.constraint(equalTo: icon.widthAnchor),
                title.leadingAnchor.constraint(equalTo: icon.trailingAnchor, constant: 8),
                title.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -8),
                title.centerYAnchor.constraint(equalTo: icon.centerYAnchor),
                title.heightAnchor.constraint(equalToConstant: 20),
                price.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8),
                price.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -8),
                price.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -8),
                height,
            ]
            cards.append(card)
            parts.append((icon, title, price))
        }
        LayoutConstraint.activate(constraints)
    }

    /// The floor: the same frames, computed and set by hand, as a
    /// hand-written layoutSubviews would.
    @inline(never)
    func layOutByHand(priceHeight: Double = 24) {
        let width = root.bounds.width * 0.1 - 8, height = width * 1.2
        for (index, card) in cards.enumerated() {
            let (column, row) = (Double(index % 10), Double(index / 10))
            card.frame = Rect(x: 8 + column * (width + 8), y: 8 + row * (height + 8), width: width, height: height)
            let (icon, title, price) = parts[index]
            icon.frame = Rect(x: 8, y: 8, width: 32, height: 32)
            title.frame = Rect(x: 48, y: 14, width: width - 56, height: 20)
            let priceHeight = index == 27 ? priceHeight : 24
            price.frame = Rect(x: 8, y: height - 8 - priceHeight, width: width - 16, height: priceHeight)
        }
    }
}

/// A column of `count` rows, each pinned to the sides and, with `chained`,
/// below the row before (dependent views); otherwise at its own distance
/// from the top (independent views, as UIKit's performance talks call them).
@MainActor
func stackOfRows(_ count: Int, chained: Bool) -> View {
    let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
    var previous: View?
    var constraints: [LayoutConstraint] = []
    for index in 0..<count {
        let row = View()
        row.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(row)
        constraints += [
            row.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            row.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            chained
                ? row.topAnchor.constraint(equalTo: previous?.bottomAnchor ?? root.topAnchor, constant: 8)
                : row.topAnchor.constraint(equalTo: root.topAnchor, constant: 8 + Double(index) * 52),
            row.heightAnchor.constraint(equalToConstant: 44),
        ]
        previous = row
    }
    LayoutConstraint.activate(constraints)
    return root
}

/// Solves a new card grid and applies its frames: what a screen's first layout costs.
@inline(never)
@MainActor
func solveScreenFromNothing(_ grid: CardGrid) {
    grid.root.layoutIfNeeded()
}

@MainActor
func benchmarkLayout() -> String {
    let environment = ProcessInfo.processInfo.environment
    // BENCH_LAYOUT=solve solves grids only, for callgrind (Benchmarks/layout-instructions).
    if environment["BENCH_LAYOUT"] == "solve" {
        // BENCH_LAYOUT_SCREENS: more screens, for a sampling profiler.
        let screens = Int(environment["BENCH_LAYOUT_SCREENS"] ?? "") ?? 20
        for _ in 0..<screens { solveScreenFromNothing(CardGrid()) }
        return "solved \(screens) grids"
    }
    if environment["BENCH_LAYOUT"] == "rows" {
        stackOfRows(10_000, chained: false).layoutIfNeeded()
        return "solved 10,000 rows"
    }
    let runs = Int(environment["BENCH_RUNS"] ?? "") ?? 21
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    // A screen from nothing, beside the same frames set by hand.
    var solveTimes: [Double] = [], handTimes: [Double] = [], solveRatios: [Double] = []
    var constraintCount = 0
    for _ in 0..<runs {
        let grid = CardGrid()
        constraintCount = grid.constraints.count
        var start = now()
        solveScreenFromNothing(grid)
        let solve = Double(now() - start) / 1e9
        let manual = CardGrid()
        start = now()
        manual.layOutByHand()
        let hand = Double(now() - start) / 1e9
        solveTimes.append(solve)
        handTimes.append(hand)
        solveRatios.append(solve / hand)
        // Both give the same screen.
        precondition(grid.cards.map(\.frame) == manual.cards.map(\.frame), "Auto Layout and the hand layout disagree")
    }

    // One constant changed and laid out again, beside the whole screen laid out by hand again.
    let grid = CardGrid()
    grid.root.layoutIfNeeded()
    let manual = CardGrid()
    manual.layOutByHand()
    let changes = 2_000
    var changeTimes: [Double] = [], relayoutTimes: [Double] = []
    for _ in 0..<runs {
        var start = now()
        for step in 0..<changes {
            grid.priceHeight.constant = step % 2 == 0 ? 30 : 24
            grid.root.layoutIfNeeded()
        }
        changeTimes.append(Double(now() - start) / 1e9 / Double(changes))
        start = now()
        for step in 0..<changes { manual.layOutByHand(priceHeight: step % 2 == 0 ? 30 : 24) }
        relayoutTimes.append(Double(now() - start) / 1e9 / Double(changes))
    }
    precondition(grid.parts[27].price.frame == manual.parts[27].price.frame)
    // BENCH_LAYOUT=screen: the screen's two figures alone, for quick comparisons.
    if environment["BENCH_LAYOUT"] == "screen" {
        return String(
            format: "from nothing %.3f ms, by hand %.3f ms, %.1fx; one constant %.2f µs", median(solveTimes) * 1e3,
            median(handTimes) * 1e3, median(solveRatios), median(changeTimes) * 1e6)
    }

    // Growth: per view, for 100, 1,000 and 10,000 independent rows; chained rows beside them.
    var growth = ""
    var perView: [String: Double] = [:]
    for (count, chained) in [(100, false), (1_000, false), (10_000, false), (100, true), (1_000, true)] {
        // Chained rows cost the square of their number: a thousand are measured fewer times.
        let repeats = chained ? 1 : max(1, 3_000 / count)
        var times: [Double] = []
        for _ in 0..<(count == 10_000 || (chained && count == 1_000) ? 3 : 9) {
            let roots = (0..<repeats).map { _ in stackOfRows(count, chained: chained) }
            let start = now()
            for root in roots { root.layoutIfNeeded() }
            times.append(Double(now() - start) / 1e9 / Double(repeats * count))
            precondition(roots[0].subviews.last!.frame.minY == Double(count - 1) * 52 + 8)
        }
        let kind = chained ? "chained" : "independent"
        perView["\(kind) \(count)"] = median(times)
        let base = perView["\(kind) 100"]!
        growth += "| \(kind) | \(count) | \(String(format: "%.2f", median(times) * 1e6)) µs | \(String(format: "%.2f", median(times) / base))x |\n"
    }

    let solve = median(solveTimes), change = median(changeTimes)
    let solveRatio = median(solveRatios), changeRatio = change / median(relayoutTimes)
    let growthRatio = perView["independent 10000"]! / perView["independent 100"]!
    return """
        ### Auto Layout: a screen solved from nothing, one constant changed, growth

        A 1280x800 grid of 50 cards (200 views, \(constraintCount) constraints, as a menu screen
        is written with anchors), beside the same frames computed and set by hand (what a
        hand-written layoutSubviews does), medians of \(runs) runs in one process:

        | | Auto Layout | by hand | ratio |
        |---|---:|---:|---:|
        | the screen from nothing (activate, solve, set 200 frames) | \(String(format: "%.3f", solve * 1e3)) ms | \(String(format: "%.3f", median(handTimes) * 1e3)) ms | \(String(format: "%.1f", solveRatio))x |
        | one constant changed, laid out again (an animation frame) | \(String(format: "%.2f", change * 1e6)) µs | \(String(format: "%.2f", median(relayoutTimes) * 1e6)) µs (all 200 frames again) | \(String(format: "%.2f", changeRatio))x |

        **From nothing \(String(format: "%.2f", solve * 1e3)) ms** (target: under 2 ms) \(solve < 0.002 ? "met" : "MISSED");
        **one constant \(String(format: "%.1f", change * 1e6)) µs** (target: under 20 µs) \(change < 20e-6 ? "met" : "MISSED").

        A column of rows pinned to the sides, solved from nothing, per row: independent rows
        (each at its own distance from the top) and chained ones (each below the one before):

        | rows | count | per row | against 100 such rows |
        |---|---:|---:|---:|
        \(growth)
        **10,000 independent rows cost \(String(format: "%.2f", growthRatio))x what 100 do, per row** (linear: 1x) \(growthRatio < 1.5 ? "met" : "MISSED").

        """
}
