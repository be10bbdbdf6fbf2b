import Desktop
import Display
import FoundationEssentials
import Glibc
import Graphics
import KernelInput
import Logging
import TouchUI

/// What a host makes of its settings: the display, the logs, and how to take and map the devices.
extension Configuration {
    /// Opens the display the settings name (auto: a kiosk's panel if there is one, else a PNG file).
    public func openSurface() throws -> any DisplaySurface {
        let (spec, size, rotation) = try displayChoice()
        return try spec.openSurface(size: size, rotation: rotation, output: output, drm: drmOptions)
    }

    /// How a DRM card is driven, as the settings say.
    var drmOptions: DRMOptions { DRMOptions(atomicCommits: usesAtomicModesetting, cursorPlane: usesCursorPlane) }

    /// Opens every display the settings give the app: each connected output
    /// of a DRM card, unless `output` names one or a screen size is asked
    /// for (which is one picture's size); otherwise the one display.
    /// A desktop window is titled `title`.
    public func openSurfaces(title: String = "TouchBridge") throws -> [any DisplaySurface] {
        let (spec, size, rotation) = try displayChoice()
        switch spec {
        case .drm(let path) where output == nil && size == nil:
            return try DRMSurface.openAll(path: path, rotation: rotation, options: drmOptions)
        case .window, .wayland:
            if let output {
                throw DisplayError(device: spec.description, problem: "only a drm: display has outputs to choose from (asked for \(output))")
            }
            // Under a kiosk compositor: the whole output, in the compositor's own protocol.
            if spec == .wayland { return [try DesktopWindow(fullScreenOnWaylandTitled: title, appID: title)] }
            let (width, height) = size ?? (800, 480)
            return [try DesktopWindow(title: title, width: width, height: height)]
        default:
            return [try spec.openSurface(size: size, rotation: rotation, output: output, drm: drmOptions)]
        }
    }

    private func displayChoice() throws -> (DisplaySpec, (Int, Int)?, DisplayRotation) {
        // An output is a DRM connector: auto then means the first DRM card.
        let name = display.flatMap { $0 == "auto" ? nil : $0 } ?? (output != nil ? "drm:/dev/dri/card0" : Self.automaticDisplay())
        let spec = try DisplaySpec(parsing: name)
        var size = screenWidth.map { ($0, screenHeight!) } ?? (spec.hasOwnSize ? nil : (800, 480))
        // A window's own size (window:WxH) comes before the screen's.
        if case .window(let width?, let height?) = spec { size = (width, height) }
        let rotation = DisplayRotation(rawValue: (self.rotation ?? .none).rawValue) ?? .none
        return (spec, size, rotation)
    }

    /// Under systemd, waits for the display's device to appear: at boot a
    /// panel's driver may load after the service starts. Until it does, the
    /// service's status says what it waits for, and each notice extends
    /// systemd's start timeout. Outside systemd a missing display is an
    /// error at once (from `openSurface`), as a person at a shell expects.
    /// `auto` waits for the first framebuffer or DRM card rather than fall
    /// back to a PNG file.
    public func awaitDisplay(
        notifier: SystemdNotifier, logger: Logger, poll: Double = 0.25, limit: Double = 120,
        exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) {
        guard notifier.isActive else { return }
        let wanted: [String]
        switch display.flatMap({ $0 == "auto" ? nil : $0 }).map({ try? DisplaySpec(parsing: $0) }) {
        case nil: wanted = output != nil ? ["/dev/dri/card0"] : ["/dev/fb0", "/dev/dri/card0"]
        case .some(.framebuffer(let path)), .some(.drm(let path)): wanted = [path]
        default: return
        }
        var lastNotice: Double?
        var waited = 0.0
        var found = wanted.contains(where: exists)
        // Two minutes covers a slow driver; a mistyped device then fails, and systemd restarts it.
        while !found && waited < limit {
            if lastNotice.map({ waited - $0 >= 5 }) ?? true {
                let what = wanted.joined(separator: " or ")
                if lastNotice == nil { logger.notice("waiting for the display: \(what) is not there yet") }
                notifier.notify("STATUS=waiting for the display (\(what))\nEXTEND_TIMEOUT_USEC=15000000")
                lastNotice = waited
            }
            usleep(UInt32(poll * 1_000_000))
            waited += poll
            found = wanted.contains(where: exists)
        }
        if lastNotice != nil && found { logger.notice("the display is there") }
    }

    /// The first DRM card when it has several displays connected (a
    /// framebuffer shows only one of them), else the first framebuffer,
    /// else the first DRM card, else a PNG file in the working directory.
    public static func automaticDisplay() -> String {
        // A Wayland compositor owns the screen (cage, Weston's kiosk shell): its client, full screen.
        if let wayland = getenv("WAYLAND_DISPLAY"), wayland.pointee != 0 { return "wayland" }
        let card = "/dev/dri/card0"
        if let connectors = try? ConnectorSummary.list(card: card), connectors.count(where: \.connected) > 1 { return "drm:" + card }
        if FileManager.default.fileExists(atPath: "/dev/fb0") { return "fb:/dev/fb0" }
        if FileManager.default.fileExists(atPath: "/dev/dri/card0") { return "drm:/dev/dri/card0" }
        return "png:touchbridge-screen.png"
    }

