import Desktop
import KernelInput
import Testing

/// The window's mouse and fingers, read back through the tracker a panel's
/// events go through: what the app would see.
struct WindowTouchesTests {
    /// Contacts as the tracker reads the events: (id, phase, x, y) in points, a frame at a time.
    struct Seen: Equatable, CustomStringConvertible {
        var id: Int
        var phase: ContactPhase
        var x: Double
        var y: Double
        var description: String { "\(id) \(phase) \(x),\(y)" }
    }

    final class Reader {
        var tracker: ContactTracker
        let mapping: ScreenMapping
        init(_ touches: WindowTouches) {
            let device = touches.device
            tracker = ContactTracker(device: device)
            let axes = device.positionAxes!
            mapping = ScreenMapping(x: axes.x, y: axes.y, screenWidth: Double(touches.width), screenHeight: Double(touches.height))
        }
        func read(_ events: [InputEvent]) -> [[Seen]] {
            #expect(events.isEmpty || events.last!.isFrameEnd, "a frame ends with SYN_REPORT")
            var frames: [[Seen]] = []
            tracker.process(events) { frame in
                frames.append(
                    frame.contacts.filter { $0.phase != .stationary }.map { contact in
                        // To a hundredth of a point: units to points goes through floating point.
                        let (x, y) = mapping.map(x: contact.x, y: contact.y)
                        return Seen(id: contact.id, phase: contact.phase, x: (x * 100).rounded() / 100, y: (y * 100).rounded() / 100)
                    })
            }
            return frames
        }
    }

    let time = EventTime(microseconds: 1_000_000)

    @Test func aMouseDragIsOneFingerWithItsPhasesInPoints() throws {
        var touches = WindowTouches(width: 800, height: 480)
        let reader = Reader(touches)
        let down = reader.read(touches.mouseDown(x: 100, y: 50, modifiers: [], time: time))
        #expect(down.count == 1 && down[0].count == 1)
        let first = try #require(down.first?.first)
        #expect(first.phase == .began && first.x == 100 && first.y == 50)
        let moved = reader.read(touches.mouseMoved(x: 130.25, y: 60.5, modifiers: [], time: time))
        #expect(moved == [[Seen(id: first.id, phase: .moved, x: 130.25, y: 60.5)]])
        let up = reader.read(touches.mouseUp(x: 130.25, y: 60.5, modifiers: [], time: time))
        #expect(up == [[Seen(id: first.id, phase: .ended, x: 130.25, y: 60.5)]])
        // The mouse moving with no button down touches nothing.
        #expect(touches.mouseMoved(x: 10, y: 10, modifiers: [], time: time).isEmpty)
    }

    @Test func theTouchButtonGoesDownWithTheFirstFingerAndUpWithTheLast() {
        var touches = WindowTouches(width: 800, height: 480)
        func button(_ events: [InputEvent]) -> [Int32] {
            events.filter { $0.type == EventType.key && $0.code == KeyCode.touch }.map(\.value)
        }
        #expect(button(touches.fingerDown(7, x: 0.5, y: 0.5, time: time)) == [1])
        #expect(button(touches.mouseDown(x: 10, y: 10, modifiers: [], time: time)) == [])
        #expect(button(touches.fingerUp(7, x: 0.5, y: 0.5, time: time)) == [])
        #expect(button(touches.mouseUp(x: 10, y: 10, modifiers: [], time: time)) == [0])
    }

