/// A top, bottom, centre-y or baseline anchor, as NSLayoutYAxisAnchor.
@MainActor
public final class LayoutYAxisAnchor: LayoutAnchor<LayoutYAxisAnchor> {
    /// This anchor `multiplier` × the system spacing (8 points) below `anchor`.
    public func constraint(equalToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: Double) -> LayoutConstraint {
        make(.equal, anchor, constant: View.systemSpacing * multiplier)
    }

    public func constraint(greaterThanOrEqualToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: Double) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: View.systemSpacing * multiplier)
    }

    public func constraint(lessThanOrEqualToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: Double) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: View.systemSpacing * multiplier)
    }
}
