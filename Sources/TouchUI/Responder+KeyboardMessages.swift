import FoundationEssentials

// The keyboard's messages, as iOS 26's UIKit posts them: typed messages on
// NotificationCenter.default, each naming the keyboard's frame before and
// after, and the slide's duration and curve. Observe one with
//
//     NotificationCenter.default.addObserver(of: Screen.self, for: .keyboardWillShow) { message in
//         bottom.constant = -message.endFrame.height
//     }
//
// The older string-keyed `keyboardWillShowNotification` and its `userInfo`
// need Foundation's `Notification`, which TouchBridge does not link (issue
// 26 keeps apps small); the typed messages carry the same values.

/// What every keyboard message carries, as UIKit's keyboard messages do.
public struct KeyboardChange: Sendable, Equatable {
    /// The keyboard's frame before the change, in the screen's coordinates (below its bottom edge when it was hidden).
    public var beginFrame: Rect
    /// The keyboard's frame after the change, in the screen's coordinates.
    public var endFrame: Rect
    /// How long the keyboard takes to get there, in seconds.
    public var animationDuration: Double
    public var animationCurve: View.AnimationCurve
    /// Whether the keyboard belongs to this app: always, here.
    public var isLocal: Bool
}

/// A message about the keyboard; each kind below is one.
public protocol KeyboardMessage: NotificationCenter.MainActorMessage where Subject == Screen {
    var change: KeyboardChange { get }
    var screen: Screen { get }
    init(change: KeyboardChange, screen: Screen)
}

extension KeyboardMessage {
    public var beginFrame: Rect { change.beginFrame }
    public var endFrame: Rect { change.endFrame }
    public var animationDuration: Double { change.animationDuration }
    public var animationCurve: View.AnimationCurve { change.animationCurve }
    public var isLocal: Bool { change.isLocal }

    public init(beginFrame: Rect, endFrame: Rect, animationDuration: Double, animationCurve: View.AnimationCurve, isLocal: Bool, screen: Screen) {
        self.init(
            change: KeyboardChange(
                beginFrame: beginFrame, endFrame: endFrame, animationDuration: animationDuration, animationCurve: animationCurve, isLocal: isLocal),
            screen: screen)
    }
}

extension Responder {
    /// Posted before the keyboard slides in.
    public struct KeyboardWillShowMessage: KeyboardMessage {
        public let change: KeyboardChange, screen: Screen
        public init(change: KeyboardChange, screen: Screen) { (self.change, self.screen) = (change, screen) }
    }

    /// Posted when the keyboard has slid in.
    public struct KeyboardDidShowMessage: KeyboardMessage {
        public let change: KeyboardChange, screen: Screen
        public init(change: KeyboardChange, screen: Screen) { (self.change, self.screen) = (change, screen) }
    }

    /// Posted before the keyboard slides out.
    public struct KeyboardWillHideMessage: KeyboardMessage {
        public let change: KeyboardChange, screen: Screen
        public init(change: KeyboardChange, screen: Screen) { (self.change, self.screen) = (change, screen) }
    }

    /// Posted when the keyboard has slid out.
    public struct KeyboardDidHideMessage: KeyboardMessage {
        public let change: KeyboardChange, screen: Screen
        public init(change: KeyboardChange, screen: Screen) { (self.change, self.screen) = (change, screen) }
    }

    /// Posted before any change of the keyboard's frame: showing, hiding, or another height for another field.
    public struct KeyboardWillChangeFrameMessage: KeyboardMessage {
        public let change: KeyboardChange, screen: Screen
        public init(change: KeyboardChange, screen: Screen) { (self.change, self.screen) = (change, screen) }
    }

    /// Posted after any change of the keyboard's frame.
    public struct KeyboardDidChangeFrameMessage: KeyboardMessage {
        public let change: KeyboardChange, screen: Screen
        public init(change: KeyboardChange, screen: Screen) { (self.change, self.screen) = (change, screen) }
    }
}

extension NotificationCenter.MessageIdentifier where Self == NotificationCenter.BaseMessageIdentifier<Responder.KeyboardWillShowMessage> {
    public static var keyboardWillShow: Self { .init() }
}
extension NotificationCenter.MessageIdentifier where Self == NotificationCenter.BaseMessageIdentifier<Responder.KeyboardDidShowMessage> {
    public static var keyboardDidShow: Self { .init() }
}
extension NotificationCenter.MessageIdentifier where Self == NotificationCenter.BaseMessageIdentifier<Responder.KeyboardWillHideMessage> {
    public static var keyboardWillHide: Self { .init() }
}
extension NotificationCenter.MessageIdentifier where Self == NotificationCenter.BaseMessageIdentifier<Responder.KeyboardDidHideMessage> {
    public static var keyboardDidHide: Self { .init() }
}
extension NotificationCenter.MessageIdentifier where Self == NotificationCenter.BaseMessageIdentifier<Responder.KeyboardWillChangeFrameMessage> {
    public static var keyboardWillChangeFrame: Self { .init() }
}
extension NotificationCenter.MessageIdentifier where Self == NotificationCenter.BaseMessageIdentifier<Responder.KeyboardDidChangeFrameMessage> {
    public static var keyboardDidChangeFrame: Self { .init() }
}

extension Window {
    /// Tells observers the keyboard's frame goes from `begin` to `end` (window coordinates), before the slide.
    func postKeyboardWillMove(from begin: Rect, to end: Rect, showing: Bool) {
        if showing { postKeyboard(Responder.KeyboardWillShowMessage.self, begin, end) } else { postKeyboard(Responder.KeyboardWillHideMessage.self, begin, end) }
        postKeyboard(Responder.KeyboardWillChangeFrameMessage.self, begin, end)
    }

    /// Tells observers the slide from `begin` to `end` has ended.
    func postKeyboardDidMove(from begin: Rect, to end: Rect, showing: Bool) {
        if showing { postKeyboard(Responder.KeyboardDidShowMessage.self, begin, end) } else { postKeyboard(Responder.KeyboardDidHideMessage.self, begin, end) }
        postKeyboard(Responder.KeyboardDidChangeFrameMessage.self, begin, end)
    }

    private func postKeyboard<Message: KeyboardMessage>(_ kind: Message.Type, _ begin: Rect, _ end: Rect) {
        // The window's coordinates, moved by where the window sits on its screen.
        let message = Message(
            beginFrame: begin.offsetBy(dx: frame.minX, dy: frame.minY), endFrame: end.offsetBy(dx: frame.minX, dy: frame.minY),
            animationDuration: Window.keyboardAnimationDuration, animationCurve: .easeOut, isLocal: true, screen: screen)
        NotificationCenter.default.post(message, subject: screen)
    }
}
