/// What happened to a contact in one frame.
public enum ContactPhase: UInt8, Sendable, CustomStringConvertible {
    case began, moved, stationary, ended
    /// The contact's end was lost (a kernel buffer overflow, a device that
    /// went away, the end of a recording): it did not lift where it was.
    case cancelled

    public var description: String {
        switch self {
        case .began: "began"
        case .moved: "moved"
        case .stationary: "stationary"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }

    public var isEnd: Bool { self == .ended || self == .cancelled }
}

/// One finger on the device, in device units.
public struct Contact: Hashable, Sendable {
    /// Unique for the contact's whole life and never reused by the tracker.
    public var id: Int
    /// Protocol B slot; report index for protocol A; 0 for single-touch.
    public var slot: Int32
    /// The device's ABS_MT_TRACKING_ID, or -1 when it gives none.
    public var trackingID: Int32
    public var x: Int32
    public var y: Int32
    public var pressure: Int32
    public var touchMajor: Int32
    public var touchMinor: Int32
    public var orientation: Int32
    public var toolType: Int32
    public var phase: ContactPhase

    public init(
        id: Int, slot: Int32 = 0, trackingID: Int32 = -1, x: Int32 = 0, y: Int32 = 0, pressure: Int32 = 0,
        touchMajor: Int32 = 0, touchMinor: Int32 = 0, orientation: Int32 = 0, toolType: Int32 = 0,
        phase: ContactPhase = .began
    ) {
        self.id = id
        self.slot = slot
        self.trackingID = trackingID
        self.x = x
        self.y = y
        self.pressure = pressure
        self.touchMajor = touchMajor
        self.touchMinor = touchMinor
        self.orientation = orientation
        self.toolType = toolType
        self.phase = phase
    }
}

/// Everything one SYN_REPORT said: the contacts down, and those that ended in it.
public struct ContactFrame: Sendable {
    public var time: EventTime
    /// Counts the frames the tracker produced, from 0.
    public var index: Int
    /// In slot order; an ended contact comes before a new one in the same slot.
    public var contacts: [Contact]

    public init(time: EventTime = .zero, index: Int = 0, contacts: [Contact] = []) {
        self.time = time
        self.index = index
        self.contacts = contacts
    }

    /// True when some contact began, moved, ended or was cancelled.
    public var hasChanges: Bool { contacts.contains { $0.phase != .stationary } }
}
