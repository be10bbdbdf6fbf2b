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

extension View.ContentMode {
    /// Where content of `size` goes in `bounds` in this mode: stretched,
    /// scaled to fit or to fill, or at its own size against the edges named
    /// (centred across the others). An image view's image, a layer's contents.
    func placement(of size: Size, in bounds: Rect) -> Rect {
        guard size.width > 0, size.height > 0 else { return .zero }
        let scaleX = bounds.width / size.width, scaleY = bounds.height / size.height
        let scale: Double
        switch self {
        case .scaleToFill, .redraw: return bounds
        case .scaleAspectFit: scale = min(scaleX, scaleY)
        case .scaleAspectFill: scale = max(scaleX, scaleY)
        default: scale = 1
        }
        let width = size.width * scale, height = size.height * scale
        let x = switch self {
        case .left, .topLeft, .bottomLeft: bounds.minX
        case .right, .topRight, .bottomRight: bounds.maxX - width
        default: bounds.midX - width / 2
        }
        let y = switch self {
        case .top, .topLeft, .topRight: bounds.minY
        case .bottom, .bottomLeft, .bottomRight: bounds.maxY - height
        default: bounds.midY - height / 2
        }
        return Rect(x: x, y: y, width: width, height: height)
    }
}
