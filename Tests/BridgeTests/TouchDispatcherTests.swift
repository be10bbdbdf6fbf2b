import Bridge
import KernelInput
import Testing
import TouchUI

@MainActor
struct TouchDispatcherTests {
    final class Recorder: View {
        var calls: [String] = []
        var lastCoalesced: [Point] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { calls.append("began \(touches.count)") }
        override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
            calls.append("moved \(touches.count)")
            if let touch = touches.first { lastCoalesced = event?.coalescedTouches(for: touch)?.map { $0.location(in: nil) } ?? [] }
        }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { calls.append("ended \(touches.count)") }
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
            calls.append("cancelled \(touches.count)")
        }
    }

    let app = Application()
    let window: Window
    let view = Recorder(frame: Rect(x: 0, y: 0, width: 800, height: 480))

    init() {
        window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
        window.makeKeyAndVisible()
        window.addSubview(view)
    }

    func record(_ touch: Int, _ phase: ContactPhase, _ x: Double, _ frame: Int) -> TouchRecord {
        TouchRecord(
            time: EventTime(microseconds: Int64(frame) * 10_000), touch: touch, phase: phase, x: x, y: 10, tapCount: 1,
            frame: frame)
    }

    @Test func oneTouchObjectForTheWholeLife() {
        let dispatcher = TouchDispatcher(application: app)
        let began = dispatcher.dispatch([record(0, .began, 10, 0)])
        let touch = began?.allTouches?.first
        let moved = dispatcher.dispatch([record(0, .moved, 20, 1)])
        #expect(moved?.allTouches?.first === touch)
        #expect(touch?.phase == .moved)
        #expect(touch?.previousLocation(in: nil) == Point(x: 10, y: 10))
        #expect(touch?.view === view)
        dispatcher.dispatch([record(0, .ended, 20, 2)])
        #expect(dispatcher.activeTouches.isEmpty)
        #expect(view.calls == ["began 1", "moved 1", "ended 1"])
    }

    /// As UIKit reuses its UIEvent, a frame's event is the last one again
    /// while nothing holds it; one an app keeps stays as it was.
    @Test func anEventIsReusedOnlyWhenNothingKeepsIt() throws {
        final class Keeper: View {
            var kept: Event?
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { kept = event }
        }
        let keeper = Keeper(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.addSubview(keeper)
        let dispatcher = TouchDispatcher(application: app)
        let began = try #require(dispatcher.dispatch([record(0, .began, 10, 0)]).map(ObjectIdentifier.init))
        // Held weakly here: the dispatcher alone keeps it, for the next frame.
        weak var moved: Event?
        moved = dispatcher.dispatch([record(0, .moved, 20, 1)])
        let kept = try #require(keeper.kept)
        #expect(ObjectIdentifier(kept) == began)
        #expect(moved != nil && moved !== kept)
        #expect(kept.timestamp == 0)
        #expect(kept.allTouches?.count == 1)
        // Nothing else holds the moved frame's event: the next frame's is the same object, with its own time.
        let next = try #require(dispatcher.dispatch([record(0, .moved, 30, 2)]))
        #expect(next === moved)
        #expect(next.timestamp == 0.02)
        #expect(kept.timestamp == 0)
    }

    /// The event kept for reuse goes once no finger is down, and with it the touches it lists.
    @Test func theEventAndItsTouchesAreLetGoOnceTheFingersLift() throws {
        weak var weakTouch: Touch?
        weak var weakEvent: Event?
        let dispatcher = TouchDispatcher(application: app)
        do {
            let began = try #require(dispatcher.dispatch([record(0, .began, 10, 0)]))
            weakTouch = began.allTouches?.first
        }
        dispatcher.dispatch([record(0, .moved, 20, 1)])
        weakEvent = dispatcher.dispatch([record(0, .ended, 20, 2)])
        #expect(weakEvent == nil)
        #expect(weakTouch == nil)
        #expect(view.calls == ["began 1", "moved 1", "ended 1"])
    }

    @Test func framesThatPiledUpAreCoalesced() {
        let dispatcher = TouchDispatcher(application: app)
        let events = dispatcher.dispatch(pending: [
            [record(0, .began, 10, 0)],
            [record(0, .moved, 20, 1)],
            [record(0, .moved, 30, 2)],
            [record(0, .moved, 40, 3)],
            [record(0, .ended, 40, 4)],
        ])
        // The begin and the end stay events of their own; the three moves become one.
        #expect(events.count == 3)
        #expect(view.calls == ["began 1", "moved 1", "ended 1"])
        #expect(view.lastCoalesced == [Point(x: 20, y: 10), Point(x: 30, y: 10), Point(x: 40, y: 10)])
    }

    /// Two fingers moving in turn across merged frames: both are moved, and
    /// each one's previous location is where its view last saw it.
    @Test func coalescingKeepsEveryFingersMoveAndWhereItWas() throws {
        view.isMultipleTouchEnabled = true
        let dispatcher = TouchDispatcher(application: app)
        dispatcher.dispatch([record(0, .began, 10, 0), record(1, .began, 500, 0)])
        let events = dispatcher.dispatch(pending: [[record(0, .moved, 20, 1)], [record(1, .moved, 510, 2)], [record(0, .moved, 30, 3)]])
        #expect(events.count == 1)
        let touches = dispatcher.activeTouches
        #expect(touches.map(\.phase) == [.moved, .moved])
        #expect(touches[0].previousLocation(in: nil) == Point(x: 10, y: 10))
        #expect(touches[0].location(in: nil) == Point(x: 30, y: 10))
        #expect(touches[1].previousLocation(in: nil) == Point(x: 500, y: 10))
        #expect(view.calls.last == "moved 2")
    }

    /// Fingers are kept in the order they landed; those not in a frame are
    /// stationary; lifted ones go; and a number begun again while down (its
    /// lift lost) names the new touch, once, and the touch it named is cancelled.
    @Test func fingersKeepTheirOrderThroughLandingsAndLifts() throws {
        view.isMultipleTouchEnabled = true
        let dispatcher = TouchDispatcher(application: app)
        dispatcher.dispatch([record(5, .began, 10, 0), record(3, .began, 300, 0), record(9, .began, 600, 0)])
        let landed = dispatcher.activeTouches
        #expect(landed.map { $0.location(in: nil).x } == [10, 300, 600])
        dispatcher.dispatch([record(3, .moved, 310, 1)])
        #expect(landed.map(\.phase) == [.stationary, .moved, .stationary])
        #expect(dispatcher.viewName(ofTouch: 3) == "Recorder")
        #expect(dispatcher.viewName(ofTouch: 5) == nil)
        dispatcher.dispatch([record(5, .ended, 10, 2), record(9, .moved, 610, 2)])
        #expect(dispatcher.activeTouches.map { $0 === landed[1] || $0 === landed[2] } == [true, true])
        view.calls = []
        let again = try #require(dispatcher.dispatch([record(9, .began, 700, 3)])?.orderedTouches)
        // The touch number 9 named is cancelled in the same event the new one begins in.
        #expect(again.count == 3)
        #expect(again.first === landed[2] && landed[2].phase == .cancelled)
        #expect(view.calls == ["began 1", "cancelled 1"] || view.calls == ["cancelled 1", "began 1"])
        #expect(dispatcher.activeTouches.count == 2)
        #expect(dispatcher.activeTouches[1] !== landed[2])
        #expect(dispatcher.activeTouches[1].location(in: nil).x == 700)
        // It is let go: the next frame does not carry it.
        let next = try #require(dispatcher.dispatch([record(9, .moved, 710, 4)])?.orderedTouches)
        #expect(next.count == 2 && !next.contains { $0 === landed[2] })
        // Lifted and begun again in one frame: the lifted touch keeps its end, in that frame's event.
        let lifted = dispatcher.activeTouches[1]
        view.calls = []
        let both = try #require(dispatcher.dispatch([record(9, .ended, 710, 5), record(9, .began, 720, 5)])?.orderedTouches)
        #expect(both.first === lifted && lifted.phase == .ended)
        #expect(view.calls.contains("ended 1") && view.calls.contains("began 1"))
    }

    /// The end of a replay (like a device that goes away) cancels what is still down.
    @Test func theEndOfAReplayCancelsTouchesStillDown() throws {
        let text = """
            N: Panel
            P: 02 00 00 00 00 00 00 00
            A: 2f 0 1 0 0 0
            A: 35 0 799 0 0 0
            A: 36 0 479 0 0 0
            A: 39 0 65535 0 0 0
            E: 0.000001 0003 0039 0001
            E: 0.000001 0003 0035 0100
            E: 0.000001 0003 0036 0100
            E: 0.000001 0000 0000 0000
            E: 0.010000 0003 0035 0110
            E: 0.010000 0000 0000 0000

            """
        let recording = try EvemuReader.read(Array(text.utf8), file: "cut-short.evemu")
        try SceneReplay(application: app, window: window).run([recording], options: InputOptions(), warn: { _ in })
        #expect(view.calls == ["began 1", "moved 1", "cancelled 1"])
    }

    @Test func aReplayRunsTimersAtTheirRecordedMoments() throws {
        let replay = SceneReplay(application: app, window: window)
        var firedAt: [Double] = []
        let recordings = try RecordingReader.load(files: [Fixtures.path("evemu-atmel-maxtouch-touchscreen-1finger-fast-taps.txt")])
        var scheduled = false
        try replay.run(recordings, options: InputOptions(), warn: { _ in }) { record, _ in
            // At the first touch, set a timer for 0.5 s later: it must fire at 0.500001, between frames.
            if !scheduled {
                scheduled = true
                replay.timeline.schedule(after: 0.5) { firedAt.append(replay.timeline.now) }
                replay.timeline.schedule(after: 30) { firedAt.append(replay.timeline.now) }
            }
        }
        #expect(firedAt.count == 1)
        let fired = try #require(firedAt.first)
        #expect(abs(fired - 0.500001) < 1e-9)
        #expect(replay.timeline.pendingTimerCount == 1)  // 30 s is past the 10 s drain limit
    }
}
