import Graphics

/// A picture kept in square tiles, each drawn when it is first needed, as
/// CATiledLayer keeps its content: a rasterized view's, so that a screen
/// sliding in is drawn a strip at a time as it comes into sight, not whole
/// on the first frame.
///
/// Its tiles count in a `PictureBudget`, with other pictures: a tile that
/// would pass it first lets go of the pictures used longest ago (drawn
/// again when next needed), and when even that is not enough, no tile is
/// given and the caller draws as usual that frame. Memory never makes a
/// frame fail, and no tile is left out of a picture.
public final class TiledBackingStore: PictureHolder {
    /// The picture's rectangle in its owner's coordinates, on whole points.
    public let extent: Rect
    /// The owner's bounds when the picture was started: another size is another picture.
    public let bounds: Rect
    /// Whether the owner covers the picture with an opaque background: tiles with no alpha composite as copies.
    public let opaque: Bool
    /// Each an `Image`, whose opacity spans let a tile composited again copy its opaque runs.
    private var tiles: [Int: Image] = [:]
    private let columns: Int
    private let budget: PictureBudget
    static let side = 256
    /// What the tiles take.
    public private(set) var keptBytes = 0
    public var lastPictureUse = 0

    /// What the whole picture takes once every tile is drawn.
    private var fullBytes: Int { Int(extent.width) * Int(extent.height) * 4 }

    /// Whether the whole picture can be kept beside those this frame uses:
    /// if not, it gives up its tiles and its owner draws as usual, before
    /// any other picture is let go for it.
    private func canFit() -> Bool {
        guard budget.bytesInFrame(besides: self) + fullBytes <= budget.limit else {
            letGoOfPictures()
            return false
        }
        return true
    }

    public func letGoOfPictures() {
        tiles.removeAll()
        keptBytes = 0
    }

    /// Keeps `tile` at `index` if there is room for it in the budget.
    private func keep(_ tile: Bitmap, at index: Int) -> Bool {
        let size = tile.stride * tile.height
        guard budget.makeRoom(for: size, by: self) else { return false }
        tiles[index] = Image(bitmap: tile)
        keptBytes += size
        return true
    }

    /// A store of no tiles yet for a picture of `extent`, of an owner of
    /// `bounds`, whose tiles count in `budget`.
    public init(extent: Rect, bounds: Rect, opaque: Bool, budget: PictureBudget) {
        self.extent = extent
        self.budget = budget
        self.bounds = bounds
        self.opaque = opaque
        columns = (Int(extent.width) + Self.side - 1) / Self.side
    }

    /// Fills the tiles that lie wholly inside `area` (its owner's coordinates, on
    /// whole pixels) with what `screen` shows there, `offset` being where the
    /// owner's origin falls on it: a picture already on screen is copied, not
    /// drawn again. Only an opaque picture can be copied from an opaque screen.
    public func capture(from screen: Bitmap, offset: (x: Int, y: Int), area: Rect) {
        guard opaque else { return }
        budget.use(self)
        guard canFit() else { return }
        let side = Double(Self.side)
        let rows = Int((extent.height / side).rounded(.up))
        for row in 0..<rows {
            for column in 0..<columns where tiles[row * columns + column] == nil {
                let rect = Rect(x: extent.minX + Double(column) * side, y: extent.minY + Double(row) * side, width: side, height: side)
                    .intersection(extent)
                guard !rect.isEmpty, area.contains(rect) else { continue }
                let onScreen = PixelRect(
                    x: Int(rect.minX) + offset.x, y: Int(rect.minY) + offset.y, width: Int(rect.width), height: Int(rect.height))
                if screen.bounds.contains(onScreen), let tile = try? screen.cropped(to: onScreen) { _ = keep(tile, at: row * columns + column) }
            }
        }
    }

    /// The tiles over `area` (the owner's coordinates), each with its rectangle;
    /// a tile not yet drawn is drawn by `draw` first (into a context whose
    /// origin is the owner's). Nil when a tile cannot be had (no memory, or
    /// none under the limit): the owner then draws as usual.
    public func tiles(covering area: Rect, draw: (GraphicsContext, Rect) -> Void) -> [(image: Image, rect: Rect)]? {
        let area = area.intersection(extent)
        guard !area.isEmpty else { return [] }
        budget.use(self)
        let side = Double(Self.side)
        let first = (column: Int(((area.minX - extent.minX) / side).rounded(.down)), row: Int(((area.minY - extent.minY) / side).rounded(.down)))
        let last = (column: Int(((area.maxX - extent.minX) / side).rounded(.up)) - 1, row: Int(((area.maxY - extent.minY) / side).rounded(.up)) - 1)
        var found: [(image: Image, rect: Rect)] = []
        var checkedFit = false
        for row in max(0, first.row)...max(0, last.row) {
            for column in max(0, first.column)...min(columns - 1, max(0, last.column)) {
                let rect = Rect(x: extent.minX + Double(column) * side, y: extent.minY + Double(row) * side, width: side, height: side)
                    .intersection(extent)
                guard !rect.isEmpty else { continue }
                if let tile = tiles[row * columns + column] {
                    found.append((tile, rect))
                    continue
                }
                guard checkedFit || canFit() else { return nil }
                checkedFit = true
                guard budget.makeRoom(for: Int(rect.width) * Int(rect.height) * 4, by: self),
                    let bitmap = try? Bitmap(width: Int(rect.width), height: Int(rect.height), opaque: opaque)
                else { return nil }
                let context = GraphicsContext(bitmap: bitmap)
                context.translateBy(x: -rect.minX, y: -rect.minY)
                context.clip(to: rect)
                draw(context, rect)
                context.flush()
                guard keep(bitmap, at: row * columns + column), let kept = tiles[row * columns + column] else { return nil }
                found.append((kept, rect))
            }
        }
        return found
    }
}
