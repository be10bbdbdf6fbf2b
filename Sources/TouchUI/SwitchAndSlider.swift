/// An on/off switch, as UISwitch: a tap (touch up inside) flips it and sends valueChanged.
@MainActor
open class Switch: Control {
    public private(set) var isOn = false

    public init(frame: Rect = Rect(x: 0, y: 0, width: 51, height: 31), isOn: Bool = false) {
        self.isOn = isOn
        super.init(frame: frame)
    }

    /// Sets the state without sending valueChanged, as UISwitch does for code.
    public func setOn(_ on: Bool, animated: Bool = false) { isOn = on }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        guard let touch, bounds.insetBy(dx: -touchSlop, dy: -touchSlop).contains(touch.location(in: self)) else { return }
        isOn.toggle()
        sendActions(for: .valueChanged, with: event)
    }
}

/// A value picked along a track, as UISlider: the value follows the finger
/// across the bounds' width; valueChanged as it moves (`isContinuous`) or
/// once when the finger lifts.
@MainActor
open class Slider: Control {
    public var minimumValue = 0.0
    public var maximumValue = 1.0
    public var isContinuous = true
    public private(set) var value = 0.0
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
}
