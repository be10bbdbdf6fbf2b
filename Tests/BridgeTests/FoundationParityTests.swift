@testable import Bridge
import Foundation
import Testing

/// What replaced Foundation in Bridge (issue 26) gives what Foundation gave.
struct FoundationParityTests {
    @Test func phasesArePaddedAsFoundationPadsThem() {
        for name in ["", "began", "moved", "stationary", "ended", "cancelled", "up", "down", "repeat"] {
            #expect(name.padded(to: 9) == name.padding(toLength: 9, withPad: " ", startingAt: 0))
        }
    }

    @Test func quirksDirectoryIsBesideTheConfigurationAsNSStringPutsIt() {
        let paths = [
            "/etc/touchbridge/touchbridge.conf", "/etc/kiosk//kiosk.conf", "/etc/kiosk/", "touchbridge.conf",
            "conf/touchbridge.conf", "./a.conf", "../x/a.conf", "/a.conf", "/", "", "//a.conf", "a//b//c",
        ]
        for path in paths {
            #expect(Configuration.directory(of: path) == (path as NSString).deletingLastPathComponent, "\(path)")
        }
    }
}
