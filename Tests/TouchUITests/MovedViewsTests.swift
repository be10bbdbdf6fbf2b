import Testing

@testable import TouchUI

/// A view that code moves frame after frame (a card a finger drags) is
/// drawn once into a picture and composited where it goes, as Core
/// Animation moves a layer; at rest it is drawn as it is once more.
@MainActor
struct MovedViewsTests {
    final class Counter: View {
        var draws = 0
        override func draw(_ rect: CGRect) {
            draws += 1
            GraphicsGetCurrentContext()?.fill(bounds.insetBy(dx: 4, dy: 4), with: .systemRed)
        }
    }

    /// A window with a card (a rounded view holding a counter and a label) over white, drawn frame by frame.
    @MainActor final class Scene {
        let app = Application()
        let window: Window
        let card = View(frame: CGRect(x: 20, y: 20, width: 120, height: 90))
        let counter = Counter(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        let label = Label(frame: CGRect(x: 10, y: 55, width: 100, height: 24))
        let screen: Bitmap
        let context: GraphicsContext

        init() throws {
            app.timeline = VirtualTimeline(startingAt: 1)
            window = Window(frame: CGRect(x: 0, y: 0, width: 400, height: 200), application: app)
            window.backgroundColor = .white
            card.backgroundColor = .systemTeal
            card.layer.cornerRadius = 9
            label.text = "Drag me"
            card.addSubview(counter)
            card.addSubview(label)
            window.addSubview(card)
            screen = try Bitmap(width: 400, height: 200)
            context = GraphicsContext(bitmap: screen)
            frame()
        }

        /// A frame a 120th of a second after the last, repainted where damaged.
        func frame() {
            app.virtualTimeline.advance(to: app.virtualTimeline.now + 1.0 / 120)
            window.layoutIfNeeded()
            window.render(window.takeFrame(), in: context)
            context.flush()
        }

        /// Where the screen differs from the window drawn whole and directly, in another window.
        func differenceFromDirect() throws -> String? {
            let twin = Window(frame: window.frame, application: Application())
            twin.backgroundColor = .white
            let card = View(frame: self.card.frame)
            card.backgroundColor = self.card.backgroundColor
            card.layer.cornerRadius = 9
            let counter = Counter(frame: self.counter.frame)
            let label = Label(frame: self.label.frame)
            label.text = self.label.text
            card.addSubview(counter)
            card.addSubview(label)
            twin.addSubview(card)
            return try screen.firstDifference(from: twin.drawnAfresh())
        }
    }

    @Test func aDraggedViewIsCompositedFromAPictureUntilItRests() throws {
        let scene = try Scene()
        let drawsBefore = scene.counter.draws
        for _ in 0..<12 {
            scene.card.center.x += 5
            scene.frame()
        }
        // The first move draws it as before; from the second it is drawn once, into its picture.
        #expect(scene.counter.draws - drawsBefore == 2, "\(scene.counter.draws - drawsBefore) draws in twelve moves")
        #expect(scene.window.movedViews?.holds(scene.card) == true)
        #expect(try scene.differenceFromDirect() == nil, "composited where it was drawn: the same pixels")
        // A move of a fraction of a point lands the picture on whole pixels; at rest it is drawn as it is.
        scene.card.center.x += 0.4
        scene.frame()
        let draws = scene.counter.draws
        for _ in 0..<20 { scene.frame() }
        #expect(scene.window.movedViews?.holds(scene.card) == false && scene.card.rasterizationHolds == 0, "let go at rest")
        #expect(scene.counter.draws == draws + 1, "drawn once more where it stopped")
        #expect(try scene.differenceFromDirect() == nil)
    }

    /// With no frame drawn after the drag, a timer still lets the picture go, and the next frame draws the view as it is.
    @Test func aViewComesToRestWithoutFrames() throws {
        let scene = try Scene()
        for _ in 0..<4 {
            scene.card.center.y += 3
            scene.frame()
        }
        #expect(scene.card.rasterizationHolds == 1)
        scene.app.virtualTimeline.advance(to: scene.app.virtualTimeline.now + 0.5)
        #expect(scene.card.rasterizationHolds == 0 && scene.card.rasterCache == nil, "the picture is let go")
        #expect(!scene.window.damage.isEmpty, "and the view is drawn again")
        scene.frame()
        #expect(try scene.differenceFromDirect() == nil)
    }

