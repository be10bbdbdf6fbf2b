/// Lays out a row or a column of views, as UIStackView, so that a simple
/// screen needs no hand-written frames. Each arranged view is measured by
/// its `intrinsicContentSize` (or, without one, its current size); a hidden
/// one takes no room.
///
/// With no Auto Layout here, `.fill` gives the space left over (or takes
/// the space missing) to the views with no natural size along the axis,
/// shared equally, or else to the last view: the part UIKit gives to the
/// view of lowest content-hugging priority.
@MainActor
open class StackView: View {
    /// Horizontal (a row) or vertical (a column).
    public typealias Axis = LayoutConstraint.Axis

    public enum Distribution: Sendable {
        /// Natural sizes; the leftover space goes to the flexible views.
        case fill
        /// Every view the same length.
        case fillEqually
        /// Lengths in proportion to the natural sizes, filling the stack.
        case fillProportionally
        /// Natural sizes, with the leftover space spread evenly between them.
        case equalSpacing
        /// Natural sizes, with their centres evenly spaced.
        case equalCentering
    }

    public enum Alignment: Sendable {
        /// As wide (or tall) as the stack, across the axis.
        case fill
        /// At the start across the axis: the left of a column, the top of a row.
        case leading
        case center
        /// At the end across the axis: the right of a column, the bottom of a row.
        case trailing

        public static let top = Alignment.leading
        public static let bottom = Alignment.trailing
    }

    public private(set) var arrangedSubviews: [View] = []
    public var axis = Axis.horizontal { didSet { if oldValue != axis { arrangementChanged() } } }
    public var distribution = Distribution.fill { didSet { if oldValue != distribution { arrangementChanged() } } }
    public var alignment = Alignment.fill { didSet { if oldValue != alignment { arrangementChanged() } } }
    /// Points between neighbours (the least between them for the equal-spacing distributions).
    public var spacing = 0.0 { didSet { if oldValue != spacing { arrangementChanged() } } }
    /// Lays out inside `layoutMargins` rather than the bounds.
    public var isLayoutMarginsRelativeArrangement = false { didSet { arrangementChanged() } }

    open override func layoutMarginsDidChange() {
        super.layoutMarginsDidChange()
        if isLayoutMarginsRelativeArrangement { arrangementChanged() }
    }

    /// Lays out again, and tells a stack holding this one that its size may have changed.
    private func arrangementChanged() {
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    public init(arrangedSubviews views: [View] = []) {
        super.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// Adds `view` at the end of the arrangement (and as a subview).
    public func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    public func insertArrangedSubview(_ view: View, at index: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(0, index), arrangedSubviews.count))
        if view.superview !== self { addSubview(view) }
        arrangementChanged()
    }

    /// Takes `view` out of the arrangement; as in UIKit it stays a subview
    /// until removed from its superview.
    public func removeArrangedSubview(_ view: View) {
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        arrangementChanged()
    }

    open override func willRemoveSubview(_ subview: View) {
        super.willRemoveSubview(subview)
        if arrangedSubviews.contains(where: { $0 === subview }) { removeArrangedSubview(subview) }
    }

    override func subviewVisibilityDidChange(_ subview: View) {
        if arrangedSubviews.contains(where: { $0 === subview }) { arrangementChanged() }
    }

    /// Spacing after particular views, in place of `spacing`.
    private var customSpacings: [ObjectIdentifier: Double] = [:]

    /// Puts `spacing` points after `view` (an arranged view), in place of
    /// the stack's `spacing`, as UIStackView's `setCustomSpacing(_:after:)`.
    /// `StackView.spacingUseDefault` goes back to the stack's.
    public func setCustomSpacing(_ spacing: Double, after view: View) {
        customSpacings[ObjectIdentifier(view)] = spacing == Self.spacingUseDefault ? nil : spacing
        arrangementChanged()
    }

    /// The spacing after `view`: its own, else the stack's.
    public func customSpacing(after view: View) -> Double { customSpacings[ObjectIdentifier(view)] ?? Self.spacingUseDefault }

    /// Marks "no custom spacing": the stack's `spacing` applies.
    public static let spacingUseDefault = Double.greatestFiniteMagnitude

    /// The space after each shown view but the last (0 after the last).
    private func gaps(after shown: [View]) -> [Double] {
        shown.indices.map { index in index == shown.count - 1 ? 0 : customSpacings[ObjectIdentifier(shown[index])] ?? spacing }
    }

