import Graphics

/// A rasterized view's picture, kept in square tiles drawn as they are
/// first needed: a screen sliding in is drawn a strip at a time as it
/// comes into sight, not whole on the first frame.
final class RasterTiles {
    /// The picture's rectangle in the view's coordinates, on whole points.
    let extent: Rect
    /// The view's bounds when the picture was started: another size is another picture.
    let bounds: Rect
    /// Whether the view covers the picture with an opaque background: tiles with no alpha composite as copies.
    let opaque: Bool
    private var tiles: [Int: Bitmap] = [:]
    private let columns: Int
    static let side = 256

    init(extent: Rect, bounds: Rect, opaque: Bool) {
        self.extent = extent
        self.bounds = bounds
        self.opaque = opaque
        columns = (Int(extent.width) + Self.side - 1) / Self.side
    }

    /// Fills the tiles that lie wholly inside `area` (view coordinates, on
    /// whole pixels) with what `screen` shows there, `offset` being where the
    /// view's origin falls on it: a picture already on screen is copied, not
    /// drawn again. Only an opaque picture can be copied from an opaque screen.
    func capture(from screen: Bitmap, offset: (x: Int, y: Int), area: Rect) {
        guard opaque else { return }
        let side = Double(Self.side)
        let rows = Int((extent.height / side).rounded(.up))
        for row in 0..<rows {
            for column in 0..<columns where tiles[row * columns + column] == nil {
                let rect = Rect(x: extent.minX + Double(column) * side, y: extent.minY + Double(row) * side, width: side, height: side)
                    .intersection(extent)
                guard !rect.isEmpty, area.contains(rect) else { continue }
                let onScreen = PixelRect(
                    x: Int(rect.minX) + offset.x, y: Int(rect.minY) + offset.y, width: Int(rect.width), height: Int(rect.height))
                guard screen.bounds.contains(onScreen), let tile = try? screen.cropped(to: onScreen) else { continue }
                tiles[row * columns + column] = tile
            }
        }
    }

    /// The tiles over `area` (view coordinates), each with its rectangle;
    /// a tile not yet drawn is drawn by `draw` first (into a context whose origin is the view's).
    func tiles(covering area: Rect, draw: (GraphicsContext, Rect) -> Void) -> [(bitmap: Bitmap, rect: Rect)] {
        let area = area.intersection(extent)
        guard !area.isEmpty else { return [] }
        let side = Double(Self.side)
        let first = (column: Int(((area.minX - extent.minX) / side).rounded(.down)), row: Int(((area.minY - extent.minY) / side).rounded(.down)))
        let last = (column: Int(((area.maxX - extent.minX) / side).rounded(.up)) - 1, row: Int(((area.maxY - extent.minY) / side).rounded(.up)) - 1)
        var found: [(bitmap: Bitmap, rect: Rect)] = []
        for row in max(0, first.row)...max(0, last.row) {
            for column in max(0, first.column)...min(columns - 1, max(0, last.column)) {
                let rect = Rect(x: extent.minX + Double(column) * side, y: extent.minY + Double(row) * side, width: side, height: side)
                    .intersection(extent)
                guard !rect.isEmpty else { continue }
                if let tile = tiles[row * columns + column] {
                    found.append((tile, rect))
                    continue
                }
                guard let bitmap = try? Bitmap(width: Int(rect.width), height: Int(rect.height), opaque: opaque) else { continue }
                let context = GraphicsContext(bitmap: bitmap)
                context.translateBy(x: -rect.minX, y: -rect.minY)
                context.clip(to: rect)
                draw(context, rect)
                context.flush()
                tiles[row * columns + column] = bitmap
                found.append((bitmap, rect))
            }
        }
        return found
    }
}
