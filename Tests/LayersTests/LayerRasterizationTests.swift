import Graphics
import Layers
import Testing

/// `shouldRasterize` on an app's own layer, as CALayer's: painted once into
/// a picture with its sublayers, composited from it while nothing inside
/// changes, with the pixels painting gives.
struct LayerRasterizationTests {
    /// A 60 x 40 panel at (20, 30) with a rounded border, a ring drawn
    /// straight each time it is composited, and a shadow.
    final class Scene {
        let tree = LayerTree()
        let panel = Layer()
        let ring = ShapeLayer()
        init() {
            tree.root.bounds = Rect(x: 0, y: 0, width: 120, height: 100)
            tree.root.backgroundColor = .white
            panel.frame = Rect(x: 20, y: 30, width: 60, height: 40)
            panel.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.8)
            panel.cornerRadius = 8
            panel.borderWidth = 2
            panel.borderColor = .black
            panel.shadowOpacity = 0.5
            panel.shadowRadius = 2
            ring.path = Path(ovalIn: Rect(x: 10, y: 5, width: 30, height: 30))
            ring.strokeColor = Color(red: 1, green: 0.5, blue: 0)
            ring.fillColor = nil
            ring.lineWidth = 3
            panel.addSublayer(ring)
            tree.root.addSublayer(panel)
        }
    }

    func picture(_ scene: Scene, _ compositor: LayerCompositor) throws -> Bitmap {
        let bitmap = try Bitmap(width: 120, height: 100)
        _ = scene.tree.takeDamage()
        let context = GraphicsContext(bitmap: bitmap)
        compositor.composite(scene.tree, region: Region(PixelRect(x: 0, y: 0, width: 120, height: 100)), into: context)
        context.flush()
        return bitmap
    }

    /// The largest difference of a channel between two pictures of one size: painted into a
    /// picture of its own and composited after, an edge or a shadow is rounded twice.
    func largestDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        var largest = 0
        for y in 0..<a.height {
            for x in 0..<a.width { largest = max(largest, a.pixel(x: x, y: y).distance(to: b.pixel(x: x, y: y))) }
        }
        return largest
    }

    @Test func aRasterizedLayerIsPaintedOnceAndLooksAsPainted() throws {
        let painted = Scene(), rasterized = Scene()
        rasterized.panel.shouldRasterize = true
        let compositor = LayerCompositor()
        #expect(try largestDifference(picture(rasterized, compositor), picture(painted, LayerCompositor())) <= 1)
        #expect(compositor.flattenings == 1)
        // Moved by whole points and faded: composited from the picture, the pixels painting gives.
        for scene in [painted, rasterized] {
            scene.panel.position = Point(x: scene.panel.position.x + 17, y: scene.panel.position.y - 9)
            scene.panel.opacity = 0.6
        }
        #expect(try largestDifference(picture(rasterized, compositor), picture(painted, LayerCompositor())) <= 1)
        // Turned: placed by cairo's matrix, not painted again.
        rasterized.panel.setAffineTransform(AffineTransform(rotationAngle: 0.3))
        _ = try picture(rasterized, compositor)
        #expect(compositor.flattenings == 1, "moved, faded and turned: never painted again")
        // A change inside: painted again.
        rasterized.ring.lineWidth = 5
        _ = try picture(rasterized, compositor)
        #expect(compositor.flattenings == 2)
        rasterized.panel.shouldRasterize = false
        _ = try picture(rasterized, compositor)
        #expect(compositor.flattenings == 2, "no longer rasterized: painted as usual")
    }

    /// At twice the pixels a point, the picture is made at that size and
    /// composited at half: a flat part comes out as painted.
    @Test func theRasterizationScaleIsThePicturesPixelsAPoint() throws {
        let scene = Scene()
        scene.panel.shouldRasterize = true
        scene.panel.rasterizationScale = 2
        let compositor = LayerCompositor()
        let bitmap = try picture(scene, compositor)
        let plain = try picture(Scene(), LayerCompositor())
        #expect(compositor.flattenings == 1)
        #expect(compositor.storedBytes >= (60 * 2) * (40 * 2) * 4, "the picture has four pixels a point")
        #expect(bitmap.pixel(x: 28, y: 62) == plain.pixel(x: 28, y: 62), "the panel's flat background")
        #expect(bitmap.pixel(x: 5, y: 5) == plain.pixel(x: 5, y: 5), "outside it")
    }
}
