/// A value picked along a track, as UISlider: the value follows the finger
/// across the bounds' width; valueChanged as it moves (`isContinuous`) or
/// once when the finger lifts.
@MainActor
open class Slider: Control {
    /// UIKit's slider size (as wide as it is given).
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: 31) }

    public var minimumValue = 0.0
    public var maximumValue = 1.0
    public var isContinuous = true
    public private(set) var value = 0.0 {
        didSet { if oldValue != value { setNeedsDisplay() } }
    }
    public var minimumTrackTintColor: Color = .systemBlue
    private var valueAtStart = 0.0

    public func setValue(_ newValue: Double, animated: Bool = false) {
        value = min(max(newValue, minimumValue), maximumValue)
    }

    private func value(at touch: Touch) -> Double {
        guard bounds.width > 0 else { return value }
        let fraction = min(max((touch.location(in: self).x - bounds.minX) / bounds.width, 0), 1)
        return minimumValue + fraction * (maximumValue - minimumValue)
    }

    private func follow(_ touch: Touch, with event: Event?, final: Bool) {
        let new = value(at: touch)
        let changed = new != value
        value = new
        if isContinuous ? changed : (final && value != valueAtStart) { sendActions(for: .valueChanged, with: event) }
    }

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        valueAtStart = value
        follow(touch, with: event, final: false)
        return true
    }

    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        follow(touch, with: event, final: false)
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        if let touch { follow(touch, with: event, final: true) }
    }

    /// A thin track, filled in the tint colour up to the value, and a round thumb there.
    open override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        let span = maximumValue - minimumValue
        let fraction = span > 0 ? (value - minimumValue) / span : 0
        let thumbSize = min(bounds.height, 28.0)
        let trackWidth = max(0, bounds.width - thumbSize)
        let thumbX = bounds.minX + fraction * trackWidth
        let track = Rect(x: bounds.minX + thumbSize / 2, y: bounds.midY - 2, width: trackWidth, height: 4)
        context.fill(Path(roundedRect: track, cornerRadius: 2), with: .controlGray(0.85, dark: 0.3))
        let filled = Rect(x: track.minX, y: track.minY, width: fraction * trackWidth, height: 4)
        context.fill(Path(roundedRect: filled, cornerRadius: 2), with: isEnabled ? minimumTrackTintColor : .gray)
        let thumb = Rect(x: thumbX, y: bounds.midY - thumbSize / 2, width: thumbSize, height: thumbSize)
        context.fill(Path(ovalIn: thumb), with: isHighlighted ? Color(white: 0.95) : .white)
        context.stroke(Path(ovalIn: thumb.insetBy(dx: 0.5, dy: 0.5)), with: Color(white: 0, alpha: 0.2), lineWidth: 1)
    }
}
