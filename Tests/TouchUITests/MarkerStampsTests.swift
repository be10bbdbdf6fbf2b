import Testing

@testable import Graphics
@testable import TouchUI

/// A new finger's stamp is put together from drawn digits: it must be the
/// stamp Pango draws for the whole number, pixel for pixel.
@MainActor
struct MarkerStampsTests {
    @Test func assembledStampsAreTheDrawnOnes() throws {
        let stamps = MarkerStamps()
        // Else every stamp is drawn, and the comparison below proves nothing.
        #expect(stamps.assemblesNumbers)
        var differing: [Int] = []
        for id in 0..<1000 {
            let made = try #require(stamps.stamp(id: id, tapCount: 1))
            let drawn = try #require(stamps.drawn(id: id, tapCount: 1))
            if made.offset != drawn.offset || !made.image.bitmap.hasSamePixels(as: drawn.image.bitmap) { differing.append(id) }
        }
        let differingCount = differing.count
        #expect(differingCount == 0, "stamps that differ from Pango's, the first: \(differing.prefix(20))")
    }

    @Test func tapCountsAndLongNumbersAreDrawn() throws {
        let stamps = MarkerStamps()
        for (id, taps) in [(7, 2), (12, 5), (1234, 1), (-3, 1)] {
            let made = try #require(stamps.stamp(id: id, tapCount: taps))
            let drawn = try #require(stamps.drawn(id: id, tapCount: taps))
            #expect(made.offset == drawn.offset && made.image.bitmap.hasSamePixels(as: drawn.image.bitmap), "id \(id), \(taps) taps")
        }
        // A tap count is drawn above the circle, so its stamp is taller than the circle's cut.
        #expect(try #require(stamps.stamp(id: 7, tapCount: 2)).image.bitmap.height > (try #require(stamps.stamp(id: 7, tapCount: 1))).image.bitmap.height)
    }

    /// A markers view filling a 200 x 100 window of an application on a virtual timeline.
    func markersInAWindow() -> (Application, Window, TouchMarkersView) {
        let app = Application()
        app.timeline = VirtualTimeline(startingAt: 1)
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 100), application: app)
        let markers = TouchMarkersView(frame: window.bounds)
        window.addSubview(markers)
        return (app, window, markers)
    }

    /// Two different numbers do not share a stamp: the digits are really drawn.
    /// Once fingers land, the stamps of the next ten numbers are made a moment
    /// later, between frames: a hand landing next finds them made.
    @Test func theNextNumbersAreMadeBetweenFrames() throws {
        let (app, window, markers) = markersInAWindow()
        defer { withExtendedLifetime(window) {} }
        let shared = MarkerStamps.shared
        func made(_ id: Int) -> Bool { shared.isMade(.init(id: id, tapCount: 1)) }
        // Numbers no other test shows.
        markers.show([.init(id: 640, location: Point(x: 50, y: 50))])
        #expect(made(640) && !made(641), "not in the frame that shows the first")
        app.virtualTimeline.advance(to: app.virtualTimeline.now + TouchMarkersView.stampsAheadDelay + 0.01)
        #expect((641...650).allSatisfy(made) && !made(651))
        // The next finger to land makes the stamps up to ten after it.
        markers.show([.init(id: 640, location: Point(x: 60, y: 50)), .init(id: 641, location: Point(x: 90, y: 50))])
        app.virtualTimeline.advance(to: app.virtualTimeline.now + TouchMarkersView.stampsAheadDelay + 0.01)
        #expect(made(651) && !made(652))
    }

    /// Between frames the spare layers put on the stamps of the numbers to
    /// come, so that a hand landing next only places them: each finger
    /// shows its own number, whichever spare it takes, in whatever order the
    /// hand is listed, and at a tap count no spare was dressed for.
    @Test func aHandLandingAfterwardsShowsItsOwnNumbers() throws {
        let (app, window, markers) = markersInAWindow()
        let shared = MarkerStamps.shared
        // Numbers no other test shows.
        markers.show([.init(id: 660, location: Point(x: 50, y: 50))])
        app.virtualTimeline.advance(to: app.virtualTimeline.now + TouchMarkersView.stampsAheadDelay + 0.01)
        let hand: [TouchMarkersView.Marker] = (661...670).reversed().map {
            .init(id: $0, location: Point(x: Double($0 - 660) * 15, y: 50), tapCount: $0 == 665 ? 2 : 1)
        }
        markers.show(hand)
        let container = try #require(window.overlay.root.sublayers.first)
        #expect(container.sublayers.count == hand.count)
        for (marker, layer) in zip(hand, container.sublayers) {
            let stamp = try #require(shared.stamp(id: marker.id, tapCount: marker.tapCount))
            #expect(layer.contents === stamp.image, "marker \(marker.id)")
            #expect(layer.bounds.size == stamp.image.size, "marker \(marker.id)")
        }
    }

    /// The stamps made ahead are readied over the plain colour the last
    /// finger's stamp was shown over, so that a hand landing there is
    /// copied, not blended: the same pixels as blending them.
    @Test func theNextNumbersAreReadiedOverWhereTheLastWent() throws {
        let stamps = MarkerStamps()
        let shown = try #require(stamps.stamp(id: 700, tapCount: 1))
        func white() throws -> Bitmap {
            let bitmap = try Bitmap(width: 200, height: 100, opaque: true)
            GraphicsContext(bitmap: bitmap).replace(Rect(x: 0, y: 0, width: 200, height: 100), with: .white)
            bitmap.finishDrawing()
            return bitmap
        }
        try white().composite(shown.image, x: 30, y: 20, clip: PixelRect(x: 0, y: 0, width: 200, height: 100))
        stamps.makeAhead(after: 700)
        for id in 701...710 {
            let made = try #require(stamps.stamp(id: id, tapCount: 1))
            #expect(made.image.keptColours == 1, "\(id)")
            let copied = try white(), blended = try white()
            copied.composite(made.image, x: 60, y: 30, clip: copied.bounds)
            blended.composite(made.image.bitmap, spans: made.image.opacitySpans, x: 60, y: 30, clip: blended.bounds)
            #expect(copied.hasSamePixels(as: blended), "\(id)")
        }
    }

    @Test func numbersDiffer() throws {
        let stamps = MarkerStamps()
        let one = try #require(stamps.stamp(id: 18, tapCount: 1)), other = try #require(stamps.stamp(id: 10, tapCount: 1))
        #expect(!one.image.bitmap.hasSamePixels(as: other.image.bitmap))
    }
}
