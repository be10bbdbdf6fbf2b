/// A key of a keyboard as a press reports it, as UIKey: which key (a USB
/// HID usage, whatever the layout), the text it types, and the modifiers held.
@MainActor
public final class Key {
    /// The key's place on the keyboard, as a HID usage: KEY_A on any layout is `.keyboardA`.
    public let keyCode: KeyboardHIDUsage
    /// The text the key types with the modifiers held, after dead keys and
    /// Compose; "" for a key that types nothing (Shift, a dead key waiting).
    public let characters: String
    /// The text the key types with no modifier held.
    public let charactersIgnoringModifiers: String
    public let modifierFlags: KeyModifierFlags

    public init(keyCode: KeyboardHIDUsage, characters: String, charactersIgnoringModifiers: String, modifierFlags: KeyModifierFlags = []) {
        self.keyCode = keyCode
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers
        self.modifierFlags = modifierFlags
    }
}
