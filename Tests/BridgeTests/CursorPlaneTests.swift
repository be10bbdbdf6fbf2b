import Bridge
import Display
import Graphics
import Layers
import Testing
import TouchUI

/// A lone finger marker on the display's cursor plane: the frame under it
/// is never touched while it moves, and what the panel shows (the frame
/// with the plane over it) is the window and its markers as they would
/// be drawn afresh, through landings, lifts and a refused plane.
@MainActor
struct CursorPlaneTests {
    /// A panel with a cursor plane, as a DRM card has (DRMSurface, which
    /// only a kernel with a card can run: Tests/EndToEnd/planes shows it on
    /// virtio-gpu). It keeps the frame and the plane apart, and shows them
    /// together as the display engine would.
    final class PlanePanel: DisplaySurface {
        let width = 200, height = 100, refreshRate = 60.0
        let rotation = DisplayRotation.none
        var summary: String { "a panel with a cursor plane" }
        private(set) var presentedFrames = 0
        let isPoweredOn = true
        func setPowered(_ on: Bool) throws {}
        func close() {}
        /// The frame's pixels, as the panel's buffer holds them.
        let frame: Bitmap
        private(set) var cursor: CursorPicture?
        /// The frame's damage at each present.
        private(set) var damages: [Region] = []
        /// When set, the next present with a cursor is refused, as a driver's test commit can be.
        var refusesNextCursor = false
        private(set) var hasPlane = true

        init() throws { frame = try Bitmap(width: 200, height: 100) }

        var cursorPlaneSize: (width: Int, height: Int)? { hasPlane ? (64, 64) : nil }

        func present(_ picture: Bitmap, damage: Region) throws { try present(picture, damage: damage, cursor: nil) }

        func present(_ picture: Bitmap, damage: Region, cursor: CursorPicture?) throws {
            if let cursor {
                #expect(hasPlane)
                #expect(cursor.bitmap.width <= 64 && cursor.bitmap.height <= 64)
            }
            for rect in damage.rects { frame.copy(rect, from: picture) }
            damages.append(damage)
            presentedFrames += 1
            if cursor != nil && refusesNextCursor {
                hasPlane = false
                self.cursor = nil
                return
            }
            self.cursor = cursor
        }

        /// What a person sees: the frame, with the plane's picture over it.
        func seen() throws -> Bitmap {
            let picture = try frame.cropped(to: frame.bounds)
            if let cursor {
                let context = GraphicsContext(bitmap: picture)
                context.composite(cursor.bitmap, at: Point(x: Double(cursor.x), y: Double(cursor.y)))
                context.flush()
                picture.finishDrawing()
            }
            return picture
        }
    }

    @MainActor struct Scene {
        let app = Application()
        let window: Window
        let markers: TouchMarkersView
        let panel: PlanePanel
        let compositor: Compositor

