import Glibc
import Bridge
import Display
import SystemPackage
import Testing
import TouchUI

/// The compositor's display tick on a virtual clock.
@MainActor
struct CompositorTests {
    /// A view that damages itself every time it is laid out, and asks to be laid out again.
    final class Restless: View {
        override func layoutSubviews() {
            setNeedsDisplay()
            setNeedsLayout()
        }
    }

    /// Damage made while presenting waits for the next tick: a frame a tick
    /// at most, whatever moment (on the refresh grid or a rounding error
    /// away from it) the clock stands at.
    @Test func damageMadeWhilePresentingWaitsForTheNextTick() throws {
        for start in [0.0, 1.0 / 60, 17.0 / 60, 0.1 + 0.2, 3 * (1.0 / 60) * 20, 0.9999999999999999] {
            let app = Application()
            app.timeline = VirtualTimeline(startingAt: start)
            let window = Window(frame: Rect(x: 0, y: 0, width: 64, height: 64), application: app)
            window.addSubview(Restless(frame: window.bounds))
            let surface = MemorySurface(width: 64, height: 64)
            let compositor = try Compositor(window: window, surface: surface)
            app.virtualTimeline.advance(to: start + 0.5)
            #expect(surface.presentedFrames >= 29 && surface.presentedFrames <= 31, "from \(start)")
            _ = compositor
        }
    }

    /// A view whose damage the test makes by hand.
    func idleSetup(verticalBlank: Bool) throws -> (Application, View, MemorySurface, Compositor) {
        let app = Application()
        app.timeline = VirtualTimeline(startingAt: 10.004)
        let window = Window(frame: Rect(x: 0, y: 0, width: 64, height: 64), application: app)
        let view = View(frame: window.bounds)
        window.addSubview(view)
        let surface = MemorySurface(width: 64, height: 64, hasVerticalBlank: verticalBlank)
        let compositor = try Compositor(window: window, surface: surface)
        app.virtualTimeline.advance(to: 11)  // the first frame, long done
        return (app, view, surface, compositor)
    }

    /// With a vertical blank, a change waits for the next point of the refresh grid.
    @Test func withAVerticalBlankAChangeWaitsForTheGrid() throws {
        let (app, view, surface, compositor) = try idleSetup(verticalBlank: true)
        let before = surface.presentedFrames
        app.virtualTimeline.advance(to: 11.001)
        view.setNeedsDisplay()
        app.virtualTimeline.advance(to: 11.0011)
        #expect(surface.presentedFrames == before)
        app.virtualTimeline.advance(to: 11 + 1.0 / 60 + 0.0001)
        #expect(surface.presentedFrames == before + 1)
        _ = compositor
    }

    /// Without one (fbdev on most drivers), a change after a quiet spell is shown at once,
    /// and a stream of changes is shown at most four times a refresh.
    @Test func withoutAVerticalBlankAChangeShowsAtOnceAndAtMostFourTimesARefresh() throws {
        let (app, view, surface, compositor) = try idleSetup(verticalBlank: false)
        let before = surface.presentedFrames
        app.virtualTimeline.advance(to: 11.001)
        view.setNeedsDisplay()
        app.virtualTimeline.advance(to: 11.001)
        #expect(surface.presentedFrames == before + 1)
        // A change every millisecond for half a second: about 120 frames, not 500, and not 30.
        var time = 11.001
        while time < 11.5 {
            time += 0.001
            app.virtualTimeline.advance(to: time)
            view.setNeedsDisplay()
        }
        let frames = surface.presentedFrames - before - 1
        #expect(frames >= 118 && frames <= 126, "\(frames) frames")
        _ = compositor
    }

