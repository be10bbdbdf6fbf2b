import Graphics
import Layers
import Testing

/// A tree whose only picture is one plain picture on whole pixels (a lone
/// finger marker) offers it whole, for a display's cursor plane; anything
/// more is composited.
struct LonePictureTests {
    func picture(_ width: Int, _ height: Int) throws -> Image {
        Image(bitmap: try Bitmap(width: width, height: height, opaque: false))
    }

    func marker(_ contents: Image, at position: Point) -> Layer {
        let layer = Layer()
        layer.bounds = Rect(x: 0, y: 0, width: Double(contents.bitmap.width), height: Double(contents.bitmap.height))
        layer.contents = contents
        layer.position = position
        return layer
    }

    @Test func oneMarkerInAContainerIsOffered() throws {
        let tree = LayerTree()
        #expect(tree.lonePicture == nil, "nothing shown")
        let container = Layer()
        container.bounds = Rect(x: 0, y: 0, width: 300, height: 200)
        container.position = Point(x: 160, y: 110)
        tree.root.addSublayer(container)
        let contents = try picture(20, 10)
        container.addSublayer(marker(contents, at: Point(x: 50, y: 40)))
        let lone = try #require(tree.lonePicture)
        #expect(lone.bitmap === contents.bitmap)
        // The container's corner is at 10,10; the marker's centre at 50,40 inside it.
        #expect(lone.frame == PixelRect(x: 50, y: 45, width: 20, height: 10))
    }

    @Test func twoMarkersATransformOrAHalfPixelAreComposited() throws {
        let tree = LayerTree()
        let first = marker(try picture(20, 10), at: Point(x: 50, y: 40))
        tree.root.addSublayer(first)
        #expect(tree.lonePicture != nil)
        let second = marker(try picture(20, 10), at: Point(x: 90, y: 40))
        tree.root.addSublayer(second)
        #expect(tree.lonePicture == nil, "two")
        second.isHidden = true
        #expect(tree.lonePicture != nil, "the second hidden")
        first.opacity = 0.5
        #expect(tree.lonePicture == nil, "faded")
        first.opacity = 1
        first.position = Point(x: 50.5, y: 40)
        #expect(tree.lonePicture == nil, "between pixels")
        first.position = Point(x: 50, y: 40)
        first.setAffineTransform(AffineTransform(scaleX: 2, y: 2))
        #expect(tree.lonePicture == nil, "scaled")
    }
}
