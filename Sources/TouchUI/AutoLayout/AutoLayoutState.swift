/// What Auto Layout keeps for a view, made the first time the view takes
/// part: most views of a frame-based screen never pay for it.
@MainActor
final class AutoLayoutState {
    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (TouchUI/View.swift).
    /// Constraints installed on this view (its `constraints`).
    @exclusivity(unchecked) var installed: [LayoutConstraint] = []
    /// On a root view: the engine solving its tree.
    @exclusivity(unchecked) var engine: LayoutEngine?
    /// The engine that has this view's frame among its unknowns.
    @exclusivity(unchecked) weak var usingEngine: LayoutEngine?
    let variables = LayoutVariables()
    var guides: [LayoutGuide] = []
    var marginsGuide: LayoutGuide?
    var safeAreaGuide: LayoutGuide?
    var readableGuide: LayoutGuide?
    var scrollContentGuide: LayoutGuide?
    var scrollFrameGuide: LayoutGuide?
    var keyboardGuide: LayoutGuide?
    var hugging: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultLow, .defaultLow)
    var compressionResistance: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultHigh, .defaultHigh)
    weak var owner: View?

    init(owner: View) { self.owner = owner }
}