    /// Without one, a change just after a paint waits until a quarter of a
    /// refresh after that paint began, and not a moment longer.
    @Test func withoutAVerticalBlankAChangeRightAfterAPaintWaitsAQuarterOfARefresh() throws {
        let (app, view, surface, compositor) = try idleSetup(verticalBlank: false)
        app.virtualTimeline.advance(to: 12)
        view.setNeedsDisplay()
        app.virtualTimeline.advance(to: 12)
        let painted = surface.presentedFrames
        view.setNeedsDisplay()
        app.virtualTimeline.advance(to: 12.001)
        #expect(surface.presentedFrames == painted)
        app.virtualTimeline.advance(to: 12 + 1.0 / 240 - 0.0001)
        #expect(surface.presentedFrames == painted)
        app.virtualTimeline.advance(to: 12 + 1.0 / 240 + 0.0001)
        #expect(surface.presentedFrames == painted + 1)
        // Then quiet: no more frames.
        app.virtualTimeline.advance(to: 13)
        #expect(surface.presentedFrames == painted + 1)
        _ = compositor
    }

    /// A window of solid views for input to change in the middle of a repaint.
    func busyWindow() throws -> (Application, Window, [View], MemorySurface, Compositor) {
        let app = Application()
        app.timeline = VirtualTimeline(startingAt: 5)
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 100), application: app)
        window.backgroundColor = .white
        let colors: [Color] = [.systemBlue, .systemGreen, .orange, .purple, .cyan, .magenta]
        let views = colors.enumerated().map { index, color in
            let view = View(frame: Rect(x: Double(index) * 30 + 5, y: 20, width: 25, height: 60))
            view.backgroundColor = color
            window.addSubview(view)
            return view
        }
        let surface = MemorySurface(width: 200, height: 100, hasVerticalBlank: false)
        let compositor = try Compositor(window: window, surface: surface)
        app.virtualTimeline.advance(to: 6)
        return (app, window, views, surface, compositor)
    }

    /// The whole window drawn afresh, for comparison.
    func freshPicture(of window: Window) throws -> Bitmap {
        let bitmap = try Bitmap(width: 200, height: 100)
        window.render(Region(PixelRect(x: 0, y: 0, width: 200, height: 100)), in: GraphicsContext(bitmap: bitmap))
        bitmap.finishDrawing()
        return bitmap
    }

    func differingPixels(_ a: Bitmap, _ b: Bitmap) -> Int {
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { count += 1 }
        }
        return count
    }

    /// A scroll slides the frame the compositor keeps: the scroll view's whole
    /// rectangle is presented, and the panel shows exactly the window drawn
    /// afresh, also when the scroll comes as input in the middle of a repaint.
    @Test func aScrollSlidesTheKeptFrameAndThePanelShowsTheWindowAsItStands() throws {
        let app = Application()
        app.timeline = VirtualTimeline(startingAt: 5)
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 100), application: app)
        window.backgroundColor = .white
        let scroll = ScrollView(frame: Rect(x: 20, y: 10, width: 150, height: 80))
        scroll.backgroundColor = .black
        scroll.contentSize = Size(width: 150, height: 1000)
        let colors: [Color] = [.systemBlue, .systemGreen, .orange, .purple, .cyan, .magenta]
        let stripes = (0..<40).map { index in
            let stripe = View(frame: Rect(x: 5 + Double(index % 3), y: Double(index) * 25, width: 140, height: 20))
            stripe.backgroundColor = colors[index % colors.count]
            scroll.addSubview(stripe)
            return stripe
        }
        window.addSubview(scroll)
        let surface = MemorySurface(width: 200, height: 100, hasVerticalBlank: false)
        let compositor = try Compositor(window: window, surface: surface)
        app.virtualTimeline.advance(to: 6)
        func panelMatchesTheWindow() throws -> Bool {
            let reference = MemorySurface(width: 200, height: 100, hasVerticalBlank: false)
            try reference.present(try freshPicture(of: window), damage: Region(PixelRect(x: 0, y: 0, width: 200, height: 100)))
            return reference.bytes == surface.bytes
        }
        let scrolled = PixelRect(x: 20, y: 10, width: 150, height: 80)
        for offset in [13.0, 40, 39, 200, 0] {
            scroll.contentOffset.y = offset
            app.virtualTimeline.advance(to: app.timeline.now + 0.1)
            #expect(surface.presentedDamage.last.map { $0.rects.contains { $0.contains(scrolled) } } == true, "offset \(offset)")
            #expect(try panelMatchesTheWindow(), "offset \(offset)")
        }
        // The scroll arrives between views, after part of the repaint was drawn.
        compositor.inputCheckInterval = 0
        var looks = 0
        compositor.deliverWaitingInput = {
            looks += 1
            guard looks == 2 else { return false }
            scroll.contentOffset.y += 7
            return true
        }
        for stripe in stripes { stripe.setNeedsDisplay() }
        scroll.contentOffset.y = 30
        app.virtualTimeline.advance(to: app.timeline.now + 0.1)
        #expect(compositor.inputDeliveredWhileDrawing == 1)
        #expect(scroll.contentOffset.y == 37)
        #expect(try panelMatchesTheWindow())
    }

    /// Input delivered between views, while a repaint is under way, changes
    /// views already drawn and views still to draw: the frame presented is
    /// exactly the window as it stands after that input, not a mixture.
    @Test func inputDeliveredMidRepaintIsInTheSameFrame() throws {
        let (app, window, views, surface, compositor) = try busyWindow()
        compositor.inputCheckInterval = 0
        var looks = 0
        compositor.deliverWaitingInput = {
            looks += 1
            guard looks == 3 else { return false }
            // As a touch handler might: one view drawn already moves, one not yet drawn
            // changes colour, one goes and another comes.
            views[0].center.x += 120
            views[5].backgroundColor = .black
            views[2].removeFromSuperview()
            let added = View(frame: Rect(x: 60, y: 5, width: 100, height: 10))
            added.backgroundColor = .systemRed
            window.addSubview(added)
            return true
        }
        var presented: [Int] = []
        compositor.onPresent = { _ in presented.append(self.differingPixels(compositor.backBuffer, try! self.freshPicture(of: window))) }
        let before = surface.presentedFrames
        for view in views { view.setNeedsDisplay() }
        app.virtualTimeline.advance(to: 6.1)
        #expect(surface.presentedFrames == before + 1)
        #expect(compositor.inputDeliveredWhileDrawing == 1)
        #expect(looks == 3, "one delivery a repaint: what comes after it waits for the frame")
        #expect(window.damage.isEmpty, "what the input changed was repainted before presenting")
        #expect(presented == [0], "pixels of the presented frame that differ from the window as it stands")
        // And nothing more is drawn for it.
        app.virtualTimeline.advance(to: 6.2)
        #expect(surface.presentedFrames == before + 1)
    }

    /// A stream of input that changes something at every look cannot hold a
    /// frame back, nor make it a mixture: one delivery a repaint, and the
    /// pass that catches up with it takes none, so the frame presented is
    /// the window as it then stands.
    @Test func inputThatNeverStopsDoesNotHoldAFrameBack() throws {
        let (app, window, views, surface, compositor) = try busyWindow()
        compositor.inputCheckInterval = 0
        var looks = 0
        compositor.deliverWaitingInput = {
            looks += 1
            views[1].center.x = views[1].center.x == 65 ? 70 : 65
            views[4].backgroundColor = looks % 2 == 0 ? .black : .systemGreen
            return true
        }
        var presented: [Int] = []
        compositor.onPresent = { _ in presented.append(self.differingPixels(compositor.backBuffer, try! self.freshPicture(of: window))) }
        let before = surface.presentedFrames
        for view in views { view.setNeedsDisplay() }
        try compositor.presentNow()
        #expect(surface.presentedFrames == before + 1)
        #expect(looks == 1, "one delivery a repaint")
        #expect(presented == [0], "pixels of the presented frame that differ from the window as it stands")
        #expect(window.damage.isEmpty)
        _ = app
    }

    /// Looks for input are a system call each: between views they come no
    /// more often than `inputCheckInterval` of the clock.
    @Test func looksForInputAreSpacedByTheInterval() throws {
        let (app, _, views, _, compositor) = try busyWindow()
        var looks = 0
        compositor.deliverWaitingInput = {
            looks += 1
            return false
        }
        for view in views { view.setNeedsDisplay() }
        // The virtual clock stands still while drawing: no interval passes, so no look.
        app.virtualTimeline.advance(to: 6.1)
        #expect(looks == 0)
        compositor.inputCheckInterval = 0
        for view in views { view.setNeedsDisplay() }
        app.virtualTimeline.advance(to: 6.2)
        #expect(looks >= views.count)
    }

    /// A panel whose presents finish later, as a DRM page flip lands at the
    /// next vertical blank: it says so on a pipe, as a card does on its descriptor.
    final class FlippingSurface: DisplaySurface {
        let width = 64, height = 64, refreshRate = 60.0
        let rotation = DisplayRotation.none
        let summary = "a flipping test panel"
        private(set) var presentedFrames = 0
        private(set) var presentsThatWaited = 0
        private(set) var isPresentPending = false
        let isPoweredOn = true
        let pipeEnds: [Int32]
        init() {
            var ends: [Int32] = [0, 0]
            precondition(pipe(&ends) == 0)
            pipeEnds = ends
        }
        var completionDescriptor: Int32? { pipeEnds[0] }
        func present(_ picture: Bitmap, damage: Region) throws {
            // A real surface would block here until the last flip landed.
            if isPresentPending { presentsThatWaited += 1 }
            isPresentPending = true
            presentedFrames += 1
        }
        /// The flip lands: the card's descriptor turns readable.
        func land() { _ = write(pipeEnds[1], "f", 1) }
        func handleCompletions() throws {
            var byte: UInt8 = 0
            if read(pipeEnds[0], &byte, 1) == 1 { isPresentPending = false }
        }
        func setPowered(_ on: Bool) throws {}
        func close() {
            Glibc.close(pipeEnds[0])
            Glibc.close(pipeEnds[1])
        }
    }

    /// A tick that finds the last flip still pending leaves the frame to the
    /// flip's event, heard in the main loop's epoll set, instead of waiting
    /// inside `present`; a flip that never lands still gets the frame
    /// presented a refresh later.
    @Test func aFrameWaitsForThePageFlipInTheLoopNotInPresent() throws {
        let app = Application()
        let timeline = VirtualTimeline(startingAt: 20)
        app.timeline = timeline
        let window = Window(frame: Rect(x: 0, y: 0, width: 64, height: 64), application: app)
        let view = View(frame: window.bounds)
        window.addSubview(view)
        let surface = FlippingSurface()
        defer { surface.close() }
        let compositor = try Compositor(window: window, surface: surface)
        MainLoop.watchCompletions(of: [compositor])
        defer { MainLoop.poller.remove(FileDescriptor(rawValue: surface.pipeEnds[0])) }
        #expect(compositor.waitsForSurfaceEvents)
        timeline.advance(to: 20.1)
        #expect(surface.presentedFrames == 1)  // the first frame; its flip is pending
        view.setNeedsDisplay()
        timeline.advance(to: 20.12)  // past the next point of the 60 Hz grid
        #expect(surface.presentedFrames == 1, "held back for the flip, not waiting in present")
        surface.land()
        MainLoop.poller.callReadyHandlers()
        #expect(surface.presentedFrames == 2, "presented as soon as the loop heard the flip land")
        #expect(surface.presentsThatWaited == 0)
        // A flip that never lands: the frame goes out a tick later, and present waits (and would fail) itself.
        view.setNeedsDisplay()
        timeline.advance(to: 20.2)
        #expect(surface.presentedFrames == 3)
        #expect(surface.presentsThatWaited == 1)
    }
}

