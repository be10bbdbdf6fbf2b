import KernelInput
import Testing

/// Every real recording in Tests/Fixtures/recordings, through the reader and the tracker.
/// Expected counts come from SOURCES.tsv, counted there independently of this code.
struct SharedRecordingTests {
    struct Expectation: CustomTestStringConvertible, Sendable {
        var files: [String]
        var contacts: Int
        var maximumDown: Int
        var frames: Int
        var events: Int
        var testDescription: String { files.last! }
    }

    static let expectations: [Expectation] = [
        .init(files: ["evemu-atmel-maxtouch-touchscreen-1finger-drag.txt"], contacts: 1, maximumDown: 1, frames: 150, events: 502),
        .init(files: ["evemu-atmel-maxtouch-touchscreen-1finger-fast-taps.txt"], contacts: 9, maximumDown: 1, frames: 18, events: 84),
        .init(files: ["evemu-atmel-maxtouch-touchscreen-2finger-touch-release.txt"], contacts: 2, maximumDown: 2, frames: 16, events: 64),
        .init(files: ["evemu-atmel-maxtouch-touchscreen-4finger-drag.txt"], contacts: 4, maximumDown: 4, frames: 31, events: 309),
        .init(files: ["evemu-dell-canvas-advanced-silicon-cooltouch-5finger.txt"], contacts: 12, maximumDown: 5, frames: 450, events: 5363),
        .init(files: ["evemu-ep0430m09-touchscreen-1finger-drag.txt"], contacts: 1, maximumDown: 1, frames: 183, events: 735),
        .init(files: ["evemu-ep0430m09-touchscreen-2finger-scroll.txt"], contacts: 2, maximumDown: 2, frames: 98, events: 695),
        .init(files: ["evemu-ep0430m09-touchscreen-2finger-touch-release.txt"], contacts: 2, maximumDown: 2, frames: 14, events: 58),
        .init(files: ["evemu-ep0430m09-touchscreen-4finger-drag.txt"], contacts: 4, maximumDown: 4, frames: 104, events: 1091),
        .init(
            files: ["evemu-ntrig-multitouch-protoA.desc.txt", "evemu-ntrig-multitouch-protoA-2finger-touch-release.events.txt"],
            contacts: 2, maximumDown: 2, frames: 219, events: 2203),
        .init(files: ["evtest-elan-elants-i2c-touchscreen-1finger.txt"], contacts: 2, maximumDown: 1, frames: 12, events: 55),
        .init(files: ["evtest-melfas-mms114-touchscreen-1finger-swipe.txt"], contacts: 1, maximumDown: 1, frames: 191, events: 1044),
    ]

    struct Totals {
        var contacts: Set<Int> = []
        var maximumDown = 0
        var frames = 0
        var events = 0
        var leftDown = 0
        var cancelled = 0
        var firstAndLast: [Int: (first: Contact, last: Contact)] = [:]
    }

