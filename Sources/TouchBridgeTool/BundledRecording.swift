import Foundation

/// Real recordings shipped in the build (from whot/evemu-devices), so the
/// commands have something to play on a machine with no touchscreen.
enum BundledRecording {
    /// What `touchbridge replay` plays when given no file: two fingers scrolling on an EP0430M09 panel.
    static let name = "evemu-ep0430m09-touchscreen-2finger-scroll.txt"

    /// What `touchbridge demo` plays, one after another: a press on an Atmel
    /// maXTouch panel that lands on the demo's Blue button, the two-finger
    /// scroll (a stroke on the canvas, the photo dragged), and quick taps.
    static let demoNames = [
        "evemu-atmel-maxtouch-touchscreen-1finger-drag.txt", name,
        "evemu-atmel-maxtouch-touchscreen-1finger-fast-taps.txt",
    ]

    static var path: String? { path(of: name) }

    static func path(of name: String) -> String? {
        Bundle.module.path(forResource: "BundledRecordings/" + name, ofType: nil)
            ?? Bundle.module.resourceURL.map { $0.appendingPathComponent("BundledRecordings/" + name).path }
    }
}
