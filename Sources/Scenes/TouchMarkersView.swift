import TouchUI

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

    private func area(of marker: Marker) -> Rect {
        let r = Self.radius + 2
        return Rect(x: marker.location.x - r, y: marker.location.y - r - 18, width: 2 * r, height: 2 * r + 18)
    }

    public override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        let font = Font.boldSystemFont(ofSize: 14)
        for marker in markers where area(of: marker).intersects(rect) {
            let color = Self.palette[abs(marker.id) % Self.palette.count]
            let r = Self.radius
            let circle = Rect(x: marker.location.x - r, y: marker.location.y - r, width: 2 * r, height: 2 * r)
            context.fill(Path(ovalIn: circle), with: color.withAlphaComponent(0.35))
            context.stroke(Path(ovalIn: circle.insetBy(dx: 1, dy: 1)), with: color, lineWidth: 2)
            context.draw("\(marker.id)", in: circle, font: font, color: .black, alignment: .center)
            if marker.tapCount > 1 {
                let above = Rect(x: circle.minX - 10, y: circle.minY - 18, width: circle.width + 20, height: 16)
                context.draw("×\(marker.tapCount)", in: above, font: .systemFont(ofSize: 12), color: color, alignment: .center)
            }
        }
    }
}
