import ConstraintSolver

/// What a constraint can hold: a view or a layout guide. Each has a frame
/// the engine solves for, as four unknowns in its container's coordinates.
@MainActor
protocol LayoutItem: AnyObject {
    var layoutVariables: LayoutVariables { get }
    /// The view whose coordinates the item's frame is in (a view's superview, a guide's owning view).
    var layoutParent: View? { get }
    /// The view that stands for the item when finding a common ancestor (a view itself, a guide's owning view).
    var layoutContainer: View? { get }
    /// Whether the engine decides the item's frame (a view's comes from its
    /// frame instead while it translates its autoresizing mask).
    var frameComesFromEngine: Bool { get }
    var layoutDescription: String { get }
    /// Where the first and last baselines are: a fraction of the height and
    /// an offset, from the top (the bottom edge where there is no text).
    var baselines: (first: (fraction: Double, offset: Double), last: (fraction: Double, offset: Double)) { get }
}

/// A layout item's frame, as the solver's unknowns. The engine that places
/// the item tags each variable with the slot of its usage, which leads back
/// to the item when the solution changes.
@MainActor
final class LayoutVariables: EngineSlotted {
    let minX = Variable(), minY = Variable(), width = Variable(), height = Variable()
    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (TouchUI/View.swift).
    /// Where the engine using the item keeps its usage.
    @exclusivity(unchecked) nonisolated(unsafe) var engineSlot = EngineSlot()

    /// Unnamed: names are for debugging the solver alone, and a string for
    /// each would be most of the cost of making them.
    init() {}

    func contains(_ variable: Variable) -> Bool {
        variable === minX || variable === minY || variable === width || variable === height
    }

    func tag(_ tag: Int) {
        minX.tag = tag
        minY.tag = tag
        width.tag = tag
        height.tag = tag
    }
}
