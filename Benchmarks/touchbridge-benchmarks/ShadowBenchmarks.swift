import Foundation
import TouchUI

/// A card with a soft shadow dragged across a screen of such cards, a
/// display tick at a time: its shadow blurred once and composited each
/// frame, against blurred again each frame (what drawing it from scratch
/// costs) and against cards with no shadow at all.
@MainActor
func benchmarkShadows() -> String {
    let width = 1280, height = 800, ticks = 120
    let application = Application()
    enum Kind { case kept, blurredEachFrame, none }
    struct Screen {
        let window: Window
        let dragged: View
        let context: GraphicsContext
        let kind: Kind
    }
    func makeScreen(_ kind: Kind) -> Screen {
        let bitmap = try! Bitmap(width: width, height: height)
        let context = GraphicsContext(bitmap: bitmap)
        let window = Window(frame: CGRect(x: 0, y: 0, width: width, height: height), application: application)
        window.backgroundColor = Color(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
        let cards = addTableCards(to: window)
        if kind != .none {
            for card in cards {
                card.layer.shadowOpacity = 0.25
                card.layer.shadowOffset = CGSize(width: 0, height: 4)
                card.layer.shadowRadius = 8
            }
        }
        let start = now()
        window.render(window.takeDamage(), in: context)
        context.flush()
        firstFrames[kind == .none ? 1 : 0] = Double(now() - start) / 1e9
        return Screen(window: window, dragged: cards[5], context: context, kind: kind)
    }
    /// The first frame of the screen with shadows (its one blur, the cards being alike) and without.
    var firstFrames = [0.0, 0.0]
    var nudges = 0
    var direction = 1.0
    func run(_ screen: Screen, ticks: Int = ticks) -> Double {
        var total = 0.0
        for _ in 0..<ticks {
            screen.dragged.center.x += 4 * direction
            screen.dragged.center.y += 1 * direction
            // A radius changed by a billionth of a point each time: the same shadow, blurred anew.
            if screen.kind == .blurredEachFrame {
                nudges += 1
                screen.dragged.layer.shadowRadius = 8 + Double(nudges) * 1e-9
            }
            total += timedDisplayTick(screen.window, into: screen.context)
        }
        return total / Double(max(1, ticks))
    }
    // BENCH_SHADOW_ONLY=kept|blurred|none BENCH_SHADOW_TICKS=N drags one screen only, for callgrind's counts.
    if let only = ProcessInfo.processInfo.environment["BENCH_SHADOW_ONLY"] {
        let count = ProcessInfo.processInfo.environment["BENCH_SHADOW_TICKS"].flatMap(Int.init) ?? ticks
        let screen = makeScreen(only == "kept" ? .kept : only == "blurred" ? .blurredEachFrame : .none)
        _ = run(screen, ticks: count)
        return "dragged \(count) ticks (\(only))"
    }
    let screens = [makeScreen(.kept), makeScreen(.blurredEachFrame), makeScreen(.none)]
    let firstWithShadows = firstFrames[0], firstWithout = firstFrames[1]
    for screen in screens { _ = run(screen) }
    var times: [[Double]] = [[], [], []]
    for round in 0..<9 {
        direction = round % 2 == 0 ? -1 : 1
        for (index, screen) in screens.enumerated() { times[index].append(run(screen)) }
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func ratio(_ a: [Double], _ b: [Double]) -> Double { median(zip(a, b).map { $0 / $1 }) }
    func ms(_ values: [Double]) -> String { String(format: "%.3f ms", median(values) * 1000) }
    func x(_ value: Double) -> String { String(format: "%.2fx", value) }
    return """
        ### A card with a shadow dragged over a screen of cards, 1280x800 (issue 27)

        Sixteen white cards (270x150, corner radius 12, two labels) with
        shadows (opacity 0.25, offset 0,4, radius 8); one moves 4 points
        right and 1 down a display tick for \(ticks) ticks, rendered as the
        compositor does into a frame it keeps. Nine runs each way,
        alternated; medians of means, ratios medians of paired ratios
        against the same screen with no shadows.

        | | mean frame | against no shadows |
        |---|---|---|
        | no shadows | \(ms(times[2])) | 1 |
        | **the shadow blurred once and kept** | \(ms(times[0])) | **\(x(ratio(times[0], times[2])))** |
        | the shadow blurred again each frame | \(ms(times[1])) | \(x(ratio(times[1], times[2]))) |

        The screen's first frame (one run): \(String(format: "%.2f ms", firstWithShadows * 1000)) with
        shadows, \(String(format: "%.2f ms", firstWithout * 1000)) without. Alike cards share one blur.

        """
}

/// One display tick of `window` as the compositor renders it into the frame
/// it keeps (`context`): layout, the damage repainted, flushed. Seconds.
@MainActor
func timedDisplayTick(_ window: Window, into context: GraphicsContext) -> Double {
    let start = now()
    window.layoutIfNeeded()
    window.render(window.takeFrame(), in: context)
    context.flush()
    return Double(now() - start) / 1e9
}

/// Sixteen white cards (270x150, corner radius 12) in four rows on a
/// 1280x800 screen, each with a title ("Table N") and a detail line: the
/// screen the shadow and transition benchmarks draw. The cards, in order.
@MainActor
func addTableCards(to parent: View) -> [View] {
    var cards: [View] = []
    for row in 0..<4 {
        for column in 0..<4 {
            let card = View(frame: CGRect(x: 40 + 310 * Double(column), y: 40 + 190 * Double(row), width: 270, height: 150))
            card.backgroundColor = .white
            card.layer.cornerRadius = 12
            let title = Label(frame: CGRect(x: 16, y: 16, width: 238, height: 24))
            title.text = "Table \(row * 4 + column + 1)"
            card.addSubview(title)
            let detail = Label(frame: CGRect(x: 16, y: 48, width: 238, height: 20))
            detail.text = "4 guests, 2 courses served"
            detail.textColor = .secondaryLabel
            card.addSubview(detail)
            parent.addSubview(card)
            cards.append(card)
        }
    }
    return cards
}
