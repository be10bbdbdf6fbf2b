import Glibc

extension Image {
    /// Where `Image(named:)` looks, in order. The host sets it at launch:
    /// `Resources` in the current directory (where `swift run` runs an app
    /// from its package), then the installed app's `share/NAME` beside its
    /// `bin` (where `scripts/install --resources DIR` puts them).
    @MainActor public static var resourceDirectories = ["Resources"] {
        didSet { named = [:] }
    }

    /// The picture called `name` among the app's resources, as UIImage(named:):
    /// `name` as it is, or with `.png`, `.jpg`, `.jpeg` or `.svg` after it,
    /// in the first of `resourceDirectories` that has it. Nil when none has
    /// it. A file that is there but cannot be read is told on standard
    /// error, naming it and why, and gives nil. Each picture is read once:
    /// the next image of the same name shares its pixels.
    @MainActor public convenience init?(named name: String) {
        if let cached = Self.named[name] {
            self.init(bitmap: cached)
            return
        }
        for directory in Self.resourceDirectories {
            for candidate in [name, name + ".png", name + ".jpg", name + ".jpeg", name + ".svg"] {
                let path = directory.isEmpty ? candidate : directory + "/" + candidate
                var status = stat()
                guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
                do {
                    let image = try Image(contentsOfFile: path)
                    Self.named[name] = image.bitmap
                    self.init(bitmap: image.bitmap)
                    return
                } catch {
                    let line = "Image(named: \"\(name)\"): \(error)\n"
                    _ = write(STDERR_FILENO, line, line.utf8.count)
                    return nil
                }
            }
        }
        return nil
    }

    /// Pictures already read, by the name they were asked for.
    @MainActor private static var named: [String: Bitmap] = [:]
}
