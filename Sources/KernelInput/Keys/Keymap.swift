import CXkbcommon
import FoundationEssentials

/// A compiled XKB keymap: what each evdev key code means under a layout,
/// and the compose table of the locale (dead keys, Compose sequences).
/// Immutable once made, so one keymap serves every keyboard; each keyboard
/// has its own `KeyboardState`. Sendable because nothing changes after
/// init: every property is a `let`, and xkbcommon never changes a compiled
/// keymap or compose table (its states, which change, are per keyboard).
public final class Keymap: @unchecked Sendable {
    public let names: KeymapNames
    let context: OpaquePointer
    let keymap: OpaquePointer
    let composeTable: OpaquePointer?

    /// Compiles the keymap `names` gives, checking each name against XKB's
    /// list first so that a mistake names its setting. `locale` chooses the
    /// compose table (LC_ALL, LC_CTYPE or LANG when nil, else en_US.UTF-8).
    public init(_ names: KeymapNames = KeymapNames(), locale: String? = nil) throws(KeymapError) {
        try XKBRegistry.installed?.check(names)
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else {
            throw KeymapError(setting: "layout", "xkbcommon could not start (out of memory?)")
        }
        // Its own messages go to stderr unasked; the error below says what went wrong.
        xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL)
        let keymap: OpaquePointer? = names.rules.withCString { rules in
            names.model.withCString { model in
                names.layout.withCString { layout in
                    names.variant.withCString { variant in
                        names.options.withCString { options in
                            var rmlvo = xkb_rule_names(
                                rules: names.rules.isEmpty ? nil : rules, model: names.model.isEmpty ? nil : model,
                                layout: names.layout.isEmpty ? nil : layout, variant: names.variant.isEmpty ? nil : variant,
                                options: names.options.isEmpty ? nil : options)
                            return xkb_keymap_new_from_names(context, &rmlvo, XKB_KEYMAP_COMPILE_NO_FLAGS)
                        }
                    }
                }
            }
        }
        guard let keymap else {
            xkb_context_unref(context)
            throw KeymapError(
                setting: names.variant.isEmpty ? "layout" : "variant",
                "xkbcommon cannot make the keymap \(names.summary) (is xkb-data installed, with /usr/share/X11/xkb?)")
        }
        self.names = names
        self.context = context
        self.keymap = keymap
        let environment = ProcessInfo.processInfo.environment
        let wanted = locale ?? ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        // The C locale has no compose table of its own: dead keys would do nothing.
        composeTable =
            (wanted == "C" || wanted == "POSIX" ? nil : xkb_compose_table_new_from_locale(context, wanted, XKB_COMPOSE_COMPILE_NO_FLAGS))
            ?? xkb_compose_table_new_from_locale(context, "en_US.UTF-8", XKB_COMPOSE_COMPILE_NO_FLAGS)
    }

    deinit {
        if let composeTable { xkb_compose_table_unref(composeTable) }
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// Whether holding the key repeats it (letters do, Shift does not).
    public func repeats(_ code: UInt16) -> Bool { xkb_keymap_key_repeats(keymap, UInt32(code) + 8) != 0 }

    /// Whether the keymap gives the evdev key code any symbol.
    public func knows(_ code: UInt16) -> Bool {
        var syms: UnsafePointer<xkb_keysym_t>?
        return xkb_keymap_key_get_syms_by_level(keymap, UInt32(code) + 8, 0, 0, &syms) > 0
    }

    /// The letters of the three letter rows as this layout places them
    /// (QWERTY, QWERTZ with ü ö ä, AZERTY...): what an on-screen keyboard shows.
    public var letterRows: [String] {
        // KEY_Q..KEY_RIGHTBRACE, KEY_A..KEY_APOSTROPHE, KEY_Z..KEY_SLASH: the keys a layout may put letters on.
        [Array(16...27), Array(30...40), Array(44...53)].map { codes in
            String(
                codes.compactMap { code -> Character? in
                    var syms: UnsafePointer<xkb_keysym_t>?
                    guard xkb_keymap_key_get_syms_by_level(keymap, UInt32(code) + 8, 0, 0, &syms) > 0, let sym = syms?.pointee else { return nil }
                    var buffer = [CChar](repeating: 0, count: 8)
                    guard xkb_keysym_to_utf8(sym, &buffer, 8) > 1 else { return nil }
                    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    guard text.count == 1, let character = text.first, character.isLetter else { return nil }
                    return character
                })
        }
    }

    /// The evdev key code that gives `keysym` on the first layout, at any
    /// level (Shift's, AltGr's): how a key named by its symbol (a VNC
    /// viewer's) is pressed on this keyboard. The lowest such code; nil if none does.
    public func code(producing keysym: UInt32) -> UInt16? {
        let lowest = xkb_keymap_min_keycode(keymap), highest = xkb_keymap_max_keycode(keymap)
        guard lowest >= 8, lowest <= highest else { return nil }
        for keycode in lowest...highest {
            let levels = xkb_keymap_num_levels_for_key(keymap, keycode, 0)
            guard levels > 0 else { continue }
            for level in 0..<levels {
                var syms: UnsafePointer<xkb_keysym_t>?
                let count = xkb_keymap_key_get_syms_by_level(keymap, keycode, 0, level, &syms)
                guard count > 0, let syms else { continue }
                if (0..<Int(count)).contains(where: { syms[$0] == keysym }) { return UInt16(keycode - 8) }
            }
        }
        return nil
    }

    /// Whether dead keys and Compose sequences can be composed.
    public var composes: Bool { composeTable != nil }
}
