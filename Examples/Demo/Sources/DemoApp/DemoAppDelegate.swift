import TouchBridge

/// The demo as an app: `touchbridge run` and `touchbridge demo` host it,
/// and so does this package's own `touchbridge-demo` executable.
public final class DemoAppDelegate: Responder, ApplicationDelegate, AppIdentity {
    public static var name: String { "touchbridge-demo" }
    public static var summary: String { "The touch-test demo: paint with any number of fingers, pan and pinch a photo, scroll a list." }

    public var window: Window?
    public private(set) var demo: DemoApp?
    /// A canvas on each screen after the first, when the host drives several.
    public private(set) var otherScreens: [SecondScreen] = []

    public func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool {
        let demo = DemoApp(application: application, screen: Screen.main.bounds.size)
        self.demo = demo
        window = demo.window
        otherScreens = Screen.screens.dropFirst().enumerated().map { index, screen in
            SecondScreen(screen: screen, number: index + 2, application: application)
        }
        return true
    }

    public func application(_ application: Application, didChangeInputDevices names: [String]) {
        demo?.deviceNames = names
    }

    public func application(_ application: Application, didScan code: String, from scanner: String) {
        demo?.scanned(code)
    }
}
