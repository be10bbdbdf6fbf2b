/// A row of dots, one per page, the current one filled, as UIPageControl:
/// a tap right of the current dot goes a page on, left of it a page back,
/// and sends valueChanged.
@MainActor
open class PageControl: Control {
    public var numberOfPages = 0 {
        didSet {
            if currentPage >= numberOfPages { currentPage = max(0, numberOfPages - 1) }
            invalidateIntrinsicContentSize()
            setNeedsDisplay()
        }
    }
    /// Set by code, it sends nothing.
    public var currentPage = 0 {
        didSet {
            let pinned = min(max(0, currentPage), max(0, numberOfPages - 1))
            if currentPage != pinned { currentPage = pinned }
            if oldValue != currentPage { setNeedsDisplay() }
        }
    }
    public var hidesForSinglePage = false { didSet { setNeedsDisplay() } }
    /// The other dots' colour; nil: a translucent grey.
    public var pageIndicatorTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The current dot's colour; nil: the label colour.
    public var currentPageIndicatorTintColor: Color? { didSet { setNeedsDisplay() } }

    static let dotSize = 8.0, dotSpacing = 8.0

    /// The size `pageCount` dots need.
    public func size(forNumberOfPages pageCount: Int) -> Size {
        let count = Double(max(0, pageCount))
        return Size(width: count * Self.dotSize + max(0, count - 1) * Self.dotSpacing + 2 * 12, height: 26)
    }

    open override var intrinsicContentSize: Size { size(forNumberOfPages: numberOfPages) }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        guard let touch, bounds.contains(touch.location(in: self)), numberOfPages > 1 else { return }
        let x = touch.location(in: self).x
        let current = dotFrame(currentPage).midX
        let next = x > current ? currentPage + 1 : x < current ? currentPage - 1 : currentPage
        guard next != currentPage, (0..<numberOfPages).contains(next) else { return }
        currentPage = next
        sendActions(for: .valueChanged, with: event)
    }

    private func dotFrame(_ page: Int) -> Rect {
        let total = size(forNumberOfPages: numberOfPages).width - 24
        let x = (bounds.width - total) / 2 + Double(page) * (Self.dotSize + Self.dotSpacing)
        return Rect(x: x, y: (bounds.height - Self.dotSize) / 2, width: Self.dotSize, height: Self.dotSize)
    }

    open override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current, numberOfPages > 0, !(hidesForSinglePage && numberOfPages == 1) else { return }
        for page in 0..<numberOfPages {
            let color = page == currentPage ? (currentPageIndicatorTintColor ?? .label) : (pageIndicatorTintColor ?? .tertiaryLabel)
            context.fill(Path(ovalIn: dotFrame(page)), with: color)
        }
    }
}
