import KernelInput

/// A knob (a rotary encoder: a wheel or dial, and no pointer): a keyboard
/// whose turns are arrow keys. Each step is the key pressed and let go, at
/// most ten a frame; a wheel turned up, or a dial turned back (counter-
/// clockwise), is Up, the other way Down; a horizontal wheel Left and
/// Right. Its buttons, if it has any (a push to select), are keys.
public final class KnobDispatch: DeviceDispatch {
    private let keyboard: KeyboardDispatch

    public init(_ keys: KeyDevice, node: String) {
        keyboard = KeyboardDispatch(keys, node: node)
    }

    public func process(_ events: ArraySlice<InputEvent>, post: (InputHubOutput) -> Void) {
        keyboard.process(Self.turnsAsKeys(events)[...], post: post)
    }

    @discardableResult
    public func finish(post: (InputHubOutput) -> Void) -> Int { keyboard.finish(post: post) }

    /// The events with each turn replaced by its key presses, in place.
    static func turnsAsKeys(_ events: ArraySlice<InputEvent>) -> [InputEvent] {
        var result: [InputEvent] = []
        result.reserveCapacity(events.count)
        for event in events {
            guard event.type == EventType.rel else {
                result.append(event)
                continue
            }
            guard event.value != 0, RelCode.knobAxes.contains(event.code) else { continue }
            let forward = event.code == RelCode.wheel ? event.value < 0 : event.value > 0
            let code: UInt16 =
                event.code == RelCode.hWheel ? (forward ? 106 : 105)  // KEY_RIGHT, KEY_LEFT
                : (forward ? 108 : 103)  // KEY_DOWN, KEY_UP
            for _ in 0..<min(10, Int(event.value.magnitude)) {
                result.append(InputEvent(time: event.time, type: EventType.key, code: code, value: 1))
                result.append(InputEvent(time: event.time, type: EventType.key, code: code, value: 0))
            }
        }
        return result
    }
}
