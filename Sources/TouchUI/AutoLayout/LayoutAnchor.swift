/// One edge, centre or size of a view or layout guide, to make constraints
/// from, as NSLayoutAnchor. `AnchorType` keeps them apart: an x-axis anchor
/// relates only to x-axis anchors, a dimension only to dimensions.
@MainActor
public class LayoutAnchor<AnchorType: AnyObject> {
    let owner: LayoutItem
    let attribute: LayoutConstraint.Attribute

    init(_ owner: LayoutItem, _ attribute: LayoutConstraint.Attribute) {
        self.owner = owner
        self.attribute = attribute
    }

    /// The view or layout guide the anchor belongs to.
    public var item: AnyObject { owner }

    public func constraint(equalTo anchor: LayoutAnchor<AnchorType>, constant: Double = 0) -> LayoutConstraint {
        make(.equal, anchor, constant: constant)
    }

    public func constraint(greaterThanOrEqualTo anchor: LayoutAnchor<AnchorType>, constant: Double = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: constant)
    }

    public func constraint(lessThanOrEqualTo anchor: LayoutAnchor<AnchorType>, constant: Double = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: constant)
    }

    func make(
        _ relation: LayoutConstraint.Relation, _ anchor: LayoutAnchor<AnchorType>?, multiplier: Double = 1, constant: Double
    ) -> LayoutConstraint {
        LayoutConstraint(
            owner, attribute, relation, anchor?.owner, anchor?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
    }
}
