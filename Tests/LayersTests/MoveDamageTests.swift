import Graphics
import Layers
import Testing

/// A moved layer damages where it was and where it is: as one rectangle
/// when that is no larger than the two, else as two.
struct MoveDamageTests {
    func marker(in tree: LayerTree) -> Layer {
        let layer = Layer()
        layer.anchorPoint = .zero
        layer.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        layer.position = Point(x: 100, y: 100)
        layer.backgroundColor = .black
        tree.root.addSublayer(layer)
        _ = tree.takeDamage()
        return layer
    }

    @Test func aSmallMoveIsOneRectangle() {
        let tree = LayerTree()
        let layer = marker(in: tree)
        layer.position = Point(x: 106, y: 103)
        #expect(tree.takeDamage().rects == [PixelRect(x: 100, y: 100, width: 46, height: 43)])
    }

    @Test func aFarMoveIsTwo() {
        let tree = LayerTree()
        let layer = marker(in: tree)
        layer.position = Point(x: 300, y: 100)
        #expect(Set(tree.takeDamage().rects.map(\.description)) == ["40x40+100+100", "40x40+300+100"])
        // Overlapping only at a corner: the union would be larger than both.
        layer.position = Point(x: 335, y: 135)
        #expect(tree.takeDamage().rects.count == 2)
    }

    @Test func aHiddenLayerMovesWithoutDamage() {
        let tree = LayerTree()
        let layer = marker(in: tree)
        layer.isHidden = true
        _ = tree.takeDamage()
        layer.position = Point(x: 10, y: 10)
        #expect(tree.takeDamage().isEmpty)
        layer.isHidden = false
        #expect(tree.takeDamage().rects == [PixelRect(x: 10, y: 10, width: 40, height: 40)])
    }

    /// Hiding a layer damages where it showed, showing it where it shows:
    /// one report each (a caret blinks twice a second), none when the value
    /// set is the one it had.
    @Test func hidingAndShowingReportOnce() {
        var reports: [Rect] = []
        let tree = LayerTree(reportingDamage: { reports.append($0) })
        let layer = Layer()
        layer.anchorPoint = .zero
        layer.bounds = Rect(x: 0, y: 0, width: 2, height: 24)
        layer.position = Point(x: 30, y: 8)
        tree.root.addSublayer(layer)
        reports.removeAll()
        let place = Rect(x: 30, y: 8, width: 2, height: 24)
        layer.isHidden = true
        #expect(reports == [place])
        layer.isHidden = true
        #expect(reports == [place])
        layer.isHidden = false
        #expect(reports == [place, place])
        layer.isHidden = false
        #expect(reports == [place, place])
    }

    /// A container of no size (the finger markers') covers only its sublayers,
    /// not also the corner at its origin: a tree's extent is where they are.
    @Test func anEmptyContainerCoversOnlyItsSublayers() {
        let tree = LayerTree()
        let container = Layer()
        tree.root.addSublayer(container)
        container.position = Point(x: 10, y: 20)
        let layer = Layer()
        layer.anchorPoint = .zero
        layer.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        layer.position = Point(x: 300, y: 200)
        layer.backgroundColor = .black
        container.addSublayer(layer)
        #expect(tree.extent == Rect(x: 310, y: 220, width: 40, height: 40))
    }

    /// A tree keeps its extent between changes (a compositor asks for it
    /// several times a frame), so every change of what it covers must be
    /// seen: asked after each, it is where the layers are.
    @Test func theExtentFollowsEveryChange() {
        let tree = LayerTree()
        let container = Layer()
        tree.root.addSublayer(container)
        let a = Layer()
        a.anchorPoint = .zero
        a.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        a.position = Point(x: 100, y: 100)
        container.addSublayer(a)
        #expect(tree.extent == Rect(x: 100, y: 100, width: 40, height: 40))
        a.position = Point(x: 200, y: 100)
        #expect(tree.extent == Rect(x: 200, y: 100, width: 40, height: 40), "moved")
        a.bounds = Rect(x: 0, y: 0, width: 60, height: 40)
        #expect(tree.extent == Rect(x: 200, y: 100, width: 60, height: 40), "resized")
        let b = Layer()
        b.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        b.position = Point(x: 5, y: 5)
        container.addSublayer(b)
        #expect(tree.extent == Rect(x: 0, y: 0, width: 260, height: 140), "added")
        b.isHidden = true
        #expect(tree.extent == Rect(x: 200, y: 100, width: 60, height: 40), "hidden")
        b.isHidden = false
        b.removeFromSuperlayer()
        #expect(tree.extent == Rect(x: 200, y: 100, width: 60, height: 40), "removed")
        container.setAffineTransform(AffineTransform(translationX: 10, y: 20))
        #expect(tree.extent == Rect(x: 210, y: 120, width: 60, height: 40), "its container moved")
        container.isHidden = true
        #expect(tree.extent.isNull, "its container hidden")
    }

    /// A layer taken off damages what it covered, as one put on damages what it covers.
    @Test func aRemovedLayerDamagesWhereItWas() {
        let tree = LayerTree()
        let layer = marker(in: tree)
        layer.removeFromSuperlayer()
        #expect(tree.takeDamage().rects == [PixelRect(x: 100, y: 100, width: 40, height: 40)])
        #expect(tree.extent.isNull)
    }

    /// A superlayer is not a weak reference (weak ones make every retain
    /// slow), so a layer that goes must tell the sublayers still held.
    @Test func aSublayerHeldPastItsSuperlayerForgetsIt() {
        let tree = LayerTree()
        let kept = Layer()
        kept.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        weak var gone: Layer?
        do {
            let parent = Layer()
            parent.addSublayer(kept)
            gone = parent
            #expect(kept.superlayer === parent)
        }
        #expect(gone == nil)
        #expect(kept.superlayer == nil)
        // Its changes damage nothing now, and it can join a tree as if new.
        kept.position = Point(x: 50, y: 50)
        tree.root.addSublayer(kept)
        #expect(kept.superlayer === tree.root)
        #expect(tree.hasDamage)
    }
}
