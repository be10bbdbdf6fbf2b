/// How far a task has come, as UIProgressView: a thin track filled from the
/// leading end in the tint colour.
@MainActor
open class ProgressView: View {
    public enum Style: Sendable { case `default`, bar }

    public let progressViewStyle: Style
    /// From 0 to 1; values outside are pinned to the nearest end.
    public var progress: Float {
        get { storedProgress }
        set { setProgress(newValue, animated: false) }
    }
    private var storedProgress: Float = 0
    /// The filled part's colour; nil: the tint colour.
    public var progressTintColor: Color? { didSet { showColors() } }
    /// The unfilled part's colour; nil: a light grey (clear for the bar style).
    public var trackTintColor: Color? { didSet { showColors() } }
    private let fill = View()

    public init(progressViewStyle style: Style) {
        progressViewStyle = style
        super.init(frame: Rect(x: 0, y: 0, width: 150, height: 4))
        clipsToBounds = true
        fill.isUserInteractionEnabled = false
        addSubview(fill)
        showColors()
    }

    public override convenience init(frame: Rect) {
        self.init(progressViewStyle: .default)
        self.frame = frame
    }

    /// Sets the progress; animated, the fill grows or shrinks over a quarter of a second.
    public func setProgress(_ progress: Float, animated: Bool) {
        let pinned = min(1, max(0, progress.isNaN ? 0 : progress))
        guard pinned != storedProgress else { return }
        storedProgress = pinned
        if animated {
            View.animate(withDuration: 0.25) { self.placeFill() }
        } else {
            placeFill()
        }
    }

    /// UIKit's height: 4 points; the width is the layout's to choose.
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: 4) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        cornerRadius = progressViewStyle == .bar ? 0 : bounds.height / 2
        fill.cornerRadius = cornerRadius
        if !fill.isAnimating { placeFill() }
    }

    private func placeFill() {
        fill.frame = Rect(x: 0, y: 0, width: bounds.width * Double(storedProgress), height: bounds.height)
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        showColors()
    }

    private func showColors() {
        backgroundColor = trackTintColor ?? (progressViewStyle == .bar ? nil : .controlGray(0.88, dark: 0.25))
        fill.backgroundColor = progressTintColor ?? tintColor
    }
}
