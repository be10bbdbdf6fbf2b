import Testing
import TouchUI

struct TapCounterTests {
    @Test func quickTapsInOnePlaceCountUp() {
        var taps = TapCounter()
        let place = Point(x: 100, y: 100)
        #expect(taps.touchBegan(at: place, time: 0) == 1)
        taps.touchEnded(tapCount: 1, beganAt: place, endedAt: place, time: 0.08)
        #expect(taps.touchBegan(at: Point(x: 110, y: 95), time: 0.3) == 2)
        taps.touchEnded(tapCount: 2, beganAt: Point(x: 110, y: 95), endedAt: Point(x: 110, y: 95), time: 0.38)
        #expect(taps.touchBegan(at: place, time: 0.6) == 3)
    }

    @Test func aLatePauseStartsOver() {
        var taps = TapCounter(maximumInterval: 0.35, maximumDistance: 45)
        let place = Point(x: 10, y: 10)
        _ = taps.touchBegan(at: place, time: 0)
        taps.touchEnded(tapCount: 1, beganAt: place, endedAt: place, time: 0.1)
        #expect(taps.touchBegan(at: place, time: 0.46) == 1)
    }

    @Test func aFarTapStartsOver() {
        var taps = TapCounter()
        _ = taps.touchBegan(at: .zero, time: 0)
        taps.touchEnded(tapCount: 1, beganAt: .zero, endedAt: .zero, time: 0.1)
        #expect(taps.touchBegan(at: Point(x: 46, y: 0), time: 0.2) == 1)
    }

    @Test func aDragIsNoTap() {
        var taps = TapCounter()
        _ = taps.touchBegan(at: .zero, time: 0)
        taps.touchEnded(tapCount: 1, beganAt: .zero, endedAt: Point(x: 0, y: 100), time: 0.1)
        #expect(taps.touchBegan(at: Point(x: 0, y: 100), time: 0.2) == 1)
    }

    @Test func aCancelledTouchBreaksTheRun() {
        var taps = TapCounter()
        _ = taps.touchBegan(at: .zero, time: 0)
        taps.touchEnded(tapCount: 1, beganAt: .zero, endedAt: .zero, time: 0.1)
        taps.touchCancelled()
        #expect(taps.touchBegan(at: .zero, time: 0.2) == 1)
    }

    @Test func theLimitsAreSettable() {
        var taps = TapCounter(maximumInterval: 1, maximumDistance: 200)
        _ = taps.touchBegan(at: .zero, time: 0)
        taps.touchEnded(tapCount: 1, beganAt: .zero, endedAt: .zero, time: 0.1)
        #expect(taps.touchBegan(at: Point(x: 150, y: 0), time: 0.9) == 2)
    }
}
