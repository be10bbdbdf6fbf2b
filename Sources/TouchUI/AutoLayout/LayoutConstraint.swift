import ConstraintSolver
import Glibc

/// A rule relating two views' (or layout guides') edges, centres or sizes,
/// as NSLayoutConstraint: `first.attribute (relation) multiplier ×
/// second.attribute + constant`.
///
/// Made with anchors (`a.leadingAnchor.constraint(equalTo: b.leadingAnchor,
/// constant: 16)`) and switched on with `isActive` or `activate(_:)`. An
/// active constraint is installed on its items' closest common ancestor.
/// Changing `constant` re-solves the layout incrementally; inside
/// `View.animate`, followed by `layoutIfNeeded()`, it animates.
@MainActor
public final class LayoutConstraint: @MainActor CustomStringConvertible, EngineSlotted {
    public enum Attribute: Sendable, CaseIterable {
        case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case firstBaseline, lastBaseline
        case notAnAttribute
    }

    public enum Relation: Sendable {
        case lessThanOrEqual, equal, greaterThanOrEqual
    }

    /// What made a constraint: the app, or the layout on the app's behalf.
    enum Origin {
        case app
        /// A view that translates its autoresizing mask: its frame, held.
        case autoresizingMask
        /// Content hugging or compression resistance around an intrinsic size.
        case contentSize
        /// What places a system layout guide (margins, safe area, keyboard) in its view.
        case guide
        /// What systemLayoutSizeFitting pulls with.
        case fitting
    }

    /// The items are held weakly, as UIKit holds them: a view keeps its
    /// constraints, and a constraint must not keep its views.
    public var firstItem: AnyObject? { firstReference }
    public let firstAttribute: Attribute
    public let relation: Relation
    public var secondItem: AnyObject? { secondReference }
    public let secondAttribute: Attribute
    public let multiplier: Double
    let origin: Origin
    private weak var firstReference: (any LayoutItem)?
    private weak var secondReference: (any LayoutItem)?
    private let hasSecond: Bool
    /// While active, its items are in the tree it is installed in (a view
    /// leaving takes its constraints to the outside with it), so alive.
    var first: LayoutItem { firstReference! }
    var second: LayoutItem? { hasSecond ? secondReference! : nil }
    var itemsAreAlive: Bool { firstReference != nil && (!hasSecond || secondReference != nil) }
    /// Both items, each loaded once (every load of a weak reference costs), or nil if one has gone.
    var liveItems: (first: LayoutItem, second: LayoutItem?)? {
        guard let first = firstReference else { return nil }
        guard hasSecond else { return (first, nil) }
        guard let second = secondReference else { return nil }
        return (first, second)
    }

    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (TouchUI/View.swift).
    /// Changing it on an active constraint re-solves from the current layout.
    @exclusivity(unchecked) public var constant: Double {
        didSet {
            guard constant != oldValue else { return }
            guard constant.isFinite else {
                LayoutConstraint.report("\(self): the constant \(constant) is not a finite number; it stays \(oldValue)")
                constant = oldValue
                return
            }
            engine?.constantChanged(self)
        }
    }

    /// Below required, the layout may break it for one of higher priority.
    /// A required constraint cannot be made optional while active, nor the reverse (as in UIKit).
    @exclusivity(unchecked) public var priority: LayoutPriority = .required {
        didSet {
            guard priority != oldValue else { return }
            // Setting a property in its own observer does not call the observer again.
            priority = LayoutPriority(min(1000, max(1, priority.rawValue)))
            if isActive && (priority == .required) != (oldValue == .required) {
                LayoutConstraint.report(
                    "\(self): a priority cannot change between required and optional while active; it stays \(oldValue)")
                priority = oldValue
                return
            }
            engine?.priorityChanged(self)
        }
    }

    /// A name for logs and debugging.
    public var identifier: String?

    /// Whether the constraint takes part in layout. Setting it installs the
    /// constraint on its items' closest common ancestor (or takes it off).
    public var isActive: Bool {
        get { installedOn != nil }
        set {
            guard newValue != isActive else { return }
            if newValue { install() } else { uninstall() }
        }
    }

    /// The view the constraint is installed on, while active.
    @exclusivity(unchecked) weak var installedOn: View?
    /// The engine solving it now, if any.
    @exclusivity(unchecked) weak var engine: LayoutEngine?
    /// Whether the engine could not add it (it conflicted with required constraints).
    @exclusivity(unchecked) var isBroken = false
    @exclusivity(unchecked) nonisolated(unsafe) var engineSlot = EngineSlot()

    public convenience init(
        item: AnyObject, attribute: Attribute, relatedBy relation: Relation, toItem: AnyObject?,
        attribute secondAttribute: Attribute, multiplier: Double, constant: Double
    ) {
        guard let first = item as? LayoutItem else { preconditionFailure("a constraint's item is a View or a LayoutGuide, not \(item)") }
        let second = toItem.map { item -> LayoutItem in
            guard let second = item as? LayoutItem else { preconditionFailure("a constraint's item is a View or a LayoutGuide, not \(item)") }
            return second
        }
        self.init(first, attribute, relation, second, secondAttribute, multiplier: multiplier, constant: constant)
    }

