/// An on/off switch, as UISwitch: a tap (touch up inside) flips it and sends valueChanged.
@MainActor
open class Switch: Control {
    /// UIKit's switch size.
    open override var intrinsicContentSize: Size { Size(width: 51, height: 31) }

    public var isOn = false {
        didSet { if oldValue != isOn { setNeedsDisplay() } }
    }
    public var onTintColor: Color = .systemGreen

    /// A switch at `frame`'s origin. As UIKit's, it keeps its own size,
    /// 51 x 31 points, whatever size the frame gives.
    public init(frame: Rect = Rect(x: 0, y: 0, width: 51, height: 31), isOn: Bool) {
        self.isOn = isOn
        super.init(frame: Rect(origin: frame.origin, size: Size(width: 51, height: 31)))
    }

    /// Off, at `frame`'s origin (a switch keeps its own size, in Auto Layout too).
    public override convenience init(frame: Rect = Rect(x: 0, y: 0, width: 51, height: 31)) {
        self.init(frame: frame, isOn: false)
    }

    /// Sets the state without sending valueChanged, as UISwitch does for code.
    public func setOn(_ on: Bool, animated: Bool = false) { isOn = on }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        guard let touch, bounds.insetBy(dx: -touchSlop, dy: -touchSlop).contains(touch.location(in: self)) else { return }
        isOn.toggle()
        sendActions(for: .valueChanged, with: event)
    }

    /// A rounded track, green when on, with a white knob at the end it points to.
    open override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        let track = bounds.insetBy(dx: 1, dy: 1)
        let radius = track.height / 2
        context.fill(Path(roundedRect: track, cornerRadius: radius), with: isOn ? onTintColor : .controlGray(0.9, dark: 0.25))
        let knobSize = track.height - 4
        let knobX = isOn ? track.maxX - 2 - knobSize : track.minX + 2
        let knob = Rect(x: knobX, y: track.minY + 2, width: knobSize, height: knobSize)
        context.fill(Path(ovalIn: knob), with: isHighlighted ? Color(white: 0.95) : .white)
        context.stroke(Path(ovalIn: knob), with: Color(white: 0, alpha: 0.15), lineWidth: 0.5)
    }
}
