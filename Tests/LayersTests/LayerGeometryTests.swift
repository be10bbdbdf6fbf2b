import Graphics
import Layers
import Testing

/// Finding a layer under a point, converting points between layers, and
/// placing a layer among its siblings, as CALayer's methods do.
struct LayerGeometryTests {
    func layer(_ frame: Rect, in superlayer: Layer) -> Layer {
        let layer = Layer()
        layer.frame = frame
        superlayer.addSublayer(layer)
        return layer
    }

    @Test func aHitTestFindsTheFrontmostDeepestLayer() {
        let root = Layer()
        let panel = layer(Rect(x: 20, y: 20, width: 60, height: 40), in: root)
        let back = layer(Rect(x: 0, y: 0, width: 30, height: 40), in: panel)
        let front = layer(Rect(x: 20, y: 0, width: 30, height: 40), in: panel)
        // Points in the panel's superlayer's coordinates, as CALayer takes them.
        #expect(panel.hitTest(Point(x: 25, y: 30)) === back)
        #expect(panel.hitTest(Point(x: 45, y: 30)) === front, "where both are, the one in front")
        #expect(panel.hitTest(Point(x: 75, y: 30)) === panel)
        #expect(panel.hitTest(Point(x: 90, y: 30)) == nil)
        front.isHidden = true
        #expect(panel.hitTest(Point(x: 45, y: 30)) === back, "a hidden layer is passed over")
        let tab = layer(Rect(x: 60, y: 0, width: 10, height: 10), in: panel)
        #expect(panel.hitTest(Point(x: 85, y: 25)) === tab, "a sublayer past the bounds")
        panel.masksToBounds = true
        #expect(panel.hitTest(Point(x: 85, y: 25)) == nil, "unless the panel masks to them")
        // Scaled about its middle (50, 40): its bounds reach from (-10, 0) to (110, 80).
        panel.masksToBounds = false
        panel.setAffineTransform(AffineTransform(scaleX: 2, y: 2))
        #expect(panel.hitTest(Point(x: -5, y: 5)) === back)
        #expect(panel.hitTest(Point(x: 105, y: 75)) === panel)
        #expect(panel.contains(Point(x: 59, y: 39)) && !panel.contains(Point(x: 61, y: 20)))
    }

    @Test func pointsConvertThroughEveryTransformBetween() {
        let root = Layer()
        let panel = layer(Rect(x: 20, y: 20, width: 60, height: 40), in: root)
        let child = layer(Rect(x: 10, y: 10, width: 20, height: 20), in: panel)
        #expect(child.convert(Point.zero, to: nil) == Point(x: 30, y: 30))
        #expect(child.convert(Point.zero, to: panel) == Point(x: 10, y: 10))
        #expect(child.convert(Point(x: 30, y: 30), from: nil) == Point.zero)
        #expect(panel.convert(Point(x: 10, y: 10), to: child) == Point.zero)
        // Scaled about the panel's middle, (50, 40) in the root.
        panel.setAffineTransform(AffineTransform(scaleX: 2, y: 2))
        let there = child.convert(Point.zero, to: nil)
        #expect(abs(there.x - 10) < 1e-9 && abs(there.y - 20) < 1e-9)
        let back = child.convert(Point(x: 10, y: 20), from: nil)
        #expect(abs(back.x) < 1e-9 && abs(back.y) < 1e-9)
    }

    @Test func aLayerIsPlacedBelowOrAboveASiblingOrInItsPlace() {
        let root = Layer(), a = Layer(), b = Layer(), c = Layer(), d = Layer()
        a.name = "a"
        root.addSublayer(a)
        root.addSublayer(b)
        func order() -> [ObjectIdentifier] { root.sublayers.map(ObjectIdentifier.init) }
        func ids(_ layers: Layer...) -> [ObjectIdentifier] { layers.map(ObjectIdentifier.init) }
        root.insertSublayer(c, below: b)
        #expect(order() == ids(a, c, b))
        root.insertSublayer(c, above: b)
        #expect(order() == ids(a, b, c))
        root.insertSublayer(c, below: nil)
        #expect(order() == ids(c, a, b), "below nothing: behind them all")
        root.insertSublayer(c, above: Layer())
        #expect(order() == ids(a, b, c), "above a layer that is not a sublayer: in front of them all")
        root.replaceSublayer(a, with: d)
        #expect(order() == ids(d, b, c) && a.superlayer == nil && a.name == "a")
        root.replaceSublayer(b, with: c)
        #expect(order() == ids(d, c), "a sublayer moved into another's place")
        root.replaceSublayer(a, with: b)
        #expect(order() == ids(d, c) && b.superlayer == nil, "a layer not there: nothing")
    }
}
