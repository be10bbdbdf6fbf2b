import FoundationEssentials
import KernelInput
import TouchUI

/// An app's configuration file (/etc/APP/APP.conf; for touchbridge
/// itself /etc/touchbridge/touchbridge.conf): display, app, orientation,
/// and which input devices to take and how to map them. Command-line
/// options override it.
public struct Configuration: Equatable, Sendable {
    public static let defaultPath = defaultPath(forApp: "touchbridge")

    /// Where an app installed as NAME looks for its configuration.
    public static func defaultPath(forApp name: String) -> String { "/etc/\(name)/\(name).conf" }

    public var display: String?
    /// The DRM connector to show on ("HDMI-A-1"), when the card has several.
    public var output: String?
    /// The app the file asks for, and where it said so: a binary hosts
    /// its own app only, so any other name is an error at startup.
    public var app: String?
    public var appSource: ConfigurationError?
    public var screenWidth: Int?
    public var screenHeight: Int?
    /// Clockwise rotation of the picture and, by default, of the touches.
    public var rotation: Rotation?
    /// `appearance`: light or dark for the whole app; the app's default (light) when not given.
    public var appearance: UserInterfaceStyle?
    public var logLevel: String?
    public var devices: [String] = []
    public var nameContains: [String] = []
    public var grab = false
    /// Replaces each device's LIBINPUT_CALIBRATION_MATRIX.
    public var calibration: CalibrationMatrix?
    public var swapAxes = false
    public var invertX = false
    public var invertY = false
    /// tslib's filters for every device (`input.filter`, or the module lines of `input.ts-conf`).
    public var filters = FilterChainSpec()
    /// Where the filters were given, so that giving them twice names both places.
    private var filterSource: String?
    /// tslib's calibration (`input.pointercal`), in place of a matrix.
    public var pointercal: Pointercal?
    /// `input.min-pressure`, `input.min-touch-major`, `input.max-touch-major`.
    public var floor = ContactFloor()
    /// `idle-timeout`, `dim-after`, `wake-touch`: the panel dims and powers down when no one uses it.
    public var screenPower: ScreenPowerSettings?
    /// `picture-memory`: the megabytes rasterized views' pictures (sliding screens among them) and layers' backing stores (the overlay's too) may take together, and a quarter of it more text's; 64 when not given.
    public var pictureMemory: Int?
    /// `cursor-plane`: whether a lone finger marker may go on a DRM card's cursor plane; true when not given.
    public var usesCursorPlane = true
    /// `atomic-modesetting`: whether a DRM card that takes atomic commits is driven by them (frames with their damage, the cursor plane); true when not given.
    public var usesAtomicModesetting = true
    /// The built-in device quirks and those of quirks.d beside the file.
    public var quirks = DeviceQuirks.builtIn
    /// `[input.device.LABEL]` sections, in the order they are written.
    public var deviceSettings: [DeviceInputSettings] = []
    /// `[keyboard]`: how keys become text (XKB names), and whether keyboards are taken at all.
    public var keymap = KeymapNames()
    public var takesKeyboards = true
    /// `keyboard.on-screen`: false where a hardware keyboard is always there.
    public var showsOnScreenKeyboard = true
    /// `keyboard.repeat-delay` (milliseconds) and `keyboard.repeat-rate` (keys a second), as Weston
    /// names them: a held key in a text field repeats after the delay, at the rate; a rate of 0 is no repeat.
    public var keyRepeat = KeyRepeat.standard
    /// `keyboard.scanners`: keyboards that are barcode scanners, by (part of) their name.
    public var scanners: [String] = []
    /// `[metrics]`: where and how often the figures for Prometheus are written.
    public var metrics: MetricsSettings?
    /// `[remote]`: the screen over VNC.
    public var remote = RemoteSettings()

    public init() {}

    /// Throws, naming the file, line and key, unless the file asks for no app or for `name`.
    public func checkApp(isNamed name: String) throws {
        guard let app, app != name else { return }
        var error = appSource ?? ConfigurationError(file: "the command line", line: nil, key: nil, message: "")
        error.message = "no app '\(app)' in this program; it hosts '\(name)'"
        throw error
    }

