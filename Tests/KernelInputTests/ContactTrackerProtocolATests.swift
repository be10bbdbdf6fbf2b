import KernelInput
import Testing

/// Protocol A (SYN_MT_REPORT) and single-touch devices.
struct ContactTrackerProtocolATests {
    func report(_ s: inout EventScript, _ x: Int32, _ y: Int32, id: Int32? = nil) {
        if let id { s.abs(AbsCode.mtTrackingID, id) }
        s.abs(AbsCode.mtPositionX, x)
        s.abs(AbsCode.mtPositionY, y)
        s.syn(SynCode.mtReport)
    }

    @Test func contactsKeepTheirIdentityByNearestPosition() {
        var tracker = ContactTracker(mode: .reports)
        var s = EventScript()
        report(&s, 100, 100)
        report(&s, 500, 500)
        s.syn()
        // Same fingers, reported in the other order, each moved a little.
        report(&s, 505, 498)
        report(&s, 103, 101)
        s.syn()
        // The finger near (100, 100) lifts.
        report(&s, 510, 495)
        s.syn()
        // Both gone: the doc's empty SYN_MT_REPORT.
        s.syn(SynCode.mtReport)
        s.syn()
        let frames = tracker.frames(s.events)
        #expect(summary(frames[0]) == ["began 0 (100, 100)", "began 1 (500, 500)"])
        #expect(summary(frames[1]) == ["moved 1 (505, 498)", "moved 0 (103, 101)"])
        #expect(summary(frames[2]) == ["ended 0 (103, 101)", "moved 1 (510, 495)"])
        #expect(summary(frames[3]) == ["ended 1 (510, 495)"])
        #expect(tracker.contactsDown == 0)
    }

    @Test func trackingIDsWinOverDistance() {
        var tracker = ContactTracker(mode: .reports)
        var s = EventScript()
        report(&s, 100, 100, id: 1)
        report(&s, 200, 100, id: 2)
        s.syn()
        // The fingers crossed: nearest position would swap them, the IDs do not.
        report(&s, 190, 100, id: 1)
        report(&s, 110, 100, id: 2)
        s.syn()
        let frames = tracker.frames(s.events)
        #expect(summary(frames[1]) == ["moved 0 (190, 100)", "moved 1 (110, 100)"])
    }

    @Test func aFrameWithoutReportsLiftsEveryone() {
        var tracker = ContactTracker(mode: .reports)
        var s = EventScript()
        report(&s, 1, 2)
        s.key(KeyCode.touch, 1)
        s.syn()
        // The last SYN_MT_REPORT may be omitted when BTN_TOUCH says there is no contact.
        s.key(KeyCode.touch, 0)
        s.syn()
        let frames = tracker.frames(s.events)
        #expect(summary(frames[1]) == ["ended 0 (1, 2)"])
    }

    @Test func aStillFingerIsStationary() {
        var tracker = ContactTracker(mode: .reports)
        var s = EventScript()
        report(&s, 1, 2)
        s.syn()
        report(&s, 1, 2)
        s.syn()
        #expect(summary(tracker.frames(s.events)[1]) == ["stationary 0 (1, 2)"])
    }

    @Test func singleTouchFollowsTheTouchButton() {
        var tracker = ContactTracker(mode: .singleTouch)
        var s = EventScript()
        s.key(KeyCode.touch, 1)
        s.abs(AbsCode.x, 10)
        s.abs(AbsCode.y, 20)
        s.abs(AbsCode.pressure, 50)
        s.syn()
        s.abs(AbsCode.x, 15)
        s.syn()
        s.abs(AbsCode.pressure, 60)
        s.syn()
        s.key(KeyCode.touch, 0)
        s.syn()
        let frames = tracker.frames(s.events)
        #expect(summary(frames[0]) == ["began 0 (10, 20)"])
        #expect(frames[0].contacts[0].pressure == 50)
        #expect(summary(frames[1]) == ["moved 0 (15, 20)"])
        #expect(summary(frames[2]) == ["stationary 0 (15, 20)"])
        #expect(summary(frames[3]) == ["ended 0 (15, 20)"])
    }

    @Test func singleTouchWithoutAButtonUsesPressure() {
        var tracker = ContactTracker(mode: .singleTouch)
        var s = EventScript()
        s.abs(AbsCode.x, 10)
        s.abs(AbsCode.y, 20)
        s.abs(AbsCode.pressure, 50)
        s.syn()
        s.abs(AbsCode.pressure, 0)
        s.syn()
        let frames = tracker.frames(s.events)
        #expect(summary(frames[0]) == ["began 0 (10, 20)"])
        #expect(summary(frames[1]) == ["ended 0 (10, 20)"])
    }
}
