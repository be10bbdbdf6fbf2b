import Glibc
import TouchBridge

/// A dial drawn as a UIKit developer draws one: a View subclass whose
/// `draw(_:)` strokes and fills BezierPaths in colours set with
/// `setStroke()` and `setFill()`.
final class GaugeView: View {
    /// From 0 to 1 of the dial.
    var value = 0.0 { didSet { setNeedsDisplay() } }
    /// The dial runs from the lower left round to the lower right.
    static let start = 0.75 * Double.pi, sweep = 1.5 * Double.pi

    override func draw(_ rect: Rect) {
        let center = Point(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - 12
        let track = BezierPath(arcCenter: center, radius: radius, startAngle: Self.start, endAngle: Self.start + Self.sweep, clockwise: true)
        track.lineWidth = 16
        track.lineCapStyle = .round
        Color.systemGray5.setStroke()
        track.stroke()

        let filled = BezierPath(arcCenter: center, radius: radius, startAngle: Self.start, endAngle: Self.start + Self.sweep * value, clockwise: true)
        filled.lineWidth = 16
        filled.lineCapStyle = .round
        (value > 0.8 ? Color.systemRed : .systemTeal).setStroke()
        filled.stroke()

        let ticks = BezierPath()
        for step in 0...10 {
            let angle = Self.start + Self.sweep * Double(step) / 10
            ticks.move(to: Point(x: center.x + (radius - 22) * cos(angle), y: center.y + (radius - 22) * sin(angle)))
            ticks.addLine(to: Point(x: center.x + (radius - 32) * cos(angle), y: center.y + (radius - 32) * sin(angle)))
        }
        ticks.lineWidth = 2
        Color.secondaryLabel.setStroke()
        ticks.stroke()

        let angle = Self.start + Self.sweep * value
        let needle = BezierPath()
        needle.move(to: Point(x: center.x + (radius - 40) * cos(angle), y: center.y + (radius - 40) * sin(angle)))
        needle.addLine(to: Point(x: center.x + 6 * cos(angle + .pi / 2), y: center.y + 6 * sin(angle + .pi / 2)))
        needle.addQuadCurve(
            to: Point(x: center.x + 6 * cos(angle - .pi / 2), y: center.y + 6 * sin(angle - .pi / 2)),
            controlPoint: Point(x: center.x - 12 * cos(angle), y: center.y - 12 * sin(angle)))
        needle.close()
        Color.label.setFill()
        needle.fill()
    }
}

/// A pump's pressure on a dial, the reading under it: the dial is square,
/// as large as the screen allows, centred; a compact height puts the
/// reading beside the dial instead of under it.
final class GaugeController: ViewController {
    let gauge = GaugeView()
    let reading = Label(text: "6.4 bar")
    let caption = Label(text: "Pump 2 outlet pressure")
    private var arrangement: [LayoutConstraint] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        gauge.value = 0.64
        reading.font = .systemFont(ofSize: 44, weight: .bold)
        caption.font = .preferredFont(forTextStyle: .title3)
        caption.textColor = .secondaryLabel
        for item in [gauge, reading, caption] as [View] {
            item.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(item)
        }
        let margins = view.layoutMarginsGuide
        LayoutConstraint.activate([
            gauge.widthAnchor.constraint(equalTo: gauge.heightAnchor),
            gauge.topAnchor.constraint(greaterThanOrEqualTo: margins.topAnchor),
            gauge.leadingAnchor.constraint(greaterThanOrEqualTo: margins.leadingAnchor),
            caption.topAnchor.constraint(equalTo: reading.bottomAnchor, constant: 4),
            caption.leadingAnchor.constraint(equalTo: reading.leadingAnchor),
        ])
        let big = gauge.heightAnchor.constraint(equalTo: margins.heightAnchor)
        big.priority = .defaultHigh
        big.isActive = true
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        LayoutConstraint.deactivate(arrangement)
        let margins = view.layoutMarginsGuide
        if traitCollection.verticalSizeClass == .compact {
            arrangement = [
                gauge.centerYAnchor.constraint(equalTo: margins.centerYAnchor),
                gauge.leadingAnchor.constraint(equalTo: margins.leadingAnchor, constant: 24),
                gauge.bottomAnchor.constraint(lessThanOrEqualTo: margins.bottomAnchor),
                reading.leadingAnchor.constraint(equalTo: gauge.trailingAnchor, constant: 32),
                reading.bottomAnchor.constraint(equalTo: gauge.centerYAnchor),
            ]
        } else {
            arrangement = [
                gauge.centerXAnchor.constraint(equalTo: margins.centerXAnchor),
                gauge.topAnchor.constraint(equalTo: margins.topAnchor, constant: 24),
                gauge.widthAnchor.constraint(lessThanOrEqualTo: margins.widthAnchor),
                gauge.bottomAnchor.constraint(lessThanOrEqualTo: reading.topAnchor, constant: -24),
                reading.centerXAnchor.constraint(equalTo: margins.centerXAnchor),
                caption.bottomAnchor.constraint(lessThanOrEqualTo: margins.bottomAnchor),
            ]
        }
        LayoutConstraint.activate(arrangement)
    }
}