    static let keys: [String: String] = [
        "display": "fb:/dev/fbN, drm:/dev/dri/cardN, png:FILE or memory",
        "output": "a DRM connector's name, such as \"HDMI-A-1\"",
        "app": "the app to host (its name)",
        "scene": "the app to host (its name; the older spelling of app)",
        "screen": "\"WIDTHxHEIGHT\"",
        "rotate": "0, 90, 180 or 270",
        "appearance": "\"light\" or \"dark\"",
        "log-level": "debug, info, notice, warning or error",
        "idle-timeout": "seconds with no touch before the panel powers down",
        "dim-after": "seconds with no touch before the backlight dims (less than idle-timeout)",
        "wake-touch": "swallow or deliver",
        "picture-memory": "megabytes rasterized views' pictures and layers' backing stores may take together (and a quarter more for text), 8 to 4096 (64 by default)",
        "cursor-plane": "true or false",
        "atomic-modesetting": "true or false",
        "input.devices": "a list of event nodes",
        "input.name-contains": "a list of device names (or parts of them)",
        "input.grab": "true or false",
        "input.calibration": "six numbers, as LIBINPUT_CALIBRATION_MATRIX",
        "input.swap-axes": "true or false",
        "input.invert-x": "true or false",
        "input.invert-y": "true or false",
        "input.filter": "tslib filters, such as \"median depth=5; dejitter delta=100\"",
        "input.ts-conf": "the path of a tslib ts.conf whose modules are the filters",
        "input.pointercal": "the path of a tslib pointercal file",
        "input.tslib-environment": "true or false",
        "input.min-pressure": "a pressure in the device's units",
        "input.min-touch-major": "a contact size in the device's ABS_MT_TOUCH_MAJOR units",
        "input.max-touch-major": "a contact size in the device's ABS_MT_TOUCH_MAJOR units",
        "keyboard.enabled": "true or false",
        "keyboard.on-screen": "true or false (false where a hardware keyboard is always there)",
        "keyboard.scanners": "a list of barcode scanners' names (or parts of them)",
        "keyboard.repeat-delay": "milliseconds a key is held before it repeats, 100 to 5000 (500 by default)",
        "keyboard.repeat-rate": "repeats a second of a held key, 0 to 100 (25 by default; 0: no repeat)",
        "keyboard.layout": "an XKB layout, or several: \"us\", \"de\", \"us,ru\"",
        "keyboard.variant": "an XKB variant for each layout: \"intl\", \"nodeadkeys\"",
        "keyboard.options": "XKB options: \"compose:ralt,grp:alt_shift_toggle\"",
        "keyboard.model": "an XKB keyboard model: \"pc105\"",
        "remote.vnc": "true or false: serve the screen over VNC",
        "remote.address": "the IP address VNC listens on (\"127.0.0.1\" by default: reach it through an SSH tunnel)",
        "remote.port": "the TCP port VNC listens on, 1 to 65535 (5900 by default)",
        "remote.password-file": "a vncpasswd file, readable by the service alone (chmod 600)",
        "remote.view-only": "true or false: VNC clients see the screen and cannot touch it",
        "metrics.textfile": "the .prom file node_exporter's textfile collector reads, such as \"/var/lib/prometheus/node-exporter/touchbridge.prom\"",
        "metrics.interval": "seconds between writes of the metrics file, 1 to 3600 (5 by default)",
    ]

    /// Reads `path`. A missing file is an error only when `required`
    /// (the user named it); the default path may well not exist.
    /// Also reads the `*.quirks` files in `quirks.d` beside it (/etc/NAME/quirks.d).
    public static func load(path: String, required: Bool) throws -> Configuration {
        var configuration = try loadFile(path: path, required: required)
        let directory = Self.directory(of: path) + "/quirks.d"
        do throws(QuirksError) {
            configuration.quirks = try DeviceQuirks.load(directory: directory)
        } catch {
            throw ConfigurationError(file: error.path, line: error.line, key: nil, message: error.message)
        }
        return configuration
    }

    private static func loadFile(path: String, required: Bool) throws -> Configuration {
        guard FileManager.default.fileExists(atPath: path) else {
            if required { throw ConfigurationError(file: path, line: nil, key: nil, message: "no such file") }
            return Configuration()
        }
        guard let bytes = try? RecordingReader.readBytes(path) else {
            throw ConfigurationError(file: path, line: nil, key: nil, message: "cannot be read (permissions?)")
        }
        // The bytes as they are: the parser names the line of a byte that is not UTF-8.
        return try Configuration(file: ConfigurationFile(path: path, bytes: bytes))
    }

    /// The directory a file is in, as NSString's `deletingLastPathComponent`
    /// gives it (repeated and trailing slashes do not count; "" for a bare name).
    static func directory(of path: String) -> String {
        let root = path.hasPrefix("/") ? "/" : ""
        return root + path.split(separator: "/").dropLast().joined(separator: "/")
    }

