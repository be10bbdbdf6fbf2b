@testable import Display
import Foundation
import Testing

/// `DisplayError.text(of:)` says what Foundation's `localizedDescription`
/// said of a file operation's error, which the messages quote (issue 26
/// took Foundation out of the modules an app links).
struct FileErrorTextTests {
    @Test func everyFileErrorCodeAsFoundationDescribesIt() {
        for code in 0..<1024 {  // CocoaError's file codes; 1024 on are not a file operation's
            let error = CocoaError(CocoaError.Code(rawValue: code), userInfo: [NSFilePathErrorKey: "/sys/class/backlight/x/brightness"])
            #expect(DisplayError.text(of: error) == error.localizedDescription, "code \(code)")
        }
    }

    @Test func realFileErrorsAsFoundationDescribesThem() throws {
        var errors: [any Error] = []
        do { try FileManager.default.createDirectory(atPath: "/proc/version/frames", withIntermediateDirectories: true) } catch { errors.append(error) }
        do { try FileManager.default.createDirectory(atPath: "/proc/no-such/frames", withIntermediateDirectories: true) } catch { errors.append(error) }
        do { try "3".write(toFile: "/proc/version", atomically: false, encoding: .utf8) } catch { errors.append(error) }
        do { try "3".write(toFile: "/no-such-directory/brightness", atomically: false, encoding: .utf8) } catch { errors.append(error) }
        #expect(errors.count == 4)
        for error in errors {
            #expect(DisplayError.text(of: error) == error.localizedDescription)
        }
    }

    @Test func givenDescriptionsAndReasonsWin() {
        let described = CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "custom"])
        #expect(DisplayError.text(of: described) == described.localizedDescription)
        let reasoned = CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedFailureReasonErrorKey: "why"])
        #expect(DisplayError.text(of: reasoned) == reasoned.localizedDescription)
    }
}
