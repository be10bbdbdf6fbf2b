import FoundationEssentials

/// A panel's backlight in /sys/class/backlight: dimmed by writing
/// `brightness`, and turned up again to what it was.
public final class Backlight {
    /// /sys/class/backlight/NAME.
    public let path: String
    public let maximum: Int
    /// The brightness when it was found, which `restore` brings back; the
    /// maximum if it was found dark (a run that ended while dark, say).
    public let original: Int

    /// The first backlight in `directory`, if there is one.
    public init?(directory: String = "/sys/class/backlight") {
        guard let name = (try? FileManager.default.contentsOfDirectory(atPath: directory))?.sorted().first else { return nil }
        path = directory + "/" + name
        guard let maximum = Self.read(path + "/max_brightness"), maximum > 0,
            let brightness = Self.read(path + "/brightness")
        else { return nil }
        self.maximum = maximum
        original = brightness > 0 ? brightness : maximum
    }

    public var brightness: Int? { Self.read(path + "/brightness") }

    /// Sets the brightness to `fraction` of what it was when found.
    public func set(fraction: Double) throws {
        let value = max(0, min(maximum, Int((Double(original) * fraction).rounded())))
        do {
            try String(value).write(toFile: path + "/brightness", atomically: false, encoding: .utf8)
        } catch {
            throw DisplayError(device: path, problem: "cannot set the brightness (\(DisplayError.text(of: error))); a hardened unit needs ReadWritePaths= for it")
        }
    }

    public func restore() throws { try set(fraction: 1) }

    private static func read(_ file: String) -> Int? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        // sysfs ends the number with a newline, and Int reads no whitespace around
        // it: trimmed as Foundation's .whitespacesAndNewlines (with U+200B) trims.
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace || scalar == "\u{200B}" }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return nil }
        return Int(Substring(scalars[first...last]))
    }
}
