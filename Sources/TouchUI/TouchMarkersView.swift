

/// Circles under the fingers with their touch ids (and tap counts above
/// one), as a person debugging a touchscreen wants to see them. It lets
/// every touch through to the views below.
@MainActor
public final class TouchMarkersView: View {
    public struct Marker: Equatable {
        public var id: Int
        public var location: Point
        public var tapCount: Int
        public init(id: Int, location: Point, tapCount: Int = 1) { (self.id, self.location, self.tapCount) = (id, location, tapCount) }
    }

    public static let radius = 22.0
    /// Marker colours cycle with the touch id, so fingers are told apart.
    public static let palette: [Color] = [.systemBlue, .orange, .systemGreen, .purple, .systemRed, .cyan, .magenta, .brown]

    public private(set) var markers: [Marker] = []

    public override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Shows exactly these markers; only the pixels around old and new ones are repainted.
    public func show(_ markers: [Marker]) {
        guard markers != self.markers else { return }
        for marker in self.markers { setNeedsDisplay(area(of: marker)) }
        self.markers = markers
        for marker in markers { setNeedsDisplay(area(of: marker)) }
    }

    override var paintedAreasInWindow: [Rect]? {
        guard subviews.isEmpty, backgroundColor == nil, borderWidth == 0 else { return nil }
        return markers.map { convert(area(of: $0), to: nil) }
    }

    /// Where a marker's stamp lands, with a pixel to spare for the rounding of its origin.
    private func area(of marker: Marker) -> Rect {
        Rect(
            x: marker.location.x - Self.stampCentre.x - 1, y: marker.location.y - Self.stampCentre.y - 1,
            width: Double(Self.stampWidth) + 2, height: Double(Self.stampHeight) + 2)
    }

    /// Each marker's look, drawn once and then stamped wherever the finger
    /// is: a moving finger costs one image blend, not shapes and text.
    private var stamps: [Int: Image] = [:]
    /// The circle of each palette colour: a new finger's stamp copies it and
    /// adds only its number, since stroking and filling an antialiased
    /// circle costs several times the text (ten fingers lifting and landing
    /// at once would otherwise hold up a frame).
    private var discs: [Int: Bitmap] = [:]
    private static let stampWidth = Int(2 * radius) + 24, stampHeight = Int(2 * radius) + 22
    /// Where a stamp's circle centre is, from its top left corner.
    private static let stampCentre = Point(x: Double(stampWidth) / 2, y: Double(stampHeight) - radius - 2)
    private static let circle = Rect(x: stampCentre.x - radius, y: stampCentre.y - radius, width: 2 * radius, height: 2 * radius)

    private func disc(_ colorIndex: Int) -> Bitmap? {
        if let known = discs[colorIndex] { return known }
        guard let bitmap = try? Bitmap(width: Self.stampWidth, height: Self.stampHeight, opaque: false) else { return nil }
        let context = GraphicsContext(bitmap: bitmap)
        let color = Self.palette[colorIndex]
        context.fill(Path(ovalIn: Self.circle), with: color.withAlphaComponent(0.35))
        context.stroke(Path(ovalIn: Self.circle.insetBy(dx: 1, dy: 1)), with: color, lineWidth: 2)
        context.flush()
        discs[colorIndex] = bitmap
        return bitmap
    }

    private func stamp(for marker: Marker) -> Image? {
        let key = marker.id &* 64 &+ min(marker.tapCount, 63)
        if let known = stamps[key] { return known }
        let colorIndex = abs(marker.id) % Self.palette.count
        guard let disc = disc(colorIndex),
            let bitmap = try? Bitmap(width: Self.stampWidth, height: Self.stampHeight, opaque: false)
        else { return nil }
        let context = GraphicsContext(bitmap: bitmap)
        // A new bitmap is clear, so the circle blended over it is the circle, exactly.
        context.draw(Image(bitmap: disc), in: Rect(x: 0, y: 0, width: Double(Self.stampWidth), height: Double(Self.stampHeight)))
        context.draw("\(marker.id)", in: Self.circle, font: .boldSystemFont(ofSize: 14), color: .black, alignment: .center)
        if marker.tapCount > 1 {
            let circle = Self.circle
            let above = Rect(x: circle.minX - 10, y: circle.minY - 18, width: circle.width + 20, height: 16)
            context.draw("×\(marker.tapCount)", in: above, font: .systemFont(ofSize: 12), color: Self.palette[colorIndex], alignment: .center)
        }
        context.flush()
        if stamps.count > 256 { stamps.removeAll() }
        let image = Image(bitmap: bitmap)
        stamps[key] = image
        return image
    }

    public override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        for marker in markers where area(of: marker).intersects(rect) {
            guard let stamp = stamp(for: marker) else { continue }
            // Whole pixels: the stamp is copied, never resampled.
            let origin = Point(
                x: (marker.location.x - Self.stampCentre.x).rounded(), y: (marker.location.y - Self.stampCentre.y).rounded())
            context.draw(stamp, in: Rect(x: origin.x, y: origin.y, width: Double(Self.stampWidth), height: Double(Self.stampHeight)))
        }
    }
}
