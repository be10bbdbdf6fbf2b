import Testing
import TouchUI

/// Launching and ending an app through its delegate, as UIApplicationMain does.
@MainActor
struct ApplicationLaunchTests {
    final class Delegate: Responder, ApplicationDelegate {
        var window: Window?
        var calls: [String] = []
        var makesWindow = true

        func application(_ application: Application, willFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool {
            calls.append("willFinish \(launchOptions?[.mode] as? Application.LaunchMode == .replay)")
            return true
        }
        func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool {
            calls.append("didFinish")
            if makesWindow { window = Window(frame: Screen.main.bounds, application: application) }
            return true
        }
        func applicationDidBecomeActive(_ application: Application) { calls.append("didBecomeActive") }
        func applicationWillResignActive(_ application: Application) { calls.append("willResignActive") }
        func applicationWillTerminate(_ application: Application) { calls.append("willTerminate") }
    }

    @Test func launchShowsTheDelegatesWindowAndTerminateEndsIt() throws {
        let application = Application()
        let delegate = Delegate()
        let window = try application.launch(delegate, mode: .replay)
        #expect(window === delegate.window && application.keyWindow === window)
        #expect(window.bounds.size == Screen.main.bounds.size)
        #expect(application.state == .active && application.delegate === delegate)
        #expect(window.next === application && application.next === delegate)
        application.terminate()
        application.terminate()  // once only
        #expect(delegate.calls == ["willFinish true", "didFinish", "didBecomeActive", "willResignActive", "willTerminate"])
        #expect(application.state == .background)
    }

    @Test func aDelegateThatSetsNoWindowIsNamed() {
        let delegate = Delegate()
        delegate.makesWindow = false
        #expect {
            try Application().launch(delegate, mode: .live)
        } throws: { error in
            "\(error)".contains("Delegate set no window in application(_:didFinishLaunchingWithOptions:)")
        }
    }
}
