import KernelInput

/// One key that went down or up, as the keymap reads it: what `replay
/// --format jsonl` prints for a keyboard, one per line, among the touches' lines.
public struct KeyRecord: Hashable, Sendable {
    public enum Phase: String, Sendable {
        case began, ended
        /// The keyboard went away, or the recording ended, with the key down.
        case cancelled
    }

    public var time: EventTime
    /// The evdev code (KEY_A is 30).
    public var code: UInt16
    public var phase: Phase
    /// What the key typed as it went down, after modifiers and dead keys; "" on the way up.
    public var characters: String
    public var charactersIgnoringModifiers: String
    /// XKB's symbol: "a", "Return", "dead_acute", "XF86AudioPlay".
    public var symbol: String
    public var modifiers: KeyModifiers
    /// Index of the recording (device) in the run.
    public var device: Int
    /// Index of the frame within its device's stream.
    public var frame: Int

    public init(
        time: EventTime, code: UInt16, phase: Phase, characters: String = "", charactersIgnoringModifiers: String = "",
        symbol: String = "", modifiers: KeyModifiers = [], device: Int = 0, frame: Int = 0
    ) {
        self.time = time
        self.code = code
        self.phase = phase
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers
        self.symbol = symbol
        self.modifiers = modifiers
        self.device = device
        self.frame = frame
    }

    /// "KEY_A", as the kernel names the code.
    public var keyName: String { EventNames.codeName(type: EventType.key, code: code) ?? "KEY_\(code)" }

    /// The JSON Lines contract for keys: time, key, phase, characters, device.
    public var jsonLine: String {
        "{\"time\": \(time), \"key\": \"\(keyName)\", \"phase\": \"\(phase.rawValue)\", \"characters\": \(Self.quoted(characters)), \"device\": \(device)}"
    }

    /// `replay`'s text line for a key.
    public var textLine: String {
        let phase = phase.rawValue.padded(to: 9)
        let typed = characters.isEmpty ? "" : "  types \(Self.quoted(characters))"
        return "  \(time)  key \(keyName)  \(phase) \(symbol)\(typed)"
    }

    /// A JSON string: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// One keyboard as the bridge sees it: its XKB state, and which keys are down.
/// A key the keymap gives no symbol is passed over (`onUnknown` hears of it).
/// Used from one queue at a time.
public final class KeyDevice {
    public let index: Int
    private let state: KeyboardState
    /// Keys down, in the order they went down, with their symbols.
    private(set) var down: [(code: UInt16, symbol: String)] = []

    public init(index: Int, keymap: Keymap) {
        self.index = index
        state = KeyboardState(keymap: keymap)
    }

    var keymapSummary: String { state.keymap.names.summary }
    /// The time of the last event read: when keys still down are cancelled.
    public private(set) var lastTime = EventTime.zero

    /// The records of one frame's events (a kernel autorepeat, value 2, is not a change).
    /// Keys the kernel itself lets go, in a frame it closes with SYN_REPORT 1
    /// as it does when a keyboard goes away (or resumes), are cancelled: no
    /// one lifted them.
    public func records<Events: BidirectionalCollection<InputEvent>>(
        for events: Events, frame: Int, onUnknown: (UInt16) -> Void = { _ in }
    ) -> [KeyRecord] {
        var records: [KeyRecord] = []
        if let last = events.last { lastTime = last.time }
        let releasedByKernel = events.last.map { $0.isFrameEnd && $0.value == 1 } ?? false
        for event in events {
            guard event.type == EventType.key && (event.value == 0 || event.value == 1) else { continue }
            let code = event.code
            let isDown = event.value == 1
            // A key released that was never seen down (the recording began with it held) changes nothing.
            guard isDown != down.contains(where: { $0.code == code }) else { continue }
            guard state.keymap.knows(code) else {
                onUnknown(code)
                continue
            }
            let meaning = state.change(code, isDown: isDown)
            if isDown { down.append((code, meaning.symbol)) } else { down.removeAll { $0.code == code } }
            if !isDown && releasedByKernel {
                records.append(KeyRecord(time: event.time, code: code, phase: .cancelled, symbol: meaning.symbol, device: index, frame: frame))
                continue
            }
            records.append(
                KeyRecord(
                    time: event.time, code: code, phase: isDown ? .began : .ended, characters: meaning.characters,
                    charactersIgnoringModifiers: meaning.charactersIgnoringModifiers, symbol: meaning.symbol,
                    modifiers: meaning.modifiers, device: index, frame: frame))
        }
        return records
    }

    /// Frames read live so far (`read`).
    public private(set) var framesRead = 0

    /// Live events, as a device delivers them: one list of records per frame with keys that changed.
    public func read(_ events: ArraySlice<InputEvent>, onUnknown: (UInt16) -> Void = { _ in }) -> [[KeyRecord]] {
        var frames: [[KeyRecord]] = []
        var start = events.startIndex
        for index in events.indices where events[index].isFrameEnd || index == events.endIndex - 1 {
            let records = records(for: events[start...index], frame: framesRead, onUnknown: onUnknown)
            framesRead += 1
            if !records.isEmpty { frames.append(records) }
            start = index + 1
        }
        return frames
    }

    /// Every key still down, cancelled (the keyboard went away, or the recording ended).
    public func cancelAll(at time: EventTime, frame: Int) -> [KeyRecord] {
        defer {
            down.removeAll()
            state.reset()
        }
        return down.map { KeyRecord(time: time, code: $0.code, phase: .cancelled, symbol: $0.symbol, device: index, frame: frame) }
    }
}
