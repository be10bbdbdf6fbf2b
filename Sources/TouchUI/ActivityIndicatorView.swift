import Glibc

/// A spinner for work under way, as UIActivityIndicatorView: eight spokes
/// round a centre, the brightest stepping round once a second while it
/// animates. Hidden while stopped, unless `hidesWhenStopped` is false.
@MainActor
open class ActivityIndicatorView: View {
    public enum Style: Sendable {
        /// 20 points across.
        case medium
        /// 37 points across.
        case large
    }

    public var style: Style {
        didSet { if oldValue != style { invalidateIntrinsicContentSize(); setNeedsDisplay() } }
    }
    /// The spokes' colour; nil: the secondary label colour, as UIKit's.
    public var color: Color? {
        didSet { setNeedsDisplay() }
    }
    public var hidesWhenStopped = true {
        didSet { if !animating { isHidden = hidesWhenStopped } }
    }
    /// Whether it is spinning (UIKit's meaning here), between startAnimating and stopAnimating.
    open override var isAnimating: Bool { animating }

    private var animating = false
    /// Which spoke is brightest: the one the turn has reached.
    private(set) var step = 0
    private var timer: TimerID?
    static let spokes = 8
    /// Steps a second: one turn a second.
    static let stepsPerSecond = 8.0

    public init(style: Style = .medium) {
        self.style = style
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        isHidden = true
        frame.size = intrinsicContentSize
    }

    public override convenience init(frame: Rect) {
        self.init(style: .medium)
        self.frame = frame
    }

    open override var intrinsicContentSize: Size {
        let side = style == .large ? 37.0 : 20.0
        return Size(width: side, height: side)
    }

    public func startAnimating() {
        guard !animating else { return }
        animating = true
        isHidden = false
        scheduleStep()
    }

    public func stopAnimating() {
        guard animating else { return }
        animating = false
        if let timer { application?.timeline.cancel(timer) }
        timer = nil
        if hidesWhenStopped { isHidden = true }
    }

    /// Started before it was in a window: the turn begins once it has a
    /// clock, and stops while it is out of any window.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil && animating && timer == nil { scheduleStep() }
    }

    open override func willMove(toWindow newWindow: Window?) {
        super.willMove(toWindow: newWindow)
        guard newWindow == nil, let timer else { return }
        application?.timeline.cancel(timer)
        self.timer = nil
    }

    private func scheduleStep() {
        guard let timeline = application?.timeline else { return }
        timer = timeline.schedule(after: 1 / Self.stepsPerSecond) { [weak self] in
            guard let self, self.animating else { return }
            self.step = (self.step + 1) % Self.spokes
            self.setNeedsDisplay()
            self.scheduleStep()
        }
    }

    open override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        let side = min(bounds.width, bounds.height)
        let center = Point(x: bounds.midX, y: bounds.midY)
        let outer = side / 2, inner = side / 4.5
        let width = max(2, side / 10)
        let base = color ?? .secondaryLabel
        for spoke in 0..<Self.spokes {
            // Clockwise from twelve o'clock; the trail fades behind the brightest.
            let angle = -Double.pi / 2 + 2 * Double.pi * Double(spoke) / Double(Self.spokes)
            let behind = (step - spoke + Self.spokes) % Self.spokes
            let alpha = 1 - Double(behind) / Double(Self.spokes) * 0.85
            context.strokeLine(
                from: Point(x: center.x + inner * cos(angle), y: center.y + inner * sin(angle)),
                to: Point(x: center.x + (outer - width / 2) * cos(angle), y: center.y + (outer - width / 2) * sin(angle)),
                with: base.withAlphaComponent(base.alpha * alpha), lineWidth: width, lineCap: .round)
        }
    }
}
