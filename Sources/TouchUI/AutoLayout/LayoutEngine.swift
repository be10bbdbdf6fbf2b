import ConstraintSolver
import Glibc

/// Solves a view tree's constraints, as UIKit's layout engine: one per tree,
/// kept by its root view.
///
/// Each view or guide a constraint names has its frame as four unknowns in
/// its container's coordinates; an edge in an ancestor's coordinates adds
/// the frames' origins on the way up (bounds origins are left out, so that
/// a scroll view's subviews are constrained in its content). Items bring
/// the constraints that hold them: a frame-based view its frame, a view
/// with an intrinsic size its hugging and compression resistance, a
/// system guide its place in its view. Constraints are added to the solver
/// at the next layout pass after they are activated; a constant change goes
/// to the solver at once, which re-solves incrementally.
@MainActor
final class LayoutEngine {
    /// Active constraints in every tree: while there are none, views skip Auto Layout altogether.
    static var activeConstraints = 0

    private let solver = Solver()
    private(set) weak var root: View?
    /// A fitting engine measures a view apart from its tree: it holds the
    /// tree's constraints without taking them from the tree's engine, and
    /// moves no frames.
    private let isFitting: Bool

    /// A constraint this engine knows: in the solver, or broken (it could not hold).
    private struct Record {
        let constraint: LayoutConstraint
        /// The view whose coordinates its edges are expressed in.
        unowned(unsafe) let ancestor: View?
        /// The items it keeps in use: those whose unknowns it uses (its own and
        /// the containers on the way up), less the item it holds if it is
        /// support. Not held: they are in the tree while the constraint is.
        let items: [Unowned]
        /// Nil while broken.
        var solverConstraint: Constraint?
        /// The solver constant is `base - constant`.
        let base: Double
        var stamp: Int
    }
    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (TouchUI/View.swift).
    @exclusivity(unchecked) private var records: SlotTable<LayoutConstraint, Record>

    /// Unowned and unchecked: an item in use is in the tree (a view leaving
    /// it takes the constraints naming it out first, in
    /// `View.willLeaveLayoutTree`), so alive; and a checked reference costs
    /// reference counting on every copy and read.
    struct Unowned {
        unowned(unsafe) let item: LayoutItem
    }

    /// An item in some constraint, with the constraints that hold it.
    private final class Usage {
        /// Not held: the engine is its tree root's, and the root must not be
        /// kept by itself. Alive while in use, as `Unowned` says.
        unowned(unsafe) let item: LayoutItem
        /// The item's unknowns: the item owns them.
        unowned(unsafe) let variables: LayoutVariables
        /// The engine's apply pass that last placed the item (each item once a pass).
        @exclusivity(unchecked) var appliedStamp = 0
        @exclusivity(unchecked) var count = 0
        @exclusivity(unchecked) var support: [LayoutConstraint] = []
        /// Whether the support was made for a frame-based view.
        @exclusivity(unchecked) var translatesMask = false
        /// The intrinsic size the content-size constraints were made for.
        @exclusivity(unchecked) var intrinsicSize = Size.zero

        init(item: LayoutItem, variables: LayoutVariables) {
            self.item = item
            self.variables = variables
        }
    }
    /// By the items' unknowns.
    @exclusivity(unchecked) private var usage: SlotTable<LayoutVariables, Usage>
    /// The margins, safe-area and keyboard guides in use, whose places are checked at every pass.
    @exclusivity(unchecked) private var systemGuides: [Usage] = []
    /// Constraints that could not be added, tried again when others go.
    @exclusivity(unchecked) private var brokenCount = 0

    @exclusivity(unchecked) private var stamp = 0
    @exclusivity(unchecked) private var applyStamp = 0
    @exclusivity(unchecked) private var structureDirty = true
    /// The solution changed since frames were last applied.
    @exclusivity(unchecked) private var needsApply = false
    @exclusivity(unchecked) var constraintsNeedUpdate = false

    init(root: View, isFitting: Bool = false) {
        self.root = root
        self.isFitting = isFitting
        LayoutEngine.identities += 1
        records = SlotTable(engine: LayoutEngine.identities, claimsSlots: !isFitting)
        usage = SlotTable(engine: LayoutEngine.identities, claimsSlots: !isFitting)
    }

    private static var identities = 0

