import Display
import Logging
import TouchUI

/// What a kiosk's panel does when no one uses it (`idle-timeout`,
/// `dim-after`, `wake-touch` in the configuration).
public struct ScreenPowerSettings: Equatable, Sendable {
    /// Seconds with no touch before the panel is powered down.
    public var idleTimeout: Double
    /// Seconds with no touch before the backlight dims, if the panel has one; before `idleTimeout`.
    public var dimAfter: Double?
    /// The backlight while dimmed, as a fraction of its brightness.
    public var dimLevel: Double
    /// The touch that wakes a dark panel goes no further: the person could not see what they touched.
    public var swallowsWakeTouch: Bool

    public init(idleTimeout: Double, dimAfter: Double? = nil, dimLevel: Double = 0.2, swallowsWakeTouch: Bool = true) {
        self.idleTimeout = idleTimeout
        self.dimAfter = dimAfter
        self.dimLevel = dimLevel
        self.swallowsWakeTouch = swallowsWakeTouch
    }
}

/// Dims, then powers down, the panel after a time with no touch, and wakes
/// it at the next one, as a kiosk's screen saver. Powered down, the app
/// resigns active (`applicationWillResignActive`), nothing is drawn and no
/// timer of the host's runs; the waking touch is swallowed (unless the
/// settings say otherwise) and the app becomes active again
/// (`applicationDidBecomeActive`). One timer at a time, for the next step.
@MainActor
public final class ScreenPower {
    public enum State: Sendable { case awake, dimmed, dark }

    public let settings: ScreenPowerSettings
    public private(set) var state = State.awake
    /// Every display's compositor: they dim, sleep and wake together.
    private let compositors: [Compositor]
    /// Every display, those the app put no window on too (they are black, but lit).
    private let surfaces: [any DisplaySurface]
    private let application: Application
    private let backlight: Backlight?
    private var logger: Logger
    private var timer: TimerID?
    private var lastInput: Double
    /// Touches of the waking gesture, kept from the app until they end.
    private var swallowed: Set<Int> = []
    private var warned: Set<String> = []
    /// Touches down now, from the frames admitted.
    private var touchesDown: Set<Int> = []

    public init(
        settings: ScreenPowerSettings, compositors: [Compositor], surfaces: [any DisplaySurface]? = nil,
        application: Application, backlight: Backlight?, logger: Logger
    ) {
        self.settings = settings
        self.compositors = compositors
        self.surfaces = surfaces ?? compositors.map(\.surface)
        self.application = application
        self.backlight = backlight
        self.logger = logger
        lastInput = application.timeline.now
        if settings.dimAfter != nil && backlight == nil {
            logger.notice("dim-after is set, but there is no backlight in /sys/class/backlight: the panel will only power down")
        }
        armTimer()
    }

    /// The frames that go on to the app. Any touch counts as use; on a dark panel it wakes it.
    public func admit(_ frames: [[TouchRecord]]) -> [[TouchRecord]] {
        guard !frames.isEmpty else { return frames }
        lastInput = application.timeline.now
        let wasDark = state == .dark
        let wasAwake = state == .awake
        if state != .awake { wake() }
        for record in frames.joined() {
            if record.phase == .began { touchesDown.insert(record.touch) }
            if record.phase.isEnd { touchesDown.remove(record.touch) }
        }
        // Awake, its timer stands: when it goes off it finds this input and waits on from it
        // (`step`). Set again for each frame, it cost a timer change a frame.
        if !wasAwake || timer == nil { armTimer() }
        if wasDark && settings.swallowsWakeTouch {
            for record in frames.joined() where record.phase == .began { swallowed.insert(record.touch) }
        }
        guard !swallowed.isEmpty else { return frames }
        var admitted: [[TouchRecord]] = []
        for frame in frames {
            var kept: [TouchRecord] = []
            for record in frame {
                guard swallowed.contains(record.touch) else {
                    kept.append(record)
                    continue
                }
                if record.phase.isEnd { swallowed.remove(record.touch) }
            }
            if !kept.isEmpty { admitted.append(kept) }
        }
        return admitted
    }

