import Testing
import TouchBridgeDemo
import TouchBridgeTesting

/// Issue 27: the demo's canvas draws each moving stroke's tail to the
/// predicted point, over the painting and never into it.
@MainActor
struct PaintTailTests {
    @Test func aMovingStrokeHasATailThatGoesWhenTheFingerLifts() throws {
        let app = try AppDriver(DemoAppDelegate.self)
        let canvas = try #require(app.delegate.demo?.canvas)
        let white = PixelColor(red: 255, green: 255, blue: 255)
        // Left to right across the canvas's middle at 600 points a second, a sample every 8 ms.
        let start = canvas.convert(Point(x: 40, y: canvas.bounds.height / 2), to: nil)
        let touch = Touch(timestamp: 1, location: start, window: app.window)
        app.application.sendEvent(Event(touches: [touch], timestamp: 1))
        var location = start
        for i in 1...6 {
            let time = 1 + Double(i) * 0.008
            location = Point(x: start.x + 600 * Double(i) * 0.008, y: start.y)
            touch.update(phase: .moved, location: location, timestamp: time)
            app.application.sendEvent(Event(touches: [touch], timestamp: time))
        }
        // The tail reaches 10 points past the finger (600 points/s for 1/60 s); the painting stops at it.
        let ahead = (x: Int(location.x + 7), y: Int(location.y))
        let behind = (x: Int(location.x - 10), y: Int(location.y))
        let moving = try app.screenshot()
        // The finger's marker is drawn over both (a translucent ring of 22 points): compare the two.
        let paint = moving.pixel(x: behind.x, y: behind.y)
        #expect(paint.distance(to: white) > 100, "the real stroke")
        #expect(moving.pixel(x: ahead.x, y: ahead.y).distance(to: paint) <= 30, "the predicted tail, in the paint's colour")
        #expect(moving.pixel(x: Int(location.x + 16), y: ahead.y).distance(to: paint) > 60, "nothing past the prediction")

        touch.update(phase: .ended, location: location, timestamp: 1.056)
        app.application.sendEvent(Event(touches: [touch], timestamp: 1.056))
        let lifted = try app.screenshot()
        #expect(lifted.pixel(x: behind.x, y: behind.y).distance(to: white) > 100, "the real stroke stays")
        #expect(lifted.pixel(x: ahead.x, y: ahead.y) == white, "the tail was a guess: it goes")
    }
}
