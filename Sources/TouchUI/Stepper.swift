/// A minus and a plus segment that step a value, as UIStepper: a tap on a
/// segment steps once and sends valueChanged; a finger held on it repeats
/// (`autorepeat`), slowly at first and then faster. A segment that would step
/// past the range is dimmed and does nothing, unless `wraps`.
@MainActor
open class Stepper: Control {
    /// UIKit's stepper size.
    open override var intrinsicContentSize: Size { Size(width: 94, height: 32) }

    public var minimumValue = 0.0 { didSet { clampValue() } }
    public var maximumValue = 100.0 { didSet { clampValue() } }
    public var stepValue = 1.0
    public var wraps = false { didSet { setNeedsDisplay() } }
    public var autorepeat = true
    /// valueChanged on every step while held; when false, once on lift.
    public var isContinuous = true
    public var value = 0.0 {
        didSet {
            clampValue()
            if oldValue != value { setNeedsDisplay() }
        }
    }

    /// The first repeat comes this long after the touch; the next ones
    /// faster, down to `repeatInterval`.
    public static let repeatDelay = 0.5
    public static let repeatInterval = 0.1

    private enum Segment { case minus, plus }
    private var heldSegment: Segment?
    private var repeatTimer: TimerID?
    private var repeatCount = 0
    private var valueAtStart = 0.0

    /// A stepper at `frame`'s origin. As UIKit's, it keeps its own size,
    /// 94 x 32 points, whatever size the frame gives.
    public override init(frame: Rect = Rect(x: 0, y: 0, width: 94, height: 32)) {
        super.init(frame: Rect(origin: frame.origin, size: Size(width: 94, height: 32)))
    }

    private func clampValue() {
        let clamped = min(max(value, minimumValue), maximumValue)
        if clamped != value { value = clamped }
    }

    private func segment(at point: Point) -> Segment { point.x < bounds.midX ? .minus : .plus }

    private func canStep(_ segment: Segment) -> Bool {
        if wraps { return true }
        return segment == .minus ? value > minimumValue : value < maximumValue
    }

    /// One step; past an end it wraps around or stops there.
    private func step(_ segment: Segment, with event: Event?) {
        guard canStep(segment) else { return }
        var next = value + (segment == .minus ? -stepValue : stepValue)
        if wraps {
            if next > maximumValue { next = minimumValue } else if next < minimumValue { next = maximumValue }
        }
        value = next
        if isContinuous { sendActions(for: .valueChanged, with: event) }
    }

    private func scheduleRepeat() {
        guard autorepeat, let timeline = application?.timeline else { return }
        let delay = repeatCount == 0 ? Self.repeatDelay : max(Self.repeatInterval, 0.3 - 0.05 * Double(repeatCount))
        repeatTimer = timeline.schedule(after: delay) { [weak self] in
            guard let self, let segment = self.heldSegment else { return }
            // Off the control the finger pauses the repeat; back on, it goes on.
            if self.isTouchInside {
                self.repeatCount += 1
                self.step(segment, with: nil)
            }
            self.scheduleRepeat()
        }
    }

    private func stopRepeating() {
        if let repeatTimer { application?.timeline.cancel(repeatTimer) }
        repeatTimer = nil
        heldSegment = nil
        repeatCount = 0
    }

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        let segment = segment(at: touch.location(in: self))
        guard canStep(segment) else { return false }
        valueAtStart = value
        heldSegment = segment
        step(segment, with: event)
        scheduleRepeat()
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        stopRepeating()
        if !isContinuous && value != valueAtStart { sendActions(for: .valueChanged, with: event) }
    }

    open override func cancelTracking(with event: Event?) {
        stopRepeating()
        if !isContinuous && value != valueAtStart { sendActions(for: .valueChanged, with: event) }
    }

    /// Out of the window (with an ancestor, too), it stops repeating.
    open override func willMove(toWindow newWindow: Window?) {
        super.willMove(toWindow: newWindow)
        if newWindow == nil { stopRepeating() }
    }

    /// A rounded outline in the tint colour, split in two, with "−" and "+".
    open override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        let outline = bounds.insetBy(dx: 0.5, dy: 0.5)
        let half = Rect(x: bounds.minX, y: bounds.minY, width: bounds.width / 2, height: bounds.height)
        let tint: Color = tintColor
        if isHighlighted, let heldSegment {
            let lit = heldSegment == .minus ? half : half.offsetBy(dx: half.width, dy: 0)
            context.saveState()
            context.clip(to: lit)
            context.fill(Path(roundedRect: outline, cornerRadius: 6), with: tint.withAlphaComponent(0.2))
            context.restoreState()
        }
        context.stroke(Path(roundedRect: outline, cornerRadius: 6), with: isEnabled ? tint : .gray, lineWidth: 1)
        context.fill(Path(rect: Rect(x: bounds.midX - 0.5, y: bounds.minY + 4, width: 1, height: bounds.height - 8)), with: isEnabled ? tint : .gray)
        let font = Font.systemFont(ofSize: min(24, bounds.height * 0.7))
        for (segment, sign) in [(Segment.minus, "\u{2212}"), (.plus, "+")] {
            let area = segment == .minus ? half : half.offsetBy(dx: half.width, dy: 0)
            let color = isEnabled && canStep(segment) ? tint : Color.gray.withAlphaComponent(0.5)
            context.draw(sign, in: area, font: font, color: color, alignment: .center)
        }
    }
}
