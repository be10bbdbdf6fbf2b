/// A picture, as UIImageView, placed in the bounds by `contentMode`.
@MainActor
open class ImageView: View {
    public enum ContentMode: Sendable {
        /// Stretched to the bounds.
        case scaleToFill
        /// As large as fits whole, centred; the rest shows the background.
        case scaleAspectFit
        /// Covers the bounds, centred; the overflow is cut off.
        case scaleAspectFill
        /// At its own size, centred.
        case center
    }

    public var image: Image? {
        didSet { if oldValue !== image { setNeedsDisplay(); invalidateIntrinsicContentSize() } }
    }

    /// The image's own size.
    open override var intrinsicContentSize: Size {
        image?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }
    public var contentMode: ContentMode = .scaleToFill {
        didSet { if oldValue != contentMode { setNeedsDisplay() } }
    }

    public init(frame: Rect = .zero, image: Image? = nil) {
        self.image = image
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Where the image is drawn, in the view's coordinates.
    public var imageRect: Rect {
        guard let size = image?.size, size.width > 0, size.height > 0 else { return .zero }
        let scaleX = bounds.width / size.width, scaleY = bounds.height / size.height
        let scale: Double
        switch contentMode {
        case .scaleToFill: return bounds
        case .scaleAspectFit: scale = min(scaleX, scaleY)
        case .scaleAspectFill: scale = max(scaleX, scaleY)
        case .center: scale = 1
        }
        let width = size.width * scale, height = size.height * scale
        return Rect(x: bounds.midX - width / 2, y: bounds.midY - height / 2, width: width, height: height)
    }

    open override func draw(_ rect: Rect) {
        guard let image, let context = GraphicsContext.current else { return }
        // Aspect fill overflows the bounds; only the bounds show.
        context.clip(to: bounds)
        context.draw(image, in: imageRect)
    }
}
