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

/// A layout item's frame, as the solver's unknowns. Each variable's owner
/// is this object, which leads back to the item when the solution changes.
@MainActor
final class LayoutVariables {
    let minX = Variable(), minY = Variable(), width = Variable(), height = Variable()
    /// The item owns this object: it cannot outlive it.
    unowned let item: LayoutItem
    /// The engine pass that last applied this item's frame (each item once a pass).
    var appliedStamp = 0

    /// Unnamed: names are for debugging the solver alone, and a string for
    /// each would be most of the cost of making them.
    init(item: LayoutItem) {
        self.item = item
        minX.owner = self
        minY.owner = self
        width.owner = self
        height.owner = self
    }
}
