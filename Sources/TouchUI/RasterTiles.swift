import Graphics

/// A rasterized view's picture, kept in square tiles drawn as they are
/// first needed: a screen sliding in is drawn a strip at a time as it
/// comes into sight, not whole on the first frame.
///
/// All pictures' tiles together stay within `View.rasterizationMemoryLimit`:
/// a tile that would pass it first lets go of the tiles of the pictures used
/// longest ago (drawn again when next needed), and when even that is not
/// enough, the view is drawn as usual that frame. Memory never makes a
/// frame fail, and no tile is left out of a picture.
@MainActor
final class RasterTiles {
    /// The picture's rectangle in the view's coordinates, on whole points.
    let extent: Rect
    /// The view's bounds when the picture was started: another size is another picture.
    let bounds: Rect
    /// Whether the view covers the picture with an opaque background: tiles with no alpha composite as copies.
    let opaque: Bool
    /// Each an `Image`, whose opacity spans let a tile composited again copy its opaque runs.
    private var tiles: [Int: Image] = [:]
    private let columns: Int
    static let side = 256
    /// What the tiles take, and when the picture was last composited (`clock`).
    private(set) var bytes = 0
    private var lastUse = 0

    /// Pictures that have held tiles, to let go of the least recently used first.
    private static var holders: [WeakPicture] = []
    private static var clock = 0
    /// The clock when the frame being drawn began: a picture used since is
    /// not let go for another in the same frame (two screens of a push taking
    /// turns would draw both every frame, and a picture holding tiles it is
    /// compositing would be miscounted).
    private static var frameStart = 0
    private struct WeakPicture { weak var picture: RasterTiles? }

    /// A frame is being drawn: pictures used from now on are in it (text's too).
    static func beginFrame() {
        frameStart = clock
        TextPictureStore.shared.beginFrame()
    }

    /// Lets go of the pictures used longest ago until all fit the limit (it was lowered).
    static func trimToLimit() {
        var total = bytesInUse
        for picture in holders.compactMap(\.picture).sorted(by: { $0.lastUse < $1.lastUse }) where total > View.rasterizationMemoryLimit {
            total -= picture.bytes
            picture.dropTiles()
        }
    }

    /// Marks the picture as used in this frame.
    private func touch() {
        Self.clock += 1
        lastUse = Self.clock
    }

    /// What the whole picture takes once every tile is drawn.
    private var fullBytes: Int { Int(extent.width) * Int(extent.height) * 4 }

    /// Whether the whole picture can be kept beside those this frame uses:
    /// if not, it gives up its tiles and the view is drawn as usual, before
    /// any other picture is let go for it.
    private func canFit() -> Bool {
        let inFrame = Self.holders.compactMap(\.picture).filter { $0 !== self && $0.lastUse > Self.frameStart }.reduce(0) { $0 + $1.bytes }
        guard inFrame + fullBytes <= View.rasterizationMemoryLimit else {
            dropTiles()
            return false
        }
        return true
    }

    /// What every picture's tiles take now, in bytes.
    static var bytesInUse: Int {
        holders.removeAll { $0.picture == nil }
        return holders.reduce(0) { $0 + ($1.picture?.bytes ?? 0) }
    }

    /// Makes room for `needed` more bytes under the limit, letting go of
    /// other pictures' tiles, those used longest ago first. False when even
    /// that leaves too little.
    private func makeRoom(for needed: Int) -> Bool {
        var total = Self.bytesInUse
        guard total + needed > View.rasterizationMemoryLimit else { return true }
        // Only pictures this frame has not used: `canFit` made sure that is enough.
        for other in Self.holders.compactMap(\.picture).sorted(by: { $0.lastUse < $1.lastUse })
        where other !== self && other.lastUse <= Self.frameStart {
            total -= other.bytes
            other.dropTiles()
            if total + needed <= View.rasterizationMemoryLimit { return true }
        }
        return false
    }

    private func dropTiles() {
        tiles.removeAll()
        bytes = 0
    }

    /// Keeps `tile` at `index` if there is room for it under the limit.
    private func keep(_ tile: Bitmap, at index: Int) -> Bool {
        let size = tile.stride * tile.height
        guard makeRoom(for: size) else { return false }
        if bytes == 0 && !Self.holders.contains(where: { $0.picture === self }) { Self.holders.append(WeakPicture(picture: self)) }
        tiles[index] = Image(bitmap: tile)
        bytes += size
        return true
    }

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
        touch()
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
                guard screen.bounds.contains(onScreen), makeRoom(for: onScreen.width * onScreen.height * 4),
                    let tile = try? screen.cropped(to: onScreen), keep(tile, at: row * columns + column)
                else { continue }
            }
        }
    }

    /// The tiles over `area` (view coordinates), each with its rectangle;
    /// a tile not yet drawn is drawn by `draw` first (into a context whose
    /// origin is the view's). Nil when a tile cannot be had (no memory, or
    /// none under the limit): the view is then drawn as usual.
    func tiles(covering area: Rect, draw: (GraphicsContext, Rect) -> Void) -> [(image: Image, rect: Rect)]? {
        let area = area.intersection(extent)
        guard !area.isEmpty else { return [] }
        touch()
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
                guard makeRoom(for: Int(rect.width) * Int(rect.height) * 4),
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
