/// Auto Layout on views, as UIView has it: anchors, installed constraints,
/// layout guides and margins, intrinsic size priorities, the constraint
/// pass, fitting sizes and ambiguity checks.
extension View: LayoutItem {
    /// Eight points: the standard space between neighbouring views (`equalToSystemSpacingAfter`).
    public static let systemSpacing = 8.0

    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .leading) }
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .trailing) }
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .left) }
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .right) }
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .top) }
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .bottom) }
    public var widthAnchor: LayoutDimension { LayoutDimension(self, .width) }
    public var heightAnchor: LayoutDimension { LayoutDimension(self, .height) }
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .centerX) }
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .centerY) }
    /// The first line's baseline for text (labels, buttons, fields); the bottom edge otherwise.
    public var firstBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .firstBaseline) }
    /// The last line's baseline for text; the bottom edge otherwise.
    public var lastBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .lastBaseline) }

    func autoLayoutState() -> AutoLayoutState {
        if let autoLayout { return autoLayout }
        let state = AutoLayoutState(owner: self)
        autoLayout = state
        return state
    }

    // MARK: Installed constraints

    /// The constraints installed on this view: those whose items' closest common ancestor it is.
    public var constraints: [LayoutConstraint] { autoLayout?.installed ?? [] }

    public func addConstraint(_ constraint: LayoutConstraint) { constraint.isActive = true }
    public func addConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.activate(constraints) }
    public func removeConstraint(_ constraint: LayoutConstraint) { constraint.isActive = false }
    public func removeConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.deactivate(constraints) }

    func install(_ constraint: LayoutConstraint) {
        autoLayoutState().installed.append(constraint)
        constraint.installedOn = self
        LayoutEngine.activeConstraints += 1
        layoutRoot.layoutEngine().structureChanged()
        setNeedsLayout()
    }

    func uninstall(_ constraint: LayoutConstraint) {
        autoLayout?.installed.removeAll { $0 === constraint }
        constraint.installedOn = nil
        LayoutEngine.activeConstraints -= 1
        constraint.engine?.remove(constraint)
        setNeedsLayout()
    }

    /// The top of the tree this view is in, which owns the tree's layout engine.
    var layoutRoot: View {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    func layoutEngine() -> LayoutEngine {
        let state = autoLayoutState()
        if let engine = state.engine { return engine }
        let engine = LayoutEngine(root: self)
        state.engine = engine
        return engine
    }

    // MARK: Layout guides

    public var layoutGuides: [LayoutGuide] { autoLayout?.guides ?? [] }

    public func addLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView !== self else { return }
        guide.owningView?.removeLayoutGuide(guide)
        guide.owningView = self
        autoLayoutState().guides.append(guide)
    }

    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView === self else { return }
        for constraint in LayoutEngine.constraints(in: layoutRoot) where constraint.first === guide || constraint.second === guide {
            constraint.isActive = false
        }
        autoLayout?.guides.removeAll { $0 === guide }
        guide.owningView = nil
    }

    /// The view's bounds inset by its layout margins (and, with
    /// `insetsLayoutMarginsFromSafeArea`, its safe area).
    public var layoutMarginsGuide: LayoutGuide { systemGuide(\.marginsGuide, .margins) }

    /// The part of the view no bar, cut-out or rounded corner of the screen covers.
    public var safeAreaLayoutGuide: LayoutGuide { systemGuide(\.safeAreaGuide, .safeArea) }

    /// The margins guide, narrowed about its centre to at most
    /// `readableContentWidth`: text in it keeps to lines a reader can follow
    /// on a wide screen.
    public var readableContentGuide: LayoutGuide { systemGuide(\.readableGuide, .readableContent) }

    /// The widest `readableContentGuide` gets: UIKit's for its default text size.
    public static let readableContentWidth = 672.0

    /// The space the on-screen keyboard takes at the bottom of this view, as
    /// it comes and goes; while there is none, the bottom of the safe area.
    /// Pin a view's bottom to its top to keep the view above the keyboard.
    public var keyboardLayoutGuide: LayoutGuide { systemGuide(\.keyboardGuide, .keyboard) }

    func systemGuide(_ path: ReferenceWritableKeyPath<AutoLayoutState, LayoutGuide?>, _ role: LayoutGuide.Role) -> LayoutGuide {
        let state = autoLayoutState()
        if let guide = state[keyPath: path] { return guide }
        let guide = LayoutGuide(role: role, owner: self)
        state[keyPath: path] = guide
        return guide
    }

    /// The insets of the safe area: where the window's safe area (its
    /// screen's) reaches into this view, plus its controller's additional insets.
    public var safeAreaInsets: EdgeInsets {
        var insets = EdgeInsets.zero
        if let window {
            let area = window.bounds.inset(by: window.screenSafeAreaInsets)
            let frame = convert(bounds, to: window)
            insets = EdgeInsets(
                top: max(0, area.minY - frame.minY), left: max(0, area.minX - frame.minX),
                bottom: max(0, frame.maxY - area.maxY), right: max(0, frame.maxX - area.maxX))
        }
        if let extra = owningViewController?.additionalSafeAreaInsets {
            insets = EdgeInsets(
                top: insets.top + extra.top, left: insets.left + extra.left,
                bottom: insets.bottom + extra.bottom, right: insets.right + extra.right)
        }
        return insets
    }

    // MARK: Content size priorities

    public func contentHuggingPriority(for axis: LayoutConstraint.Axis) -> LayoutPriority {
        let hugging = autoLayout?.hugging ?? (.defaultLow, .defaultLow)
        return axis == .horizontal ? hugging.horizontal : hugging.vertical
    }

    /// How much the view resists growing past its intrinsic size along `axis`.
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutConstraint.Axis) {
        let state = autoLayoutState()
        if axis == .horizontal { state.hugging.horizontal = priority } else { state.hugging.vertical = priority }
        state.usingEngine?.contentSizeChanged(self)
    }

    public func contentCompressionResistancePriority(for axis: LayoutConstraint.Axis) -> LayoutPriority {
        let resistance = autoLayout?.compressionResistance ?? (.defaultHigh, .defaultHigh)
        return axis == .horizontal ? resistance.horizontal : resistance.vertical
    }

    /// How much the view resists shrinking below its intrinsic size along `axis`.
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutConstraint.Axis) {
        let state = autoLayoutState()
        if axis == .horizontal { state.compressionResistance.horizontal = priority } else { state.compressionResistance.vertical = priority }
        state.usingEngine?.contentSizeChanged(self)
    }

    // MARK: The constraint pass

    /// Asks for `updateConstraints()` before the next layout.
    public func setNeedsUpdateConstraints() {
        needsUpdateConstraints = true
        layoutRoot.layoutEngine().constraintsNeedUpdate = true
        setNeedsLayout()
    }

    /// Runs the constraint pass now if a view in this tree asked for one.
    public func updateConstraintsIfNeeded() {
        let root = layoutRoot
        guard let engine = root.autoLayout?.engine, engine.constraintsNeedUpdate else { return }
        engine.constraintsNeedUpdate = false
        root.updateConstraintsBelow()
    }

    /// Subviews first, as UIKit's pass runs from the leaves up.
    private func updateConstraintsBelow() {
        for subview in subviews { subview.updateConstraintsBelow() }
        guard needsUpdateConstraints else { return }
        needsUpdateConstraints = false
        if let controller = owningViewController { controller.updateViewConstraints() } else { updateConstraints() }
    }

    // MARK: Measuring and debugging

    /// The size the view's constraints give it when pulled toward `targetSize`
    /// (`View.layoutFittingCompressedSize` for the smallest, `layoutFittingExpandedSize` for the largest).
    public func systemLayoutSizeFitting(_ targetSize: Size) -> Size {
        systemLayoutSizeFitting(
            targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// As `systemLayoutSizeFitting(_:)`, with a priority for each axis's pull
    /// (`.required` holds that dimension at the target: a cell's width, say).
    public func systemLayoutSizeFitting(
        _ targetSize: Size, withHorizontalFittingPriority horizontal: LayoutPriority, verticalFittingPriority vertical: LayoutPriority
    ) -> Size {
        LayoutEngine.fittingSize(of: self, target: targetSize, priorities: (horizontal, vertical))
    }

    public static let layoutFittingCompressedSize = Size(width: 0, height: 0)
    public static let layoutFittingExpandedSize = Size(width: 100_000, height: 100_000)

    /// Whether the constraints leave this view's frame undecided: another
    /// frame would meet them as well.
    public var hasAmbiguousLayout: Bool {
        guard !translatesAutoresizingMaskIntoConstraints, let engine = autoLayout?.usingEngine else { return false }
        engine.update()
        return engine.isAmbiguous(self)
    }

    /// Moves an ambiguous view to another frame its constraints allow, to show where the ambiguity is.
    public func exerciseAmbiguityInLayout() {
        guard hasAmbiguousLayout, let engine = autoLayout?.usingEngine else { return }
        engine.exerciseAmbiguity(of: self)
    }

    // MARK: LayoutItem

    var layoutVariables: LayoutVariables {
        if let autoLayout { return autoLayout.variables }
        return autoLayoutState().variables
    }
    var layoutParent: View? { superview }
    var layoutContainer: View? { self }
    var frameComesFromEngine: Bool { !translatesAutoresizingMaskIntoConstraints }

    var layoutDescription: String {
        let name = String(describing: type(of: self))
        let address = String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 16)
        if let label = self as? Label, let text = label.text { return "\(name):0x\(address) '\(text.prefix(20))'" }
        return "\(name):0x\(address)"
    }

    var baselines: (first: (fraction: Double, offset: Double), last: (fraction: Double, offset: Double)) {
        guard let fromCentre = textBaselinesFromCentre else { return ((1, 0), (1, 0)) }
        return ((0.5, fromCentre.first), (0.5, fromCentre.last))
    }
}

