import Glibc

/// A display server or compositor running on this machine: while one holds
/// the screen (DRM master, the VT), an app cannot drive the panel itself and
/// should be its client instead (`--display wayland`).
public struct ScreenOwner: Equatable, Sendable {
    public var name: String
    public var pid: Int32

    public init(name: String, pid: Int32) { (self.name, self.pid) = (name, pid) }

    /// The process names of the compositors a kiosk or desktop runs.
    public static let knownNames: Set<String> = [
        "cage", "weston", "sway", "labwc", "wayfire", "gnome-shell", "kwin_wayland", "mutter", "ubuntu-frame", "Xorg", "X",
    ]

    /// Those running now, by their process names in `proc` (/proc), by pid.
    public static func running(proc: String = "/proc") -> [ScreenOwner] {
        guard let directory = opendir(proc) else { return [] }
        defer { closedir(directory) }
        var owners: [ScreenOwner] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = Int32(name), let command = firstLine(of: "\(proc)/\(name)/comm"), knownNames.contains(command) else { continue }
            owners.append(ScreenOwner(name: command, pid: pid))
        }
        return owners.sorted { $0.pid < $1.pid }
    }

    private static func firstLine(of path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 64)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return line.hasSuffix("\n") ? String(line.dropLast()) : line
    }
}
