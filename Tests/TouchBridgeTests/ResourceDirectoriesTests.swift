import Testing
@testable import TouchBridge

/// Where an app's `Image(named:)` looks, from where its executable is.
struct ResourceDirectoriesTests {
    @Test func anInstalledAppLooksInItsShareDirectory() {
        #expect(resourceDirectories(appName: "hello-kiosk", executable: "/usr/bin/hello-kiosk") == ["Resources", "/usr/share/hello-kiosk"])
        #expect(resourceDirectories(appName: "kiosk", executable: "/usr/local/bin/kiosk") == ["Resources", "/usr/local/share/kiosk"])
    }

    @Test func anExecutableOutsideABinLooksBesideItself() {
        #expect(resourceDirectories(appName: "kiosk", executable: "/opt/kiosk/kiosk") == ["Resources", "/opt/kiosk/Resources"])
    }

    /// This process's own executable is read from /proc.
    @Test func theRunningExecutableIsFound() {
        let directories = resourceDirectories(appName: "x")
        #expect(directories.count == 2 && directories[0] == "Resources" && directories[1].hasPrefix("/"))
    }
}
