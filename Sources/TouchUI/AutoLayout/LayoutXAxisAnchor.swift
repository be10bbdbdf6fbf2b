/// A left, right, leading, trailing or centre-x anchor, as NSLayoutXAxisAnchor.
@MainActor
public final class LayoutXAxisAnchor: LayoutAnchor<LayoutXAxisAnchor> {
    /// This anchor `multiplier` × the system spacing (8 points) after `anchor`.
    public func constraint(equalToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: Double) -> LayoutConstraint {
        make(.equal, anchor, constant: View.systemSpacing * multiplier)
    }

    public func constraint(greaterThanOrEqualToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: Double) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: View.systemSpacing * multiplier)
    }

    public func constraint(lessThanOrEqualToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: Double) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: View.systemSpacing * multiplier)
    }
}
