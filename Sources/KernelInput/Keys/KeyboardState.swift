import CXkbcommon

/// Modifiers held or locked when a key changed, as XKB's state has them.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let capsLock = KeyModifiers(rawValue: 1 << 1)
    public static let control = KeyModifiers(rawValue: 1 << 2)
    public static let alt = KeyModifiers(rawValue: 1 << 3)
    /// The logo ("Windows", "Super") key: what UIKit calls command.
    public static let logo = KeyModifiers(rawValue: 1 << 4)
    public static let numLock = KeyModifiers(rawValue: 1 << 5)
}

/// What one key change means under the keymap, with the keyboard's state.
public struct KeyMeaning: Equatable, Sendable {
    /// The evdev code (KEY_A is 30).
    public var code: UInt16
    public var isDown: Bool
    /// XKB's name for the symbol: "a", "A", "Return", "dead_acute", "XF86AudioPlay".
    public var symbol: String
    /// The text the key types, after modifiers and composing; empty for keys
    /// that type nothing, and for a dead key waiting for the next one.
    public var characters: String
    /// The text of the key's first level, as if no modifier were held.
    public var charactersIgnoringModifiers: String
    /// The modifiers in effect for this key (before it changed them).
    public var modifiers: KeyModifiers

    public init(code: UInt16, isDown: Bool, symbol: String, characters: String, charactersIgnoringModifiers: String, modifiers: KeyModifiers) {
        self.code = code
        self.isDown = isDown
        self.symbol = symbol
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers
        self.modifiers = modifiers
    }
}

/// One keyboard's XKB state: modifiers held and locked, and a compose
/// sequence under way. Used from one queue.
public final class KeyboardState {
    public let keymap: Keymap
    private var state: OpaquePointer
    private let compose: OpaquePointer?

    public init(keymap: Keymap) {
        self.keymap = keymap
        state = xkb_state_new(keymap.keymap)
        compose = keymap.composeTable.flatMap { xkb_compose_state_new($0, XKB_COMPOSE_STATE_NO_FLAGS) }
    }

    deinit {
        if let compose { xkb_compose_state_unref(compose) }
        xkb_state_unref(state)
    }

    /// The modifiers in effect now.
    public var modifiers: KeyModifiers {
        var result: KeyModifiers = []
        for (name, flag) in [("Shift", KeyModifiers.shift), ("Lock", .capsLock), ("Control", .control), ("Mod1", .alt), ("Mod4", .logo), ("Mod2", .numLock)]
        where xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) > 0 {
            result.insert(flag)
        }
        return result
    }

    /// Applies a key going down or up (an evdev EV_KEY value of 1 or 0) and
    /// says what it means. A press's text is worked out before the state
    /// changes, so Shift going down is itself unshifted, as XKB intends.
    public func change(_ code: UInt16, isDown: Bool) -> KeyMeaning {
        let keycode = UInt32(code) + 8
        let symbol = xkb_state_key_get_one_sym(state, keycode)
        let held = modifiers
        var characters = ""
        if isDown {
            characters = Self.utf8 { xkb_state_key_get_utf8(state, keycode, $0, $1) }
            if let compose, symbol != 0 {
                // A dead key or Compose starts a sequence; its keys type nothing until it completes.
                if xkb_compose_state_feed(compose, symbol) == XKB_COMPOSE_FEED_ACCEPTED {
                    switch xkb_compose_state_get_status(compose) {
                    case XKB_COMPOSE_COMPOSING: characters = ""
                    case XKB_COMPOSE_COMPOSED:
                        characters = Self.utf8 { xkb_compose_state_get_utf8(compose, $0, $1) }
                        xkb_compose_state_reset(compose)
                    case XKB_COMPOSE_CANCELLED:
                        characters = ""
                        xkb_compose_state_reset(compose)
                    default: break
                    }
                }
            }
        }
        var plain = ""
        var syms: UnsafePointer<xkb_keysym_t>?
        let layout = xkb_state_key_get_layout(state, keycode)
        if xkb_keymap_key_get_syms_by_level(keymap.keymap, keycode, layout == XKB_LAYOUT_INVALID ? 0 : layout, 0, &syms) > 0, let first = syms?.pointee {
            plain = Self.utf8 { xkb_keysym_to_utf8(first, $0, $1) }
        }
        xkb_state_update_key(state, keycode, isDown ? XKB_KEY_DOWN : XKB_KEY_UP)
        // Control with a letter types a control character: UIKit gives the letter, with the modifier flag.
        if held.contains(.control), let scalar = characters.unicodeScalars.first, scalar.value < 0x20, !"\r\t\u{8}\u{1b}".unicodeScalars.contains(scalar) {
            characters = plain
        }
        return KeyMeaning(
            code: code, isDown: isDown, symbol: Self.name(of: symbol), characters: characters,
            charactersIgnoringModifiers: plain, modifiers: held)
    }

    /// Forgets keys held and a sequence under way (the keyboard went away).
    public func reset() {
        if let compose { xkb_compose_state_reset(compose) }
        // A fresh state lets every key, latch and lock go.
        xkb_state_unref(state)
        state = xkb_state_new(keymap.keymap)
    }

    static func name(of symbol: xkb_keysym_t) -> String {
        guard symbol != 0 else { return "NoSymbol" }
        return utf8 { xkb_keysym_get_name(symbol, $0, $1) }
    }

    private static func utf8(_ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
        guard count > 0 else { return "" }
        // Some of xkbcommon's functions count the terminating NUL, some do not: stop at it.
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
