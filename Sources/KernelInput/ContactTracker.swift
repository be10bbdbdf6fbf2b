/// What to do when the kernel says events were lost (SYN_DROPPED).
public enum DropPolicy: Sendable {
    /// A recording: nothing can be asked of the device, so discard up to the
    /// next SYN_REPORT, cancel every contact that was down (its lift may be
    /// among the lost events) and ignore each of their slots until the
    /// device gives it a new tracking ID.
    case discardAndCancel
    /// A live device read through libevdev, which follows SYN_DROPPED with
    /// events that bring the state up to date. Contacts that those events
    /// end are reported as cancelled: they lifted somewhere unknown.
    case resyncFollows
}

/// Turns evdev events into frames of contacts, one per SYN_REPORT, for
/// multitouch protocol B (slots), protocol A (SYN_MT_REPORT) and
/// single-touch devices.
///
/// Feed it a batch at a time (`process(_:onFrame:)`): a protocol-B stream
/// is mostly one-axis slot updates, and a batch runs them as plain stores.
public struct ContactTracker: Sendable {
    public let mode: MultitouchProtocol
    public let dropPolicy: DropPolicy
    /// The frame the last `process` call that returned true completed.
    public private(set) var frame = ContactFrame()

    private var slots: [SlotState]
    private var currentSlot: Int
    private var dropping = false
    private var endedThisFrame: [Contact] = []
    private var nextContactID = 0
    private var frameCount = 0
    private var resyncing = false
    private var protocolA = ReportMatcher()
    private var singleTouch = SingleTouchState()

    public init(device: DeviceDescription, dropPolicy: DropPolicy = .discardAndCancel) {
        self.init(
            mode: device.multitouchProtocol, dropPolicy: dropPolicy,
            initialSlot: Int(device.absInfo[AbsCode.mtSlot]?.value ?? 0))
    }

    public init(mode: MultitouchProtocol, dropPolicy: DropPolicy = .discardAndCancel, initialSlot: Int = 0) {
        self.mode = mode
        self.dropPolicy = dropPolicy
        let slotCount: Int
        if case .slots(let count) = mode { slotCount = count } else { slotCount = 0 }
        slots = (0..<slotCount).map { SlotState(slot: Int32($0)) }
        currentSlot = (0..<slotCount).contains(initialSlot) ? initialSlot : 0
        frame.contacts.reserveCapacity(max(slotCount + 2, 4))
    }

    /// Number of contacts down after the last frame.
    public var contactsDown: Int {
        switch mode {
        case .slots: slots.reduce(0) { $0 + ($1.contactID >= 0 ? 1 : 0) }
        case .reports: protocolA.previous.count
        case .singleTouch: singleTouch.contactID >= 0 ? 1 : 0
        }
    }

    /// Feeds a batch of events, calling `onFrame` with each frame it completes.
    public mutating func process(_ events: UnsafeBufferPointer<InputEvent>, onFrame: (ContactFrame) -> Void) {
        var index = 0
        while index < events.count {
            if !slots.isEmpty && !dropping { index = applySlotAxes(events, from: index) }
            guard index < events.count else { break }
            if processOther(events[index]) { onFrame(frame) }
            index += 1
        }
    }

    public mutating func process(_ events: [InputEvent], onFrame: (ContactFrame) -> Void) {
        events.withUnsafeBufferPointer { process($0, onFrame: onFrame) }
    }

    /// Feeds one event. Returns true when it completed a frame, now in `frame`.
    public mutating func process(_ event: InputEvent) -> Bool {
        if !slots.isEmpty && !dropping {
            var single = event
            let handled = withUnsafePointer(to: &single) {
                applySlotAxes(UnsafeBufferPointer(start: $0, count: 1), from: 0)
            }
            if handled == 1 { return false }
        }
        return processOther(event)
    }

    /// Applies the run of slot selections and axis updates starting at
    /// `start`; returns the index of the first event it left alone.
    private mutating func applySlotAxes(_ events: UnsafeBufferPointer<InputEvent>, from start: Int) -> Int {
        var index = start
        var current = currentSlot
        slots.withUnsafeMutableBufferPointer { slots in
            while index < events.count {
                let event = events[index]
                guard event.type == EventType.abs else { return }
                if event.code == AbsCode.mtSlot {
                    // A slot the device did not declare: drop its events, as libevdev does.
                    current = event.value >= 0 && Int(event.value) < slots.count ? Int(event.value) : -1
                } else if event.code == AbsCode.mtTrackingID {
                    return
                } else if current >= 0 {
                    slots[current].set(axis: event.code, to: event.value)
                }
                index += 1
            }
        }
        currentSlot = current
        return index
    }

    private mutating func processOther(_ event: InputEvent) -> Bool {
        if dropping {
            guard event.isFrameEnd else { return false }
            dropping = false
            return cancelAll(at: event.time)
        }
        switch event.type {
        case EventType.abs:
            switch mode {
            case .slots: if event.code == AbsCode.mtTrackingID, currentSlot >= 0 { handleTrackingID(event.value) }
            case .reports: protocolA.handleAxis(event.code, event.value)
            case .singleTouch: singleTouch.handleAxis(event.code, event.value)
            }
            return false
        case EventType.key:
            if event.code == KeyCode.touch, case .singleTouch = mode { singleTouch.handleTouchButton(event.value) }
            return false
        case EventType.syn:
            switch event.code {
            case SynCode.report:
                return finishFrame(at: event.time)
            case SynCode.mtReport:
                if case .reports = mode { protocolA.commitReport() }
                return false
            case SynCode.dropped:
                switch dropPolicy {
                case .discardAndCancel: dropping = true
                case .resyncFollows: resyncing = true
                }
                return false
            default:
                return false
            }
        default:
            return false
        }
    }

