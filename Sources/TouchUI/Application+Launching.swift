extension Application {
    /// Keys of the launch options dictionary, as UIApplication.LaunchOptionsKey.
    public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// How the app is running: a `LaunchMode`.
        public static let mode = LaunchOptionsKey(rawValue: "mode")
    }

    /// How the host runs the app, given under `LaunchOptionsKey.mode`.
    public enum LaunchMode: String, Sendable {
        /// On a display, fed by real devices.
        case live
        /// Driven by recordings or scripted gestures on a virtual clock (replay, tests).
        case replay
        /// Drawn once, to a picture.
        case snapshot
    }

    public enum State: Sendable {
        case active, inactive, background
    }

    /// Why an app could not be launched.
    public struct LaunchError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Launches `delegate` as UIApplicationMain does: it becomes the
    /// delegate, its launch methods run, and its window is made key and
    /// visible if the delegate did not do so. Returns the window.
    @discardableResult
    public func launch(_ delegate: any ApplicationDelegate, mode: LaunchMode) throws -> Window {
        self.delegate = delegate
        let options: [LaunchOptionsKey: Any] = [.mode: mode]
        guard delegate.application(self, willFinishLaunchingWithOptions: options),
            delegate.application(self, didFinishLaunchingWithOptions: options)
        else {
            throw LaunchError(description: "\(type(of: delegate)) declined to finish launching (returned false)")
        }
        guard let window = delegate.window else {
            throw LaunchError(
                description: "\(type(of: delegate)) set no window in application(_:didFinishLaunchingWithOptions:); set `window` to the app's Window")
        }
        if keyWindow !== window { window.makeKeyAndVisible() }
        state = .active
        delegate.applicationDidBecomeActive(self)
        return window
    }

    /// The host put the screen to sleep (no one has touched it for a
    /// while): the app resigns active, as UIKit's does when the device locks.
    public func resignActive() {
        guard let delegate, state == .active else { return }
        delegate.applicationWillResignActive(self)
        state = .inactive
    }

    /// The screen woke: the app is active again.
    public func becomeActive() {
        guard let delegate, state == .inactive else { return }
        state = .active
        delegate.applicationDidBecomeActive(self)
    }

    /// Ends the app: it resigns active and its delegate hears applicationWillTerminate.
    public func terminate() {
        guard let delegate, state != .background else { return }
        if state == .active { delegate.applicationWillResignActive(self) }
        state = .background
        delegate.applicationWillTerminate(self)
    }
}
