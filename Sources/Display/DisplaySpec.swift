import Graphics

/// The `--display` argument: `fb:/dev/fb0`, `drm:/dev/dri/card0`,
/// `png:FILE`, `memory`, `window[:WxH]` or `wayland`.
public enum DisplaySpec: Equatable, Sendable, CustomStringConvertible {
    case framebuffer(path: String)
    case drm(path: String)
    case png(path: String)
    case memory
    /// A window on a desktop (X11 or Wayland), of this many points, or of
    /// the screen size the settings give. Opened by the host (the Desktop module).
    case window(width: Int?, height: Int?)
    /// Full screen as a Wayland client of the compositor that owns the screen
    /// (cage, Weston's kiosk shell). Opened by the host too.
    case wayland

    static let kinds = "fb:/dev/fbN, drm:/dev/dri/cardN, png:FILE, memory, window[:WxH] or wayland"

    public init(parsing text: String) throws {
        switch text {
        case "memory": self = .memory
        case "window": self = .window(width: nil, height: nil)
        case "wayland": self = .wayland
        default: try self.init(parsingPath: text)
        }
    }

    private init(parsingPath text: String) throws {
        guard let colon = text.firstIndex(of: ":") else {
            throw DisplayError(device: text, problem: "not a display; use \(Self.kinds)")
        }
        let kind = text[..<colon], path = String(text[text.index(after: colon)...])
        guard !path.isEmpty else { throw DisplayError(device: text, problem: "no \(kind == "window" ? "size" : "path") after '\(kind):'") }
        switch kind {
        case "fb": self = .framebuffer(path: path)
        case "drm": self = .drm(path: path)
        case "png": self = .png(path: path)
        case "window":
            let parts = path.split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), (1...16384).contains(width), (1...16384).contains(height)
            else {
                throw DisplayError(device: text, problem: "'\(path)' is not a window size; give WIDTHxHEIGHT in points, such as window:1280x800")
            }
            self = .window(width: width, height: height)
        default:
            throw DisplayError(device: text, problem: "unknown display kind '\(kind)'; use \(Self.kinds)")
        }
    }

    public var description: String {
        switch self {
        case .framebuffer(let path): "fb:\(path)"
        case .drm(let path): "drm:\(path)"
        case .png(let path): "png:\(path)"
        case .memory: "memory"
        case .window(let width?, let height?): "window:\(width)x\(height)"
        case .window: "window"
        case .wayland: "wayland"
        }
    }
}