    /// The end of the stream: whatever is still down is cancelled. Returns
    /// true (and fills `frame`) when there was something to cancel.
    public mutating func finish(at time: EventTime) -> Bool {
        dropping = false
        return cancelAll(at: time)
    }

    // MARK: Protocol B

    private mutating func handleTrackingID(_ trackingID: Int32) {
        let slot = currentSlot
        if slots[slot].quarantined {
            // The first tracking-ID change after a drop is a fresh start for this slot.
            slots[slot].quarantined = false
            slots[slot].trackingID = -1
        }
        if slots[slot].trackingID == trackingID { return }
        if slots[slot].contactID >= 0 {
            // A lift, or a new tracking ID without a -1 first: the old contact ends.
            var ended = slots[slot].values
            ended.id = slots[slot].contactID
            ended.trackingID = slots[slot].trackingID
            ended.phase = resyncing ? .cancelled : .ended
            endedThisFrame.append(ended)
            slots[slot].contactID = -1
            slots[slot].began = false
        }
        slots[slot].trackingID = trackingID
        if trackingID >= 0 {
            slots[slot].contactID = nextContactID
            nextContactID += 1
            slots[slot].began = true
        }
    }

    private mutating func finishFrame(at time: EventTime) -> Bool {
        frame.contacts.removeAll(keepingCapacity: true)
        switch mode {
        case .slots: collectSlots()
        case .reports: protocolA.finishFrame(into: &frame.contacts, nextID: &nextContactID, cancelEnds: resyncing)
        case .singleTouch: singleTouch.finishFrame(into: &frame.contacts, nextID: &nextContactID, cancelEnds: resyncing)
        }
        resyncing = false
        frame.time = time
        frame.index = frameCount
        frameCount += 1
        return true
    }

    private mutating func collectSlots() {
        let ends = endedThisFrame
        var contacts = frame.contacts
        frame.contacts = []  // keeps `contacts` uniquely referenced while it is refilled
        contacts.removeAll(keepingCapacity: true)
        slots.withUnsafeMutableBufferPointer { slots in
            for index in slots.indices {
                if !ends.isEmpty {
                    for ended in ends where Int(ended.slot) == index { contacts.append(ended) }
                }
                guard slots[index].contactID >= 0 else { continue }
                var contact = slots[index].values
                contact.id = slots[index].contactID
                contact.trackingID = slots[index].trackingID
                if slots[index].began {
                    contact.phase = .began
                    slots[index].began = false
                } else if contact.x != slots[index].reportedX || contact.y != slots[index].reportedY {
                    contact.phase = .moved
                } else {
                    contact.phase = .stationary
                }
                slots[index].reportedX = contact.x
                slots[index].reportedY = contact.y
                contacts.append(contact)
            }
        }
        frame.contacts = contacts
        if !ends.isEmpty { endedThisFrame.removeAll(keepingCapacity: true) }
    }

    // MARK: Lost events

    private mutating func cancelAll(at time: EventTime) -> Bool {
        frame.contacts.removeAll(keepingCapacity: true)
        switch mode {
        case .slots:
            for ended in endedThisFrame {
                var cancelled = ended
                cancelled.phase = .cancelled
                frame.contacts.append(cancelled)
            }
            endedThisFrame.removeAll(keepingCapacity: true)
            for index in slots.indices where slots[index].contactID >= 0 {
                var contact = slots[index].values
                contact.id = slots[index].contactID
                contact.trackingID = slots[index].trackingID
                contact.phase = .cancelled
                frame.contacts.append(contact)
                slots[index].contactID = -1
                slots[index].began = false
                slots[index].quarantined = true
            }
        case .reports:
            protocolA.cancelAll(into: &frame.contacts)
        case .singleTouch:
            singleTouch.cancel(into: &frame.contacts)
        }
        resyncing = false
        guard !frame.contacts.isEmpty else { return false }
        frame.time = time
        frame.index = frameCount
        frameCount += 1
        return true
    }
}

/// One protocol-B slot: the latest axis values (they persist across the
/// contacts that use the slot, as in the kernel) and the contact in it.
struct SlotState: Sendable {
    var values: Contact
    var trackingID: Int32 = -1
    var contactID = -1
    var began = false
    var quarantined = false
    var reportedX: Int32 = 0
    var reportedY: Int32 = 0

    init(slot: Int32) { values = Contact(id: -1, slot: slot) }

    @inline(__always)
    mutating func set(axis code: UInt16, to value: Int32) {
        switch code {
        case AbsCode.mtPositionX: values.x = value
        case AbsCode.mtPositionY: values.y = value
        case AbsCode.mtPressure: values.pressure = value
        case AbsCode.mtTouchMajor: values.touchMajor = value
        case AbsCode.mtTouchMinor: values.touchMinor = value
        case AbsCode.mtOrientation: values.orientation = value
        case AbsCode.mtToolType: values.toolType = value
        default: break
        }
    }
}