    /// A key is use too: it wakes a dark panel, and goes on to the app (a key
    /// cannot land on a button the sleeper never saw, as a touch can).
    public func keysPressed() {
        lastInput = application.timeline.now
        let wasAwake = state == .awake
        if state != .awake { wake(byKey: true) }
        if !wasAwake || timer == nil { armTimer() }
    }

    /// The process is ending: the panel and its backlight are left on, as the console expects them.
    public func restoreForExit() {
        if let timer { application.timeline.cancel(timer) }
        timer = nil
        if let backlight { try? backlight.restore() }
        if state == .dark { for surface in surfaces { try? surface.setPowered(true) } }
    }

    /// When the next step is due, from the last input; nil while dark (only input wakes the panel).
    private var nextStepDue: Double? {
        switch state {
        case .awake: lastInput + (backlight != nil ? settings.dimAfter ?? settings.idleTimeout : settings.idleTimeout)
        case .dimmed: lastInput + settings.idleTimeout
        case .dark: nil
        }
    }

    private func armTimer() {
        if let timer { application.timeline.cancel(timer) }
        timer = nil
        guard let due = nextStepDue else { return }
        let now = application.timeline.now
        timer = application.timeline.schedule(after: max(0, due - now)) { [weak self] in
            guard let self else { return }
            self.timer = nil
            self.step()
        }
    }

    private func step() {
        // Input came after the timer was set (it is not set again for each frame): not due yet.
        if let due = nextStepDue, application.timeline.now < due - 1e-6 { return armTimer() }
        // A finger resting still sends nothing, but it is use: wait for it to lift.
        guard touchesDown.isEmpty else {
            lastInput = application.timeline.now
            return armTimer()
        }
        if state == .awake, let dimAfter = settings.dimAfter, dimAfter < settings.idleTimeout, let backlight {
            do {
                try backlight.set(fraction: settings.dimLevel)
                logger.info("no touch for \(Int(dimAfter)) s: the backlight is dimmed")
            } catch {
                warnOnce("dim", "\(error)")
            }
            state = .dimmed
        } else if !sleep() {
            // Nothing could be powered down: stay awake, and stop trying.
            return
        }
        armTimer()
    }

    /// Powers the panel down; false when nothing could be (the panel stays lit, and no touch is swallowed).
    private func sleep() -> Bool {
        var darkened = false
        for compositor in compositors { compositor.isSuspended = true }
        for surface in surfaces {
            do {
                try surface.setPowered(false)
                darkened = true
            } catch {
                warnOnce("power", "\(error)")
                // A panel that stays lit goes on showing the app as it changes.
                for compositor in compositors where compositor.surface === surface { compositor.isSuspended = false }
            }
        }
        if let backlight {
            do {
                try backlight.set(fraction: 0)
                darkened = true
            } catch {
                warnOnce("backlight", "\(error)")
            }
        }
        guard darkened else {
            for compositor in compositors { compositor.isSuspended = false }
            logger.warning("no touch for \(Int(settings.idleTimeout)) s, but the panel cannot be powered down; it stays lit")
            return false
        }
        application.resignActive()
        state = .dark
        logger.info("no touch for \(Int(settings.idleTimeout)) s: the panel is powered down")
        return true
    }

    private func wake(byKey: Bool = false) {
        if state == .dark {
            for surface in surfaces {
                do { try surface.setPowered(true) } catch { warnOnce("wake", "\(error)") }
            }
            for compositor in compositors {
                compositor.isSuspended = false
                // A panel powered up again may show black until it is drawn (bochs does): draw it all.
                compositor.window.setNeedsDisplay()
            }
        }
        if let backlight { do { try backlight.restore() } catch { warnOnce("restore", "\(error)") } }
        let was = state
        state = .awake
        if was == .dark {
            application.becomeActive()
            logger.info(byKey ? "a key woke the panel" : "a touch woke the panel\(settings.swallowsWakeTouch ? "; it went no further" : "")")
        }
    }

    /// Each kind of failure is told once.
    private func warnOnce(_ kind: String, _ message: String) {
        guard warned.insert(kind).inserted else { return }
        logger.warning("screen power: \(message)")
    }
}
