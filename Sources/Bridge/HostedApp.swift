import TouchUI

/// An app as its host knows it: the name it goes by, its version, and how
/// to make its delegate.
public struct HostedApp: Sendable {
    /// The app's name: what a configuration's `app` key must say, and what logs show.
    public var name: String
    public var version: String
    /// One line on what the app is, for `--help`.
    public var summary: String
    /// The command's name: the configuration is /etc/COMMAND/COMMAND.conf.
    public var commandName: String
    public var makeDelegate: @MainActor @Sendable () -> any ApplicationDelegate

    public init(
        name: String, version: String, summary: String, commandName: String? = nil,
        makeDelegate: @escaping @MainActor @Sendable () -> any ApplicationDelegate
    ) {
        self.name = name
        self.version = version
        self.summary = summary
        self.commandName = commandName ?? name
        self.makeDelegate = makeDelegate
    }

    public var configurationPath: String { Configuration.defaultPath(forApp: commandName) }
}
