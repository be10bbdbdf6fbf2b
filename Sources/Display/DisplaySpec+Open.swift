import Graphics

extension DisplaySpec {
    /// Opens the display this names. A panel (fb:, drm:) gives its own size
    /// unless `size` asks for one it must be able to hold; png: and memory
    /// have no size of their own and need one. Not a desktop window: the
    /// host opens that, through the Desktop module. `graphicsConsole` keeps the
    /// text console off a panel (tests turn it off); `drm` says how a DRM
    /// card is driven.
    public func openSurface(
        size: (width: Int, height: Int)?, rotation: DisplayRotation = .none, graphicsConsole: Bool = true,
        output: String? = nil, drm options: DRMOptions = DRMOptions()
    ) throws -> any DisplaySurface {
        if let output, !isDRM {
            throw DisplayError(device: description, problem: "only a drm: display has outputs to choose from (asked for \(output))")
        }
        switch self {
        case .framebuffer(let path):
            return try FramebufferSurface(path: path, size: size, rotation: rotation, graphicsConsole: graphicsConsole)
        case .drm(let path):
            return try DRMSurface(
                path: path, size: size, rotation: rotation, graphicsConsole: graphicsConsole, output: output, options: options)
        case .png(let path):
            guard let size else { throw DisplayError(device: description, problem: "a PNG display needs a size (--screen WxH)") }
            return PNGSurface(path: path, width: size.width, height: size.height)
        case .memory:
            guard let size else { throw DisplayError(device: description, problem: "a memory display needs a size (--screen WxH)") }
            return MemorySurface(width: size.width, height: size.height, rotation: rotation)
        case .window, .wayland:
            throw DisplayError(device: description, problem: "a desktop window is opened by the host (DesktopWindow), not by openSurface")
        }
    }
}

extension DisplaySpec {
    var isDRM: Bool {
        if case .drm = self { return true }
        return false
    }
}
