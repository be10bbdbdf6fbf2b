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
        guard let size = image?.size, size.width > 0, size.height > 0 else { return .zero }
        let scaleX = bounds.width / size.width, scaleY = bounds.height / size.height
        let scale: Double
        switch contentMode {
        case .scaleToFill, .redraw: return bounds
        case .scaleAspectFit: scale = min(scaleX, scaleY)
        case .scaleAspectFill: scale = max(scaleX, scaleY)
        default: scale = 1
        }
        let width = size.width * scale, height = size.height * scale
        // At its own size, the image sits against the edges the mode names, centred across the others.
        let x = switch contentMode {
        case .left, .topLeft, .bottomLeft: bounds.minX
        case .right, .topRight, .bottomRight: bounds.maxX - width
        default: bounds.midX - width / 2
        }
        let y = switch contentMode {
        case .top, .topLeft, .topRight: bounds.minY
        case .bottom, .bottomLeft, .bottomRight: bounds.maxY - height
        default: bounds.midY - height / 2
        }
        return Rect(x: x, y: y, width: width, height: height)
    }

    open override func draw(_ rect: Rect) {
        guard let image, let context = GraphicsContext.current else { return }
        // Aspect fill overflows the bounds; only the bounds show.
        context.clip(to: bounds)
        context.draw(image, in: imageRect)
    }
}
