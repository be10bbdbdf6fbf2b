import Layers

/// Circles under the fingers with their touch ids (and tap counts above
/// one), as a person debugging a touchscreen wants to see them. It lets
/// every touch through to the views below.
///
/// The markers are layers in the window's `overlay`, over everything in
/// the window: the compositor places each finger's stamp over the frame
/// the views left, so a moving finger repaints no view under it.
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
    /// The markers' layers, in the window's overlay while the view is in a window.
    private let container = Layers.Layer()
    private var markerLayers: [Int: MarkerLayer] = [:]

    public override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Shows exactly these markers; only the pixels around old and new ones change.
    public func show(_ markers: [Marker]) {
        // Also when the markers are the same: the view may be in another window since.
        attachToWindow()
        guard markers != self.markers else { return }
        self.markers = markers
        // Per frame, fingers only move: no allocation then, only the layers' positions.
        var landed = false, shownCount = 0
        for marker in markers {
            // A stamp that cannot be made (no memory) leaves its finger unmarked.
            guard let stamp = stamp(for: marker) else {
                markerLayers.removeValue(forKey: marker.id)?.layer.removeFromSuperlayer()
                continue
            }
            let key = Self.stampKey(marker)
            let shown: MarkerLayer
            if let known = markerLayers[marker.id] {
                shown = known
            } else {
                shown = MarkerLayer()
                markerLayers[marker.id] = shown
                landed = true
            }
            if shown.stamp != key {
                shown.layer.contents = stamp.image
                shown.layer.bounds = Rect(origin: .zero, size: stamp.image.size)
                shown.stamp = key
            }
            // Whole pixels: the stamp is copied, never resampled.
            let centre = convert(marker.location, to: nil)
            let origin = Point(
                x: (centre.x - Self.stampCentre.x).rounded() + stamp.offset.x, y: (centre.y - Self.stampCentre.y).rounded() + stamp.offset.y)
            if shown.layer.position != origin { shown.layer.position = origin }
            shownCount += 1
        }
        // Every marker shown has its layer, so more layers than that means fingers lifted.
        guard landed || markerLayers.count > shownCount else { return }
        if markerLayers.count > shownCount {
            let ids = Set(markers.map(\.id))
            for (id, shown) in markerLayers where !ids.contains(id) {
                shown.layer.removeFromSuperlayer()
                markerLayers[id] = nil
            }
        }
        // Later markers over earlier ones, as they are listed: new ones go on top, and
        // only a changed order (rare: numbers are handed out as fingers land) restacks them.
        let inOrder = markers.compactMap { markerLayers[$0.id]?.layer }
        let present = container.sublayers
        if present.count <= inOrder.count, zip(present, inOrder).allSatisfy({ $0 === $1 }) {
            for layer in inOrder[present.count...] { container.addSublayer(layer) }
        } else {
            for layer in inOrder { container.addSublayer(layer) }
        }
    }

    /// A marker's layer and the stamp it shows.
    private final class MarkerLayer {
        let layer = Layers.Layer()
        var stamp = -1
        init() { layer.anchorPoint = .zero }
    }

    /// Into the overlay of the window the view is in now, out of any other.
    private func attachToWindow() {
        let root = window?.overlay.root
        guard container.superlayer !== root else { return }
        container.removeFromSuperlayer()
        root?.addSublayer(container)
    }

    public override func didMoveToSuperview() {
        super.didMoveToSuperview()
        attachToWindow()
    }

    public override var isHidden: Bool {
        didSet { container.isHidden = isHidden }
    }

    public override var alpha: Double {
        didSet { container.opacity = alpha }
    }

    /// Nothing is drawn into the window itself.
    override var paintedAreasInWindow: [Rect]? { [] }

    /// Each marker's look, drawn once and then stamped wherever the finger
    /// is: a moving finger costs one image blend, not shapes and text. Cut
    /// to its pixels that are not clear (`offset` is where the cut begins):
    /// a marker with no tap count over it is under half the full stamp, and
    /// every pixel of a stamp is blended each time it moves.
    private var stamps: [Int: (image: Image, offset: Point)] = [:]
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

    private static func stampKey(_ marker: Marker) -> Int { marker.id &* 64 &+ min(marker.tapCount, 63) }

    private func stamp(for marker: Marker) -> (image: Image, offset: Point)? {
        let key = Self.stampKey(marker)
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
        // A tap count is drawn above the circle; without one, the circle (and its antialiased edge) is all there is.
        let cut = marker.tapCount > 1
            ? PixelRect(x: 0, y: 0, width: Self.stampWidth, height: Self.stampHeight)
            : PixelRect(enclosing: Self.circle.insetBy(dx: -1, dy: -1)).intersection(PixelRect(x: 0, y: 0, width: Self.stampWidth, height: Self.stampHeight))
        assert(Self.isClear(bitmap, outside: cut), "a marker's stamp has pixels outside its cut")
        guard let image = try? Self.copy(cut, of: bitmap) else { return nil }
        let stamp = (image: image, offset: Point(x: Double(cut.x), y: Double(cut.y)))
        stamps[key] = stamp
        return stamp
    }

    /// Whether every pixel of `bitmap` outside `rect` is fully clear (checked in debug builds).
    private static func isClear(_ bitmap: Bitmap, outside rect: PixelRect) -> Bool {
        bitmap.finishDrawing()
        for y in 0..<bitmap.height {
            let row = bitmap.pixels + y * bitmap.stride
            for x in 0..<bitmap.width where !(rect.x..<rect.maxX).contains(x) || !(rect.y..<rect.maxY).contains(y) {
                if row.load(fromByteOffset: x * 4, as: UInt32.self) >> 24 != 0 { return false }
            }
        }
        return true
    }

    private static func copy(_ rect: PixelRect, of bitmap: Bitmap) throws -> Image {
        let part = try Bitmap(width: rect.width, height: rect.height, opaque: false)
        for y in 0..<rect.height {
            (part.pixels + y * part.stride).copyMemory(from: bitmap.pixels + (rect.y + y) * bitmap.stride + rect.x * 4, byteCount: rect.width * 4)
        }
        part.pixelsChanged()
        return Image(bitmap: part)
    }
}