    public init(file: ConfigurationFile) throws {
        // In the file's order; keys on one line (an inline table) by name, so an error names the same one each time.
        for (key, entry) in file.entries.sorted(by: { ($0.value.line, $0.key) < ($1.value.line, $1.key) }) {
            func fail(_ message: String) -> ConfigurationError {
                ConfigurationError(file: file.path, line: entry.line, key: key, message: message)
            }
            if key.hasPrefix("input.device.") {
                try readDeviceSetting(key, entry, file: file)
                continue
            }
            guard let expected = Self.keys[key] else {
                throw fail("unknown key; the keys are \(Self.keys.keys.sorted().joined(separator: ", ")), and under [input.device.LABEL] sections \(DeviceInputSettings.keys.keys.sorted().joined(separator: ", "))")
            }
            func wrongType() -> ConfigurationError { fail("expected \(expected), got \(entry.value.typeName)") }
            func string() throws -> String {
                guard case .string(let text) = entry.value else { throw wrongType() }
                return text
            }
            func bool() throws -> Bool {
                guard case .bool(let flag) = entry.value else { throw wrongType() }
                return flag
            }
            func strings() throws -> [String] {
                if case .string(let text) = entry.value { return [text] }
                guard case .array(let items) = entry.value else { throw wrongType() }
                return try items.map { item in
                    guard case .string(let text) = item else { throw fail("expected \(expected); the list holds \(item.typeName)") }
                    return text
                }
            }
            switch key {
            case "display": display = try string()
            case "output": output = try string()
            case "app", "scene":
                if let earlier = appSource, earlier.key != key {
                    throw fail("the app is named twice (\(earlier.key ?? "app") on line \(earlier.line ?? 0))")
                }
                app = try string()
                appSource = fail("")
            case "screen":
                let parts = try string().lowercased().split(separator: "x").compactMap { Int($0) }
                guard parts.count == 2, parts.allSatisfy({ (1...16384).contains($0) }) else { throw fail("expected \(expected), such as \"800x480\"") }
                (screenWidth, screenHeight) = (parts[0], parts[1])
            case "rotate":
                guard case .number(let degrees) = entry.value, let whole = Int(exactly: degrees), let rotation = Rotation(rawValue: whole) else {
                    throw fail("expected \(expected), got \(entry.value)")
                }
                self.rotation = rotation
            case "appearance":
                switch try string() {
                case "light": appearance = .light
                case "dark": appearance = .dark
                case let other: throw fail("expected \(expected), got \"\(other)\"")
                }
            case "log-level":
                let level = try string()
                guard ["trace", "debug", "info", "notice", "warning", "error", "critical"].contains(level) else { throw fail("expected \(expected), got '\(level)'") }
                logLevel = level
            case "idle-timeout", "dim-after":
                guard case .number(let seconds) = entry.value, seconds > 0, seconds <= 86400 * 7 else {
                    throw fail("expected \(expected): a number of seconds above 0, got \(entry.value)")
                }
                var power = screenPower ?? ScreenPowerSettings(idleTimeout: 0)
                if key == "idle-timeout" { power.idleTimeout = seconds } else { power.dimAfter = seconds }
                screenPower = power
            case "picture-memory":
                guard case .number(let megabytes) = entry.value, let whole = Int(exactly: megabytes), (8...4096).contains(whole) else {
                    throw fail("expected \(expected), got \(entry.value)")
                }
                pictureMemory = whole
            case "cursor-plane": usesCursorPlane = try bool()
            case "atomic-modesetting": usesAtomicModesetting = try bool()
            case "wake-touch":
                let choice = try string()
                guard choice == "swallow" || choice == "deliver" else { throw fail("expected \(expected), got '\(choice)'") }
                var power = screenPower ?? ScreenPowerSettings(idleTimeout: 0)
                power.swallowsWakeTouch = choice == "swallow"
                screenPower = power
            case "input.devices": devices = try strings()
            case "input.name-contains": nameContains = try strings()
            case "input.grab": grab = try bool()
            case "input.calibration":
                let matrix: CalibrationMatrix?
                switch entry.value {
                case .string(let text): matrix = CalibrationMatrix(parsing: text)
                case .array(let items):
                    let numbers = items.compactMap { if case .number(let n) = $0 { n } else { nil } }
                    matrix = numbers.count == 6 && items.count == 6 ? CalibrationMatrix(numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5]) : nil
                default: matrix = nil
                }
                guard let matrix else { throw fail("expected \(expected), such as \"1 0 0 0 1 0\"") }
                calibration = matrix
            case "input.swap-axes": swapAxes = try bool()
            case "input.invert-x": invertX = try bool()
            case "input.invert-y": invertY = try bool()
            case "input.filter", "input.ts-conf":
                if let filterSource { throw fail("the filters are already given by \(filterSource); give them once") }
                let text = try string()
                do throws(TslibError) {
                    filters = key == "input.filter" ? try FilterChainSpec(parsing: text) : try FilterChainSpec.tsConf(path: text)
                } catch {
                    throw fail(error.message)
                }
                filterSource = "\(key) on line \(entry.line)"
            case "input.min-pressure", "input.min-touch-major", "input.max-touch-major":
                guard case .number(let number) = entry.value, number == number.rounded(), (0...Double(Int32.max)).contains(number) else {
                    throw fail("expected \(expected), a whole number of 0 or more, got \(entry.value)")
                }
                switch key {
                case "input.min-pressure": floor.minimumPressure = Int32(number)
                case "input.min-touch-major": floor.minimumTouchMajor = Int32(number)
                default: floor.maximumTouchMajor = Int32(number)
                }
            case "input.pointercal":
                let path = try string()
                do throws(TslibError) { pointercal = try Pointercal(path: path) } catch { throw fail(error.message) }
            case "input.tslib-environment":
                guard try bool() else { continue }
                do throws(TslibError) {
                    let environment = try TslibEnvironment()
                    if filterSource == nil, let filters = environment.filters { self.filters = filters }
                    pointercal = pointercal ?? environment.pointercal
                    if devices.isEmpty, let device = environment.device { devices = [device] }
                } catch {
                    throw fail(error.message)
                }
            case "keyboard.enabled": takesKeyboards = try bool()
            case "keyboard.on-screen": showsOnScreenKeyboard = try bool()
            case "keyboard.scanners": scanners = try strings()
            case "keyboard.repeat-delay":
                guard case .number(let milliseconds) = entry.value, milliseconds >= 100, milliseconds <= 5000 else {
                    throw fail("expected \(expected), got \(entry.value)")
                }
                keyRepeat.delay = milliseconds / 1000
            case "keyboard.repeat-rate":
                guard case .number(let rate) = entry.value, rate >= 0, rate <= 100 else { throw fail("expected \(expected), got \(entry.value)") }
                keyRepeat.rate = rate
            case "keyboard.layout": keymap.layout = try string()
            case "keyboard.variant": keymap.variant = try string()
            case "keyboard.options": keymap.options = try string()
            case "keyboard.model": keymap.model = try string()
            case "remote.vnc": remote.vnc = try bool()
            case "remote.address":
                let address = try string()
                guard address.contains(":") ? address.allSatisfy({ $0.isHexDigit || $0 == ":" }) : address.split(separator: ".").count == 4 && address.split(separator: ".").allSatisfy({ UInt8($0) != nil }) else {
                    throw fail("expected an IPv4 or IPv6 address, such as \"127.0.0.1\" or \"::1\", got \"\(address)\"")
                }
                remote.address = address
            case "remote.port":
                guard case .number(let port) = entry.value, let whole = Int(exactly: port), (1...65535).contains(whole) else { throw fail("expected \(expected), got \(entry.value)") }
                remote.port = whole
            case "remote.password-file":
                let path = try string()
                guard path.hasPrefix("/") else { throw fail("expected \(expected): an absolute path, got \"\(path)\"") }
                remote.passwordFile = path
            case "remote.view-only": remote.viewOnly = try bool()
            case "metrics.textfile":
                let path = try string()
                guard path.hasPrefix("/"), path.hasSuffix(".prom") else {
                    throw fail("expected an absolute path ending in .prom (the collector reads only those), got \"\(path)\"")
                }
                metrics = MetricsSettings(textfile: path, interval: metrics?.interval ?? MetricsSettings.defaultInterval)
            case "metrics.interval":
                guard case .number(let seconds) = entry.value, (1...3600).contains(seconds) else { throw fail("expected \(expected), got \(entry.value)") }
                metrics = MetricsSettings(textfile: metrics?.textfile ?? "", interval: seconds)
            default: throw fail("unknown key")
            }
        }
        try checkDeviceSections(file: file)
        if remote.vnc, !remote.isLoopback, remote.passwordFile == nil {
            throw ConfigurationError(
                file: file.path, line: file.entries["remote.address"]?.line, key: "remote.address",
                message: "VNC on \(remote.address), beyond this machine, needs remote.password-file: anyone who reaches the port could touch the kiosk")
        }
        if let metrics, metrics.textfile.isEmpty {
            throw ConfigurationError(
                file: file.path, line: file.entries["metrics.interval"]?.line, key: "metrics.interval",
                message: "needs metrics.textfile, the file to write the metrics to")
        }
        if keymap != KeymapNames() {
            do throws(KeymapError) {
                _ = try Keymap(keymap)
            } catch {
                let key = "keyboard.\(error.setting)"
                throw ConfigurationError(file: file.path, line: file.entries[key]?.line, key: file.entries[key] == nil ? nil : key, message: error.message)
            }
        }
        if let power = screenPower {
            func line(_ key: String) -> Int? { file.entries[key]?.line }
            guard power.idleTimeout > 0 else {
                let key = file.entries["dim-after"] != nil ? "dim-after" : "wake-touch"
                throw ConfigurationError(file: file.path, line: line(key), key: key, message: "needs idle-timeout, the seconds before the panel powers down")
            }
            if let dim = power.dimAfter, dim >= power.idleTimeout {
                throw ConfigurationError(
                    file: file.path, line: line("dim-after"), key: "dim-after",
                    message: "\(ConfigurationValue.number(dim)) s is not before idle-timeout (\(ConfigurationValue.number(power.idleTimeout)) s): the panel dims before it powers down")
            }
        }
    }
}

