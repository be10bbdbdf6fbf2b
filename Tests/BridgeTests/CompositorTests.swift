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
}
