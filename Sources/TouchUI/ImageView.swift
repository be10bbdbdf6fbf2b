/// A picture, as UIImageView, placed in the bounds by `contentMode`.
@MainActor
open class ImageView: View {
    public var image: Image? {
        didSet { if oldValue !== image { setNeedsDisplay(); invalidateIntrinsicContentSize() } }
    }

    /// The image's own size.
    open override var intrinsicContentSize: Size {
        image?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }
    public init(frame: Rect = .zero, image: Image? = nil) {
        self.image = image
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Where the image is drawn, in the view's coordinates.
    public var imageRect: Rect {
        guard let size = image?.size else { return .zero }
        return contentMode.placement(of: size, in: bounds)
    }

    open override func draw(_ rect: Rect) {
        guard let image, let context = GraphicsContext.current else { return }
        // Aspect fill overflows the bounds; only the bounds show.
        context.clip(to: bounds)
        context.draw(image, in: imageRect)
    }
}
