import KernelInput
import Testing

/// The tracker is a value, and the batch path decodes exactly what the one-event path does.
struct ContactTrackerValueTests {
    static func recording() throws -> Recording {
        try RecordingReader.load(files: [Fixtures.path("evemu-dell-canvas-advanced-silicon-cooltouch-5finger.txt")])[0]
    }

    @Test func batchAndSingleEventsGiveTheSameFrames() throws {
        let recording = try Self.recording()
        var single = ContactTracker(device: recording.device!)
        let one = single.frames(recording.events)
        var batched = ContactTracker(device: recording.device!)
        var many: [ContactFrame] = []
        // Uneven batches, as reads from a live device come.
        var start = 0
        var size = 1
        while start < recording.events.count {
            let end = min(start + size, recording.events.count)
            batched.process(Array(recording.events[start..<end])) { many.append($0) }
            start = end
            size = size % 37 + 1
        }
        #expect(one.count == 450)
        #expect(many.count == one.count)
        #expect(zip(one, many).allSatisfy { $0.contacts == $1.contacts && $0.time == $1.time && $0.index == $1.index })
    }

    @Test func aCopyGoesItsOwnWay() throws {
        var s = EventScript()
        s.abs(AbsCode.mtTrackingID, 1)
        s.abs(AbsCode.mtPositionX, 10)
        s.abs(AbsCode.mtPositionY, 10)
        s.syn()
        var original = ContactTracker(mode: .slots(count: 2))
        _ = original.frames(s.events)
        var copy = original
        var move = EventScript()
        move.abs(AbsCode.mtPositionX, 99)
        move.syn()
        #expect(summary(copy.frames(move.events)[0]) == ["moved 0 (99, 10)"])
        var still = EventScript()
        still.syn()
        #expect(summary(original.frames(still.events)[0]) == ["stationary 0 (10, 10)"])
    }

    @Test func aKeptFrameDoesNotChangeUnderneath() throws {
        let recording = try Self.recording()
        var tracker = ContactTracker(device: recording.device!)
        var kept: ContactFrame?
        var keptCopy: [Contact] = []
        tracker.process(recording.events) { frame in
            if frame.index == 10 {
                kept = frame
                keptCopy = Array(frame.contacts)
            }
        }
        #expect(kept.map { Array($0.contacts) } == keptCopy)
        #expect(!keptCopy.isEmpty)
    }
}