    init(
        _ first: LayoutItem, _ firstAttribute: Attribute, _ relation: Relation, _ second: LayoutItem?,
        _ secondAttribute: Attribute, multiplier: Double = 1, constant: Double = 0, origin: Origin = .app
    ) {
        firstReference = first
        secondReference = second
        hasSecond = second != nil
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondAttribute = second == nil ? .notAnAttribute : secondAttribute
        self.multiplier = multiplier
        self.origin = origin
        self.constant = constant
    }

    public static func activate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    // MARK: Installing

    private func install() {
        guard itemsAreAlive else { return }
        if let problem = validationProblem() {
            LayoutConstraint.report("Unable to activate constraint \(self): \(problem)")
            return
        }
        guard let ancestor = LayoutConstraint.commonAncestor(first, second) else {
            LayoutConstraint.report(
                "Unable to activate constraint with anchors \(first.layoutDescription) and \(second!.layoutDescription): "
                    + "they have no common ancestor. Does the constraint reference items in different view hierarchies? That's illegal.")
            return
        }
        ancestor.install(self)
    }

    private func uninstall() {
        installedOn?.uninstall(self)
    }

    /// Why the constraint cannot be made, or nil if it can.
    private func validationProblem() -> String? {
        if !multiplier.isFinite || multiplier == 0 && second != nil { return "the multiplier \(multiplier) is not a finite, non-zero number" }
        if !constant.isFinite { return "the constant \(constant) is not a finite number" }
        if firstAttribute == .notAnAttribute { return "the first attribute is notAnAttribute" }
        if second == nil && !firstAttribute.isDimension && origin == .app {
            return "a position (\(firstAttribute)) needs a second item to be relative to"
        }
        if let second, firstAttribute.axis != secondAttribute.axis || firstAttribute.isDimension != secondAttribute.isDimension,
            !(firstAttribute.isDimension && secondAttribute.isDimension)
        {
            return "\(firstAttribute) of \(first.layoutDescription) cannot be related to \(secondAttribute) of \(second.layoutDescription)"
        }
        return nil
    }

    /// Whether an item is `subtree` or inside it.
    func names(anyIn subtree: View) -> Bool {
        for item in [firstReference, secondReference] {
            if let container = item?.layoutContainer, container.isDescendant(of: subtree) { return true }
        }
        return false
    }

    /// The closest view holding both items (a guide counts as its owning view).
    static func commonAncestor(_ first: LayoutItem, _ second: LayoutItem?) -> View? {
        guard var a = first.layoutContainer else { return nil }
        guard let second else { return a }
        guard var b = second.layoutContainer else { return nil }
        func depth(_ view: View) -> Int {
            var depth = 0
            var current = view
            while let parent = current.superview { depth += 1; current = parent }
            return depth
        }
        var (depthA, depthB) = (depth(a), depth(b))
        while depthA > depthB { a = a.superview!; depthA -= 1 }
        while depthB > depthA { b = b.superview!; depthB -= 1 }
        while a !== b {
            guard let parentA = a.superview, let parentB = b.superview else { return nil }
            a = parentA
            b = parentB
        }
        return a
    }

    // MARK: Diagnostics

    /// Where layout problems are told: unsatisfiable constraints, refused
    /// ones. Standard error by default; the host points it at its log.
    public static var diagnosticHandler: @MainActor (String) -> Void = { message in
        // One write(2), unbuffered, as Foundation's FileHandle.standardError made it.
        let line = message + "\n"
        _ = write(STDERR_FILENO, line, line.utf8.count)
    }

    static func report(_ message: String) { diagnosticHandler(message) }

    public var description: String {
        var text = "<LayoutConstraint"
        if let identifier { text += " '\(identifier)'" }
        text += " \(firstReference?.layoutDescription ?? "(gone)").\(firstAttribute)"
        let symbol = switch relation {
        case .lessThanOrEqual: " <= "
        case .equal: " == "
        case .greaterThanOrEqual: " >= "
        }
        text += symbol
        if hasSecond {
            if multiplier != 1 { text += "\(LayoutConstraint.format(multiplier))*" }
            text += "\(secondReference?.layoutDescription ?? "(gone)").\(secondAttribute)"
            if constant != 0 { text += constant > 0 ? " + \(LayoutConstraint.format(constant))" : " - \(LayoutConstraint.format(-constant))" }
        } else {
            text += LayoutConstraint.format(constant)
        }
        if priority != .required { text += " @\(priority)" }
        switch origin {
        case .app: break
        case .autoresizingMask: text += " (autoresizing mask)"
        case .contentSize: text += " (intrinsic content size)"
        case .guide: text += " (layout guide)"
        case .fitting: text += " (fitting size)"
        }
        return text + ">"
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(printf: "%g", value)
    }
}

extension LayoutConstraint.Attribute {
    var isDimension: Bool { self == .width || self == .height }

    enum Axis { case horizontal, vertical }

    var axis: Axis {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX, .notAnAttribute: .horizontal
        case .top, .bottom, .height, .centerY, .firstBaseline, .lastBaseline: .vertical
        }
    }
}
