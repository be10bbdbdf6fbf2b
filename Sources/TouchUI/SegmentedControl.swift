/// A row of segments of which one is chosen, as UISegmentedControl: a tap
/// on a segment (lifted inside it) chooses it and sends valueChanged.
@MainActor
open class SegmentedControl: Control {
    /// No segment chosen, as UISegmentedControl.noSegment.
    public static let noSegment = -1

    private var titles: [String?] = []
    private var enabledSegments: [Bool] = []
    /// The chosen segment, or `noSegment`. Set by code, it sends nothing.
    public var selectedSegmentIndex = SegmentedControl.noSegment {
        didSet { if oldValue != selectedSegmentIndex { setNeedsDisplay() } }
    }
    /// The chosen segment's background; white by default, as iOS draws it.
    public var selectedSegmentTintColor: Color? {
        didSet { setNeedsDisplay() }
    }
    public var font = Font.systemFont(ofSize: 13) {
        didSet { invalidateIntrinsicContentSize(); setNeedsDisplay() }
    }

    /// Segments titled with `items`, none chosen.
    public init(items: [String]?) {
        titles = items ?? []
        enabledSegments = Array(repeating: true, count: titles.count)
        super.init(frame: .zero)
        frame.size = intrinsicContentSize
    }

    public override convenience init(frame: Rect) {
        self.init(items: nil)
        self.frame = frame
    }

    public var numberOfSegments: Int { titles.count }

    public func titleForSegment(at segment: Int) -> String? { titles.indices.contains(segment) ? titles[segment] : nil }

    public func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard titles.indices.contains(segment) else { return }
        titles[segment] = title
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    /// Adds a segment before `segment` (at the end when past it); the chosen one stays chosen.
    public func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        let index = min(max(0, segment), titles.count)
        titles.insert(title, at: index)
        enabledSegments.insert(true, at: index)
        if selectedSegmentIndex >= index { selectedSegmentIndex += 1 }
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    public func removeSegment(at segment: Int, animated: Bool) {
        guard titles.indices.contains(segment) else { return }
        titles.remove(at: segment)
        enabledSegments.remove(at: segment)
        if selectedSegmentIndex == segment { selectedSegmentIndex = Self.noSegment } else if selectedSegmentIndex > segment { selectedSegmentIndex -= 1 }
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    public func removeAllSegments() {
        titles.removeAll()
        enabledSegments.removeAll()
        selectedSegmentIndex = Self.noSegment
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    public func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard enabledSegments.indices.contains(segment) else { return }
        enabledSegments[segment] = enabled
        setNeedsDisplay()
    }

    public func isEnabledForSegment(at segment: Int) -> Bool {
        enabledSegments.indices.contains(segment) && enabledSegments[segment]
    }

    /// Each segment as wide as the widest title needs, 32 points high, as iOS sizes it.
    open override var intrinsicContentSize: Size {
        let widest = titles.map { TextLayout($0 ?? "", font: font).size.width }.max() ?? 0
        return Size(width: (widest + 24).rounded(.up) * Double(max(1, titles.count)), height: 32)
    }

    /// The segment under `point`, in the control's coordinates.
    private func segment(at point: Point) -> Int? {
        guard !titles.isEmpty, bounds.contains(point) else { return nil }
        return min(titles.count - 1, Int(point.x / (bounds.width / Double(titles.count))))
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        guard let touch, let chosen = segment(at: touch.location(in: self)), isEnabledForSegment(at: chosen),
            chosen != selectedSegmentIndex
        else { return }
        selectedSegmentIndex = chosen
        sendActions(for: .valueChanged, with: event)
    }

    /// A grey track with the chosen segment raised on it in white, and thin lines between the others.
    open override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current, !titles.isEmpty else { return }
        context.fill(Path(roundedRect: bounds, cornerRadius: 8), with: .controlGray(0.93, dark: 0.15))
        let width = bounds.width / Double(titles.count)
        for index in titles.indices {
            let box = Rect(x: width * Double(index), y: 0, width: width, height: bounds.height)
            if index == selectedSegmentIndex {
                let raised = box.insetBy(dx: 2, dy: 2)
                context.fill(Path(roundedRect: raised, cornerRadius: 7), with: selectedSegmentTintColor ?? .controlGray(1, dark: 0.39))
            } else if index > 0 && index - 1 != selectedSegmentIndex {
                context.fill(Rect(x: box.minX - 0.5, y: 8, width: 1, height: bounds.height - 16), with: .controlGray(0.78, dark: 0.3))
            }
            guard let title = titles[index] else { continue }
            let enabled = isEnabled && enabledSegments[index]
            let color: Color = enabled ? .label : .tertiaryLabel
            let weight: Font.Weight = index == selectedSegmentIndex ? .bold : .regular
            context.draw(title, in: box.insetBy(dx: 6, dy: 0), font: Font(family: font.family, size: font.size, weight: weight), color: color, alignment: .center)
        }
    }
}