    /// How the daemon takes and maps its devices; `calibration` overrides the settings' one.
    public func input(screen: Size, calibration: CalibrationMatrix?? = nil) -> InputSettings {
        InputSettings(
            selection: DeviceSelection(nodes: devices, nameContains: nameContains, grab: grab, keyboards: takesKeyboards, scanners: scanners),
            options: inputOptions(screen: screen),
            calibration: calibration ?? self.calibration)
    }

    public func inputOptions(screen: Size) -> InputOptions {
        var options = InputOptions(
            geometry: ScreenGeometry(
                screenWidth: screen.width, screenHeight: screen.height, rotation: rotation ?? .none,
                swapAxes: swapAxes, invertX: invertX, invertY: invertY, pointercal: pointercal),
            filters: filters, floor: floor, devices: deviceSettings)
        options.quirks = quirks
        options.keymap = keymap
        return options
    }

    /// Logs go to stderr, with journald's priority prefixes under systemd. Once per process.
    public func startLogging(label: String) -> Logger {
        let level = Logger.Level(rawValue: logLevel ?? "info") ?? .info
        LoggingSystem.bootstrap { JournalLogHandler(label: $0, level: level) }
        return Logger(label: label)
    }
}

extension DisplaySpec {
    /// Panels know their size; files and memory are told it.
    public var hasOwnSize: Bool {
        switch self {
        case .framebuffer, .drm, .wayland: true
        case .window(let width, _): width != nil
        case .png, .memory: false
        }
    }
}

extension Configuration {
    /// Every `[input.device.LABEL]` section's `output` names a display there
    /// is; with one display, every touchscreen is on it and naming another
    /// is a mistake to hear of now rather than a touch gone missing later.
    public func checkDeviceOutputs(shownOn surfaces: [any DisplaySurface]) throws {
        let names = surfaces.compactMap { ($0 as? DRMSurface)?.connectorName }
        for section in deviceSettings {
            guard let output = section.output, !names.contains(output) else { continue }
            let there = names.isEmpty
                ? "the display, \(surfaces[0].summary), has no outputs to choose from"
                : "the app is shown on \(names.joined(separator: ", "))"
            throw DisplayError(device: "[input.device.\(section.label)] output", problem: "no output named \(output); \(there)")
        }
    }
}

extension Screen {
    /// The screen a display surface is: its picture's size, refresh rate and output name.
    convenience init(showing surface: any DisplaySurface) {
        self.init(
            bounds: Rect(x: 0, y: 0, width: Double(surface.width), height: Double(surface.height)),
            maximumFramesPerSecond: Int(surface.refreshRate.rounded()), name: (surface as? DRMSurface)?.connectorName)
    }
}

extension OutputTarget {
    /// The display a surface shows on, as touchscreens are matched to it.
    init(showing surface: any DisplaySurface) {
        let drm = surface as? DRMSurface
        self.init(
            name: drm?.connectorName ?? surface.summary, width: Double(surface.width), height: Double(surface.height),
            widthMillimetres: drm?.widthMillimetres ?? 0, heightMillimetres: drm?.heightMillimetres ?? 0)
    }
}

extension Configuration {
    /// The keys that open and shape the display. They hold while it is
    /// open: a reload keeps the running ones, so that touches keep turning
    /// with the picture, and says when the file changed them.
    public struct DisplayKeys: Equatable, Sendable {
        public var display: String?
        public var output: String?
        public var screenWidth: Int?
        public var screenHeight: Int?
        public var rotation: Rotation?
        public var usesCursorPlane: Bool
        public var usesAtomicModesetting: Bool
    }

    public var displayKeys: DisplayKeys {
        get {
            DisplayKeys(
                display: display, output: output, screenWidth: screenWidth, screenHeight: screenHeight, rotation: rotation,
                usesCursorPlane: usesCursorPlane, usesAtomicModesetting: usesAtomicModesetting)
        }
        set {
            display = newValue.display
            output = newValue.output
            screenWidth = newValue.screenWidth
            screenHeight = newValue.screenHeight
            rotation = newValue.rotation
            usesCursorPlane = newValue.usesCursorPlane
            usesAtomicModesetting = newValue.usesAtomicModesetting
        }
    }
}

extension Configuration {
    /// What the settings say of the app itself: all of it at launch; on a
    /// reload only what changed since `previous`, so that a choice the app
    /// made itself (no on-screen keyboard, say) stands until the file changes it.
    @MainActor
    public func apply(to application: Application, changedFrom previous: Configuration? = nil) {
        if previous?.showsOnScreenKeyboard != showsOnScreenKeyboard { application.showsOnScreenKeyboard = showsOnScreenKeyboard }
        if previous?.keyRepeat != keyRepeat { application.keyRepeat = keyRepeat }
        if previous?.keymap != keymap {
            application.keyboardLetterRows = (try? Keymap(keymap))?.letterRows ?? KeyboardView.qwertyRows
        }
        // Only a file that names an appearance sets it: one without the key leaves the app's own choice alone.
        if let appearance, previous?.appearance != appearance { application.userInterfaceStyle = appearance }
        if previous == nil || previous?.pictureMemory != pictureMemory {
            View.rasterizationMemoryLimit = pictureMemoryBytes
            // Text's pictures (a label's glyphs drawn once) take their share apart.
            TextPictureStore.shared.limit = TextPictureStore.limit(forPictureMemory: pictureMemoryBytes)
        }
    }

    /// `picture-memory` in bytes, 64 MB when not given.
    public var pictureMemoryBytes: Int { (pictureMemory ?? 64) << 20 }
}
