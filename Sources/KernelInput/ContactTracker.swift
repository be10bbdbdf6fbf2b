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

    /// Protocol-B slots, copied on write like an array but checked for
    /// uniqueness once per call rather than once per event.
    private var slotStorage: SlotStorage
    private var slots: UnsafeMutableBufferPointer<SlotState> { slotStorage.slots }
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
        slotStorage = SlotStorage((0..<slotCount).map { SlotState(slot: Int32($0)) })
        currentSlot = (0..<slotCount).contains(initialSlot) ? initialSlot : 0
    }

    /// Number of contacts down after the last frame.
    public var contactsDown: Int {
        switch mode {
        case .slots: slots.reduce(0) { $0 + ($1.isActive ? 1 : 0) }
        case .reports: protocolA.previous.count
        case .singleTouch: singleTouch.contactID >= 0 ? 1 : 0
        }
    }

    /// Feeds a batch of events, calling `onFrame` with each frame it completes.
    public mutating func process(_ events: UnsafeBufferPointer<InputEvent>, onFrame: (ContactFrame) -> Void) {
        makeSlotsUnique()
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
        makeSlotsUnique()
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
        let slots = self.slots
        let base = UnsafeMutableRawPointer(slots.baseAddress!)
        let axesOffset = SlotState.axesOffset  // read once: a runtime-initialized global
        let stride = MemoryLayout<SlotState>.stride
        var index = start
        var current = currentSlot
        while index < events.count {
            let event = events[index]
            guard event.type == EventType.abs else { break }
            if event.code == AbsCode.mtSlot {
                // A slot the device did not declare: drop its events, as libevdev does.
                current = event.value >= 0 && Int(event.value) < slots.count ? Int(event.value) : -1
            } else if event.code == AbsCode.mtTrackingID {
                break
            } else if current >= 0 {
                // Axes ABS_MT_TOUCH_MAJOR...ABS_MT_PRESSURE land in the slot's table by
                // code: one store, no branch per axis. Other codes are not slot axes.
                let axis = Int(event.code) &- Int(AbsCode.mtTouchMajor)
                if UInt(bitPattern: axis) < UInt(SlotState.axisCount) {
                    base.storeBytes(
                        of: event.value,
                        toByteOffset: current &* stride &+ axesOffset &+ axis &* 4,
                        as: Int32.self)
                }
            }
            index += 1
        }
        currentSlot = current
        return index
    }

    private mutating func processOther(_ event: InputEvent) -> Bool {
        if dropping {
            // The kernel sends ABS_MT_SLOT only when the slot changes, so keep
            // following it through the discarded events.
            if event.type == EventType.abs, event.code == AbsCode.mtSlot, !slots.isEmpty {
                currentSlot = event.value >= 0 && Int(event.value) < slots.count ? Int(event.value) : -1
            }
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
                protocolA.discardPartialFrame()
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
        makeSlotsUnique()
        dropping = false
        return cancelAll(at: time)
    }

    // MARK: Protocol B

    private mutating func handleTrackingID(_ trackingID: Int32) {
        let slot = currentSlot
        if slots[slot].quarantined {
            // The first tracking-ID change after a drop is a fresh start for this slot.
            slots[slot].quarantined = false
            slots[slot].contact.trackingID = -1
        }
        if slots[slot].contact.trackingID == trackingID { return }
        if slots[slot].isActive {
            // A lift, or a new tracking ID without a -1 first: the old contact ends.
            var ended = slots[slot].snapshot
            if slots[slot].began {
                // It began in this very frame: it is reported beginning, then ending.
                ended.phase = .began
                endedThisFrame.append(ended)
            }
            ended.phase = resyncing ? .cancelled : .ended
            endedThisFrame.append(ended)
            slots[slot].began = false
        }
        slots[slot].contact.trackingID = trackingID
        if trackingID >= 0 {
            slots[slot].contact.id = nextContactID
            nextContactID += 1
            slots[slot].began = true
        } else {
            slots[slot].contact.id = -1
        }
    }

    private mutating func finishFrame(at time: EventTime) -> Bool {
        frame.contacts.removeAll()
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
        Self.collect(slots: slots, ends: endedThisFrame, into: &frame.contacts)
        if !endedThisFrame.isEmpty { endedThisFrame.removeAll(keepingCapacity: true) }
    }

    /// Every contact down, in slot order, each ended contact before its slot's new one.
    private static func collect(
        slots: UnsafeMutableBufferPointer<SlotState>, ends: [Contact], into list: inout ContactList
    ) {
        list.refill(maximumCount: slots.count + ends.count) { out in
            var count = 0
            for index in slots.indices {
                if !ends.isEmpty {
                    for ended in ends where Int(ended.slot) == index {
                        out[count] = ended
                        count += 1
                    }
                }
                let slot = slots.baseAddress! + index
                guard slot.pointee.isActive else { continue }
                let contact = out + count
                slot.pointee.write(to: contact)
                if slot.pointee.began {
                    contact.pointee.phase = .began
                    slot.pointee.began = false
                } else if contact.pointee.x != slot.pointee.reportedX || contact.pointee.y != slot.pointee.reportedY {
                    contact.pointee.phase = .moved
                } else {
                    contact.pointee.phase = .stationary
                }
                slot.pointee.reportedX = contact.pointee.x
                slot.pointee.reportedY = contact.pointee.y
                count += 1
            }
            return count
        }
    }

    private mutating func makeSlotsUnique() {
        if !isKnownUniquelyReferenced(&slotStorage) { slotStorage = SlotStorage(Array(slotStorage.slots)) }
    }

    // MARK: Lost events

    private mutating func cancelAll(at time: EventTime) -> Bool {
        frame.contacts.removeAll()
        switch mode {
        case .slots:
            // Contacts that began in the frame being thrown away were never
            // reported: they vanish with it. The others are cancelled.
            let unreported = Set(endedThisFrame.lazy.filter { $0.phase == .began }.map(\.id))
            for ended in endedThisFrame where !unreported.contains(ended.id) {
                var cancelled = ended
                cancelled.phase = .cancelled
                frame.contacts.append(cancelled)
            }
            endedThisFrame.removeAll(keepingCapacity: true)
            for index in slots.indices where slots[index].isActive {
                if !slots[index].began {
                    var contact = slots[index].snapshot
                    contact.phase = .cancelled
                    frame.contacts.append(contact)
                }
                slots[index].contact.id = -1
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

/// The slots' memory, owned by one tracker (or shared by copies until one
/// writes). Sendable as an Array's buffer is: a tracker calls
/// `makeSlotsUnique()` before it writes, which copies the storage unless
/// `isKnownUniquelyReferenced` says no other tracker can see it.
final class SlotStorage: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<SlotState>

    init(_ initial: [SlotState]) {
        slots = .allocate(capacity: initial.count)
        _ = slots.initialize(from: initial)
    }

    deinit { slots.deallocate() }  // SlotState holds no references: nothing to deinitialize
}

/// One protocol-B slot: the latest axis values (they persist across the
/// contacts that use the slot, as in the kernel) and the contact in it.
struct SlotState: Sendable {
    /// Identity of the contact in the slot; `id` is -1 while there is none.
    var contact: Contact
    /// ABS_MT_TOUCH_MAJOR (0x30) through ABS_MT_PRESSURE (0x3a), by code.
    var axes: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var began = false
    var quarantined = false
    var reportedX: Int32 = 0
    var reportedY: Int32 = 0

    static let axisCount = 11
    static let axesOffset = MemoryLayout<SlotState>.offset(of: \SlotState.axes)!

    init(slot: Int32) { contact = Contact(id: -1, slot: slot) }

    var isActive: Bool { contact.id >= 0 }

    /// The contact with the slot's current axis values.
    var snapshot: Contact {
        var result = contact
        withUnsafeMutablePointer(to: &result) { write(to: $0) }
        return result
    }

    /// Writes the contact with the slot's current axis values to `target`.
    @inline(__always)
    func write(to target: UnsafeMutablePointer<Contact>) {
        target.initialize(
            to: Contact(
                id: contact.id, slot: contact.slot, trackingID: contact.trackingID, x: axes.5, y: axes.6,
                pressure: axes.10, touchMajor: axes.0, touchMinor: axes.1, orientation: axes.4, toolType: axes.7,
                phase: contact.phase))
    }
}
