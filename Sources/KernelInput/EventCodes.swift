// Kernel constants from linux/input-event-codes.h. They are part of the
// kernel's ABI and never change, so they are spelled here as Swift values
// rather than imported as C macros of type Int32.

public enum EventType {
    public static let syn: UInt16 = 0x00
    public static let key: UInt16 = 0x01
    public static let rel: UInt16 = 0x02
    public static let abs: UInt16 = 0x03
    public static let msc: UInt16 = 0x04
    public static let sw: UInt16 = 0x05
    public static let led: UInt16 = 0x11
    public static let snd: UInt16 = 0x12
    public static let rep: UInt16 = 0x14
    public static let ff: UInt16 = 0x15
    public static let max: UInt16 = 0x1f
}

public enum SynCode {
    public static let report: UInt16 = 0
    public static let config: UInt16 = 1
    public static let mtReport: UInt16 = 2
    public static let dropped: UInt16 = 3
}

public enum KeyCode {
    public static let toolFinger: UInt16 = 0x145
    public static let toolPen: UInt16 = 0x140
    public static let touch: UInt16 = 0x14a
}

public enum RelCode {
    public static let x: UInt16 = 0x00
    public static let y: UInt16 = 0x01
    public static let hWheel: UInt16 = 0x06
    public static let dial: UInt16 = 0x07
    public static let wheel: UInt16 = 0x08
    public static let misc: UInt16 = 0x09
    /// What a rotary encoder turns on (linux,axis in its device tree).
    public static let knobAxes: Set<UInt16> = [x, y, hWheel, dial, wheel, misc]
}

public enum MscCode {
    public static let raw: UInt16 = 0x03
    public static let scan: UInt16 = 0x04
}

public enum AbsCode {
    public static let x: UInt16 = 0x00
    public static let y: UInt16 = 0x01
    public static let pressure: UInt16 = 0x18
    public static let mtSlot: UInt16 = 0x2f
    public static let mtTouchMajor: UInt16 = 0x30
    public static let mtTouchMinor: UInt16 = 0x31
    public static let mtWidthMajor: UInt16 = 0x32
    public static let mtWidthMinor: UInt16 = 0x33
    public static let mtOrientation: UInt16 = 0x34
    public static let mtPositionX: UInt16 = 0x35
    public static let mtPositionY: UInt16 = 0x36
    public static let mtToolType: UInt16 = 0x37
    public static let mtBlobID: UInt16 = 0x38
    public static let mtTrackingID: UInt16 = 0x39
    public static let mtPressure: UInt16 = 0x3a
    public static let mtDistance: UInt16 = 0x3b
}

public enum InputProperty {
    public static let pointer: UInt16 = 0x00
    public static let direct: UInt16 = 0x01
    public static let buttonPad: UInt16 = 0x02
    public static let max: UInt16 = 0x1f
}
