import Bridge
import Foundation
import KernelInput
import TouchUI
import Testing

struct ConfigurationTests {
    func parse(_ text: String) throws -> Bridge.Configuration {
        try Bridge.Configuration(file: ConfigurationFile(path: "/etc/touchbridge/touchbridge.conf", text: text))
    }

    func error(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aFullFileIsRead() throws {
        let settings = try parse(
            """
            # The panel is mounted upside down.
            display = "fb:/dev/fb1"   # the second panel
            scene = "demo"
            rotate = 180
            screen = "1024x600"
            log-level = "debug"
            appearance = "dark"

            [input]
            devices = ["/dev/input/by-id/usb-ILITEK-event-if00", "/dev/input/event7"]
            name-contains = "maXTouch"
            grab = true
            calibration = [1.02, 0, -0.01, 0, 0.98, 0.015]
            swap-axes = false
            invert-x = true
            """)
        #expect(settings.display == "fb:/dev/fb1")
        #expect(settings.app == "demo")
        #expect(settings.rotation == .upsideDown)
        #expect(settings.screenWidth == 1024 && settings.screenHeight == 600)
        #expect(settings.logLevel == "debug")
        #expect(settings.appearance == .dark)
        #expect(settings.devices == ["/dev/input/by-id/usb-ILITEK-event-if00", "/dev/input/event7"])
        #expect(settings.nameContains == ["maXTouch"])
        #expect(settings.grab)
        #expect(settings.calibration == CalibrationMatrix(1.02, 0, -0.01, 0, 0.98, 0.015))
        #expect(settings.invertX && !settings.invertY && !settings.swapAxes)
    }

    @Test func anEmptyFileChangesNothing() throws {
        #expect(try parse("\n# nothing\n\n") == Bridge.Configuration())
    }

    @Test func theCalibrationMayBeUdevsText() throws {
        #expect(try parse("[input]\ncalibration = \"0 1 0 -1 0 1\"").calibration == CalibrationMatrix(0, 1, 0, -1, 0, 1))
    }

    @Test func mistakesNameTheLineAndTheKey() {
        let path = "/etc/touchbridge/touchbridge.conf"
        #expect(error("rotate = 45") == "\(path):1: key 'rotate': expected 0, 90, 180 or 270, got 45")
        #expect(error("appearance = \"night\"") == "\(path):1: key 'appearance': expected \"light\" or \"dark\", got \"night\"")
        #expect(error("\n[input]\ngrab = yes") == "\(path):3: key 'input.grab': 'yes' is not a value: strings need \"quotes\"; otherwise a number, true or false")
        #expect(error("[input]\ngrabb = true")?.hasPrefix("\(path):2: key 'input.grabb': unknown key; the keys are app, appearance, atomic-modesetting, cursor-plane, dim-after, display,") == true)
        #expect(error("display = \"fb:/dev/fb0") == "\(path):1: key 'display': the string has no closing quote")
        #expect(error("scene = \"a\"\nscene = \"b\"") == "\(path):2: key 'scene': set twice (first on line 1)")
        #expect(error("[input\n") == "\(path):1: a section header needs a closing ']'")
        #expect(error("just words") == "\(path):1: expected 'key = value', found 'just words'")
        #expect(error("[input]\ncalibration = \"1 0 0\"") == "\(path):2: key 'input.calibration': expected six numbers, as LIBINPUT_CALIBRATION_MATRIX, such as \"1 0 0 0 1 0\"")
        #expect(error("[input]\ndevices = [\"/dev/input/event1\", 3]") == "\(path):2: key 'input.devices': expected a list of event nodes; the list holds a number")
        #expect(error("screen = \"big\"") == "\(path):1: key 'screen': expected \"WIDTHxHEIGHT\", such as \"800x480\"")
        #expect(error("[input]\ndevices = [\"/dev/input/event1\"") == "\(path):2: key 'input.devices': the list has no closing ']'")
    }

    @Test func theCursorPlaneIsUsedUnlessTurnedOff() throws {
        #expect(try parse("").usesCursorPlane)
        #expect(try !parse("cursor-plane = false").usesCursorPlane)
        #expect(try parse("").usesAtomicModesetting)
        #expect(try !parse("atomic-modesetting = false").usesAtomicModesetting)
        #expect(try parse("atomic-modesetting = false").displayKeys != parse("").displayKeys)
        #expect(error("atomic-modesetting = \"no\"") == "/etc/touchbridge/touchbridge.conf:1: key 'atomic-modesetting': expected true or false, got a string")
        #expect(error("\ncursor-plane = 0") == "/etc/touchbridge/touchbridge.conf:2: key 'cursor-plane': expected true or false, got a number")
    }

    @Test func anyTOMLFormOfTheSettingsIsRead() throws {
        // Dotted keys, an inline table, a list over several lines, a literal
        // string and a multi-line string: TOML 1.0, not only `key = value` lines.
        let settings = try parse(
            #"""
            display = 'fb:/dev/fb1'
            keyboard = { layout = "de", scanners = [
                "Honeywell",  # the till's scanner
                "Zebra",
            ] }
            input.grab = true
            input.swap-axes = true
            [input.device.resistive]
            name-contains = """
            ADS7846"""
            min-pressure = 1_000
            """#)
        #expect(settings.display == "fb:/dev/fb1")
        #expect(settings.keymap.layout == "de")
        #expect(settings.grab && settings.swapAxes)
        #expect(settings.deviceSettings.first?.nameContains == "ADS7846")
        #expect(settings.deviceSettings.first?.minimumPressure == 1000)
        #expect(settings.scanners == ["Honeywell", "Zebra"])
    }

    @Test func mistakesInTOMLsOtherFormsNameTheirLine() {
        let path = "/etc/touchbridge/touchbridge.conf"
        // A key after a multi-line string and a multi-line list keeps its own line.
        #expect(error("scene = \"\"\"\ndemo\n\"\"\"\ninput.devices = [\n  \"a\",\n]\ngrab = 3")?.hasPrefix("\(path):7: key 'grab': unknown key; the keys are") == true)
        // A key inside an inline table is named in full.
        #expect(error("\ninput = { grab = \"yes\" }") == "\(path):2: key 'input.grab': expected true or false, got a string")
        #expect(error("input.grab = true\n[input]\nswap-axes = true") == "\(path):2: [input] was already made by dotted keys on line 1")
        #expect(error("[[input]]\ngrab = true")?.hasPrefix("\(path):1: key 'input': unknown key") == true)
        #expect(error("when = 1979-05-27T07:32:00Z")?.hasPrefix("\(path):1: key 'when': unknown key") == true)
        #expect(error("rotate = 2024-02-30") == "\(path):1: key 'rotate': '2024-02-30' is not a value: strings need \"quotes\"; otherwise a number, true or false")
        #expect(error("[") == "\(path):1: expected a key, found the end of the file")
        // A key set twice names the line of its key, not where its list ended.
        #expect(error("[input]\ndevices = [\"a\"]\ndevices = [\n  \"b\",\n]") == "\(path):3: key 'input.devices': set twice (first on line 2)")
        #expect(error("\"input.grab\" = true\n[input]\ngrab = false") == "\(path):3: key 'input.grab': set twice (first on line 1)")
        #expect(error("rotate = inf") == "\(path):1: key 'rotate': inf and nan are not values a setting takes")
        #expect(error("rotate = 9_223_372_036_854_775_807") == "\(path):1: key 'rotate': expected 0, 90, 180 or 270, got 9.223372036854776e+18")
        #expect(error("[input]\ncalibration = [nan, 0, 0, 0, 1, 0]") == "\(path):2: key 'input.calibration': inf and nan are not values a setting takes")
        #expect(error("[[input]") == "\(path):1: an array-of-tables header needs a closing ']]'")
        #expect(error("scene = \"\"\"\nnever closed") == "\(path):2: key 'scene': the multi-line string opened on line 1 has no closing \"\"\"")
        #expect(error("[input]\ndevices = [\n\"a\",") == "\(path):3: key 'input.devices': the list opened on line 2 has no closing ']'")
        #expect(error("a = " + String(repeating: "[", count: 100_000)) == "\(path):1: key 'a': lists and inline tables are nested more than 128 deep")
        // Two mistakes on one line: the same one is named every time.
        #expect(error("input = { grab = 1, swap-axes = 2 }") == "\(path):1: key 'input.grab': expected true or false, got a number")
        #expect(error("a = \"\u{0}\"") == "\(path):1: key 'a': the control character U+0000 is not allowed in a string; write it as an escape")
    }

    @Test func bytesThatAreNotUTF8AreNamedByLine() {
        #expect(throws: (any Error).self) { try ConfigurationFile(path: "k.conf", bytes: Array("scene = 1\n".utf8) + [0x61, 0xFF]) }
        do {
            _ = try ConfigurationFile(path: "k.conf", bytes: Array("scene = 1\n".utf8) + [0x61, 0xFF])
        } catch {
            #expect("\(error)" == "k.conf:2: not UTF-8 text: byte 12 of the file starts no character (0xff)")
        }
    }

    @Test func aMissingFileMattersOnlyWhenNamed() throws {
        #expect(try Bridge.Configuration.load(path: "/nonexistent/touchbridge.conf", required: false) == Bridge.Configuration())
        #expect(throws: ConfigurationError.self) { try Bridge.Configuration.load(path: "/nonexistent/touchbridge.conf", required: true) }
    }

    @Test func tslibsFiltersAndCalibrationAreRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tslib-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let conf = directory.appendingPathComponent("ts.conf").path
        let pointercal = directory.appendingPathComponent("pointercal").path
        try "module_raw input\nmodule pthres pmin=10\nmodule dejitter delta=50\nmodule linear\n".write(toFile: conf, atomically: true, encoding: .utf8)
        try "12800 0 -1638400 0 7680 -983040 65536 800 480\n".write(toFile: pointercal, atomically: true, encoding: .utf8)

        let fromConf = try parse("[input]\nts-conf = \"\(conf)\"\npointercal = \"\(pointercal)\"")
        #expect(fromConf.filters.modules == [.pthres(pmin: 10, pmax: .max), .dejitter(delta: 50)])
        #expect(fromConf.pointercal == Pointercal([12800, 0, -1638400, 0, 7680, -983040, 65536], width: 800, height: 480))
        #expect(try parse("[input]\nfilter = \"median depth=5\"").filters.modules == [.median(depth: 5)])

        let path = "/etc/touchbridge/touchbridge.conf"
        #expect(
            error("[input]\nfilter = \"median deep=5\"")
                == "\(path):2: key 'input.filter': median has no parameter 'deep'; it takes depth")
        #expect(
            error("[input]\nfilter = \"median\"\nts-conf = \"\(conf)\"")
                == "\(path):3: key 'input.ts-conf': the filters are already given by input.filter on line 2; give them once")
        try "module median depth=5\nmodule dejitter delta=x\n".write(toFile: conf, atomically: true, encoding: .utf8)
        #expect(
            error("[input]\nts-conf = \"\(conf)\"")
                == "\(path):2: key 'input.ts-conf': \(conf):2: dejitter delta=x: expected device units, 100 by default")
        try "1 2 3\n".write(toFile: pointercal, atomically: true, encoding: .utf8)
        #expect(error("[input]\npointercal = \"\(pointercal)\"")?.contains("\(pointercal): 3 integers; a pointercal is 7 integers") == true)
    }

    /// A resistive panel beside a capacitive one: filters and floor for the one only.
    @Test func aDeviceSectionTunesTheDevicesItNames() throws {
        let settings = try parse(
            """
            [input]
            filter = "dejitter delta=50"
            min-pressure = 10

            [input.device.resistive]
            name-contains = "ADS7846"
            filter = "variance delta=30; median depth=5"
            max-touch-major = 40
            """)
        #expect(settings.deviceSettings.count == 1)
        let options = settings.inputOptions(screen: Size(width: 800, height: 480))
        let resistive = options.tuned(for: "ADS7846 Touchscreen")
        #expect(resistive.filters.modules == [.variance(delta: 30), .median(depth: 5)])
        #expect(resistive.floor == ContactFloor(minimumPressure: 10, maximumTouchMajor: 40))
        let other = options.tuned(for: "Atmel maXTouch Touchscreen")
        #expect(other.filters.modules == [.dejitter(delta: 50)] && other.floor == ContactFloor(minimumPressure: 10))

        let path = "/etc/touchbridge/touchbridge.conf"
        #expect(
            error("[input.device.a]\nfilter = \"median\"")
                == "\(path):2: [input.device.a] needs name-contains, the device name (or part of it) it is for")
        #expect(error("[input.device.a]\nname-contains = \"X\"\ngrab = true")?.hasPrefix("\(path):3: key 'input.device.a.grab': unknown key; a device's section takes filter") == true)
        #expect(error("[input.device]\nfilter = \"median\"")?.contains("go in a section of their own, [input.device.LABEL]") == true)
        #expect(
            error("[input.device.a]\nname-contains = \"X\"\nfilter = \"medain\"")
                == "\(path):3: key 'input.device.a.filter': tslib has no filter 'medain'; the filters are pthres, debounce, median, dejitter, iir, variance, skip, lowpass, evthres, invert")
    }

    @Test func tslibsEnvironmentIsHonouredWhenAsked() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tslib-env-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let conf = directory.appendingPathComponent("ts.conf").path
        try "module median depth=3\n".write(toFile: conf, atomically: true, encoding: .utf8)
        let environment = try TslibEnvironment(["TSLIB_CONFFILE": conf, "TSLIB_TSDEVICE": "/dev/input/event3", "TSLIB_CALIBFILE": ""])
        #expect(environment.filters?.modules == [.median(depth: 3)])
        #expect(environment.device == "/dev/input/event3")
        #expect {
            try TslibEnvironment(["TSLIB_CALIBFILE": "/nonexistent/pointercal"])
        } throws: { error in
            (error as? TslibError)?.message == "TSLIB_CALIBFILE=/nonexistent/pointercal: cannot be read (no such file, or permissions)"
        }
    }

    @Test func theShippedConfigurationParses() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let shipped = root.appendingPathComponent("systemd/touchbridge.conf").path
        let settings = try Bridge.Configuration.load(path: shipped, required: true)
        #expect(settings.display == "auto")
    }
    @Test func theKeyboardSection() throws {
        let settings = try parse("[keyboard]\nlayout = \"de\"\nvariant = \"nodeadkeys\"\noptions = \"compose:ralt\"\n")
        #expect(settings.keymap == KeymapNames(layout: "de", variant: "nodeadkeys", options: "compose:ralt"))
        #expect(settings.takesKeyboards)
        #expect(try parse("[keyboard]\nenabled = false\n").takesKeyboards == false)
        #expect(settings.input(screen: Size(width: 800, height: 480)).options.keymap.layout == "de")
        // A wrong name: the file, line and key, with what is there.
        do {
            _ = try parse("[keyboard]\nlayout = \"de\"\nvariant = \"nonsense\"\n")
            Issue.record("a wrong variant was taken")
        } catch let error as ConfigurationError {
            #expect(error.line == 3 && error.key == "keyboard.variant")
            #expect(error.message.hasPrefix("the XKB layout 'de' has no variant named 'nonsense'"))
        }
    }

    @Test func keyRepeatInWestonsNamesAndUnits() throws {
        #expect(try parse("").keyRepeat == KeyRepeat.standard)
        #expect(try parse("[keyboard]\nrepeat-delay = 400\nrepeat-rate = 40\n").keyRepeat == KeyRepeat(delay: 0.4, rate: 40))
        #expect(try parse("[keyboard]\nrepeat-rate = 0\n").keyRepeat.rate == 0)
        for (text, key) in [("[keyboard]\nrepeat-delay = 0.5\n", "keyboard.repeat-delay"), ("[keyboard]\nrepeat-rate = -1\n", "keyboard.repeat-rate"),
                            ("[keyboard]\nrepeat-rate = \"fast\"\n", "keyboard.repeat-rate")] {
            do {
                _ = try parse(text)
                Issue.record("\(text) was taken")
            } catch let error as ConfigurationError {
                #expect(error.line == 2 && error.key == key)
                #expect(error.message.contains("expected"))
            }
        }
    }
}

struct ConfigurationEditingTests {
    @Test func anExistingLineIsReplacedAndCommentsStay() throws {
        let text = "# kiosk\ndisplay = \"auto\"\n\n[input]\n# calibration = \"1 0 0 0 1 0\"\ncalibration = \"1 0 0 0 1 0\"\ngrab = true\n"
        let edited = try ConfigurationFile.setting("calibration", to: "\"0.9 0 0.05 0 0.9 0.05\"", inSection: "input", of: text)
        #expect(edited == "# kiosk\ndisplay = \"auto\"\n\n[input]\n# calibration = \"1 0 0 0 1 0\"\ncalibration = \"0.9 0 0.05 0 0.9 0.05\"\ngrab = true\n")
    }

    @Test func aMissingKeyGoesAtTheTopOfItsSection() throws {
        let edited = try ConfigurationFile.setting("calibration", to: "\"1 0 0 0 1 0\"", inSection: "input", of: "rotate = 90\n[input]\ngrab = false\n")
        #expect(edited == "rotate = 90\n[input]\ncalibration = \"1 0 0 0 1 0\"\ngrab = false\n")
    }

    @Test func aMissingSectionIsAdded() throws {
        #expect(try ConfigurationFile.setting("calibration", to: "\"1 0 0 0 1 0\"", inSection: "input", of: "rotate = 90\n")
            == "rotate = 90\n\n[input]\ncalibration = \"1 0 0 0 1 0\"\n")
        #expect(try ConfigurationFile.setting("grab", to: "true", inSection: "input", of: "") == "[input]\ngrab = true\n")
    }

    @Test func theSameKeyInAnotherSectionIsLeftAlone() throws {
        let edited = try ConfigurationFile.setting("grab", to: "true", inSection: "input", of: "[other]\ngrab = false\n")
        #expect(edited == "[other]\ngrab = false\n\n[input]\ngrab = true\n")
    }

    /// TOML's other forms: a list over several lines is replaced whole, a
    /// dotted section gets a dotted key, and an inline table is left to the user.
    @Test func theOtherFormsOfTOMLAreEditedInTheirOwnForm() throws {
        let list = "[input]\ncalibration = [\n  1, 0, 0,\n  0, 1, 0,\n]\ngrab = true\n"
        #expect(try ConfigurationFile.setting("calibration", to: "\"1 0 0 0 1 0\"", inSection: "input", of: list)
            == "[input]\ncalibration = \"1 0 0 0 1 0\"\ngrab = true\n")
        let dotted = "input.grab = true\n\n[keyboard]\nlayout = \"de\"\n"
        let edited = try ConfigurationFile.setting("calibration", to: "\"1 0 0 0 1 0\"", inSection: "input", of: dotted)
        #expect(edited == "input.grab = true\n\ninput.calibration = \"1 0 0 0 1 0\"\n[keyboard]\nlayout = \"de\"\n")
        #expect(try Bridge.Configuration(file: ConfigurationFile(path: "k", text: edited)).grab)
        #expect(try ConfigurationFile.setting("grab", to: "false", inSection: "input", of: "input.grab = true\n") == "input.grab = false\n")
        #expect(throws: ConfigurationError.self) {
            try ConfigurationFile.setting("grab", to: "false", inSection: "input", of: "input = { grab = true }\n")
        }
        #expect(throws: ConfigurationError.self) { try ConfigurationFile.setting("grab", to: "false", inSection: "input", of: "[input\n") }
    }
}

/// What parsing /etc/kiosk/kiosk.conf holding `text` says: its error, or "no error".
func configurationMessage(_ text: String) -> String {
    do {
        _ = try Bridge.Configuration(file: ConfigurationFile(path: "/etc/kiosk/kiosk.conf", text: text))
        return "no error"
    } catch {
        return "\(error)"
    }
}

struct MetricsConfigurationTests {
    func parse(_ text: String) throws -> Bridge.Configuration {
        try Bridge.Configuration(file: ConfigurationFile(path: "/etc/kiosk/kiosk.conf", text: text))
    }

    @Test func theMetricsSectionNamesTheFileAndHowOften() throws {
        #expect(try parse("").metrics == nil)
        #expect(
            try parse("[metrics]\ntextfile = \"/var/lib/prometheus/node-exporter/kiosk.prom\"\n").metrics
                == MetricsSettings(textfile: "/var/lib/prometheus/node-exporter/kiosk.prom", interval: 5))
        #expect(try parse("[metrics]\ninterval = 15\ntextfile = \"/run/kiosk.prom\"\n").metrics == MetricsSettings(textfile: "/run/kiosk.prom", interval: 15))
    }

    func message(_ text: String) -> String { configurationMessage(text) }

    @Test func badMetricsSettingsNameTheLineAndKey() {
        #expect(message("[metrics]\ntextfile = \"kiosk.prom\"\n") == "/etc/kiosk/kiosk.conf:2: key 'metrics.textfile': expected an absolute path ending in .prom (the collector reads only those), got \"kiosk.prom\"")
        #expect(message("[metrics]\ntextfile = \"/run/kiosk.txt\"\n").contains("an absolute path ending in .prom"))
        #expect(message("[metrics]\ninterval = 0\ntextfile = \"/run/k.prom\"\n").hasPrefix("/etc/kiosk/kiosk.conf:2: key 'metrics.interval': expected seconds"))
        #expect(message("[metrics]\ninterval = 10\n") == "/etc/kiosk/kiosk.conf:2: key 'metrics.interval': needs metrics.textfile, the file to write the metrics to")
    }
}

struct RemoteConfigurationTests {
    func parse(_ text: String) throws -> Bridge.Configuration {
        try Bridge.Configuration(file: ConfigurationFile(path: "/etc/kiosk/kiosk.conf", text: text))
    }

    func message(_ text: String) -> String { configurationMessage(text) }

    @Test func vncIsOffAndOnLoopbackByDefault() throws {
        let none = try parse("")
        #expect(!none.remote.vnc && none.remote.address == "127.0.0.1" && none.remote.port == 5900 && none.remote.isLoopback)
        let remote = try parse(
            "[remote]\nvnc = true\naddress = \"192.168.1.20\"\nport = 5901\npassword-file = \"/etc/kiosk/vnc-password\"\nview-only = true\n"
        ).remote
        #expect(remote.vnc && remote.address == "192.168.1.20" && remote.port == 5901 && remote.passwordFile == "/etc/kiosk/vnc-password" && remote.viewOnly)
        #expect(!remote.isLoopback)
        #expect(try parse("[remote]\nvnc = true\naddress = \"::1\"\n").remote.isLoopback)
    }

    @Test func vncBeyondThisMachineNeedsAPassword() {
        #expect(
            message("[remote]\nvnc = true\naddress = \"0.0.0.0\"\n")
                == "/etc/kiosk/kiosk.conf:3: key 'remote.address': VNC on 0.0.0.0, beyond this machine, needs remote.password-file: anyone who reaches the port could touch the kiosk")
        #expect(message("[remote]\naddress = \"kiosk.local\"\n").contains("expected an IPv4 or IPv6 address"))
        #expect(message("[remote]\nport = 70000\n").hasPrefix("/etc/kiosk/kiosk.conf:2: key 'remote.port': expected the TCP port"))
        #expect(message("[remote]\npassword-file = \"vnc-password\"\n").contains("an absolute path"))
    }
}

/// `picture-memory`: the one limit on the pictures kept of views and of layers.
@MainActor
struct PictureMemoryConfigurationTests {
    @Test func pictureMemoryIsMegabytesInARange() throws {
        func error(_ text: String) -> String? {
            let message = configurationMessage(text)
            return message == "no error" ? nil : message
        }
        #expect(try Bridge.Configuration(file: ConfigurationFile(path: "k", text: "picture-memory = 128")).pictureMemoryBytes == 128 << 20)
        #expect(try Bridge.Configuration(file: ConfigurationFile(path: "k", text: "")).pictureMemoryBytes == 64 << 20)
        #expect(error("picture-memory = 2")?.hasPrefix("/etc/kiosk/kiosk.conf:1: key 'picture-memory': expected megabytes") == true)
        #expect(error("picture-memory = 12.5") != nil)
        #expect(error("picture-memory = \"64M\"")?.contains("picture-memory") == true)
        // Applied to the app's views, as the host does at launch.
        let (saved, savedText) = (View.rasterizationMemoryLimit, TextPictureStore.shared.limit)
        defer { (View.rasterizationMemoryLimit, TextPictureStore.shared.limit) = (saved, savedText) }
        try Bridge.Configuration(file: ConfigurationFile(path: "k", text: "picture-memory = 16")).apply(to: Application())
        #expect(View.rasterizationMemoryLimit == 16 << 20)
        #expect(TextPictureStore.shared.limit == 4 << 20, "text's pictures: a quarter more, apart")
        #expect(savedText == 16 << 20, "a quarter of the default 64 MB")
    }
}
