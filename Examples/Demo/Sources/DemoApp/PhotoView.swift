import TouchBridge

/// A picture to pinch, rotate and drag with two fingers or one, as a
/// photo viewer does. The picture is drawn, so the demo ships no image file.
@MainActor
public final class PhotoView: View {
    private var scale = 1.0
    private var angle = 0.0
    private var offset = Point.zero
    private var gestureStart: (scale: Double, angle: Double, offset: Point) = (1, 0, .zero)
    public let pinch = PinchGestureRecognizer()
    public let rotation = RotationGestureRecognizer()
    public let pan = PanGestureRecognizer()
    private let simultaneous = Simultaneous()

    public override init(frame: Rect) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
        backgroundColor = Color(red: 0.55, green: 0.8, blue: 0.95)
        cornerRadius = 10
        clipsToBounds = true
        borderWidth = 3
        borderColor = .white
        pinch.addAction { [unowned self] _ in self.gestureChanged() }
        rotation.addAction { [unowned self] _ in self.gestureChanged() }
        pan.addAction { [unowned self] _ in self.gestureChanged() }
        for recognizer in [pinch, rotation, pan] as [GestureRecognizer] {
            recognizer.delegate = simultaneous
            addGestureRecognizer(recognizer)
        }
    }

    /// The photo's scale, rotation (radians, clockwise) and how far it was dragged.
    public var placement: (scale: Double, angle: Double, offset: Point) { (scale, angle, offset) }

    private func gestureChanged() {
        let anyBegan = [pinch, rotation, pan].contains { $0.state == .began }
        if anyBegan { gestureStart = (scale, angle, offset) }
        if pinch.isActive { scale = max(0.3, min(4, gestureStart.scale * pinch.scale)) }
        if rotation.isActive { angle = gestureStart.angle + rotation.rotation }
        if pan.isActive {
            let t = pan.translation(in: superview)
            offset = Point(x: gestureStart.offset.x + t.x, y: gestureStart.offset.y + t.y)
        }
        transform = AffineTransform(translationX: offset.x, y: offset.y)
            .concatenating(AffineTransform(rotationAngle: angle).concatenating(AffineTransform(scaleX: scale, y: scale)))
        if [pinch, rotation, pan].allSatisfy({ !$0.isActive }) { gestureStart = (scale, angle, offset) }
    }

    public override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        let b = bounds
        // A sun, hills and a caption: enough to see a turn or a stretch at once.
        let sun = b.width * 0.12
        context.fill(Path(ovalIn: Rect(x: b.maxX - sun * 3, y: b.minY + sun, width: sun * 2, height: sun * 2)), with: .yellow)
        context.fill(Path(ovalIn: Rect(x: b.minX - b.width * 0.2, y: b.midY, width: b.width * 0.9, height: b.height * 0.8)), with: .systemGreen)
        context.fill(Path(ovalIn: Rect(x: b.midX - b.width * 0.1, y: b.midY + b.height * 0.1, width: b.width * 0.8, height: b.height * 0.7)), with: Color(red: 0.2, green: 0.6, blue: 0.3))
        context.draw("Pinch · Rotate · Drag", in: Rect(x: b.minX, y: b.minY + 8, width: b.width, height: 24), font: .boldSystemFont(ofSize: 15), color: .white, alignment: .center)
    }
}

/// Lets the photo's recognizers work together, as a photo viewer's do.
@MainActor
private final class Simultaneous: GestureRecognizerDelegate {
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
}
