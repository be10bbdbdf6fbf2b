extension View {
    /// How a view's content sits in its bounds, as UIView.ContentMode.
    public enum ContentMode: Sendable {
        /// Stretched to the bounds.
        case scaleToFill
        /// As large as fits whole, centred; the rest shows the background.
        case scaleAspectFit
        /// Covers the bounds, centred; the overflow is cut off.
        case scaleAspectFill
        /// Stretched to the bounds, and drawn again when they change size.
        case redraw
        /// At its own size: centred, or against the edges named.
        case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    }
}
