import TouchBridge

/// The café kiosk as an app: `cafe-kiosk run` puts it on the panel,
/// `cafe-kiosk replay` drives it with recordings.
public final class CafeKioskDelegate: Responder, ApplicationDelegate, AppIdentity {
    public static var name: String { "cafe-kiosk" }
    public static var version: String { "1.0.0" }
    public static var summary: String { "A self-service café kiosk: choose from the menu, set quantities, place the order." }

    public var window: Window?
    public private(set) var kiosk: KioskViewController?

    public func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool {
        let window = KioskWindow(frame: Screen.main.bounds, application: application)
        let kiosk = KioskViewController()
        window.rootViewController = kiosk
        window.onActivity = { [unowned kiosk] in kiosk.noteActivity() }
        window.makeKeyAndVisible()
        self.window = window
        self.kiosk = kiosk
        return true
    }
}
