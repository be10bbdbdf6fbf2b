import Bridge
import Foundation
import KernelInput

enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/recordings")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}

/// Replays and collects what came out.
func replay(
    _ recordings: [Recording], options: InputOptions = InputOptions()
) throws -> (records: [TouchRecord], warnings: [String]) {
    var records: [TouchRecord] = []
    var warnings: [String] = []
    try TouchReplay(options: options).run(recordings, warn: { warnings.append($0) }, emit: { records.append($0) })
    return (records, warnings)
}

func recording(_ evemuText: String, file: String = "test.evemu") throws -> Recording {
    try EvemuReader.read(Array(evemuText.utf8), file: file)
}

/// A 1000 x 1000 direct-touch panel with 4 slots.
let panel = """
    N: Panel
    I: 0018 0000 0000 0000
    P: 02 00 00 00 00 00 00 00
    B: 00 0b 00 00 00 00 00 00 00
    A: 2f 0 3 0 0 0
    A: 30 0 255 0 0 0
    A: 35 0 999 0 0 0
    A: 36 0 999 0 0 0
    A: 39 0 65535 0 0 0
    A: 3a 0 255 0 0 0

    """
