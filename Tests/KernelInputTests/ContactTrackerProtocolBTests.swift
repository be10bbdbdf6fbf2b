import KernelInput
import Testing

/// Protocol B (slots), with sequences from Documentation/input/multi-touch-protocol.rst.
struct ContactTrackerProtocolBTests {
    @Test func twoContactsBeginInOneFrame() {
        var tracker = ContactTracker(mode: .slots(count: 4))
        var s = EventScript()
        s.abs(AbsCode.mtSlot, 0)
        s.abs(AbsCode.mtTrackingID, 45)
        s.abs(AbsCode.mtPositionX, 100)
        s.abs(AbsCode.mtPositionY, 200)
        s.abs(AbsCode.mtSlot, 1)
        s.abs(AbsCode.mtTrackingID, 46)
        s.abs(AbsCode.mtPositionX, 300)
        s.abs(AbsCode.mtPositionY, 400)
        s.syn()
        let frames = tracker.frames(s.events)
        #expect(frames.count == 1)
        #expect(summary(frames[0]) == ["began 0 (100, 200)", "began 1 (300, 400)"])
        #expect(frames[0].contacts.map(\.trackingID) == [45, 46])
        #expect(frames[0].contacts.map(\.slot) == [0, 1])
        #expect(tracker.contactsDown == 2)
    }

    @Test func moveOneContactTheOtherStays() {
        var tracker = ContactTracker(mode: .slots(count: 4))
        var s = EventScript()
        s.abs(AbsCode.mtSlot, 0)
        s.abs(AbsCode.mtTrackingID, 45)
        s.abs(AbsCode.mtPositionX, 100)
        s.abs(AbsCode.mtPositionY, 200)
        s.abs(AbsCode.mtSlot, 1)
        s.abs(AbsCode.mtTrackingID, 46)
        s.abs(AbsCode.mtPositionX, 300)
        s.abs(AbsCode.mtPositionY, 400)
        s.syn()
        // The doc's second frame: only slot 0's X changes.
        s.abs(AbsCode.mtSlot, 0)
        s.abs(AbsCode.mtPositionX, 110)
        s.syn()
        // The doc's third frame: slot 0 lifts.
        s.abs(AbsCode.mtTrackingID, -1)
        s.syn()
        let frames = tracker.frames(s.events)
        #expect(frames.count == 3)
        #expect(summary(frames[1]) == ["moved 0 (110, 200)", "stationary 1 (300, 400)"])
        #expect(summary(frames[2]) == ["ended 0 (110, 200)", "stationary 1 (300, 400)"])
        #expect(tracker.contactsDown == 1)
    }

    @Test func reusedTrackingIDIsANewContact() {
        var tracker = ContactTracker(mode: .slots(count: 4))
        var s = EventScript()
        s.abs(AbsCode.mtTrackingID, 7)
        s.abs(AbsCode.mtPositionX, 10)
        s.abs(AbsCode.mtPositionY, 10)
        s.syn()
        s.abs(AbsCode.mtTrackingID, -1)
        s.syn()
        s.abs(AbsCode.mtTrackingID, 7)
        s.syn()
        let frames = tracker.frames(s.events)
        #expect(summary(frames[0]) == ["began 0 (10, 10)"])
        #expect(summary(frames[1]) == ["ended 0 (10, 10)"])
        // The slot kept its values, as the kernel does: the new contact starts where they were.
        #expect(summary(frames[2]) == ["began 1 (10, 10)"])
    }

    @Test func newTrackingIDWithoutLiftEndsTheOldContact() {
        var tracker = ContactTracker(mode: .slots(count: 4))
        var s = EventScript()
        s.abs(AbsCode.mtTrackingID, 5)
        s.abs(AbsCode.mtPositionX, 10)
        s.abs(AbsCode.mtPositionY, 20)
        s.syn()
        s.abs(AbsCode.mtTrackingID, 6)
        s.abs(AbsCode.mtPositionX, 500)
        s.syn()
        let frames = tracker.frames(s.events)
        #expect(summary(frames[1]) == ["ended 0 (10, 20)", "began 1 (500, 20)"])
    }