    static func play(_ files: [String]) throws -> Totals {
        var totals = Totals()
        var idOffset = 0
        for recording in try RecordingReader.load(files: files.map(Fixtures.path)) {
            var tracker = ContactTracker(device: try #require(recording.device))
            var seen = 0
            func take(_ frame: ContactFrame) {
                totals.frames += 1
                totals.maximumDown = max(totals.maximumDown, frame.contacts.filter { !$0.phase.isEnd }.count)
                for contact in frame.contacts {
                    let id = contact.id + idOffset
                    totals.contacts.insert(id)
                    seen = max(seen, contact.id + 1)
                    if contact.phase == .cancelled { totals.cancelled += 1 }
                    totals.firstAndLast[id] = (totals.firstAndLast[id]?.first ?? contact, contact)
                }
            }
            for event in recording.events where tracker.process(event) { take(tracker.frame) }
            totals.events += recording.events.count
            totals.leftDown += tracker.contactsDown
            idOffset += seen
        }
        return totals
    }

    @Test(arguments: expectations)
    func replays(_ expected: Expectation) throws {
        let totals = try Self.play(expected.files)
        #expect(totals.contacts.count == expected.contacts)
        #expect(totals.maximumDown == expected.maximumDown)
        #expect(totals.frames == expected.frames)
        #expect(totals.events == expected.events)
        #expect(totals.leftDown == 0, "a finger was left down at the end")
        #expect(totals.cancelled == 0, "these recordings lift every finger")
        for (first, last) in totals.firstAndLast.values {
            #expect(first.phase == .began)
            #expect(last.phase == .ended)
        }
    }

    @Test func everyShippedRecordingIsCovered() {
        let covered = Set(Self.expectations.flatMap(\.files))
        let descriptionsOnly: Set = ["evemu-atmel-maxtouch-touchscreen.desc.txt", "evemu-ep0430m09-touchscreen.desc.txt"]
        #expect(Set(Fixtures.allRecordingFiles).subtracting(descriptionsOnly).subtracting(Self.keyboards) == covered)
    }

    /// Keyboards: their keys are checked through the keymap in BridgeTests' KeyReplayTests.
    static let keyboards: Set = ["evemu-lenovo-thinkpad-compact-keyboard-ctrl-c.txt", "evemu-logitech-k400-plus-keyboard-ctrl-c.txt"]

    @Test func keyboardsAreKeyboards() throws {
        for file in Self.keyboards {
            let recording = try RecordingReader.load(files: [Fixtures.path(file)])[0]
            #expect(recording.device?.kind == .keyboard, "\(file)")
        }
    }

    /// Positions read off the files by hand (device units).
    @Test func beginAndEndPositions() throws {
        let atmel = try Self.play(["evemu-atmel-maxtouch-touchscreen-1finger-drag.txt"])
        let drag = try #require(atmel.firstAndLast[0])
        #expect((drag.first.x, drag.first.y) == (361, 379))
        #expect((drag.last.x, drag.last.y) == (382, 393))

        let panel = try Self.play(["evemu-ep0430m09-touchscreen-2finger-touch-release.txt"])
        let first = try #require(panel.firstAndLast[0])
        let second = try #require(panel.firstAndLast[1])
        #expect((first.first.x, first.first.y, first.first.trackingID) == (404, 409, 1))
        #expect((first.last.x, first.last.y) == (401, 410))
        #expect((second.first.x, second.first.y, second.first.trackingID) == (933, 414, 2))
        #expect((second.last.x, second.last.y) == (934, 416))

        let melfas = try Self.play(["evtest-melfas-mms114-touchscreen-1finger-swipe.txt"])
        let swipe = try #require(melfas.firstAndLast[0])
        #expect((swipe.first.x, swipe.first.y, swipe.first.pressure, swipe.first.touchMajor) == (400, 1262, 90, 6))
    }

    @Test func descriptionOnlyFilesDescribeTheirDevices() throws {
        let atmel = try RecordingReader.load(files: [Fixtures.path("evemu-atmel-maxtouch-touchscreen.desc.txt")])
        let device = try #require(atmel.first?.device)
        #expect(device.name == "Atmel maXTouch Touchscreen")
        #expect(device.slotCount == 10)
        #expect(device.kind == .touchscreen)
        let ntrig = try RecordingReader.load(files: [Fixtures.path("evemu-ntrig-multitouch-protoA.desc.txt")])
        #expect(ntrig.first?.device?.multitouchProtocol == .reports)
        #expect(ntrig.first?.device?.kind == .probableTouchscreen)
    }

    /// Dell Canvas: 32768 units at 55/mm by 32768 at 98/mm.
    @Test func sizeInMillimetres() throws {
        let canvas = try RecordingReader.load(files: [Fixtures.path("evemu-dell-canvas-advanced-silicon-cooltouch-5finger.txt")])
        let size = try #require(canvas.first?.device?.sizeMillimetres)
        #expect(abs(size.width - 32768.0 / 55) < 1e-9)
        #expect(abs(size.height - 32768.0 / 98) < 1e-9)
    }
}