extension LayoutConstraint {
    /// Horizontal or vertical, as NSLayoutConstraint.Axis.
    public enum Axis: Sendable {
        case horizontal, vertical
    }
}

extension View {
    /// What keeps a frame-based view's margins to its superview as the
    /// superview is resized (UIView.AutoresizingMask): the flexible parts
    /// share the change in proportion to their sizes.
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// The subviews' frames after this view went from `oldSize` to its
    /// current size, each as its autoresizing mask says.
    func autoresizeSubviews(from oldSize: Size) {
        let newSize = bounds.size
        for subview in subviews where !subview.autoresizingMask.isEmpty && subview.translatesAutoresizingMaskIntoConstraints {
            let mask = subview.autoresizingMask
            let frame = subview.frame
            let (x, width) = View.autoresize(
                start: frame.minX, length: frame.width, old: oldSize.width, new: newSize.width,
                flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)))
            let (y, height) = View.autoresize(
                start: frame.minY, length: frame.height, old: oldSize.height, new: newSize.height,
                flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)))
            subview.frame = Rect(x: x, y: y, width: width, height: height)
        }
    }

    /// One axis: the change in the container's length goes to the flexible
    /// parts (before, the view, after) in proportion to their lengths.
    static func autoresize(
        start: Double, length: Double, old: Double, new: Double, flexible: (before: Bool, length: Bool, after: Bool)
    ) -> (Double, Double) {
        let change = new - old
        let after = old - start - length
        let parts = [flexible.before ? start : 0, flexible.length ? length : 0, flexible.after ? after : 0]
        let flexibleCount = [flexible.before, flexible.length, flexible.after].filter { $0 }.count
        guard flexibleCount > 0, change != 0 else { return (start, length) }
        let total = parts.reduce(0, +)
        // Parts of no length share the change equally.
        let shares = total > 0 ? parts.map { $0 / total } : [flexible.before, flexible.length, flexible.after].map { $0 ? 1 / Double(flexibleCount) : 0 }
        return (start + change * shares[0], max(0, length + change * shares[1]))
    }
}