    var isDirty: Bool { structureDirty || needsApply || constraintsNeedUpdate }

    func structureChanged() {
        structureDirty = true
    }

    /// Every constraint installed in `root`'s tree.
    static func constraints(in root: View) -> [LayoutConstraint] {
        var found: [LayoutConstraint] = []
        func walk(_ view: View) {
            if let installed = view.autoLayout?.installed { found += installed }
            for subview in view.subviews { walk(subview) }
        }
        walk(root)
        return found
    }

    // MARK: The layout pass

    /// Brings the solver up to date with the tree and applies its frames.
    func update() {
        guard let root else { return }
        if constraintsNeedUpdate && !isFitting { root.updateConstraintsIfNeeded() }
        if structureDirty { synchronize(root) }
        if !systemGuides.isEmpty { refreshSystemGuides() }
        if needsApply && !isFitting { apply() }
    }

    /// Adds what was activated in the tree, drops what left it, and re-adds
    /// what moved inside it.
    private func synchronize(_ root: View) {
        structureDirty = false
        stamp += 1
        synchronizeInstalled(in: root)
        // By index, not through a copy of every record: removing only empties slots.
        for index in records.elements.indices {
            guard let record = records[index], record.constraint.origin == .app, record.stamp != stamp else { continue }
            remove(record.constraint)
        }
        // Frame-based views that stopped being so, or started, need other support.
        for index in usage.elements.indices {
            guard let entry = usage[index], let view = entry.item as? View, entry.translatesMask != translatesMask(view) else { continue }
            refreshSupport(entry)
        }
        retryBroken()
    }

    /// Brings in each constraint installed in `view`'s subtree, walked in
    /// place (a list of them all would be built and freed at every pass).
    private func synchronizeInstalled(in view: View) {
        if let installed = view.autoLayout?.installed {
            for constraint in installed { synchronize(constraint, installedOn: view) }
        }
        for subview in view.subviews { synchronizeInstalled(in: subview) }
    }

    private func synchronize(_ constraint: LayoutConstraint, installedOn ancestor: View) {
        guard let items = constraint.liveItems else {
            constraint.isActive = false
            return
        }
        if let slot = records.index(of: constraint), let record = records[slot] {
            if record.ancestor === ancestor && record.items.map({ ObjectIdentifier($0.item) }) == pathItems(of: constraint, in: ancestor) {
                records[slot]!.stamp = stamp
                return
            }
            remove(constraint)
        } else if !isFitting {
            constraint.engine?.remove(constraint)
        }
        add(constraint, items, in: ancestor)
    }

    /// Adds a constraint the engine made, whose items are alive.
    private func add(_ constraint: LayoutConstraint, in ancestor: View?) {
        add(constraint, constraint.liveItems!, in: ancestor)
    }

    /// Adds a constraint expressed in `ancestor`'s coordinates, with the support its items need.
    private func add(_ constraint: LayoutConstraint, _ items: (first: LayoutItem, second: LayoutItem?), in ancestor: View?) {
        guard let built = build(constraint, items, in: ancestor) else {
            // An item left the tree: the constraint goes with it, as in UIKit.
            if constraint.origin == .app && !isFitting { constraint.isActive = false }
            return
        }
        if !isFitting { constraint.engine = self }
        // What holds an item does not keep it in use: the item goes, with
        // its support, once the last constraint of another kind lets it go.
        let holds = constraint.origin == .autoresizingMask || constraint.origin == .contentSize || constraint.origin == .guide
        var used = built.items
        if holds {
            let first = items.first
            var index = 0
            while index < used.count {
                if used[index].item === first { used.remove(at: index) } else { index += 1 }
            }
        }
        for entry in used { retain(entry.item) }
        var record = Record(
            constraint: constraint, ancestor: ancestor, items: used, solverConstraint: nil, base: built.base, stamp: stamp)
        do {
            try solver.add(built.constraint)
            record.solverConstraint = built.constraint
            needsApply = true
        } catch {
            brokenCount += 1
            if !constraint.isBroken && !isFitting {
                constraint.isBroken = true
                reportUnsatisfiable(constraint, built.constraint)
            }
        }
        records.insert(record, for: constraint)
    }

