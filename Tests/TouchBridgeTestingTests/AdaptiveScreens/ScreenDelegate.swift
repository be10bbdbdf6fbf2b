import TouchBridge

/// An app of one screen, on a window as large as the panel: each adaptive
/// screen below is shown by a subclass naming its controller.
@MainActor
class ScreenDelegate: Responder, ApplicationDelegate {
    var window: Window?
    class func makeRootViewController() -> ViewController { ViewController() }

    override required init() { super.init() }

    func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool {
        let window = Window(frame: Screen.main.bounds, application: application)
        window.rootViewController = Self.makeRootViewController()
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}

final class FormDelegate: ScreenDelegate {
    override class func makeRootViewController() -> ViewController { ParkingFormController() }
}

final class DashboardDelegate: ScreenDelegate {
    override class func makeRootViewController() -> ViewController { DashboardController() }
}

final class GridDelegate: ScreenDelegate {
    override class func makeRootViewController() -> ViewController { GridController() }
}

final class SettingsDelegate: ScreenDelegate {
    override class func makeRootViewController() -> ViewController {
        NavigationController(rootViewController: SettingsController())
    }
}

final class GaugeDelegate: ScreenDelegate {
    override class func makeRootViewController() -> ViewController { GaugeController() }
}
