import KernelInput

/// A desktop window's keys as a keyboard's evdev events: SDL names a key by
/// its USB HID usage, which the kernel's table turns back into the evdev
/// code, so the app's keymap gives it the same characters and modifiers as
/// a keyboard plugged into the kiosk.
public struct WindowKeys {
    private var down: [UInt16] = []

    public init() {}

    /// The events of a key going down (or repeating) or up; [] for a key no keyboard has.
    public mutating func key(usage: Int, isDown: Bool, isRepeat: Bool, time: EventTime) -> [InputEvent] {
        guard let usage = UInt16(exactly: usage), let code = HIDUsage.evdev(keyboard: usage) else { return [] }
        return key(code: code, isDown: isDown, isRepeat: isRepeat, time: time)
    }

    /// The same for a key the window system names by its evdev code already (a Wayland compositor).
    public mutating func key(code: UInt16, isDown: Bool, isRepeat: Bool, time: EventTime) -> [InputEvent] {
        if isDown {
            if !isRepeat && !down.contains(code) { down.append(code) }
        } else {
            guard down.contains(code) else { return [] }
            down.removeAll { $0 == code }
        }
        return [
            InputEvent(time: time, type: EventType.key, code: code, value: isDown ? (isRepeat ? 2 : 1) : 0),
            InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0),
        ]
    }

    /// Keys still down let go: the window lost the keyboard, and will not hear them go up.
    public mutating func releaseAll(time: EventTime) -> [InputEvent] {
        defer { down.removeAll() }
        guard !down.isEmpty else { return [] }
        return down.map { InputEvent(time: time, type: EventType.key, code: $0, value: 0) }
            + [InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0)]
    }
}
