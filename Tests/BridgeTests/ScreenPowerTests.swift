import Bridge
import Display
import Graphics
import Foundation
import KernelInput
import Logging
import Testing
import TouchUI

/// The kiosk's screen saver on a virtual clock: dim, power down, wake on a touch that goes no further.
@MainActor
struct ScreenPowerTests {
    final class Delegate: ApplicationDelegate {
        var window: Window?
        var calls: [String] = []
        func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool {
            window = Window(frame: Rect(x: 0, y: 0, width: 64, height: 64), application: application)
            return true
        }
        func applicationDidBecomeActive(_ application: Application) { calls.append("didBecomeActive") }
        func applicationWillResignActive(_ application: Application) { calls.append("willResignActive") }
    }

    struct Kiosk {
        let application: Application
        let delegate: Delegate
        let surface: MemorySurface
        let compositor: Compositor
        let power: ScreenPower
    }

    func kiosk(_ settings: ScreenPowerSettings, backlight: Backlight? = nil) throws -> Kiosk {
        let application = Application()
        application.timeline = VirtualTimeline()
        let delegate = Delegate()
        let window = try application.launch(delegate, mode: .live)
        let surface = MemorySurface(width: 64, height: 64)
        let compositor = try Compositor(window: window, surface: surface)
        let power = ScreenPower(
            settings: settings, compositors: [compositor], application: application, backlight: backlight,
            logger: Logger(label: "test"))
        return Kiosk(application: application, delegate: delegate, surface: surface, compositor: compositor, power: power)
    }

    func touch(_ number: Int, _ phase: ContactPhase, at time: Double) -> [TouchRecord] {
        [TouchRecord(
            time: EventTime(microseconds: Int64(time * 1e6)), touch: number, phase: phase, x: 10, y: 10, tapCount: 1,
            force: nil, majorRadius: nil, device: 0, frame: 0)]
    }

    @Test func theWakingTouchGoesNoFurtherAndTheNextOneDoes() throws {
        let k = try kiosk(ScreenPowerSettings(idleTimeout: 10))
        k.application.virtualTimeline.advance(to: 9.9)
        #expect(k.power.state == .awake && k.surface.isPoweredOn)
        // A touch at 9.9 s puts the timeout off.
        #expect(k.power.admit([touch(1, .began, at: 9.9), touch(1, .ended, at: 9.95)]).count == 2)
        k.application.virtualTimeline.advance(to: 19.8)
        #expect(k.power.state == .awake)
        k.application.virtualTimeline.advance(to: 20)
        #expect(k.power.state == .dark && !k.surface.isPoweredOn && k.compositor.isSuspended)
        #expect(k.delegate.calls == ["didBecomeActive", "willResignActive"])
        // Nothing of the host's runs while dark.
        #expect(k.application.timeline.pendingTimerCount == 0)

        // The finger that wakes it: down, moving, up: none of it reaches the app.
        #expect(k.power.admit([touch(2, .began, at: 30)]).isEmpty)
        #expect(k.power.state == .awake && k.surface.isPoweredOn && !k.compositor.isSuspended)
        #expect(k.delegate.calls.last == "didBecomeActive")
        // The whole picture is drawn again at the next tick.
        let presented = k.surface.presentedFrames
        k.application.virtualTimeline.advance(to: 30.05)
        #expect(k.surface.presentedFrames == presented + 1 && k.compositor.lastDamage.bounds.width == 64)
        #expect(k.power.admit([touch(2, .moved, at: 30.1)]).isEmpty)
        #expect(k.power.admit([touch(2, .ended, at: 30.2), touch(3, .began, at: 30.2)]) == [touch(3, .began, at: 30.2)])
        #expect(k.power.admit([touch(4, .began, at: 31)]).count == 1)
    }

    @Test func aScreenWithNoWindowSleepsTooAndAKeyWakesThem() throws {
        let application = Application()
        application.timeline = VirtualTimeline()
        let window = try application.launch(Delegate(), mode: .live)
        let shown = MemorySurface(width: 64, height: 64), blank = MemorySurface(width: 32, height: 32)
        let compositor = try Compositor(window: window, surface: shown)
        let power = ScreenPower(
            settings: ScreenPowerSettings(idleTimeout: 5), compositors: [compositor], surfaces: [shown, blank],
            application: application, backlight: nil, logger: Logger(label: "test"))
        application.virtualTimeline.advance(to: 6)
        #expect(power.state == .dark && !shown.isPoweredOn && !blank.isPoweredOn)
        power.keysPressed()
        #expect(power.state == .awake && shown.isPoweredOn && blank.isPoweredOn && !compositor.isSuspended)
    }

    /// A finger resting still sends nothing: the panel stays on until it lifts, and for the timeout after.
    @Test func aFingerDownKeepsThePanelOn() throws {
        let k = try kiosk(ScreenPowerSettings(idleTimeout: 5))
        #expect(k.power.admit([touch(1, .began, at: 1)]).count == 1)
        k.application.virtualTimeline.advance(to: 20)
        #expect(k.power.state == .awake && k.surface.isPoweredOn)
        #expect(k.power.admit([touch(1, .ended, at: 20)]).count == 1)
        k.application.virtualTimeline.advance(to: 24.9)
        #expect(k.power.state == .awake)
        k.application.virtualTimeline.advance(to: 25.1)
        #expect(k.power.state == .dark)
        // Ended while dark, the app resigned once, not again.
        k.application.terminate()
        #expect(k.delegate.calls.filter { $0 == "willResignActive" }.count == 1)
    }

