import Testing
import TouchUI

/// Issue 27, predicted touches: Event.predictedTouches(for:) and the TouchPredictor behind it.
@MainActor
struct PredictedTouchesTests {
    let app = Application()
    let window: Window

    init() {
        window = Window(frame: Rect(x: 0, y: 0, width: 1280, height: 800), application: app)
        window.makeKeyAndVisible()
    }

    /// A finger moving at `velocity` points per second, one sample every `interval` seconds, `samples` samples.
    func movingTouch(from start: Point, velocity: Point, samples: Int, interval: Double = 0.008) -> Touch {
        let touch = Touch(timestamp: 10, location: start, window: window)
        for i in 1..<samples {
            let t = Double(i) * interval
            touch.update(
                phase: .moved, location: Point(x: start.x + velocity.x * t, y: start.y + velocity.y * t),
                timestamp: 10 + t)
        }
        return touch
    }

    func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

    @Test func constantVelocityIsPredictedOneFrameAhead() throws {
        let velocity = Point(x: 600, y: -300)
        let touch = movingTouch(from: Point(x: 100, y: 500), velocity: velocity, samples: 8)
        let event = Event(touches: [touch], timestamp: touch.timestamp)
        let predicted = try #require(event.predictedTouches(for: touch))
        #expect(predicted.count == 1)
        let guess = try #require(predicted.first)
        let now = touch.location(in: nil)
        let expected = Point(
            x: now.x + velocity.x * Event.predictionInterval, y: now.y + velocity.y * Event.predictionInterval)
        #expect(distance(guess.location(in: nil), expected) < 0.01)
        #expect(guess.phase == .moved)
        #expect(abs(guess.timestamp - (touch.timestamp + 1.0 / 60)) < 1e-9)
        #expect(guess.previousLocation(in: nil) == now)
        #expect(guess !== touch)
        // The touch itself is not moved by asking.
        #expect(touch.location(in: nil) == now)
    }

    @Test func jitterAroundAStraightLineIsAveragedOut() throws {
        // ±1 point of alternating noise across the direction of travel.
        let touch = Touch(timestamp: 0, location: Point(x: 0, y: 100), window: window)
        for i in 1..<8 {
            let t = Double(i) * 0.008
            touch.update(phase: .moved, location: Point(x: 500 * t, y: 100 + (i % 2 == 0 ? 1 : -1)), timestamp: t)
        }
        let guess = try #require(Event(touches: [touch], timestamp: touch.timestamp).predictedTouches(for: touch)?.first)
        let expectedX = 500 * 0.056 + 500 / 60.0
        #expect(abs(guess.location(in: nil).x - expectedX) < 0.5)
        // Two-point extrapolation would put it 2 points / 8 ms * 16.7 ms ≈ 4 points off the line.
        #expect(abs(guess.location(in: nil).y - 100) < 1.5)
    }

    @Test func stoppedFingerIsPredictedWhereItIs() throws {
        let touch = Touch(timestamp: 0, location: Point(x: 300, y: 300), window: window)
        for i in 1..<6 { touch.update(phase: .moved, location: Point(x: 300, y: 300), timestamp: Double(i) * 0.008) }
        let guess = try #require(Event(touches: [touch], timestamp: touch.timestamp).predictedTouches(for: touch)?.first)
        #expect(distance(guess.location(in: nil), Point(x: 300, y: 300)) < 1e-9)
    }

    @Test func endedAndCancelledTouchesPredictNothing() {
        let touch = movingTouch(from: Point(x: 100, y: 100), velocity: Point(x: 400, y: 0), samples: 6)
        touch.update(phase: .ended, location: touch.location(in: nil), timestamp: touch.timestamp + 0.008)
        #expect(Event(touches: [touch], timestamp: touch.timestamp).predictedTouches(for: touch) == [])
        let other = movingTouch(from: Point(x: 100, y: 100), velocity: Point(x: 400, y: 0), samples: 6)
        other.update(phase: .cancelled, location: other.location(in: nil), timestamp: other.timestamp + 0.008)
        #expect(Event(touches: [other], timestamp: other.timestamp).predictedTouches(for: other) == [])
    }

    @Test func tooFewOrTooOldSamplesPredictNothing() {
        let fresh = movingTouch(from: Point(x: 100, y: 100), velocity: Point(x: 400, y: 0), samples: 2)
        #expect(Event(touches: [fresh], timestamp: fresh.timestamp).predictedTouches(for: fresh) == [])
        // Held still (no samples) for longer than the window, while another finger moves.
        let resting = movingTouch(from: Point(x: 100, y: 100), velocity: Point(x: 400, y: 0), samples: 6)
        resting.markStationary()
        #expect(Event(touches: [resting], timestamp: resting.timestamp + 0.2).predictedTouches(for: resting) == [])
        // A pause, then one new sample: the older samples have aged out.
        resting.update(phase: .moved, location: Point(x: 200, y: 100), timestamp: resting.timestamp + 0.2)
        #expect(Event(touches: [resting], timestamp: resting.timestamp).predictedTouches(for: resting) == [])
    }

    @Test func touchNotInTheEventGivesNil() {
        let inEvent = movingTouch(from: Point(x: 100, y: 100), velocity: Point(x: 400, y: 0), samples: 6)
        let elsewhere = movingTouch(from: Point(x: 500, y: 100), velocity: Point(x: 400, y: 0), samples: 6)
        let event = Event(touches: [inEvent], timestamp: inEvent.timestamp)
        #expect(event.predictedTouches(for: elsewhere) == nil)
        #expect(event.predictedTouches(for: inEvent)?.count == 1)
    }

    @Test func predictionNeverGoesPastTheCap() throws {
        // 20 000 points/s would be 333 points in a frame.
        let touch = movingTouch(from: Point(x: 0, y: 0), velocity: Point(x: 12_000, y: 16_000), samples: 5, interval: 0.004)
        let guess = try #require(Event(touches: [touch], timestamp: touch.timestamp).predictedTouches(for: touch)?.first)
        let reach = distance(guess.location(in: nil), touch.location(in: nil))
        #expect(reach <= TouchPredictor.maximumDistance + 1e-9)
        #expect(reach > TouchPredictor.maximumDistance - 1e-6)
        // Still in the direction of travel.
        #expect(guess.location(in: nil).x > touch.location(in: nil).x)
        #expect(guess.location(in: nil).y > touch.location(in: nil).y)
    }

    @Test func predictorRingKeepsOnlyTheWindow() throws {
        // Fast then, after a turn, straight down: a ring longer than the window would blend the two.
        var predictor = TouchPredictor()
        for i in 0..<20 { predictor.add(Point(x: Double(i) * 8, y: 0), at: Double(i) * 0.008) }
        for i in 1...7 { predictor.add(Point(x: 152, y: Double(i) * 4), at: 0.152 + Double(i) * 0.008) }
        let velocity = try #require(predictor.velocity)
        #expect(abs(velocity.x) < 1e-6)
        #expect(abs(velocity.y - 500) < 1e-6)
        #expect(predictor.count == TouchPredictor.capacity)
        predictor.reset()
        #expect(predictor.location(after: 0.016) == nil)
    }
}
