import Foundation
import TouchUI

/// An app's own layers under a view's layer (issue 27): which of them keep
/// a backing store. A card is dragged over a full-screen backdrop, a
/// display tick at a time, the backdrop being a plain colour (the floor),
/// a GradientLayer (drawn straight into each damaged rectangle), or a layer
/// whose `draw` fills the same gradient (drawn once into a store and copied
/// from it after). And a progress ring's strokeEnd moving each tick, as a
/// ShapeLayer and as a view drawing the same arc in `draw(_:)`.
@MainActor
func benchmarkSublayers() -> String {
    let width = 1280, height = 800, ticks = 120
    let application = Application()
    enum Kind: String, CaseIterable { case plain, gradient, stored, ring, ringView, shelf }
    let colors: [Color] = [Color(red: 0.10, green: 0.20, blue: 0.45, alpha: 1), Color(red: 0.55, green: 0.75, blue: 0.95, alpha: 1)]
    let ringPath = BezierPath(ovalIn: CGRect(x: -60, y: -60, width: 120, height: 120)).cgPath

    /// A view that strokes the ring's arc itself, as an app without layers would.
    final class RingView: View {
        var progress = 0.0 { didSet { setNeedsDisplay() } }
        let path: CGPath
        init(frame: Rect, path: Path) {
            self.path = path
            super.init(frame: frame)
        }
        override func draw(_ rect: Rect) {
            guard let context = GraphicsGetCurrentContext() else { return }
            context.translateBy(x: 70, y: 70)
            context.stroke(path, with: .systemBlue, style: .init(lineWidth: 10, lineCap: .round, end: progress))
        }
    }

    struct Screen {
        let window: Window
        let step: (Int) -> Void
        let context: GraphicsContext
    }
    func makeScreen(_ kind: Kind) -> Screen {
        let bitmap = try! Bitmap(width: width, height: height)
        let context = GraphicsContext(bitmap: bitmap)
        let window = Window(frame: CGRect(x: 0, y: 0, width: width, height: height), application: application)
        window.backgroundColor = colors[0]
        let root = View(frame: window.bounds)
        window.addSubview(root)
        switch kind {
        case .gradient, .ring, .ringView:
            let backdrop = GradientLayer()
            backdrop.frame = root.bounds
            backdrop.colors = colors
            root.layer.insertSublayer(backdrop, at: 0)
        case .stored:
            let backdrop = CALayer()
            backdrop.frame = root.bounds
            let gradient = CGGradient(colors: colors)!
            backdrop.draw = { context in
                context.drawLinearGradient(
                    gradient, start: CGPoint(x: 640, y: 0), end: CGPoint(x: 640, y: 800),
                    options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
            }
            root.layer.insertSublayer(backdrop, at: 0)
        case .plain, .shelf:
            root.backgroundColor = colors[1]
        }
        let card = View(frame: CGRect(x: 200, y: 200, width: 270, height: 150))
        card.backgroundColor = .white
        card.layer.cornerRadius = 12
        let title = Label(frame: CGRect(x: 16, y: 16, width: 238, height: 24))
        title.text = "Table 7"
        card.addSubview(title)
        var step: (Int) -> Void = { tick in
            let direction = (tick / ticks) % 2 == 0 ? 1.0 : -1.0
            card.center.x += 4 * direction
            card.center.y += 1 * direction
        }
        switch kind {
        case .ring:
            let ring = ShapeLayer()
            ring.position = CGPoint(x: 640, y: 400)
            ring.path = ringPath
            ring.fillColor = nil
            ring.strokeColor = .systemBlue
            ring.lineWidth = 10
            ring.lineCap = .round
            root.layer.addSublayer(ring)
            step = { tick in ring.strokeEnd = Double(tick % ticks + 1) / Double(ticks) }
        case .ringView:
            let ring = RingView(frame: CGRect(x: 570, y: 330, width: 140, height: 140), path: ringPath)
            root.addSubview(ring)
            step = { tick in ring.progress = Double(tick % ticks + 1) / Double(ticks) }
        case .shelf:
            // Five cards on a shelf seen from 800 points, each a colour with a
            // gradient band and a drawn badge, turning to and fro in depth.
            var eye = CATransform3D.identity
            eye.m34 = -1.0 / 800
            root.layer.sublayerTransform = eye
            let cards = (0..<5).map { index -> CALayer in
                let card = CALayer()
                card.frame = CGRect(x: 90 + Double(index) * 230, y: 250, width: 200, height: 300)
                card.backgroundColor = Color(red: 0.2 + 0.15 * Double(index), green: 0.4, blue: 0.7, alpha: 1)
                card.cornerRadius = 16
                card.masksToBounds = true
                let band = GradientLayer()
                band.frame = CGRect(x: 0, y: 200, width: 200, height: 100)
                band.colors = colors
                card.addSublayer(band)
                let badge = CALayer()
                badge.frame = CGRect(x: 20, y: 20, width: 160, height: 160)
                badge.draw = { context in
                    context.fill(Path(ovalIn: CGRect(x: 0, y: 0, width: 160, height: 160)), with: .white)
                    context.fill(Path(roundedRect: CGRect(x: 40, y: 40, width: 80, height: 80), cornerRadius: 12), with: .systemBlue)
                }
                card.addSublayer(badge)
                root.layer.addSublayer(card)
                return card
            }
            step = { tick in
                for (index, card) in cards.enumerated() {
                    let angle = sin(Double(tick + index * 7) / 20) * 0.9
                    card.transform = CATransform3D(rotationAngle: angle, x: 0, y: 1, z: 0)
                }
            }
        default:
            root.addSubview(card)
        }
        window.render(window.takeDamage(), in: context)
        context.flush()
        return Screen(window: window, step: step, context: context)
    }
    var tick = 0
    func run(_ screen: Screen, ticks: Int = ticks) -> Double {
        var total = 0.0
        for _ in 0..<ticks {
            tick += 1
            screen.step(tick)
            total += timedDisplayTick(screen.window, into: screen.context)
        }
        return total / Double(max(1, ticks))
    }
    // BENCH_SUBLAYER_ONLY=plain|gradient|stored|ring|ringView BENCH_SUBLAYER_TICKS=N runs one screen, for callgrind's counts.
    if let only = ProcessInfo.processInfo.environment["BENCH_SUBLAYER_ONLY"], let kind = Kind(rawValue: only) {
        let count = ProcessInfo.processInfo.environment["BENCH_SUBLAYER_TICKS"].flatMap(Int.init) ?? ticks
        _ = run(makeScreen(kind), ticks: count)
        return "ran \(count) ticks (\(only))"
    }
    let screens = Kind.allCases.map(makeScreen)
    for screen in screens { _ = run(screen) }
    var times = Array(repeating: [Double](), count: screens.count)
    for _ in 0..<9 {
        for (index, screen) in screens.enumerated() { times[index].append(run(screen)) }
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func ratio(_ a: Int, _ b: Int) -> String { String(format: "%.2fx", median(zip(times[a], times[b]).map { $0 / $1 })) }
    func ms(_ index: Int) -> String { String(format: "%.3f ms", median(times[index]) * 1000) }
    return """
        ### An app's own layers: a card over a gradient backdrop, a progress ring, 1280x800 (issue 27)

        A white card (270x150, two lines of text) moves 4 points right and 1
        down a display tick for \(ticks) ticks over a full-screen backdrop;
        a progress ring (radius 60, width 10) advances its strokeEnd each
        tick. Rendered as the compositor does into a frame it keeps. Nine
        runs each way, alternated; medians of means, ratios medians of
        paired ratios.

        | the card over | mean frame | against a plain colour |
        |---|---|---|
        | a plain colour | \(ms(0)) | 1 |
        | a GradientLayer (drawn into the damage each frame) | \(ms(1)) | \(ratio(1, 0)) |
        | a layer drawing the gradient in `draw` (kept, copied) | \(ms(2)) | \(ratio(2, 0)) |

        | the ring | mean frame | against the view drawing it |
        |---|---|---|
        | a view stroking the arc in `draw(_:)` | \(ms(4)) | 1 |
        | a ShapeLayer's strokeEnd | \(ms(3)) | \(ratio(3, 4)) |

        Five cards of layers (a colour, a gradient band, a drawn badge) turning
        in depth under a shelf's sublayer transform, each painted flat once and
        that picture resampled as it turns: \(ms(5)) a frame.

        """
}
