import Foundation

/// The real recording `touchbridge replay` plays when given no file: two
/// fingers scrolling on an EP0430M09 panel (whot/evemu-devices).
public enum BundledRecording {
    public static let name = "evemu-ep0430m09-touchscreen-2finger-scroll.txt"

    public static var path: String? {
        Bundle.module.path(forResource: "BundledRecordings/" + name, ofType: nil)
            ?? Bundle.module.resourceURL.map { $0.appendingPathComponent("BundledRecordings/" + name).path }
    }
}