    @Test func eventsForASlotBeyondTheDeviceAreDropped() {
        var tracker = ContactTracker(mode: .slots(count: 4))
        var s = EventScript()
        s.abs(AbsCode.mtSlot, 0)
        s.abs(AbsCode.mtTrackingID, 1)
        s.abs(AbsCode.mtPositionX, 1)
        s.abs(AbsCode.mtPositionY, 1)
        s.abs(AbsCode.mtSlot, 9)  // the device has four slots
        s.abs(AbsCode.mtTrackingID, 2)
        s.abs(AbsCode.mtPositionX, 99)
        s.syn()
        let frames = tracker.frames(s.events)
        #expect(summary(frames[0]) == ["began 0 (1, 1)"])
        #expect(tracker.contactsDown == 1)
    }

    @Test func aContactBeganAndEndedInOneFrame() {
        var tracker = ContactTracker(mode: .slots(count: 4))
        var s = EventScript()
        s.abs(AbsCode.mtTrackingID, 3)
        s.abs(AbsCode.mtPositionX, 4)
        s.abs(AbsCode.mtPositionY, 5)
        s.abs(AbsCode.mtTrackingID, -1)
        s.syn()
        let frames = tracker.frames(s.events)
        // Reported beginning, then ending: a quick tap inside one frame is not lost.
        #expect(summary(frames[0]) == ["began 0 (4, 5)", "ended 0 (4, 5)"])
        #expect(tracker.contactsDown == 0)
    }

    @Test func pressureAndSizeChangesAreStationary() {
        var tracker = ContactTracker(mode: .slots(count: 4))
        var s = EventScript()
        s.abs(AbsCode.mtTrackingID, 3)
        s.abs(AbsCode.mtPositionX, 4)
        s.abs(AbsCode.mtPositionY, 5)
        s.syn()
        s.abs(AbsCode.mtPressure, 80)
        s.abs(AbsCode.mtTouchMajor, 12)
        s.abs(AbsCode.mtOrientation, -3)
        s.syn()
        let frames = tracker.frames(s.events)
        #expect(frames[1].contacts.count == 1)
        let contact = frames[1].contacts[0]
        #expect(contact.phase == .stationary)
        #expect(contact.pressure == 80 && contact.touchMajor == 12 && contact.orientation == -3)
        #expect(!frames[1].hasChanges)
    }

    @Test func endOfStreamCancelsWhatIsDown() {
        var tracker = ContactTracker(mode: .slots(count: 4))
        var s = EventScript()
        s.abs(AbsCode.mtTrackingID, 3)
        s.abs(AbsCode.mtPositionX, 4)
        s.abs(AbsCode.mtPositionY, 5)
        s.syn()
        _ = tracker.frames(s.events)
        let cancelled = tracker.finish(at: EventTime(microseconds: 5))
        #expect(cancelled)
        #expect(summary(tracker.frame) == ["cancelled 0 (4, 5)"])
        #expect(tracker.contactsDown == 0)
        let cancelledAgain = tracker.finish(at: EventTime(microseconds: 6))
        #expect(!cancelledAgain)
    }

    @Test func initialSlotComesFromTheDevice() {
        var device = DeviceDescription(name: "t")
        device.absInfo[AbsCode.mtSlot] = AbsInfo(value: 2, minimum: 0, maximum: 3)
        device.absInfo[AbsCode.mtPositionX] = AbsInfo(minimum: 0, maximum: 100)
        device.absInfo[AbsCode.mtPositionY] = AbsInfo(minimum: 0, maximum: 100)
        var tracker = ContactTracker(device: device)
        var s = EventScript()
        s.abs(AbsCode.mtTrackingID, 3)
        s.syn()
        #expect(tracker.frames(s.events)[0].contacts.map(\.slot) == [2])
    }
}