    /// Taps every half second for twenty seconds, then keys for ten more, keep
    /// the panel on, and it powers down the timeout after the last of them:
    /// the timer set before the stream finds the use that came since and
    /// waits on from it (it is not set again for each frame).
    @Test func aStreamOfTapsAndKeysKeepsThePanelOnUntilTheTimeoutAfterTheLast() throws {
        let k = try kiosk(ScreenPowerSettings(idleTimeout: 5))
        var time = 1.0, number = 1
        while time < 20 {
            k.application.virtualTimeline.advance(to: time)
            #expect(k.power.admit([touch(number, .began, at: time), touch(number, .ended, at: time)]).count == 2)
            #expect(k.power.state == .awake)
            number += 1
            time += 0.5
        }
        while time < 30 {
            k.application.virtualTimeline.advance(to: time)
            k.power.keysPressed()
            #expect(k.power.state == .awake)
            time += 0.5
        }
        let last = time - 0.5
        k.application.virtualTimeline.advance(to: last + 4.9)
        #expect(k.power.state == .awake)
        k.application.virtualTimeline.advance(to: last + 5.1)
        #expect(k.power.state == .dark)
    }

    /// A panel that cannot be powered down (efifb refuses FBIOBLANK) stays lit and swallows nothing.
    @Test func aPanelThatCannotSleepStaysAwake() throws {
        final class Unpowered: DisplaySurface {
            let inner = MemorySurface(width: 64, height: 64)
            var width: Int { inner.width }
            var height: Int { inner.height }
            var refreshRate: Double { inner.refreshRate }
            var rotation: DisplayRotation { inner.rotation }
            var summary: String { "efifb" }
            var presentedFrames: Int { inner.presentedFrames }
            var isPoweredOn: Bool { true }
            func present(_ picture: Bitmap, damage: Region) throws { try inner.present(picture, damage: damage) }
            func setPowered(_ on: Bool) throws { throw DisplayError(device: "fb:/dev/fb0", problem: "FBIOBLANK: Invalid argument") }
            func close() {}
        }
        let application = Application()
        application.timeline = VirtualTimeline()
        let delegate = Delegate()
        let window = try application.launch(delegate, mode: .live)
        let surface = Unpowered()
        let compositor = try Compositor(window: window, surface: surface)
        let power = ScreenPower(
            settings: ScreenPowerSettings(idleTimeout: 5), compositors: [compositor], application: application,
            backlight: nil, logger: Logger(label: "test"))
        application.virtualTimeline.advance(to: 6)
        #expect(power.state == .awake && !compositor.isSuspended)
        #expect(delegate.calls == ["didBecomeActive"])
        #expect(power.admit([touch(1, .began, at: 7)]).count == 1)
    }

    @Test func theWakingTouchIsDeliveredWhenTheSettingsSaySo() throws {
        let k = try kiosk(ScreenPowerSettings(idleTimeout: 5, swallowsWakeTouch: false))
        k.application.virtualTimeline.advance(to: 6)
        #expect(k.power.state == .dark)
        #expect(k.power.admit([touch(1, .began, at: 7)]).count == 1)
        #expect(k.power.state == .awake)
    }

    /// A backlight in a directory laid out as /sys/class/backlight: dimmed to a fifth, off, back.
    @Test func theBacklightDimsThenGoesOutThenComesBack() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("backlight-\(getpid())")
        let panel = root.appendingPathComponent("panel0")
        try FileManager.default.createDirectory(at: panel, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try "255\n".write(to: panel.appendingPathComponent("max_brightness"), atomically: true, encoding: .utf8)
        try "200\n".write(to: panel.appendingPathComponent("brightness"), atomically: true, encoding: .utf8)
        let backlight = try #require(Backlight(directory: root.path))
        let k = try kiosk(ScreenPowerSettings(idleTimeout: 10, dimAfter: 4), backlight: backlight)
        k.application.virtualTimeline.advance(to: 4)
        #expect(k.power.state == .dimmed && backlight.brightness == 40 && k.surface.isPoweredOn)
        // A touch while dimmed is an ordinary touch: it brightens the panel and reaches the app.
        #expect(k.power.admit([touch(1, .began, at: 5), touch(1, .ended, at: 5)]).count == 2)
        #expect(k.power.state == .awake && backlight.brightness == 200)
        k.application.virtualTimeline.advance(to: 15)
        #expect(k.power.state == .dark && backlight.brightness == 0 && !k.surface.isPoweredOn)
        _ = k.power.admit([touch(2, .began, at: 16)])
        #expect(backlight.brightness == 200 && k.surface.isPoweredOn)
    }

    @Test func theSettingsAreChecked() throws {
        func error(_ text: String) -> String? {
            do {
                _ = try Bridge.Configuration(file: ConfigurationFile(path: "/etc/kiosk/kiosk.conf", text: text))
                return nil
            } catch {
                return "\(error)"
            }
        }
        let settings = try Bridge.Configuration(file: ConfigurationFile(path: "k", text: "idle-timeout = 300\ndim-after = 240\nwake-touch = \"deliver\""))
        #expect(settings.screenPower == ScreenPowerSettings(idleTimeout: 300, dimAfter: 240, swallowsWakeTouch: false))
        #expect(error("dim-after = 60") == "/etc/kiosk/kiosk.conf:1: key 'dim-after': needs idle-timeout, the seconds before the panel powers down")
        #expect(error("idle-timeout = 60\ndim-after = 60") == "/etc/kiosk/kiosk.conf:2: key 'dim-after': 60 s is not before idle-timeout (60 s): the panel dims before it powers down")
        #expect(error("idle-timeout = -1")?.contains("a number of seconds above 0") == true)
        #expect(error("wake-touch = \"eat\"") == "/etc/kiosk/kiosk.conf:1: key 'wake-touch': expected swallow or deliver, got 'eat'")
    }
}
