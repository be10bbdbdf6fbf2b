import Graphics

/// The `--display` argument: `fb:/dev/fb0`, `drm:/dev/dri/card0`,
/// `png:FILE` or `memory`.
public enum DisplaySpec: Equatable, Sendable, CustomStringConvertible {
    case framebuffer(path: String)
    case drm(path: String)
    case png(path: String)
    case memory

    public init(parsing text: String) throws {
        if text == "memory" {
            self = .memory
            return
        }
        guard let colon = text.firstIndex(of: ":") else {
            throw DisplayError(device: text, problem: "not a display; use fb:/dev/fbN, drm:/dev/dri/cardN, png:FILE or memory")
        }
        let kind = text[..<colon], path = String(text[text.index(after: colon)...])
        guard !path.isEmpty else { throw DisplayError(device: text, problem: "no path after '\(kind):'") }
        switch kind {
        case "fb": self = .framebuffer(path: path)
        case "drm": self = .drm(path: path)
        case "png": self = .png(path: path)
        default:
            throw DisplayError(device: text, problem: "unknown display kind '\(kind)'; use fb:, drm:, png: or memory")
        }
    }

    public var description: String {
        switch self {
        case .framebuffer(let path): "fb:\(path)"
        case .drm(let path): "drm:\(path)"
        case .png(let path): "png:\(path)"
        case .memory: "memory"
        }
    }
}