extension Configuration {
    /// One key of an `[input.device.LABEL]` section.
    private mutating func readDeviceSetting(_ key: String, _ entry: ConfigurationFile.Entry, file: ConfigurationFile) throws {
        func fail(_ message: String) -> ConfigurationError {
            ConfigurationError(file: file.path, line: entry.line, key: key, message: message)
        }
        let rest = key.dropFirst("input.device.".count)
        guard let dot = rest.lastIndex(of: "."), dot != rest.startIndex else {
            throw fail("a device's settings go in a section of their own, [input.device.LABEL], such as [input.device.resistive]")
        }
        let label = String(rest[..<dot]), name = String(rest[rest.index(after: dot)...])
        guard let expected = DeviceInputSettings.keys[name] else {
            throw fail("unknown key; a device's section takes \(DeviceInputSettings.keys.keys.sorted().joined(separator: ", "))")
        }
        var settings = deviceSettings.first { $0.label == label } ?? DeviceInputSettings(label: label)
        func string() throws -> String {
            guard case .string(let text) = entry.value else { throw fail("expected \(expected), got \(entry.value.typeName)") }
            return text
        }
        func size() throws -> Int32 {
            guard case .number(let number) = entry.value, number == number.rounded(), (0...Double(Int32.max)).contains(number) else {
                throw fail("expected \(expected), a whole number of 0 or more, got \(entry.value)")
            }
            return Int32(number)
        }
        switch name {
        case "name-contains":
            settings.nameContains = try string()
            guard !settings.nameContains.isEmpty else { throw fail("expected \(expected), got an empty string") }
        case "filter", "ts-conf":
            if settings.filters != nil { throw fail("the filters of [input.device.\(label)] are already given; give them once") }
            let text = try string()
            do throws(TslibError) {
                settings.filters = name == "filter" ? try FilterChainSpec(parsing: text) : try FilterChainSpec.tsConf(path: text)
            } catch {
                throw fail(error.message)
            }
        case "output":
            settings.output = try string()
            guard settings.output?.isEmpty == false else { throw fail("expected \(expected), got an empty string") }
        case "min-pressure": settings.minimumPressure = try size()
        case "min-touch-major": settings.minimumTouchMajor = try size()
        default: settings.maximumTouchMajor = try size()
        }
        if let index = deviceSettings.firstIndex(where: { $0.label == label }) {
            deviceSettings[index] = settings
        } else {
            deviceSettings.append(settings)
        }
    }

    /// Every `[input.device.LABEL]` section says which devices it is for.
    func checkDeviceSections(file: ConfigurationFile) throws {
        for settings in deviceSettings where settings.nameContains.isEmpty {
            let line = file.entries.filter { $0.key.hasPrefix("input.device.\(settings.label).") }.map(\.value.line).min()
            throw ConfigurationError(
                file: file.path, line: line, key: nil,
                message: "[input.device.\(settings.label)] needs name-contains, the device name (or part of it) it is for")
        }
    }
}
