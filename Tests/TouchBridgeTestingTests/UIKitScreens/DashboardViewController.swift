import TouchBridge

/// A chart drawn as UIKit's drawing guide draws one: `draw(_:)` with the
/// current context, BezierPath, colours set with `setStroke()` and
/// `setFill()`, and text drawn with attributes.
final class SparklineView: View {
    var readings: [CGFloat] = [] { didSet { setNeedsDisplay() } }
    var caption = "" { didSet { setNeedsDisplay() } }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .secondarySystemGroupedBackground
        layer.cornerRadius = 12
    }

    override func draw(_ rect: CGRect) {
        guard let context = GraphicsGetCurrentContext(), readings.count > 1 else { return }
        let plot = bounds.insetBy(dx: 16, dy: 40)
        let low = readings.min()!, high = readings.max()!
        let span = max(high - low, 0.001)
        func point(_ index: Int) -> CGPoint {
            CGPoint(
                x: plot.minX + plot.width * CGFloat(index) / CGFloat(readings.count - 1),
                y: plot.maxY - plot.height * (readings[index] - low) / span)
        }

        context.saveGState()
        context.setStrokeColor(Color.separator.cgColor)
        context.setLineWidth(1)
        context.strokeLineSegments(between: [CGPoint(x: plot.minX, y: plot.maxY), CGPoint(x: plot.maxX, y: plot.maxY)])
        context.restoreGState()

        let line = BezierPath()
        line.move(to: point(0))
        for index in 1..<readings.count { line.addLine(to: point(index)) }
        line.lineWidth = 3
        line.lineJoinStyle = .round
        Color.systemGreen.setStroke()
        line.stroke()

        let last = point(readings.count - 1)
        Color.systemGreen.setFill()
        BezierPath(ovalIn: CGRect(x: last.x - 5, y: last.y - 5, width: 10, height: 10)).fill()

        let attributes: [NSAttributedString.Key: Any] = [
            .font: Font.preferredFont(forTextStyle: .headline),
            .foregroundColor: Color.label,
        ]
        caption.draw(at: CGPoint(x: 16, y: 12), withAttributes: attributes)
        let value = NSAttributedString(
            string: String(format: "%.1f", Double(readings.last!)),
            attributes: [.font: Font.systemFont(ofSize: 22, weight: .semibold), .foregroundColor: Color.systemGreen])
        let size = value.size()
        value.draw(at: CGPoint(x: bounds.maxX - 16 - size.width, y: 8))
    }
}

/// Two charts side by side on a wide screen, stacked on a narrow one.
final class DashboardViewController: ViewController {
    let temperature = SparklineView()
    let pressure = SparklineView()
    private let stack = StackView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        temperature.caption = "Boiler temperature"
        temperature.readings = [61, 63, 62, 66, 70, 69, 72, 74]
        pressure.caption = "Line pressure"
        pressure.readings = [2.1, 2.3, 2.2, 2.2, 2.6, 2.5, 2.4, 2.7]
        stack.addArrangedSubview(temperature)
        stack.addArrangedSubview(pressure)
        stack.spacing = 16
        stack.distribution = .fillEqually
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        let margins = view.layoutMarginsGuide
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
            stack.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -16),
        ])
        updateAxis(for: view.bounds.size)
    }

    override func viewWillTransition(to size: CGSize, with coordinator: ViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        updateAxis(for: size)
    }

    private func updateAxis(for size: CGSize) {
        stack.axis = size.width >= size.height ? .horizontal : .vertical
    }
}
