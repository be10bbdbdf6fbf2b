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
    public var contacts: ContactList

    public init(time: EventTime = .zero, index: Int = 0, contacts: ContactList = ContactList()) {
        self.time = time
        self.index = index
        self.contacts = contacts
    }

    /// True when some contact began, moved, ended or was cancelled.
    public var hasChanges: Bool { contacts.contains { $0.phase != .stationary } }
}

/// The contacts of a frame. The tracker refills the same storage frame after
/// frame, so keeping a frame costs nothing until the tracker writes the next
/// one (then copy-on-write gives the kept frame its own copy).
public struct ContactList: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    @usableFromInline var storage: [Contact]
    public private(set) var count: Int

    public init() {
        storage = []
        count = 0
    }

    public init(_ contacts: [Contact]) {
        storage = contacts
        count = contacts.count
    }

    public init(arrayLiteral contacts: Contact...) { self.init(contacts) }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    @inlinable
    public subscript(position: Int) -> Contact {
        precondition(position >= 0 && position < count, "contact index out of range")
        return storage[position]
    }

    /// Iterates the storage directly: no per-element range check beyond the array's own.
    @inlinable
    public func makeIterator() -> IndexingIterator<ArraySlice<Contact>> { storage[..<count].makeIterator() }

    public static func == (a: ContactList, b: ContactList) -> Bool { a.elementsEqual(b) }

    public func hash(into hasher: inout Hasher) {
        for contact in self { hasher.combine(contact) }
    }

    mutating func removeAll() { count = 0 }

    mutating func append(_ contact: Contact) {
        if count < storage.count {
            storage[count] = contact
        } else {
            storage.append(contact)
        }
        count += 1
    }

    /// Replaces the contents with what `body` writes, at most `maximumCount`
    /// contacts; `body` returns how many it wrote. One uniqueness check for
    /// the whole frame rather than one per contact.
    mutating func refill(maximumCount: Int, _ body: (UnsafeMutablePointer<Contact>) -> Int) {
        if storage.count < maximumCount {
            storage.append(contentsOf: repeatElement(Contact(id: -1), count: maximumCount - storage.count))
        }
        count = storage.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}