    @Test func altAddsASecondFingerMirroredAboutTheCentre() throws {
        var touches = WindowTouches(width: 800, height: 480)
        let reader = Reader(touches)
        let down = reader.read(touches.mouseDown(x: 300, y: 200, modifiers: .alt, time: time))
        #expect(down.count == 1)
        #expect(Set(down[0].map { "\($0.x),\($0.y)" }) == ["300.0,200.0", "500.0,280.0"])
        #expect(down[0].allSatisfy { $0.phase == .began })
        // A pinch out: the mouse moves away from the centre, its mirror the other way.
        let moved = reader.read(touches.mouseMoved(x: 200, y: 150, modifiers: .alt, time: time))
        #expect(Set(moved[0].map { "\($0.x),\($0.y)" }) == ["200.0,150.0", "600.0,330.0"])
        #expect(touches.markers.count == 2 && touches.markers.allSatisfy(\.pressed))
        let up = reader.read(touches.mouseUp(x: 200, y: 150, modifiers: .alt, time: time))
        #expect(up[0].count == 2 && up[0].allSatisfy { $0.phase == .ended })
        // Alt still held: the two places a press would land are shown, not pressed.
        #expect(touches.markers == [.init(x: 200, y: 150, pressed: false), .init(x: 600, y: 330, pressed: false)])
        touches.modifiersChanged([])
        #expect(touches.markers.isEmpty)
    }

    @Test func altAndShiftMoveThePairTogether() {
        var touches = WindowTouches(width: 800, height: 480)
        let reader = Reader(touches)
        _ = reader.read(touches.mouseDown(x: 300, y: 200, modifiers: [.alt, .shift], time: time))
        let moved = reader.read(touches.mouseMoved(x: 310, y: 240, modifiers: [.alt, .shift], time: time))
        // Both fingers moved by (10, 40): a two-finger pan.
        #expect(Set(moved[0].map { "\($0.x),\($0.y)" }) == ["310.0,240.0", "510.0,320.0"])
    }

    @Test func altAndShiftBeforeAPressPutThePinchCentreUnderThePointer() {
        var touches = WindowTouches(width: 800, height: 480)
        let reader = Reader(touches)
        _ = touches.mouseMoved(x: 400, y: 240, modifiers: [.alt, .shift], time: time)
        _ = touches.mouseMoved(x: 650, y: 260, modifiers: [.alt, .shift], time: time)
        // The centre followed the pointer from the middle to (650, 260): a press with Alt pinches there.
        let down = reader.read(touches.mouseDown(x: 620, y: 260, modifiers: .alt, time: time))
        #expect(Set(down[0].map { "\($0.x),\($0.y)" }) == ["620.0,260.0", "680.0,260.0"])
        _ = reader.read(touches.mouseUp(x: 620, y: 260, modifiers: .alt, time: time))
        // Alt let go: the middle of the window again.
        touches.modifiersChanged([])
        let again = reader.read(touches.mouseDown(x: 300, y: 200, modifiers: .alt, time: time))
        #expect(Set(again[0].map { "\($0.x),\($0.y)" }) == ["300.0,200.0", "500.0,280.0"])
    }

    @Test func lettingGoOfShiftMidPanDoesNotMoveTheSecondFinger() {
        var touches = WindowTouches(width: 800, height: 480)
        let reader = Reader(touches)
        _ = reader.read(touches.mouseDown(x: 300, y: 200, modifiers: [.alt, .shift], time: time))
        _ = reader.read(touches.mouseMoved(x: 310, y: 240, modifiers: [.alt, .shift], time: time))
        // Shift let go, the mouse still: the pair is where it was (a jump would be a huge pinch).
        #expect(touches.mouseMoved(x: 310, y: 240, modifiers: .alt, time: time).isEmpty)
        // Alt let go mid-drag: the mirror's centre stays until the press ends.
        touches.modifiersChanged([])
        let moved = reader.read(touches.mouseMoved(x: 300, y: 240, modifiers: .alt, time: time))
        #expect(Set(moved[0].map { "\($0.x),\($0.y)" }) == ["300.0,240.0", "520.0,320.0"])
    }

    @Test func aDragLeavingTheWindowStaysOnItsEdge() {
        var touches = WindowTouches(width: 800, height: 480)
        let reader = Reader(touches)
        _ = reader.read(touches.mouseDown(x: 790, y: 10, modifiers: [], time: time))
        let moved = reader.read(touches.mouseMoved(x: 900, y: -30, modifiers: [], time: time))
        #expect(moved[0].map(\.x) == [799.75] && moved[0].map(\.y) == [0])
    }

