import KernelInput
import Testing

/// Keymaps compiled by the real xkbcommon from Debian's xkb-data.
struct KeymapTests {
    // evdev codes (linux/input-event-codes.h)
    let a: UInt16 = 30, c: UInt16 = 46, e: UInt16 = 18, y: UInt16 = 21, shift: UInt16 = 42, ctrl: UInt16 = 29
    let apostrophe: UInt16 = 40, enter: UInt16 = 28, backspace: UInt16 = 14

    func typed(_ keys: [(UInt16, Bool)], _ names: KeymapNames = KeymapNames(layout: "us")) throws -> [KeyMeaning] {
        let state = KeyboardState(keymap: try Keymap(names, locale: "en_US.UTF-8"))
        return keys.map { state.change($0.0, isDown: $0.1) }
    }

    @Test func lettersShiftAndWhatIgnoresModifiers() throws {
        let meanings = try typed([(a, true), (a, false), (shift, true), (a, true), (a, false), (shift, false)])
        #expect(meanings[0] == KeyMeaning(code: a, isDown: true, symbol: "a", characters: "a", charactersIgnoringModifiers: "a", modifiers: []))
        #expect(meanings[1].characters == "" && !meanings[1].isDown)
        #expect(meanings[2].symbol == "Shift_L" && meanings[2].characters == "")
        #expect(meanings[3] == KeyMeaning(code: a, isDown: true, symbol: "A", characters: "A", charactersIgnoringModifiers: "a", modifiers: .shift))
    }

    @Test func controlGivesTheLetterWithTheFlag() throws {
        let meanings = try typed([(ctrl, true), (c, true), (c, false), (ctrl, false), (enter, true), (backspace, true)])
        #expect(meanings[1].characters == "c" && meanings[1].modifiers == .control, "\(meanings[1])")
        #expect(meanings[4].characters == "\r" && meanings[4].symbol == "Return")
        #expect(meanings[5].characters == "\u{8}" && meanings[5].symbol == "BackSpace")
    }

    @Test func aGermanLayoutSwapsYAndZ() throws {
        let meaning = try typed([(y, true)], KeymapNames(layout: "de"))[0]
        #expect(meaning.characters == "z" && meaning.symbol == "z")
    }

    @Test func aDeadKeyComposesWithTheNext() throws {
        // us(intl): the apostrophe key is dead_acute; then e gives é.
        let meanings = try typed([(apostrophe, true), (apostrophe, false), (e, true)], KeymapNames(layout: "us", variant: "intl"))
        #expect(meanings[0].symbol == "dead_acute" && meanings[0].characters == "")
        #expect(meanings[2].characters == "é")
        #expect(meanings[2].charactersIgnoringModifiers == "e")
    }

    @Test func repeatingAndKnownKeys() throws {
        let keymap = try Keymap(KeymapNames(layout: "us"))
        #expect(keymap.repeats(a) && !keymap.repeats(shift))
        #expect(keymap.knows(a) && !keymap.knows(0x2ff))
    }

    @Test func wrongNamesSayWhichSetting() {
        #expect(throws: KeymapError.self) { try Keymap(KeymapNames(layout: "xx")) }
        do {
            _ = try Keymap(KeymapNames(layout: "us,xx"))
        } catch {
            #expect(error.setting == "layout")
            #expect(error.message.hasPrefix("there is no XKB layout named 'xx'"))
        }
        do {
            _ = try Keymap(KeymapNames(layout: "de", variant: "dvorak-nonsense"))
        } catch {
            #expect(error.setting == "variant")
            #expect(error.message.hasPrefix("the XKB layout 'de' has no variant named 'dvorak-nonsense' (it has "))
        }
        do {
            _ = try Keymap(KeymapNames(layout: "us", options: "compose:ralt,caps:nonsense"))
        } catch {
            #expect(error.setting == "options")
            #expect(error.message.hasPrefix("there is no XKB option named 'caps:nonsense'"))
        }
        #expect(throws: Never.self) { try Keymap(KeymapNames(layout: "us,de", variant: ",nodeadkeys", options: "compose:ralt")) }
    }
}

extension KeymapTests {
    @Test func theLetterRowsFollowTheLayout() throws {
        #expect(try Keymap(KeymapNames(layout: "us")).letterRows == ["qwertyuiop", "asdfghjkl", "zxcvbnm"])
        #expect(try Keymap(KeymapNames(layout: "de")).letterRows == ["qwertzuiopü", "asdfghjklöä", "yxcvbnm"])
        #expect(try Keymap(KeymapNames(layout: "fr")).letterRows == ["azertyuiop", "qsdfghjklmù", "wxcvbn"])
    }

    /// A key named by its symbol (as a VNC viewer names it) is the key that makes it here.
    @Test func aKeysymIsFoundOnTheKeyThatMakesIt() throws {
        let us = try Keymap(KeymapNames(layout: "us")), german = try Keymap(KeymapNames(layout: "de"))
        #expect(us.code(producing: 0x61) == 30)  // a: KEY_A
        #expect(us.code(producing: 0x41) == 30)  // A: the same key, Shift's level
        #expect(us.code(producing: 0x7A) == 44)  // z: KEY_Z on QWERTY
        #expect(german.code(producing: 0x7A) == 21)  // z: KEY_Y's place on QWERTZ
        #expect(german.code(producing: 0xFC) == 26)  // ü: KEY_LEFTBRACE
        #expect(us.code(producing: 0xFFE1) == 42)  // Shift_L: KEY_LEFTSHIFT
        #expect(us.code(producing: 0xFF0D) == 28)  // Return: KEY_ENTER
        #expect(us.code(producing: 0xFC) == nil)  // ü: on no key of a US keyboard
    }
}
