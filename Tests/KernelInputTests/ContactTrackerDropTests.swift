import KernelInput
import Testing

/// SYN_DROPPED: the kernel's buffer overflowed and events were lost.
struct ContactTrackerDropTests {
    /// Two fingers down in slots 0 and 1.
    func twoFingersDown() -> EventScript {
        var s = EventScript()
        s.abs(AbsCode.mtSlot, 0)
        s.abs(AbsCode.mtTrackingID, 10)
        s.abs(AbsCode.mtPositionX, 100)
        s.abs(AbsCode.mtPositionY, 100)
        s.abs(AbsCode.mtSlot, 1)
        s.abs(AbsCode.mtTrackingID, 11)
        s.abs(AbsCode.mtPositionX, 200)
        s.abs(AbsCode.mtPositionY, 200)
        s.syn()
        return s
    }

    @Test func aRecordingDiscardsToTheNextReportAndCancels() {
        var tracker = ContactTracker(mode: .slots(count: 2), dropPolicy: .discardAndCancel)
        var s = twoFingersDown()
        s.syn(SynCode.dropped)
        s.abs(AbsCode.mtPositionX, 999)  // partial frame after the drop: discarded
        s.syn()
        let frames = tracker.frames(s.events)
        #expect(frames.count == 2)
        #expect(summary(frames[1]) == ["cancelled 0 (100, 100)", "cancelled 1 (200, 200)"])
        #expect(tracker.contactsDown == 0)
    }

    @Test func afterADropASlotWaitsForANewTrackingID() {
        var tracker = ContactTracker(mode: .slots(count: 2), dropPolicy: .discardAndCancel)
        var s = twoFingersDown()
        s.syn(SynCode.dropped)
        s.syn()
        // Slot 1 keeps moving: its finger was cancelled and stays silent.
        s.abs(AbsCode.mtPositionX, 250)
        s.syn()
        // Slot 0 gets a new finger: it begins.
        s.abs(AbsCode.mtSlot, 0)
        s.abs(AbsCode.mtTrackingID, 12)
        s.abs(AbsCode.mtPositionX, 50)
        s.syn()
        let frames = tracker.frames(s.events)
        #expect(frames.count == 4)
        #expect(frames[2].contacts.isEmpty)
        #expect(summary(frames[3]) == ["began 2 (50, 100)"])
    }

    @Test func liveResyncEndsLostLiftsAsCancelled() {
        var tracker = ContactTracker(mode: .slots(count: 2), dropPolicy: .resyncFollows)
        var s = twoFingersDown()
        // What libevdev sends after SYN_DROPPED when slot 0 lifted during the overflow.
        s.syn(SynCode.dropped)
        s.abs(AbsCode.mtSlot, 0)
        s.abs(AbsCode.mtTrackingID, -1)
        s.abs(AbsCode.mtSlot, 1)
        s.abs(AbsCode.mtPositionX, 210)
        s.syn()
        s.abs(AbsCode.mtPositionX, 220)
        s.syn()
        let frames = tracker.frames(s.events)
        #expect(summary(frames[1]) == ["cancelled 0 (100, 100)", "moved 1 (210, 200)"])
        #expect(summary(frames[2]) == ["moved 1 (220, 200)"])
    }

    @Test func protocolADropCancelsThenStartsAfresh() {
        var tracker = ContactTracker(mode: .reports)
        var s = EventScript()
        s.abs(AbsCode.mtPositionX, 10)
        s.abs(AbsCode.mtPositionY, 10)
        s.syn(SynCode.mtReport)
        s.syn()
        s.syn(SynCode.dropped)
        s.abs(AbsCode.mtPositionX, 11)
        s.syn(SynCode.mtReport)
        s.syn()
        s.abs(AbsCode.mtPositionX, 12)
        s.abs(AbsCode.mtPositionY, 10)
        s.syn(SynCode.mtReport)
        s.syn()
        let frames = tracker.frames(s.events)
        #expect(summary(frames[1]) == ["cancelled 0 (10, 10)"])
        #expect(summary(frames[2]) == ["began 1 (12, 10)"])
    }

    @Test func singleTouchDropWaitsForTheButton() {
        var tracker = ContactTracker(mode: .singleTouch)
        var s = EventScript()
        s.key(KeyCode.touch, 1)
        s.abs(AbsCode.x, 5)
        s.abs(AbsCode.y, 6)
        s.syn()
        s.syn(SynCode.dropped)
        s.syn()
        s.abs(AbsCode.x, 7)
        s.syn()
        s.key(KeyCode.touch, 0)
        s.syn()
        s.key(KeyCode.touch, 1)
        s.syn()
        let frames = tracker.frames(s.events)
        #expect(summary(frames[1]) == ["cancelled 0 (5, 6)"])
        #expect(frames[2].contacts.isEmpty && frames[3].contacts.isEmpty)
        #expect(summary(frames[4]) == ["began 1 (7, 6)"])
    }
}
