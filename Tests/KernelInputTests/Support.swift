import Foundation
import KernelInput

/// The real recordings shipped with the tests (copies of ../shared/recordings, see SOURCES.tsv there).
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/recordings")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static var allRecordingFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".txt") }.sorted()
    }
}

func evemu(_ text: String, file: String = "test.evemu") throws -> Recording {
    try EvemuReader.read(Array(text.utf8), file: file)
}

func evtest(_ text: String, file: String = "test.evtest") throws -> [Recording] {
    try EvtestReader.read(Array(text.utf8), file: file)
}

/// Events written the way the kernel's multi-touch protocol document writes them.
struct EventScript {
    var events: [InputEvent] = []
    var time: Int64 = 1_000_000

    mutating func abs(_ code: UInt16, _ value: Int32) {
        events.append(InputEvent(time: EventTime(microseconds: time), type: EventType.abs, code: code, value: value))
    }

    mutating func key(_ code: UInt16, _ value: Int32) {
        events.append(InputEvent(time: EventTime(microseconds: time), type: EventType.key, code: code, value: value))
    }

    mutating func syn(_ code: UInt16 = SynCode.report) {
        events.append(InputEvent(time: EventTime(microseconds: time), type: EventType.syn, code: code, value: 0))
        if code == SynCode.report { time += 10_000 }
    }
}

extension ContactTracker {
    /// Feeds events and returns the frames they completed.
    mutating func frames(_ events: [InputEvent]) -> [ContactFrame] {
        var result: [ContactFrame] = []
        for event in events where process(event) { result.append(frame) }
        return result
    }
}

/// "began 0 (10, 20)" for short, readable expectations.
func summary(_ frame: ContactFrame) -> [String] {
    frame.contacts.map { "\($0.phase) \($0.id) (\($0.x), \($0.y))" }
}

/// The RecordingError `body` throws, or nil.
func failure<T>(_ body: () throws -> T) -> RecordingError? {
    do {
        _ = try body()
        return nil
    } catch let error as RecordingError {
        return error
    } catch {
        return nil
    }
}