    /// The stack's own natural size: its arranged views' along the axis, the largest across.
    open override var intrinsicContentSize: Size {
        let shown = arrangedSubviews.filter { !$0.isHidden }
        let lengths = shown.map { naturalSize(of: $0) }
        let along = lengths.reduce(0) { $0 + length($1) } + gaps(after: shown).reduce(0, +)
        let across = lengths.map { breadth($0) }.max() ?? 0
        let margins = isLayoutMarginsRelativeArrangement ? layoutMargins : EdgeInsets.zero
        return axis == .horizontal
            ? Size(width: along + margins.left + margins.right, height: across + margins.top + margins.bottom)
            : Size(width: across + margins.left + margins.right, height: along + margins.top + margins.bottom)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let area = isLayoutMarginsRelativeArrangement ? bounds.inset(by: layoutMargins) : bounds
        let shown = arrangedSubviews.filter { !$0.isHidden }
        guard !shown.isEmpty else { return }
        let available = axis == .horizontal ? area.width : area.height
        let natural = shown.map { naturalSize(of: $0) }
        var lengths = natural.map { length($0) }
        var gapAfter = self.gaps(after: shown)
        let gaps = gapAfter.reduce(0, +)
        // Centres to place, for equalCentering; otherwise views follow one another.
        var centres: [Double]?
        switch distribution {
        case .fill:
            let spare = available - gaps - lengths.reduce(0, +)
            if spare > 0 {
                // The views that hug their content least stretch: those without a natural length among them, else the last.
                let hugging = shown.map { $0.contentHuggingPriority(for: axis) }
                let loosest = shown.indices.filter { hugging[$0] == hugging.min() }
                let flexible = loosest.filter { length(shown[$0].intrinsicContentSize) < 0 }
                let takers = flexible.isEmpty ? [loosest[loosest.count - 1]] : flexible
                for index in takers { lengths[index] += spare / Double(takers.count) }
            } else if spare < 0 {
                // The least resistant to compression give way first; of equals, the later ones.
                let resistance = shown.map { $0.contentCompressionResistancePriority(for: axis) }
                var deficit = -spare
                for index in shown.indices.sorted(by: { (resistance[$0], -$0) < (resistance[$1], -$1) }) where deficit > 0 {
                    let cut = min(deficit, lengths[index])
                    lengths[index] -= cut
                    deficit -= cut
                }
            }
        case .fillEqually:
            lengths = Array(repeating: max(0, (available - gaps) / Double(shown.count)), count: shown.count)
        case .fillProportionally:
            let total = lengths.reduce(0, +)
            let room = max(0, available - gaps)
            lengths = lengths.map { total > 0 ? room * $0 / total : room / Double(shown.count) }
        case .equalSpacing:
            if shown.count > 1 {
                let even = (available - lengths.reduce(0, +)) / Double(shown.count - 1)
                gapAfter = gapAfter.enumerated().map { $0.offset == shown.count - 1 ? 0 : max($0.element, even) }
            }
        case .equalCentering:
            if shown.count > 1 {
                // The first view starts at the start, the last ends at the end; the centres between are even.
                let first = lengths[0] / 2, last = available - lengths[lengths.count - 1] / 2
                // Even steps, but never so close that neighbours are nearer than `spacing`.
                let even = max((last - first) / Double(shown.count - 1), 0)
                var centre = first
                centres = shown.indices.map { index in
                    if index > 0 { centre += max(even, (lengths[index - 1] + lengths[index]) / 2 + gapAfter[index - 1]) }
                    return centre
                }
            }
        }
        var position = 0.0
        for (index, view) in shown.enumerated() {
            let start = centres.map { $0[index] - lengths[index] / 2 } ?? position
            let across = axis == .horizontal ? area.height : area.width
            let natural = breadth(natural[index])
            let size = alignment == .fill ? across : min(natural, across)
            let offset: Double
            switch alignment {
            case .fill, .leading: offset = 0
            case .center: offset = (across - size) / 2
            case .trailing: offset = across - size
            }
            view.frame = axis == .horizontal
                ? Rect(x: area.minX + start, y: area.minY + offset, width: lengths[index], height: size)
                : Rect(x: area.minX + offset, y: area.minY + start, width: size, height: lengths[index])
            position = start + lengths[index] + gapAfter[index]
        }
    }

    /// A view's intrinsic size, with its current size standing in where it has none.
    private func naturalSize(of view: View) -> Size {
        let intrinsic = view.intrinsicContentSize
        return Size(
            width: intrinsic.width >= 0 ? intrinsic.width : view.bounds.width,
            height: intrinsic.height >= 0 ? intrinsic.height : view.bounds.height)
    }

    private func length(_ size: Size) -> Double { axis == .horizontal ? size.width : size.height }
    private func breadth(_ size: Size) -> Double { axis == .horizontal ? size.height : size.width }
}
