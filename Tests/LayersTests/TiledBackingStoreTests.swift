import Graphics
import Layers
import Testing

/// A picture kept in tiles drawn as they are first needed, within a budget.
struct TiledBackingStoreTests {
    static let extent = Rect(x: 0, y: 0, width: 600, height: 300)

    /// Draws a picture whose pixel at x is x's column of tiles, counting the tiles drawn.
    final class Painter {
        var drawn: [Rect] = []
        func draw(_ context: GraphicsContext, _ rect: Rect) {
            drawn.append(rect)
            context.fill(rect, with: Color(red: rect.minX / 1000, green: 0, blue: 0))
        }
    }

    @Test func onlyTheTilesOverTheAreaAreDrawnAndEachOnce() throws {
        let budget = PictureBudget(limit: 8 << 20), painter = Painter()
        let store = TiledBackingStore(extent: Self.extent, bounds: Self.extent, opaque: true, budget: budget)
        let first = try #require(store.tiles(covering: Rect(x: 10, y: 10, width: 100, height: 50), draw: painter.draw))
        #expect(first.map(\.rect) == [Rect(x: 0, y: 0, width: 256, height: 256)])
        #expect(store.keptBytes == 256 * 256 * 4 && budget.bytesInUse == store.keptBytes)
        // Across a tile's edge: the tile drawn before is kept, the next drawn, the last row cut to the extent.
        let second = try #require(store.tiles(covering: Rect(x: 200, y: 200, width: 100, height: 100), draw: painter.draw))
        #expect(second.count == 4)
        #expect(painter.drawn.count == 4, "three new tiles, the first not drawn again")
        #expect(painter.drawn.contains(Rect(x: 256, y: 256, width: 256, height: 44)))
        #expect(second.first { $0.rect.minX == 256 && $0.rect.minY == 0 }?.image.bitmap.pixel(x: 0, y: 0) == Color(red: 0.256, green: 0, blue: 0).pixel)
    }

    /// With no room beside the pictures the frame uses, no tile is given: the owner draws as usual.
    @Test func withoutRoomNoTilesAreGivenAndNothingIsKept() throws {
        let budget = PictureBudget(limit: 600 * 300 * 4 - 1), painter = Painter()
        let store = TiledBackingStore(extent: Self.extent, bounds: Self.extent, opaque: true, budget: budget)
        #expect(store.tiles(covering: Self.extent, draw: painter.draw) == nil)
        #expect(store.keptBytes == 0 && painter.drawn.isEmpty)
    }

    /// A picture already on screen is copied from it, tile by tile, where whole tiles show.
    @Test func tilesOnScreenAreCopiedNotDrawn() throws {
        let budget = PictureBudget(limit: 8 << 20), painter = Painter()
        let screen = try Bitmap(width: 800, height: 400, opaque: true)
        let context = GraphicsContext(bitmap: screen)
        context.fill(Rect(x: 0, y: 0, width: 800, height: 400), with: Color(red: 0, green: 0, blue: 1))
        context.flush()
        let store = TiledBackingStore(extent: Self.extent, bounds: Self.extent, opaque: true, budget: budget)
        // The owner sits at (100, 50) on screen; only the top row of tiles shows whole.
        store.capture(from: screen, offset: (x: 100, y: 50), area: Rect(x: 0, y: 0, width: 600, height: 256))
        #expect(store.keptBytes == (256 + 256 + 88) * 256 * 4)
        let tiles = try #require(store.tiles(covering: Self.extent, draw: painter.draw))
        #expect(tiles.count == 6)
        #expect(painter.drawn.count == 3 && painter.drawn.allSatisfy { $0.minY == 256 }, "only the row not on screen is drawn")
        #expect(tiles.first { $0.rect.minY == 0 }?.image.bitmap.pixel(x: 5, y: 5) == Color(red: 0, green: 0, blue: 1).pixel)
    }
}
