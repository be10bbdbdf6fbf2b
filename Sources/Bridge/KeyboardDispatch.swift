import KernelInput

/// A keyboard's events (a keypad's, a row of buttons') become KeyRecords
/// through the keymap, a frame at a time.
/// Keys still down when the device goes away are cancelled.
///
/// Used from one thread at a time (the one that reads the device).
public final class KeyboardDispatch: DeviceDispatch {
    public let keys: KeyDevice
    private let node: String

    /// `node` names the device in a note about a key the keymap does not know.
    public init(_ keys: KeyDevice, node: String) {
        self.keys = keys
        self.node = node
    }

    public func process(_ events: ArraySlice<InputEvent>, post: (InputHubOutput) -> Void) {
        let frames = keys.read(events) { code in
            let name = EventNames.codeName(type: EventType.key, code: code) ?? "\(code)"
            post(.note(.debug("\(node): \(name) means nothing in the keymap \(keys.keymapSummary); ignored")))
        }
        for records in frames { post(.keys(records)) }
    }

    @discardableResult
    public func finish(post: (InputHubOutput) -> Void) -> Int {
        let cancelled = keys.cancelAll(at: keys.lastTime, frame: keys.framesRead)
        if !cancelled.isEmpty { post(.keys(cancelled)) }
        return 0
    }
}
