import KernelInput

/// What a desktop window heard since it was last asked, in a panel's
/// vocabulary where it is input.
public enum DesktopEvent: Sendable, Equatable {
    /// A frame of the window's touchscreen (`DesktopWindow.touchscreen`), SYN_REPORT last.
    case touches([InputEvent])
    /// A frame of the window's keyboard: evdev key codes, SYN_REPORT last.
    case keys([InputEvent])
    /// The window is now this many points; its touchscreen is one of that size.
    case resized(width: Int, height: Int)
    /// Its user closed it.
    case closed
}
