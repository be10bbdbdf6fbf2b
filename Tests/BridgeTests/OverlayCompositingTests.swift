import Bridge
import Display
import Graphics
import Layers
import Testing
import TouchUI

/// The window's overlay (the finger markers) composited over the views'
/// frame: a marker that moves repaints no view, and the panel shows the
/// window and its markers exactly as they would be drawn afresh.
@MainActor
struct OverlayCompositingTests {
    /// Stripes that depend on where they are, so a pixel copied from the wrong place shows; counts its draws.
    final class Stripes: View {
        var draws = 0
        var shade = 0.2 { didSet { setNeedsDisplay() } }
        override func draw(_ rect: Rect) {
            draws += 1
            guard let context = GraphicsContext.current else { return }
            for x in stride(from: 0.0, to: bounds.width, by: 10) {
                context.fill(Rect(x: x, y: 0, width: 5, height: bounds.height), with: Color(red: shade, green: x / bounds.width, blue: 0.5, alpha: 1))
            }
        }
    }

    @MainActor struct Scene {
        let app = Application()
        let window: Window
        let stripes: Stripes
        let markers: TouchMarkersView
        let surface = MemorySurface(width: 200, height: 100, hasVerticalBlank: false)
        let compositor: Compositor

        init() throws {
            app.timeline = VirtualTimeline(startingAt: 1)
            window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 100), application: app)
            window.backgroundColor = .white
            stripes = Stripes(frame: Rect(x: 0, y: 0, width: 200, height: 100))
            window.addSubview(stripes)
            markers = TouchMarkersView(frame: window.bounds)
            window.addSubview(markers)
            compositor = try Compositor(window: window, surface: surface)
            frame()
        }

        /// Runs the clock past the next tick.
        func frame() { app.virtualTimeline.advance(to: app.virtualTimeline.now + 0.1) }

        /// The window drawn afresh, its overlay composited over it.
        func afresh() throws -> Bitmap {
            // Not counted: only the compositor's draws are.
            let draws = stripes.draws
            defer { stripes.draws = draws }
            let bitmap = try Bitmap(width: 200, height: 100)
            let context = GraphicsContext(bitmap: bitmap)
            window.render(Region(PixelRect(x: 0, y: 0, width: 200, height: 100)), in: context)
            LayerCompositor().composite(window.overlay, region: Region(PixelRect(x: 0, y: 0, width: 200, height: 100)), into: context)
            context.flush()
            bitmap.finishDrawing()
            return bitmap
        }

        /// Pixels where the panel's memory differs from `picture`.
        func panelDiffers(from picture: Bitmap) -> Int {
            var count = 0
            for y in 0..<100 {
                for x in 0..<200 {
                    let panel = surface.bytes[y * surface.stride + x * 4..<y * surface.stride + x * 4 + 3]
                    let word = picture.pixels.load(fromByteOffset: y * picture.stride + x * 4, as: UInt32.self)
                    if Array(panel) != [UInt8(word & 0xff), UInt8(word >> 8 & 0xff), UInt8(word >> 16 & 0xff)] { count += 1 }
                }
            }
            return count
        }

        func picturesDiffer(_ a: Bitmap, _ b: Bitmap) -> Int {
            var count = 0
            for y in 0..<100 {
                for x in 0..<200 where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { count += 1 }
            }
            return count
        }

        /// The panel and the compositor's picture both match the window drawn afresh.
        func showsTheWindowAsItStands(_ comment: Comment) throws {
            let expected = try afresh()
            #expect(panelDiffers(from: expected) == 0, comment)
            #expect(picturesDiffer(compositor.backBuffer, expected) == 0, comment)
        }
    }

    @Test func aMovingMarkerRepaintsNoViewUnderIt() throws {
        let scene = try Scene()
        let drawn = scene.stripes.draws
        scene.markers.show([.init(id: 1, location: Point(x: 50, y: 50))])
        scene.frame()
        try scene.showsTheWindowAsItStands("a marker shown")
        for step in 1...5 {
            scene.markers.show([.init(id: 1, location: Point(x: 50 + Double(step) * 7, y: 50 - Double(step) * 3))])
            scene.frame()
            try scene.showsTheWindowAsItStands("step \(step)")
        }
        #expect(scene.stripes.draws == drawn)
        // What reached the panel was the marker's old and new places, not the window.
        let last = try #require(scene.surface.presentedDamage.last)
        #expect(last.area < 2 * 92 * 90)
        // A marker is over a view that changes under it.
        scene.stripes.shade = 0.9
        scene.frame()
        try scene.showsTheWindowAsItStands("the view under it changed")
        #expect(scene.stripes.draws == drawn + 1)
    }

    @Test func tenMarkersLandMoveAndLift() throws {
        let scene = try Scene()
        for step in 0..<4 {
            scene.markers.show((0..<10).map { .init(id: $0, location: Point(x: 10 + Double($0) * 19 + Double(step) * 3, y: 20 + Double(step * 20))) })
            scene.frame()
            try scene.showsTheWindowAsItStands("step \(step)")
        }
        // Some lift, one lands: the rest stay, and the new one is over them.
        scene.markers.show([.init(id: 1, location: Point(x: 60, y: 50)), .init(id: 7, location: Point(x: 70, y: 55)), .init(id: 10, location: Point(x: 80, y: 60))])
        scene.frame()
        try scene.showsTheWindowAsItStands("three left, one new")
        scene.markers.show([])
        scene.frame()
        try scene.showsTheWindowAsItStands("lifted")
        // With none, the views' own frame is presented.
        #expect(scene.picturesDiffer(scene.compositor.backBuffer, try scene.afresh()) == 0)
    }

    /// Views that change while no marker shows are in the picture when markers come back.
    @Test func markersComeBackOverWhatChangedMeanwhile() throws {
        let scene = try Scene()
        scene.markers.show([.init(id: 2, location: Point(x: 40, y: 40), tapCount: 2)])
        scene.frame()
        scene.markers.show([])
        scene.frame()
        scene.stripes.shade = 0.7
        scene.frame()
        scene.markers.show([.init(id: 3, location: Point(x: 150, y: 60))])
        scene.frame()
        try scene.showsTheWindowAsItStands("back")
    }

    /// Hiding the markers' view hides its markers; so does taking it out of the window.
    @Test func hiddenOrRemovedMarkersGo() throws {
        let scene = try Scene()
        scene.markers.show([.init(id: 4, location: Point(x: 100, y: 50))])
        scene.frame()
        scene.markers.isHidden = true
        scene.frame()
        #expect(!scene.window.overlay.showsAnything)
        try scene.showsTheWindowAsItStands("hidden")
        scene.markers.isHidden = false
        scene.frame()
        #expect(scene.window.overlay.showsAnything)
        scene.markers.removeFromSuperview()
        scene.frame()
        #expect(!scene.window.overlay.showsAnything)
        try scene.showsTheWindowAsItStands("removed")
    }
}
