@testable import Display
import Graphics
import Testing

/// Double buffering draws into the hidden buffer what it missed: the
/// damage of every frame since it was last drawn.
struct StaleRegionsTests {
    let screen = PixelRect(x: 0, y: 0, width: 100, height: 50)
    let a = PixelRect(x: 0, y: 0, width: 10, height: 10)
    let b = PixelRect(x: 50, y: 20, width: 5, height: 5)
    let c = PixelRect(x: 80, y: 40, width: 20, height: 10)

    @Test func newBuffersAreWhollyStale() {
        var stale = StaleRegions(buffers: 2, screen: screen)
        stale.add(Region(a))
        #expect(stale.take(0).rects == [screen])
        #expect(stale.take(1).rects == [screen])
        #expect(stale.take(0).isEmpty)
    }

    @Test func eachBufferCatchesUpOnTheFramesItMissed() {
        var stale = StaleRegions(upToDate: 2)
        // Frame 1 goes to buffer 1, frame 2 to buffer 0, frame 3 to buffer 1.
        stale.add(Region(a))
        #expect(stale.take(1).rects == [a])
        stale.add(Region(b))
        #expect(Set(stale.take(0).rects) == [a, b], "buffer 0 still shows the frame before a")
        stale.add(Region(c))
        #expect(Set(stale.take(1).rects) == [b, c], "buffer 1 had a, missed b")
        #expect(stale.region(of: 0).rects == [c])
    }

    @Test func oneBufferGetsJustEachFramesDamage() {
        var stale = StaleRegions(upToDate: 1)
        stale.add(Region(b))
        #expect(stale.take(0).rects == [b])
        stale.add(Region(c))
        #expect(stale.take(0).rects == [c])
    }
}
