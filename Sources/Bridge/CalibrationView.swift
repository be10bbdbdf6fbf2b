import TouchUI

/// The screen of an on-screen calibration, as tslib's ts_calibrate shows it:
/// a cross at each corner and then the centre, one at a time. Each touch
/// reports the median of where the finger was (a finger rolls as it lands
/// and lifts), and the next cross appears.
@MainActor
public final class CalibrationView: View {
    /// Where the crosses are drawn, in the order they are shown.
    public let targets: [Point]
    public private(set) var current = 0
    /// Where the touch of the current cross was: called once per cross.
    public var onTouched: ((Point) -> Void)?
    private var samples: [Point] = []

    public override init(frame: Rect) {
        let w = frame.width, h = frame.height
        let inset = max(30, (min(w, h) * 0.1).rounded())
        targets = [
            Point(x: inset, y: inset), Point(x: w - inset, y: inset), Point(x: w - inset, y: h - inset),
            Point(x: inset, y: h - inset), Point(x: (w / 2).rounded(), y: (h / 2).rounded()),
        ]
        super.init(frame: frame)
        backgroundColor = .white
    }

    public var isFinished: Bool { current >= targets.count }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        samples = [touch.location(in: self)]
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        samples.append(touch.location(in: self))
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard !isFinished, !samples.isEmpty else { return }
        let xs = samples.map(\.x).sorted(), ys = samples.map(\.y).sorted()
        let median = Point(x: xs[xs.count / 2], y: ys[ys.count / 2])
        samples = []
        setNeedsDisplay(area(of: current))
        current += 1
        if !isFinished { setNeedsDisplay(area(of: current)) }
        setNeedsDisplay(instructionsRect)
        onTouched?(median)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { samples = [] }

    private func area(of index: Int) -> Rect {
        let target = targets[index]
        return Rect(x: target.x - 24, y: target.y - 24, width: 48, height: 48)
    }

    private var instructionsRect: Rect { Rect(x: 0, y: bounds.midY + 40, width: bounds.width, height: 60) }

    public override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        if !isFinished {
            let target = targets[current]
            context.strokeLine(from: Point(x: target.x - 20, y: target.y), to: Point(x: target.x + 20, y: target.y), with: .red, lineWidth: 2)
            context.strokeLine(from: Point(x: target.x, y: target.y - 20), to: Point(x: target.x, y: target.y + 20), with: .red, lineWidth: 2)
            context.stroke(Path(ovalIn: Rect(x: target.x - 8, y: target.y - 8, width: 16, height: 16)), with: .red, lineWidth: 2)
        }
        let text = isFinished ? "Calibrated" : "Touch the centre of the cross (\(current + 1) of \(targets.count))"
        context.draw(text, in: instructionsRect, font: .systemFont(ofSize: 20), color: .black, alignment: .center)
    }
}
