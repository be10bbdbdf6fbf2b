/// A responder that takes text a character at a time, as UIKeyInput: the
/// on-screen keyboard and a hardware keyboard's presses edit it through these.
@MainActor
public protocol KeyInput: AnyObject {
    var hasText: Bool { get }
    func insertText(_ text: String)
    func deleteBackward()
}
