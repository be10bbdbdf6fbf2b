import Bridge
import Glibc

/// What an app says about itself on its command line and in its service.
/// Optional: without it an app is named after its executable and takes
/// TouchBridge's version.
@MainActor
public protocol AppIdentity {
    /// The name it is installed under: `/etc/NAME/NAME.conf`, `NAME.service`.
    static var name: String { get }
    static var version: String { get }
    /// One line for `--help`.
    static var summary: String { get }
}

extension AppIdentity {
    public static var name: String { CommandLineApp.executableName }
    public static var version: String { touchBridgeVersion }
    public static var summary: String { defaultSummary(name) }
}

private func defaultSummary(_ name: String) -> String { "\(name): a TouchBridge app." }

extension ApplicationDelegate {
    /// The entry point `@main` finds on an app delegate: the app's command
    /// line (`run`, `replay`, `snapshot`, `--version`, `--help`), as
    /// `UIApplicationMain` is UIKit's.
    public static func main() {
        ApplicationMain(Self.self)
    }
}

/// Runs the app whose delegate is `delegate`: parses the command line
/// (`APP`, `APP run`, `APP replay`, `APP snapshot`, `--version`, `--help`)
/// and does what it asks. It returns only when the process ends.
@MainActor
public func ApplicationMain<Delegate: ApplicationDelegate>(_ delegate: Delegate.Type, arguments: [String] = CommandLine.arguments) {
    let identity = delegate as? any AppIdentity.Type
    let app = HostedApp(
        name: identity?.name ?? CommandLineApp.executableName,
        version: identity?.version ?? touchBridgeVersion,
        summary: identity?.summary ?? defaultSummary(CommandLineApp.executableName),
        makeDelegate: { Delegate() })
    Image.resourceDirectories = resourceDirectories(appName: app.name)
    CommandLineApp.main(app, arguments: Array(arguments.dropFirst()))
}

/// Where the app's pictures are: `Resources` where it runs from (its
/// package, under `swift run`), then `share/NAME` beside the `bin` its
/// executable is installed in (`/usr/share/NAME` for `/usr/bin/NAME`), or
/// `Resources` beside an executable that is not in a `bin`.
func resourceDirectories(appName: String) -> [String] {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return ["Resources"] }
    return resourceDirectories(appName: appName, executable: String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))
}

func resourceDirectories(appName: String, executable: String) -> [String] {
    guard let slash = executable.lastIndex(of: "/") else { return ["Resources"] }
    let directory = String(executable[..<slash])
    let installed = directory.hasSuffix("/bin") ? directory.dropLast(4) + "/share/" + appName : directory + "/Resources"
    return ["Resources", installed]
}
