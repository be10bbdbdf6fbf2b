import Bridge
import Display
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
            app.runLoop = RunLoop(clock: .virtual, startingAt: start)
            let window = Window(frame: Rect(x: 0, y: 0, width: 64, height: 64), application: app)
            window.addSubview(Restless(frame: window.bounds))
            let surface = MemorySurface(width: 64, height: 64)
            let compositor = try Compositor(window: window, surface: surface, runLoop: app.runLoop)
            app.runLoop.advance(to: start + 0.5)
            #expect(surface.presentedFrames >= 29 && surface.presentedFrames <= 31, "from \(start)")
            _ = compositor
        }
    }

    /// A view whose damage the test makes by hand.
    func idleSetup(verticalBlank: Bool) throws -> (Application, View, MemorySurface, Compositor) {
        let app = Application()
        app.runLoop = RunLoop(clock: .virtual, startingAt: 10.004)
        let window = Window(frame: Rect(x: 0, y: 0, width: 64, height: 64), application: app)
        let view = View(frame: window.bounds)
        window.addSubview(view)
        let surface = MemorySurface(width: 64, height: 64, hasVerticalBlank: verticalBlank)
        let compositor = try Compositor(window: window, surface: surface, runLoop: app.runLoop)
        app.runLoop.advance(to: 11)  // the first frame, long done
        return (app, view, surface, compositor)
    }

    /// With a vertical blank, a change waits for the next point of the refresh grid.
    @Test func withAVerticalBlankAChangeWaitsForTheGrid() throws {
        let (app, view, surface, compositor) = try idleSetup(verticalBlank: true)
        let before = surface.presentedFrames
        app.runLoop.advance(to: 11.001)
        view.setNeedsDisplay()
        app.runLoop.advance(to: 11.0011)
        #expect(surface.presentedFrames == before)
        app.runLoop.advance(to: 11 + 1.0 / 60 + 0.0001)
        #expect(surface.presentedFrames == before + 1)
        _ = compositor
    }

    /// Without one (fbdev on most drivers), a change after a quiet spell is shown at once,
    /// and a stream of changes is shown at most twice a refresh.
    @Test func withoutAVerticalBlankAChangeShowsAtOnceAndAtMostTwiceARefresh() throws {
        let (app, view, surface, compositor) = try idleSetup(verticalBlank: false)
        let before = surface.presentedFrames
        app.runLoop.advance(to: 11.001)
        view.setNeedsDisplay()
        app.runLoop.advance(to: 11.001)
        #expect(surface.presentedFrames == before + 1)
        // A change every millisecond for half a second: about 60 frames, not 500, and not 30.
        var time = 11.001
        while time < 11.5 {
            time += 0.001
            app.runLoop.advance(to: time)
            view.setNeedsDisplay()
        }
        let frames = surface.presentedFrames - before - 1
        #expect(frames >= 58 && frames <= 61, "\(frames) frames")
        _ = compositor
    }
}
