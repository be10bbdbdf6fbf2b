/// The size a view would like from its content, as UIKit's
/// intrinsicContentSize; a stack view sizes its arranged views by it, and
/// Auto Layout holds a view to it with hugging and compression resistance.
extension View {
    /// No natural size along this dimension (UIView.noIntrinsicMetric).
    public static let noIntrinsicMetric = -1.0

    /// A stack view that holds this view lays it out again (UIKit's
    /// invalidateIntrinsicContentSize): call when what the size depends on changes.
    public func invalidateIntrinsicContentSize() {
        superview?.setNeedsLayout()
        superview?.subviewIntrinsicContentSizeDidChange(self)
        autoLayout?.usingEngine?.contentSizeChanged(self)
    }
}