    /// Takes a constraint out (deactivated, or gone from the tree).
    func remove(_ constraint: LayoutConstraint) {
        guard let record = records.remove(constraint) else { return }
        if let solverConstraint = record.solverConstraint {
            try? solver.remove(solverConstraint)
            needsApply = true
            requestPass()
        } else {
            brokenCount -= 1
        }
        if !isFitting {
            constraint.engine = nil
            constraint.isBroken = false
        }
        for item in record.items { releaseItem(item.item) }
        if brokenCount > 0 && record.solverConstraint != nil { retryBroken() }
    }

    /// Broken constraints may hold once others are gone or have moved.
    private func retryBroken() {
        guard brokenCount > 0 else { return }
        let waiting = records.values.filter { $0.solverConstraint == nil }
        for record in waiting {
            guard let items = record.constraint.liveItems, let built = build(record.constraint, items, in: record.ancestor) else { continue }
            do {
                try solver.add(built.constraint)
                records[records.index(of: record.constraint)!]!.solverConstraint = built.constraint
                brokenCount -= 1
                record.constraint.isBroken = false
                needsApply = true
            } catch {}
        }
    }

    func constantChanged(_ constraint: LayoutConstraint) {
        guard let slot = records.index(of: constraint), let record = records[slot] else { return }
        guard let solverConstraint = record.solverConstraint else {
            retryBroken()
            return
        }
        do {
            try solver.setConstant(record.base - constraint.constant, of: solverConstraint)
        } catch {
            // It can no longer hold: broken, as if added now.
            try? solver.remove(solverConstraint)
            records[slot]!.solverConstraint = nil
            brokenCount += 1
            if !isFitting {
                constraint.isBroken = true
                reportUnsatisfiable(constraint, solverConstraint)
            }
        }
        needsApply = true
        noteMoved(constraint)
    }

    func priorityChanged(_ constraint: LayoutConstraint) {
        guard let record = records[constraint] else { return }
        remove(constraint)
        add(constraint, in: record.ancestor)
    }

    private func translatesMask(_ view: View) -> Bool { view.translatesAutoresizingMaskIntoConstraints && view !== fitting }

    /// The items a constraint's edges go through: its items and the views on
    /// the way up to the ancestor it is expressed in.
    private func pathItems(of constraint: LayoutConstraint, in ancestor: View?) -> [ObjectIdentifier] {
        var items = path(constraint.first, ancestor)
        if let second = constraint.second { items += path(second, ancestor) }
        return items.map(ObjectIdentifier.init)
    }

    /// The item and the containers between it and `ancestor`, the ancestor excluded (as `edge` adds them up).
    private func path(_ item: LayoutItem, _ ancestor: View?) -> [LayoutItem] {
        var path: [LayoutItem] = [item]
        if let view = item as? View, view === ancestor { return path }
        var parent = item.layoutParent
        while let view = parent, view !== ancestor {
            path.append(view)
            parent = view.superview
        }
        return path
    }

    // MARK: Building solver constraints

    private struct Built {
        let constraint: Constraint
        let items: [Unowned]
        let base: Double
    }

