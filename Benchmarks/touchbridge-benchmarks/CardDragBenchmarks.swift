import Foundation
import TouchUI

/// A card a finger drags over a kiosk's menu at 1280 x 800, its center set
/// each display tick as a pan gesture's handler sets it: composited from a
/// picture once it moves frame after frame (Window+MovedViews), against
/// drawn again each frame (`View.rasterizesAnimatedViews` off, as before).
/// Both repaint the menu where the card was and is.
@MainActor
func benchmarkCardDrag() -> String {
    let width = 1280, height = 800
    let ticks = 120
    struct Screen {
        let window: Window
        let card: View
        let clock: VirtualTimeline
        let context: GraphicsContext
    }
    func makeCard() -> View {
        let card = View(frame: Rect(x: 300, y: 200, width: 420, height: 260))
        card.backgroundColor = .white
        card.layer.cornerRadius = 16
        card.layer.shadowOpacity = 0.25
        card.layer.shadowRadius = 10
        card.layer.shadowOffset = Size(width: 0, height: 4)
        let title = Label(frame: Rect(x: 24, y: 20, width: 372, height: 30))
        title.font = .boldSystemFont(ofSize: 24)
        title.text = "Flat white, oat milk"
        let detail = Label(frame: Rect(x: 24, y: 58, width: 372, height: 90))
        detail.numberOfLines = 3
        detail.textColor = .secondaryLabel
        detail.text = "A double ristretto under steamed oat milk, poured thin. Drag the card to the basket to order it, or away to put it back."
        let badge = View(frame: Rect(x: 24, y: 164, width: 96, height: 32))
        badge.backgroundColor = .systemGreen
        badge.layer.cornerRadius = 16
        let price = Label(frame: badge.bounds)
        price.text = "€3.80"
        price.textAlignment = .center
        price.textColor = .white
        badge.addSubview(price)
        let order = Button(type: .system)
        order.frame = Rect(x: 276, y: 206, width: 120, height: 36)
        order.setTitle("Order", for: .normal)
        for view in [title, detail, badge, order] { card.addSubview(view) }
        return card
    }
    func makeScreen() -> Screen {
        let menu = MenuList(style: .insetGrouped, sections: 2, rowsPerSection: 7)
        let bitmap = try! Bitmap(width: width, height: height)
        let context = GraphicsContext(bitmap: bitmap)
        let (_, clock, window, _) = menuWindow(menu, drawnInto: context)
        let card = makeCard()
        window.addSubview(card)
        window.render(window.takeFrame(), in: context)
        return Screen(window: window, card: card, clock: clock, context: context)
    }
    /// One drag of `ticks` frames, 4 points a tick across and back; the mean frame.
    func run(_ screen: Screen, pictures: Bool) -> Double {
        View.rasterizesAnimatedViews = pictures
        defer { View.rasterizesAnimatedViews = true }
        let window = screen.window, context = screen.context, clock = screen.clock
        // Across the screen and back, drag after drag.
        let direction = screen.card.center.x < Double(width) / 2 ? 1.0 : -1.0
        var total = 0.0
        for tick in 0..<ticks {
            clock.advance(to: clock.now + 1.0 / 120)
            screen.card.center.x += 4 * direction
            screen.card.center.y += tick % 2 == 0 ? 1 : -1
            let start = now()
            window.layoutIfNeeded()
            window.render(window.takeFrame(), in: context)
            context.flush()
            total += Double(now() - start) / 1e9
        }
        // The finger lifts; the card rests, and is drawn as it is once more (not timed).
        clock.advance(to: clock.now + 1)
        window.render(window.takeFrame(), in: context)
        return total / Double(ticks)
    }
    // BENCH_CARD_ONLY=picture|drawn BENCH_CARD_DRAGS=N: one way only, for callgrind (Benchmarks/card-instructions).
    if let only = ProcessInfo.processInfo.environment["BENCH_CARD_ONLY"] {
        let drags = ProcessInfo.processInfo.environment["BENCH_CARD_DRAGS"].flatMap(Int.init) ?? 1
        let screen = makeScreen()
        for _ in 0..<drags { _ = run(screen, pictures: only == "picture") }
        return "dragged the card \(drags) times (\(only))"
    }
    let withPictures = makeScreen(), drawn = makeScreen()
    let copy = FrameCopy(bytes: width * height * 4)
    var pictureTimes: [Double] = [], drawnTimes: [Double] = [], copyTimes: [Double] = []
    _ = run(withPictures, pictures: true)
    _ = run(drawn, pictures: false)
    for _ in 0..<9 {
        copyTimes.append((0..<5).map { _ in copy.time() }.min()!)
        pictureTimes.append(run(withPictures, pictures: true))
        drawnTimes.append(run(drawn, pictures: false))
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func ratio(_ a: [Double], _ b: [Double]) -> Double { median(zip(a, b).map { $0 / $1 }) }
    func ms(_ values: [Double]) -> String { String(format: "%.3f ms", median(values) * 1000) }
    return """
        ### A card dragged over a menu, 1280x800 (issue 27)

        A 420x260 card (rounded, shadowed, a title, three lines of text, a price badge and a
        button) over an inset-grouped menu, its center moved 4 points a display tick for
        \(ticks) ticks, as a pan gesture's handler moves it, each frame repainted where the
        card was and is. Nine drags each way, alternated; medians of the drags' mean frames,
        and of the ratios to a memcpy of the whole frame (warm: the best of five) beside each.

        | | mean frame | against a memcpy of the frame |
        |---|---|---|
        | memcpy of one frame | \(ms(copyTimes)) | 1 |
        | the card composited from its picture | \(ms(pictureTimes)) | \(String(format: "%.2f", ratio(pictureTimes, copyTimes)))x |
        | the card drawn again each frame (as before) | \(ms(drawnTimes)) | \(String(format: "%.2f", ratio(drawnTimes, copyTimes)))x |

        Picture against drawn: \(String(format: "%.2f", ratio(pictureTimes, drawnTimes)))x.

        """
}
