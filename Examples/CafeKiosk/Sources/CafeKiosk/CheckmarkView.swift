import TouchBridge

/// A ring and a tick that draw themselves when the order is placed: two
/// shape layers whose `strokeEnd` runs from 0 to 1, the tick after the ring.
final class CheckmarkView: View {
    static let side = 80.0
    private let ring = CAShapeLayer()
    private let tick = CAShapeLayer()

    init(color: Color) {
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
        let side = Self.side
        ring.path = BezierPath(ovalIn: CGRect(x: 3, y: 3, width: side - 6, height: side - 6)).cgPath
        let tickPath = BezierPath()
        tickPath.move(to: CGPoint(x: side * 0.28, y: side * 0.52))
        tickPath.addLine(to: CGPoint(x: side * 0.44, y: side * 0.67))
        tickPath.addLine(to: CGPoint(x: side * 0.72, y: side * 0.36))
        tick.path = tickPath.cgPath
        for shape in [ring, tick] {
            shape.frame = CGRect(x: 0, y: 0, width: side, height: side)
            shape.fillColor = nil
            shape.strokeColor = color
            shape.lineWidth = 6
            shape.lineCap = .round
            shape.lineJoin = .round
            // Not drawn until the confirmation is on screen: `play` draws it.
            shape.strokeEnd = 0
            layer.addSublayer(shape)
        }
    }

    override var intrinsicContentSize: CGSize { CGSize(width: Self.side, height: Self.side) }

    /// Draws the ring, then the tick; both end drawn whole, their own value.
    func play() {
        for (shape, start, duration) in [(ring, 0.0, 0.45), (tick, 0.35, 0.3)] {
            shape.strokeEnd = 1
            let draw = CABasicAnimation(keyPath: "strokeEnd")
            draw.fromValue = 0
            draw.toValue = 1
            draw.duration = duration
            draw.beginTime = start
            // Nothing of the tick shows before its turn.
            draw.fillMode = .backwards
            draw.timingFunction = CAMediaTimingFunction(name: .easeOut)
            shape.add(draw, forKey: "draw")
        }
    }
}
