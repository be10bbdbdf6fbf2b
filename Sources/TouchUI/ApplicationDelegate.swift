/// What an application tells the object that runs it, as UIApplicationDelegate.
///
/// The host makes one delegate, calls `application(_:willFinishLaunchingWithOptions:)`
/// and `application(_:didFinishLaunchingWithOptions:)`, in which the delegate
/// builds its window, then shows that window and sends it touches until the
/// process is asked to stop, when `applicationWillTerminate(_:)` runs. A
/// delegate that is also a `Responder` ends the responder chain.
///
/// ```swift
/// @main
/// final class AppDelegate: Responder, ApplicationDelegate {
///     var window: Window?
///     func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool {
///         window = Window(frame: Screen.main.bounds)
///         window?.setRootViewController(MenuViewController())
///         window?.makeKeyAndVisible()
///         return true
///     }
/// }
/// ```
@MainActor
public protocol ApplicationDelegate: AnyObject {
    /// The host makes the delegate itself, so it needs a plain initializer.
    init()
    /// The window the app shows. It must be set by the end of launching.
    var window: Window? { get set }
    func application(_ application: Application, willFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool
    func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool
    func applicationDidBecomeActive(_ application: Application)
    func applicationWillResignActive(_ application: Application)
    /// The process is about to end (SIGTERM, `systemctl stop`, the end of a replay).
    func applicationWillTerminate(_ application: Application)
    /// The input devices feeding the app changed; `names` are the ones in use now.
    func application(_ application: Application, didChangeInputDevices names: [String])
    /// A barcode scanner read `code` (one line, without its Return). Not in
    /// UIKit: the host grabs the scanners its configuration names and hands
    /// their lines here, whatever has focus.
    func application(_ application: Application, didScan code: String, from scanner: String)
}

extension ApplicationDelegate {
    public func application(_ application: Application, willFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool { true }
    public func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool { true }
    public func applicationDidBecomeActive(_ application: Application) {}
    public func applicationWillResignActive(_ application: Application) {}
    public func applicationWillTerminate(_ application: Application) {}
    public func application(_ application: Application, didChangeInputDevices names: [String]) {}
    public func application(_ application: Application, didScan code: String, from scanner: String) {}
}