    /// What changes inside a dragged view shows; one that changes every
    /// frame goes back to being drawn, and a view with no subviews, or
    /// one moving in an animation, is never held this way.
    @Test func changesShowAndBusyOrLoneViewsAreDrawn() throws {
        let scene = try Scene()
        for step in 0..<10 {
            scene.card.center.x += 4
            if step == 5 { scene.label.text = "Dropped" }
            scene.frame()
            if step == 6 { #expect(try scene.differenceFromDirect() == nil, "the new text shows") }
        }
        #expect(scene.card.rasterizationHolds == 1, "one change: still a picture")
        for _ in 0..<6 {
            scene.card.center.x += 4
            scene.counter.setNeedsDisplay()
            scene.frame()
        }
        #expect(scene.card.rasterizationHolds == 0, "changing every frame: drawn as usual")
        #expect(try scene.differenceFromDirect() == nil)
        for _ in 0..<4 {
            scene.counter.center.y += 1
            scene.frame()
        }
        #expect(scene.counter.rasterizationHolds == 0, "no subviews: cheaper drawn than kept")
        View.animate(withDuration: 0.2) { scene.card.center.y += 20 }
        for _ in 0..<6 { scene.frame() }
        #expect(scene.window.movedViews?.holds(scene.card) != true)
    }

    /// A scroll view's content (a table's cells, placed anew as rows come) is not held.
    @Test func aScrollViewsContentIsNotHeld() throws {
        let scene = try Scene()
        let scroll = ScrollView(frame: CGRect(x: 200, y: 0, width: 200, height: 200))
        let row = View(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        row.addSubview(View(frame: CGRect(x: 4, y: 4, width: 30, height: 30)))
        scroll.addSubview(row)
        scene.window.addSubview(scroll)
        for _ in 0..<4 {
            row.center.y += 40
            scene.frame()
        }
        #expect(row.rasterizationHolds == 0)
    }

    /// A card let go of and animated back gives its picture over to the
    /// animation's; one taken to another window, or out of its window, while
    /// held is let go all the same, and drawn where it now is; a window is never held.
    @Test func holdsGoToAnimationsOtherWindowsAndNoWhere() throws {
        let scene = try Scene()
        for _ in 0..<3 {
            scene.card.center.x += 6
            scene.frame()
        }
        #expect(scene.window.movedViews?.holds(scene.card) == true)
        View.animate(withDuration: 0.3) { scene.card.center.x -= 18 }
        #expect(scene.window.movedViews?.holds(scene.card) == false)
        #expect(scene.card.rasterizationHolds == 1, "the animation's own picture")
        while scene.app.hasRunningAnimations { scene.frame() }
        #expect(scene.card.rasterizationHolds == 0)
        #expect(try scene.differenceFromDirect() == nil)

        for _ in 0..<3 {
            scene.card.center.y += 5
            scene.frame()
        }
        #expect(scene.card.rasterizationHolds == 1)
        let other = Window(frame: scene.window.frame, application: scene.app)
        scene.card.removeFromSuperview()
        other.addSubview(scene.card)
        _ = other.takeFrame()
        scene.app.virtualTimeline.advance(to: scene.app.virtualTimeline.now + 0.5)
        #expect(scene.card.rasterizationHolds == 0 && !other.damage.isEmpty, "let go, and drawn in the window it is in")
        for _ in 0..<3 {
            scene.card.center.y += 5
            scene.app.virtualTimeline.advance(to: scene.app.virtualTimeline.now + 0.01)
            _ = other.takeFrame()
        }
        #expect(scene.card.rasterizationHolds == 1)
        scene.card.removeFromSuperview()
        scene.app.virtualTimeline.advance(to: scene.app.virtualTimeline.now + 0.5)
        #expect(scene.card.rasterizationHolds == 0, "out of any window, let go all the same")

        for _ in 0..<3 {
            scene.window.center.x += 1
            scene.frame()
        }
        #expect(scene.window.rasterizationHolds == 0)
    }

    /// A window that goes while one of its views is held leaves nothing behind to run.
    @Test func aWindowGoingWithAHeldViewLeavesNothing() throws {
        let app = Application()
        app.timeline = VirtualTimeline(startingAt: 1)
        let card = View(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        card.addSubview(View(frame: CGRect(x: 5, y: 5, width: 10, height: 10)))
        do {
            let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100), application: app)
            window.addSubview(card)
            for _ in 0..<3 {
                card.center.x += 2
                app.virtualTimeline.advance(to: app.virtualTimeline.now + 0.01)
                _ = window.takeFrame()
            }
            #expect(card.rasterizationHolds == 1)
            card.removeFromSuperview()
        }
        app.virtualTimeline.advance(to: app.virtualTimeline.now + 1)
        #expect(card.rasterizationHolds == 0)
    }
}