        init() throws {
            app.timeline = VirtualTimeline(startingAt: 1)
            window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 100), application: app)
            window.backgroundColor = .white
            let stripes = OverlayCompositingTests.Stripes(frame: window.bounds)
            window.addSubview(stripes)
            markers = TouchMarkersView(frame: window.bounds)
            window.addSubview(markers)
            panel = try PlanePanel()
            compositor = try Compositor(window: window, surface: panel)
            frame()
        }

        func frame() { app.virtualTimeline.advance(to: app.virtualTimeline.now + 0.1) }

        /// The window drawn afresh, with its overlay or without.
        func afresh(withMarkers: Bool = true) throws -> Bitmap {
            let bitmap = try Bitmap(width: 200, height: 100)
            let context = GraphicsContext(bitmap: bitmap)
            let all = Region(PixelRect(x: 0, y: 0, width: 200, height: 100))
            window.render(all, in: context)
            if withMarkers { LayerCompositor().composite(window.overlay, region: all, into: context) }
            context.flush()
            bitmap.finishDrawing()
            return bitmap
        }

        func showsTheWindowAsItStands(_ comment: Comment) throws {
            #expect(try panel.seen().hasSamePixels(as: afresh()), comment)
        }
    }

    @Test func aLoneMarkerMovesOnThePlaneWithoutTouchingTheFrame() throws {
        let scene = try Scene()
        scene.markers.show([.init(id: 1, location: Point(x: 50, y: 50))])
        scene.frame()
        try scene.showsTheWindowAsItStands("landed")
        let cursor = try #require(scene.panel.cursor)
        // The stamp's circle and its edge, which a 64x64 plane holds.
        #expect(cursor.bitmap.width <= 48 && cursor.bitmap.height <= 48)
        #expect(scene.panel.frame.hasSamePixels(as: try scene.afresh(withMarkers: false)), "the frame holds no marker")
        let presents = scene.panel.damages.count
        for step in 1...5 {
            scene.markers.show([.init(id: 1, location: Point(x: 50 + Double(step) * 7, y: 50 - Double(step) * 3))])
            scene.frame()
            try scene.showsTheWindowAsItStands("step \(step)")
        }
        #expect(scene.panel.damages.count == presents + 5)
        #expect(scene.panel.damages.suffix(5).allSatisfy { $0.isEmpty }, "a move is no frame damage")
        // The picture moved; it was not made again.
        #expect(scene.panel.cursor?.bitmap === cursor.bitmap)
    }

    @Test func aSecondFingerBringsCompositingBack() throws {
        let scene = try Scene()
        scene.markers.show([.init(id: 1, location: Point(x: 40, y: 50))])
        scene.frame()
        scene.markers.show([.init(id: 1, location: Point(x: 44, y: 52)), .init(id: 2, location: Point(x: 140, y: 40))])
        scene.frame()
        #expect(scene.panel.cursor == nil)
        try scene.showsTheWindowAsItStands("two, composited")
        // The first lifts; the second stays where it was composited, and goes onto the plane.
        scene.markers.show([.init(id: 2, location: Point(x: 140, y: 40))])
        scene.frame()
        #expect(scene.panel.cursor != nil)
        #expect(scene.panel.frame.hasSamePixels(as: try scene.afresh(withMarkers: false)), "both markers left the frame")
        try scene.showsTheWindowAsItStands("one again, on the plane")
        scene.markers.show([])
        scene.frame()
        #expect(scene.panel.cursor == nil)
        try scene.showsTheWindowAsItStands("lifted")
    }

    @Test func aRefusedPlaneIsCompositedFromTheNextFrame() throws {
        let scene = try Scene()
        scene.panel.refusesNextCursor = true
        scene.markers.show([.init(id: 1, location: Point(x: 60, y: 50))])
        scene.frame()
        #expect(scene.panel.cursorPlaneSize == nil)
        scene.frame()
        try scene.showsTheWindowAsItStands("composited after the refusal")
        scene.markers.show([.init(id: 1, location: Point(x: 70, y: 55))])
        scene.frame()
        try scene.showsTheWindowAsItStands("and moving")
    }

    /// A picture larger than the plane, with room around what it draws, goes on
    /// the plane cut to its drawn part; one whose drawn part is too large is composited.
    @Test func roomAroundAPictureIsCutAwayForThePlane() throws {
        let scene = try Scene()
        let bitmap = try Bitmap(width: 80, height: 80, opaque: false)
        let context = GraphicsContext(bitmap: bitmap)
        context.fill(Rect(x: 25, y: 20, width: 30, height: 40), with: Color(red: 0.2, green: 0.6, blue: 0.3, alpha: 0.8))
        context.flush()
        let layer = Layers.Layer()
        layer.bounds = Rect(x: 0, y: 0, width: 80, height: 80)
        layer.contents = Image(bitmap: bitmap)
        layer.position = Point(x: 100, y: 50)
        scene.window.overlay.root.addSublayer(layer)
        scene.frame()
        let cursor = try #require(scene.panel.cursor)
        #expect((cursor.bitmap.width, cursor.bitmap.height, cursor.x, cursor.y) == (30, 40, 85, 30))
        try scene.showsTheWindowAsItStands("cut and placed")
        // Drawn across 70 pixels: too wide for the plane.
        context.fill(Rect(x: 5, y: 20, width: 70, height: 4), with: .black)
        context.flush()
        layer.contents = Image(bitmap: try bitmap.cropped(to: bitmap.bounds, opaque: false))
        scene.frame()
        #expect(scene.panel.cursor == nil)
        try scene.showsTheWindowAsItStands("composited")
    }

    /// A marker hanging over the screen's edge is composited (an engine may
    /// refuse such a cursor, and a refusal gives the plane up); and a host
    /// that reads the presented picture as the screen (VNC) turns the plane off.
    @Test func anEdgeOrAHostThatReadsThePictureKeepsTheMarkerComposited() throws {
        let scene = try Scene()
        scene.markers.show([.init(id: 1, location: Point(x: 5, y: 50))])
        scene.frame()
        #expect(scene.panel.cursor == nil)
        try scene.showsTheWindowAsItStands("at the left edge")
        scene.markers.show([.init(id: 1, location: Point(x: 60, y: 50))])
        scene.frame()
        #expect(scene.panel.cursor != nil)
        try scene.showsTheWindowAsItStands("in from the edge")
        // Turned off with nothing else changing: the next frame composites it.
        scene.compositor.usesCursorPlane = false
        scene.frame()
        #expect(scene.panel.cursor == nil)
        #expect(scene.compositor.backBuffer.hasSamePixels(as: try scene.afresh()), "the presented picture holds the marker")
        try scene.showsTheWindowAsItStands("composited for the host")
        scene.compositor.usesCursorPlane = true
        scene.frame()
        #expect(scene.panel.cursor != nil)
        try scene.showsTheWindowAsItStands("back on the plane")
    }
}