    @Test func desktopFingersAreFractionsOfTheWindow() {
        var touches = WindowTouches(width: 800, height: 480)
        let reader = Reader(touches)
        let down = reader.read(touches.fingerDown(1, x: 0.25, y: 0.5, time: time) + touches.fingerDown(2, x: 0.75, y: 0.5, time: time))
        #expect(down.flatMap { $0 }.map { "\($0.phase) \($0.x),\($0.y)" } == ["began 200.0,240.0", "began 600.0,240.0"])
        #expect(touches.fingerMoved(3, x: 0.1, y: 0.1, time: time).isEmpty, "a finger never seen down is ignored")
        let lifted = reader.read(touches.liftAll(time: time))
        #expect(lifted.flatMap { $0 }.count == 2 && lifted.flatMap { $0 }.allSatisfy { $0.phase == .ended })
    }

    @Test func elevenFingersOnATenSlotScreenDropTheEleventh() {
        var touches = WindowTouches(width: 800, height: 480)
        let reader = Reader(touches)
        var seen: [Seen] = []
        for finger in 0..<11 { seen += reader.read(touches.fingerDown(Int64(finger), x: 0.05 * Double(finger + 1), y: 0.5, time: time)).flatMap { $0 } }
        #expect(seen.count == 10)
    }

    /// A window session written as evemu reads back as the same touchscreen: `--record` rests on it.
    @Test func theTouchscreenSurvivesAnEvemuRoundTrip() throws {
        var touches = WindowTouches(width: 1024, height: 600)
        var events = touches.mouseDown(x: 12, y: 34, modifiers: [], time: time)
        events += touches.mouseUp(x: 12, y: 34, modifiers: [], time: EventTime(microseconds: 1_050_000))
        let text = EvemuWriter.write(Recording(format: .evemu, source: "window.evemu", device: touches.device, events: events))
        let back = try EvemuReader.read(Array(text.utf8), file: "window.evemu")
        #expect(back.device == touches.device)
        #expect(back.events == events)
        #expect(back.device?.kind == .touchscreen)
    }
}

struct WindowKeysTests {
    let time = EventTime(microseconds: 5)

    @Test func aKeyIsItsEvdevCode() {
        var keys = WindowKeys()
        // SDL's scancode for A is the HID usage 0x04; the kernel calls the key KEY_A, 30.
        let down = keys.key(usage: 0x04, isDown: true, isRepeat: false, time: time)
        #expect(down.map(\.code) == [30, SynCode.report] && down[0].value == 1)
        #expect(keys.key(usage: 0x04, isDown: true, isRepeat: true, time: time).first?.value == 2)
        #expect(keys.key(usage: 0x04, isDown: false, isRepeat: false, time: time).first?.value == 0)
        // Left Alt, Return, the arrows.
        #expect(keys.key(usage: 0xE2, isDown: true, isRepeat: false, time: time).first?.code == 56)
        #expect(keys.key(usage: 0x28, isDown: true, isRepeat: false, time: time).first?.code == 28)
        #expect(keys.key(usage: 0x52, isDown: true, isRepeat: false, time: time).first?.code == 103)
    }

    @Test func aKeyNoKeyboardHasIsDroppedAndAnUpWithoutADownToo() {
        var keys = WindowKeys()
        #expect(keys.key(usage: 0x00, isDown: true, isRepeat: false, time: time).isEmpty)
        #expect(keys.key(usage: 0x1000, isDown: true, isRepeat: false, time: time).isEmpty)
        #expect(keys.key(usage: 0x05, isDown: false, isRepeat: false, time: time).isEmpty)
    }

    @Test func losingFocusLetsGoOfTheKeysDown() {
        var keys = WindowKeys()
        _ = keys.key(usage: 0xE1, isDown: true, isRepeat: false, time: time)
        _ = keys.key(usage: 0x04, isDown: true, isRepeat: false, time: time)
        let released = keys.releaseAll(time: time)
        #expect(released.filter { $0.type == EventType.key }.map { "\($0.code)=\($0.value)" } == ["42=0", "30=0"])
        #expect(keys.releaseAll(time: time).isEmpty)
    }
}