    /// The constraint over the solver's unknowns, with `ancestor`'s coordinates for its edges.
    private func build(_ constraint: LayoutConstraint, _ constrained: (first: LayoutItem, second: LayoutItem?), in ancestor: View?) -> Built? {
        var terms: [(Variable, Double)] = []
        terms.reserveCapacity(8)
        var items: [Unowned] = []
        items.reserveCapacity(6)
        guard let firstConstant = addEdge(constrained.first, constraint.firstAttribute, in: ancestor, times: 1, to: &terms, items: &items)
        else { return nil }
        var secondConstant = 0.0
        if let second = constrained.second {
            guard let constant = addEdge(second, constraint.secondAttribute, in: ancestor, times: -constraint.multiplier, to: &terms, items: &items)
            else { return nil }
            secondConstant = constant
        }
        // first - multiplier × second - constant (relation) 0
        let base = firstConstant + secondConstant
        let relation: Constraint.Relation = switch constraint.relation {
        case .lessThanOrEqual: .lessThanOrEqual
        case .equal: .equal
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        let solverConstraint = Constraint(
            terms, constant: base - constraint.constant, relation, strength: LayoutEngine.strength(constraint.priority))
        return Built(constraint: solverConstraint, items: items, base: base)
    }

    /// UIKit's priorities as weights: each step of 200 is ten times the
    /// last, so that a higher priority wins wherever breaking it would save
    /// a lower one less than about a hundred times as much.
    static func strength(_ priority: LayoutPriority) -> Strength {
        priority >= .required ? .required : Strength(weight: pow10(Double(priority.rawValue) / 200))
    }

    private static func pow10(_ exponent: Double) -> Double { exp(exponent * 2.302585092994046) }

    /// Adds `factor` times an item's edge, centre, size or baseline in
    /// `ancestor`'s coordinates to `terms`, and the items whose unknowns it
    /// uses to `items`; returns the constant part (times `factor`). Nil if
    /// the item is not under the ancestor.
    private func addEdge(
        _ item: LayoutItem, _ attribute: LayoutConstraint.Attribute, in ancestor: View?, times factor: Double,
        to terms: inout [(Variable, Double)], items: inout [Unowned]
    ) -> Double? {
        let variables = item.layoutVariables
        let horizontal = attribute.axis == .horizontal
        items.append(Unowned(item: item))
        let length = horizontal ? variables.width : variables.height
        if attribute.isDimension {
            terms.append((length, factor))
            return 0
        }
        if let view = item as? View, view === ancestor {
            // The ancestor's own edges, in its own coordinates: its origin is zero.
        } else {
            terms.append((horizontal ? variables.minX : variables.minY, factor))
            var parent = item.layoutParent
            while let view = parent, view !== ancestor {
                let up = view.layoutVariables
                terms.append((horizontal ? up.minX : up.minY, factor))
                items.append(Unowned(item: view))
                parent = view.superview
            }
            if parent == nil && ancestor != nil { return nil }
        }
        switch attribute {
        case .left, .leading, .top, .width, .height, .notAnAttribute: return 0
        case .right, .trailing, .bottom:
            terms.append((length, factor))
            return 0
        case .centerX, .centerY:
            terms.append((length, factor * 0.5))
            return 0
        case .firstBaseline, .lastBaseline:
            let baseline = attribute == .firstBaseline ? item.baselines.first : item.baselines.last
            terms.append((length, factor * baseline.fraction))
            return factor * baseline.offset
        }
    }

    // MARK: Items and the constraints that hold them

    private func retain(_ item: LayoutItem) {
        let variables = item.layoutVariables
        let entry: Usage
        if let known = usage[variables] {
            entry = known
        } else {
            entry = Usage(item: item, variables: variables)
            let slot = usage.insert(entry, for: variables)
            // Fitting engines never apply: the tags are the placing engine's.
            if !isFitting { variables.tag(slot) }
        }
        entry.count += 1
        guard entry.count == 1 else { return }
        if let view = item as? View, !isFitting { view.autoLayoutState().usingEngine = self }
        if let guide = item as? LayoutGuide, [.margins, .safeArea, .keyboard, .scrollFrame].contains(guide.role) { systemGuides.append(entry) }
        addSupport(entry)
    }

    private func releaseItem(_ item: LayoutItem) {
        let variables = item.layoutVariables
        guard let entry = usage[variables] else { return }
        entry.count -= 1
        guard entry.count <= 0 else { return }
        _ = usage.remove(variables)
        if item is LayoutGuide { systemGuides.removeAll { $0 === entry } }
        removeSupport(entry)
        if let view = item as? View, view.autoLayout?.usingEngine === self { view.autoLayout?.usingEngine = nil }
    }

    private func addSupport(_ entry: Usage) {
        entry.support = makeSupport(entry)
        for constraint in entry.support {
            // A held frame is in the superview's coordinates; a guide's place in its owner's.
            add(constraint, in: constraint.second == nil ? constraint.first.layoutParent : LayoutConstraint.commonAncestor(constraint.first, constraint.second))
        }
    }

    private func removeSupport(_ entry: Usage) {
        let support = entry.support
        entry.support = []
        for constraint in support { remove(constraint) }
    }

    private func refreshSupport(_ entry: Usage) {
        removeSupport(entry)
        addSupport(entry)
    }

    /// What holds an item besides the app's constraints.
    private func makeSupport(_ entry: Usage) -> [LayoutConstraint] {
        if let guide = entry.item as? LayoutGuide {
            guard guide.role != .custom, let owner = guide.owningView else { return [] }
            if guide.role == .readableContent { return readableSupport(guide, owner) }
            if guide.role == .scrollContent {
                // The content starts at the scroll view's content origin; its size is the app's to set.
                return [
                    LayoutConstraint(guide, .left, .equal, owner, .left, origin: .guide),
                    LayoutConstraint(guide, .top, .equal, owner, .top, origin: .guide),
                ]
            }
            let constants = guideConstants(guide, owner)
            let vertical: [LayoutConstraint] = guide.role == .keyboard
                ? [LayoutConstraint(guide, .height, .equal, nil, .notAnAttribute, constant: constants[1], origin: .guide)]
                : [LayoutConstraint(guide, .top, .equal, owner, .top, constant: constants[1], origin: .guide)]
            return [
                LayoutConstraint(guide, .left, .equal, owner, .left, constant: constants[0], origin: .guide),
            ] + vertical + [
                LayoutConstraint(guide, .right, .equal, owner, .right, constant: constants[2], origin: .guide),
                LayoutConstraint(guide, .bottom, .equal, owner, .bottom, constant: constants[3], origin: .guide),
            ]
        }
        guard let view = entry.item as? View else { return [] }
        entry.translatesMask = translatesMask(view)
        if entry.translatesMask {
            let frame = view.frame
            return [
                LayoutConstraint(view, .left, .equal, nil, .notAnAttribute, constant: frame.minX, origin: .autoresizingMask),
                LayoutConstraint(view, .top, .equal, nil, .notAnAttribute, constant: frame.minY, origin: .autoresizingMask),
                LayoutConstraint(view, .width, .equal, nil, .notAnAttribute, constant: frame.width, origin: .autoresizingMask),
                LayoutConstraint(view, .height, .equal, nil, .notAnAttribute, constant: frame.height, origin: .autoresizingMask),
            ]
        }
        let size = view.intrinsicContentSize
        entry.intrinsicSize = size
        var support: [LayoutConstraint] = []
        for (attribute, length, axis) in [(LayoutConstraint.Attribute.width, size.width, LayoutConstraint.Axis.horizontal), (.height, size.height, .vertical)]
        where length != View.noIntrinsicMetric {
            let hug = LayoutConstraint(view, attribute, .lessThanOrEqual, nil, .notAnAttribute, constant: length, origin: .contentSize)
            hug.priority = view.contentHuggingPriority(for: axis)
            let resist = LayoutConstraint(view, attribute, .greaterThanOrEqual, nil, .notAnAttribute, constant: length, origin: .contentSize)
            resist.priority = view.contentCompressionResistancePriority(for: axis)
            support += [hug, resist]
        }
        return support
    }

    /// A frame-based view moved or changed size: the constraints holding its frame follow.
    func frameChanged(_ view: View) {
        guard let entry = usage[view.layoutVariables], entry.translatesMask, translatesMask(view) else { return }
        let frame = view.frame
        for (constraint, value) in zip(entry.support, [frame.minX, frame.minY, frame.width, frame.height]) {
            constraint.constant = value
        }
    }

    /// A view's intrinsic size or its priorities changed.
    func contentSizeChanged(_ view: View) {
        guard let entry = usage[view.layoutVariables], !entry.translatesMask else { return }
        let size = view.intrinsicContentSize
        let sameShape = (size.width == View.noIntrinsicMetric) == (entry.intrinsicSize.width == View.noIntrinsicMetric)
            && (size.height == View.noIntrinsicMetric) == (entry.intrinsicSize.height == View.noIntrinsicMetric)
        let priorities = entry.support.map(\.priority)
        let wanted = [
            size.width != View.noIntrinsicMetric ? [view.contentHuggingPriority(for: .horizontal), view.contentCompressionResistancePriority(for: .horizontal)] : [],
            size.height != View.noIntrinsicMetric ? [view.contentHuggingPriority(for: .vertical), view.contentCompressionResistancePriority(for: .vertical)] : [],
        ].flatMap { $0 }
        if sameShape && priorities == wanted {
            entry.intrinsicSize = size
            for constraint in entry.support { constraint.constant = constraint.firstAttribute == .width ? size.width : size.height }
        } else {
            refreshSupport(entry)
        }
        // Baselines move with the text: constraints on them are made again.
        let onBaselines = records.values.map(\.constraint).filter { constraint in
            (constraint.first === view && constraint.firstAttribute.isBaseline)
                || (constraint.second === view && constraint.secondAttribute.isBaseline)
        }
        for constraint in onBaselines { priorityChanged(constraint) }
    }

    /// Margins, safe areas, the keyboard and scrolling move their guides.
    private func refreshSystemGuides() {
        for entry in systemGuides {
            guard let guide = entry.item as? LayoutGuide, let owner = guide.owningView, entry.support.count == 4 else { continue }
            for (constraint, value) in zip(entry.support, guideConstants(guide, owner)) { constraint.constant = value }
        }
    }

    /// The readable guide is the margins guide's height, and its width up to
    /// the readable width, centred: constraints on the margins guide, with
    /// nothing to refresh.
    private func readableSupport(_ guide: LayoutGuide, _ owner: View) -> [LayoutConstraint] {
        let margins = owner.layoutMarginsGuide
        let asWideAsTheMargins = LayoutConstraint(guide, .width, .equal, margins, .width, origin: .guide)
        asWideAsTheMargins.priority = .required - 1
        return [
            LayoutConstraint(guide, .centerX, .equal, margins, .centerX, origin: .guide),
            LayoutConstraint(guide, .width, .lessThanOrEqual, margins, .width, origin: .guide),
            LayoutConstraint(guide, .width, .lessThanOrEqual, nil, .notAnAttribute, constant: View.readableContentWidth, origin: .guide),
            asWideAsTheMargins,
            LayoutConstraint(guide, .top, .equal, margins, .top, origin: .guide),
            LayoutConstraint(guide, .bottom, .equal, margins, .bottom, origin: .guide),
        ]
    }

    /// The constants of a system guide's support, in its order: left, top (a
    /// keyboard guide's height), right and bottom.
    private func guideConstants(_ guide: LayoutGuide, _ owner: View) -> [Double] {
        let insets: EdgeInsets
        switch guide.role {
        case .custom, .readableContent, .scrollContent:
            // Placed by constraints alone (readableSupport), with no constants to follow.
            insets = .zero
        case .margins:
            let margins = owner.layoutMargins
            let safe = owner.insetsLayoutMarginsFromSafeArea ? owner.safeAreaInsets : .zero
            insets = EdgeInsets(
                top: margins.top + safe.top, left: margins.left + safe.left, bottom: margins.bottom + safe.bottom,
                right: margins.right + safe.right)
        case .safeArea:
            insets = owner.safeAreaInsets
        case .keyboard:
            var height = owner.safeAreaInsets.bottom
            if let keyboard = owner.window?.inputViewShown, !keyboard.isHidden {
                let frame = keyboard.convert(keyboard.bounds, to: owner)
                height = max(height, min(owner.bounds.height, owner.bounds.height - frame.minY))
            }
            return [0, height, 0, 0]
        case .scrollFrame:
            // The visible rectangle: the content's origin moved by the offset, so what is pinned to it stays put as the content scrolls.
            let offset = (owner as? ScrollView)?.contentOffset ?? .zero
            return [offset.x, offset.y, offset.x, offset.y]
        }
        return [insets.left, insets.top, -insets.right, -insets.bottom]
    }

    // MARK: Applying the solution

    /// Sets each engine-placed view's frame (and each guide's) from the
    /// solution, rounded to the screen's pixels; a view whose frame changed
    /// lays out again, and so does its superview.
    private func apply() {
        needsApply = false
        let scale = (root as? Window)?.screen.scale ?? 1
        applyStamp += 1
        for variable in solver.changedVariables() {
            // The tag is a usage slot; one whose item went, or another engine's, is not this variable's.
            let slot = variable.tag
            guard slot >= 0, slot < usage.elements.count, let entry = usage[slot], entry.variables.contains(variable),
                entry.appliedStamp != applyStamp
            else { continue }
            entry.appliedStamp = applyStamp
            let item = entry.item, variables = entry.variables
            guard item.frameComesFromEngine else { continue }
            let rect = LayoutEngine.pixelAligned(
                x: solver.value(of: variables.minX), y: solver.value(of: variables.minY),
                width: solver.value(of: variables.width), height: solver.value(of: variables.height), scale: scale)
            if let guide = item as? LayoutGuide {
                guide.layoutFrame = rect
            } else if let view = item as? View, view.applyEngineFrame(rect) {
                // Its container's layoutSubviews (and controller) hear of it after.
                view.superview?.setNeedsLayout()
            }
        }
    }

    /// Edges rounded to the nearest pixel, so that neighbours share an edge and nothing is drawn blurred.
    static func pixelAligned(x: Double, y: Double, width: Double, height: Double, scale: Double) -> Rect {
        func round(_ value: Double) -> Double { (value * scale).rounded() / scale }
        let minX = round(x), minY = round(y)
        return Rect(x: minX, y: minY, width: max(0, round(x + width) - minX), height: max(0, round(y + height) - minY))
    }

    /// A constant changed: the items' containers lay out again, at the next display tick.
    private func noteMoved(_ constraint: LayoutConstraint) {
        guard !isFitting else { return }
        for item in [constraint.first, constraint.second] {
            (item as? View)?.superview?.setNeedsLayout()
            (item as? LayoutGuide)?.owningView?.setNeedsLayout()
        }
        requestPass()
    }

    /// Asks the window for a display tick, whose layout pass applies the solution.
    private func requestPass() {
        if !isFitting, let window = root as? Window { window.layoutPassNeeded() }
    }

    // MARK: Debugging

    func isAmbiguous(_ item: LayoutItem) -> Bool {
        let variables = item.layoutVariables
        return [variables.minX, variables.minY, variables.width, variables.height].contains { solver.isAmbiguous($0) }
    }

    /// Moves an ambiguous view to another frame its constraints allow: each
    /// ambiguous unknown is pushed, weakly, away from where it is.
    func exerciseAmbiguity(of view: View) {
        let variables = view.layoutVariables
        var pushes: [Constraint] = []
        for variable in [variables.minX, variables.minY, variables.width, variables.height] where solver.isAmbiguous(variable) {
            let push = Constraint([(variable, 1)], constant: -(solver.value(of: variable) + 1000), .equal, strength: Strength(weight: 1e-6))
            if (try? solver.add(push)) != nil { pushes.append(push) }
        }
        let scale = (root as? Window)?.screen.scale ?? 1
        let rect = LayoutEngine.pixelAligned(
            x: solver.value(of: variables.minX), y: solver.value(of: variables.minY),
            width: solver.value(of: variables.width), height: solver.value(of: variables.height), scale: scale)
        for push in pushes { try? solver.remove(push) }
        _ = view.applyEngineFrame(rect)
    }

    // MARK: Reporting

    private func reportUnsatisfiable(_ constraint: LayoutConstraint, _ solverConstraint: Constraint) {
        let conflict = solver.conflict(with: solverConstraint)
        var bySolver: [ObjectIdentifier: LayoutConstraint] = [:]
        for record in records.values {
            if let added = record.solverConstraint { bySolver[ObjectIdentifier(added)] = record.constraint }
        }
        bySolver[ObjectIdentifier(solverConstraint)] = constraint
        let involved = conflict.compactMap { bySolver[ObjectIdentifier($0)] }
        let list = (involved.isEmpty ? [constraint] : involved).map { "    \($0)" }.joined(separator: "\n")
        LayoutConstraint.report(
            """
            Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want.
            (
            \(list)
            )

            Will attempt to recover by breaking constraint
            \(constraint)
            """)
    }

    // MARK: Fitting sizes

    /// The size `view`'s own constraints give it, pulled toward `target`,
    /// solved apart from the tree it is in.
    static func fittingSize(of view: View, target: Size, priorities: (LayoutPriority, LayoutPriority)) -> Size {
        let engine = LayoutEngine(root: view, isFitting: true)
        engine.fitting = view
        engine.update()
        let width = LayoutConstraint(view, .width, .equal, nil, .notAnAttribute, constant: target.width, origin: .fitting)
        width.priority = priorities.0
        let height = LayoutConstraint(view, .height, .equal, nil, .notAnAttribute, constant: target.height, origin: .fitting)
        height.priority = priorities.1
        engine.add(width, in: view)
        engine.add(height, in: view)
        let variables = view.layoutVariables
        return Size(width: engine.solver.value(of: variables.width), height: engine.solver.value(of: variables.height))
    }

    /// In a fitting engine, the view being measured: its own frame is what is asked, so it is never held.
    private weak var fitting: View?
}

extension LayoutConstraint.Attribute {
    var isBaseline: Bool { self == .firstBaseline || self == .lastBaseline }
}
