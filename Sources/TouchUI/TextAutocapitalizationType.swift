/// When the on-screen keyboard starts a capital by itself, as
/// UITextAutocapitalizationType. A hardware keyboard types what its keys say.
public enum TextAutocapitalizationType: Sendable, CaseIterable {
    /// Never: for an email address, a user name, a code.
    case none
    /// The first letter of each word: a name.
    case words
    /// The first letter of each sentence: UIKit's default.
    case sentences
    /// Every letter: a licence plate, a booking reference.
    case allCharacters
}
