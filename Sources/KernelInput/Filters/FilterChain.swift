/// Runs a device's contact frames through its filters and makes frames
/// again of what comes out.
///
/// Filters see the samples of each slot in order, as tslib's do: every
/// contact that began, moved, changed pressure or lifted. What comes out
/// becomes contacts again: a slot's first sample begins a contact, later
/// ones move it (a sample the filters left where it was is no move), and a
/// lift ends it; a lift with nothing down (its stroke was rejected) is
/// dropped. Contacts that come out get ids of the chain's own, so a stroke
/// a filter breaks in two (pthres at a pressure dip) is two contacts, each
/// id used once. A cancelled contact goes straight through, and the filters
/// forget the slot. A contact that changes twice in one frame (a filter
/// releasing what it held) gives two frames with the same time.
public struct FilterChain: Sendable {
    public let spec: FilterChainSpec
    public let floor: ContactFloor
    private var filters: [any ContactFilter]
    private let reportsPressure: Bool
    private let reportsTouchMajor: Bool
    /// The floor's verdict on each contact it has judged, until the contact ends.
    private var judged: [Int: ContactFloor.Verdict] = [:]
    /// The contact each slot has down at the chain's end, and the id of the contact it came from.
    private var down = SlotTable<(source: Int, contact: Contact)?>(nil)
    public private(set) var contactsDown = 0
    private var nextID = 0
    /// The pressure and size last fed in for each slot, to notice a change with no movement.
    private var fed = SlotTable<(pressure: Int32, touchMajor: Int32)?>(nil)
    private var changes: [Contact] = []
    /// The frame being sent, refilled each time.
    private var output = ContactList()
    private var stage: [ContactSample] = []
    private var next: [ContactSample] = []

    /// `reportsPressure`: the device has a pressure axis; without one, a
    /// contact down weighs 255, as in tslib. `floor` runs before the filters.
    public init(
        _ spec: FilterChainSpec, floor: ContactFloor = ContactFloor(), reportsPressure: Bool, reportsTouchMajor: Bool = false
    ) {
        self.spec = spec
        self.floor = floor
        filters = spec.modules.map { $0.makeFilter() }
        self.reportsPressure = reportsPressure
        self.reportsTouchMajor = reportsTouchMajor
    }


    /// The samples that came out of the last filter in the last `process`
    /// call, before they became contacts: what tslib's ts_print_mt prints.
    public private(set) var samplesOut: [ContactSample] = []

    public mutating func process(_ frame: ContactFrame, emit: (ContactFrame) -> Void) {
        samplesOut.removeAll(keepingCapacity: true)
        for contact in frame.contacts {
            let slot = Int(contact.slot)
            if contact.phase == .cancelled {
                judged[contact.id] = nil
                cancel(slot: slot, frame: frame, emit: emit)
                continue
            }
            if !floor.isEmpty && !passesFloor(contact, frame: frame, emit: emit) { continue }
            let pressure: Int32 = contact.phase == .ended ? 0 : reportsPressure ? contact.pressure : 255
            if contact.phase == .stationary, let last = fed[slot], last == (pressure, contact.touchMajor) { continue }
            fed[slot] = contact.phase == .ended ? nil : (pressure, contact.touchMajor)
            stage.removeAll(keepingCapacity: true)
            stage.append(ContactSample(slot: slot, x: contact.x, y: contact.y, pressure: pressure, time: frame.time, contact: contact))
            for index in filters.indices {
                next.removeAll(keepingCapacity: true)
                for sample in stage { filters[index].filter(sample, into: &next) }
                swap(&stage, &next)
            }
            samplesOut.append(contentsOf: stage)
            for sample in stage { apply(sample, frame: frame, emit: emit) }
        }
        flush(frame, emit: emit)
    }

    /// The floor's say on this frame of `contact`: false keeps it from the filters.
    private mutating func passesFloor(_ contact: Contact, frame: ContactFrame, emit: (ContactFrame) -> Void) -> Bool {
        let pressure = reportsPressure ? contact.pressure : nil
        let touchMajor = reportsTouchMajor ? contact.touchMajor : nil
        if contact.phase.isEnd {
            // An accepted contact's lift goes on; one never accepted ends unseen.
            return judged.removeValue(forKey: contact.id) == .accept
        }
        switch judged[contact.id] {
        case .reject:
            return false
        case .accept:
            guard floor.isPalm(touchMajor: touchMajor) else { return true }
            judged[contact.id] = .reject
            cancel(slot: Int(contact.slot), frame: frame, emit: emit)
            return false
        case .wait, nil:
            let verdict = floor.judge(pressure: pressure, touchMajor: touchMajor)
            if verdict != .wait { judged[contact.id] = verdict }
            return verdict == .accept
        }
    }

    /// The slot's contact did not lift where it is: it goes out cancelled and the filters forget the slot.
    private mutating func cancel(slot: Int, frame: ContactFrame, emit: (ContactFrame) -> Void) {
        for index in filters.indices { filters[index].reset(slot: slot) }
        fed[slot] = nil
        if var known = takeDown(slot)?.contact {
            known.phase = .cancelled
            add(known, frame: frame, emit: emit)
        }
    }

    private mutating func apply(_ sample: ContactSample, frame: ContactFrame, emit: (ContactFrame) -> Void) {
        var contact = sample.contact
        contact.x = sample.x
        contact.y = sample.y
        if reportsPressure { contact.pressure = sample.pressure }
        let source = contact.id
        if let known = down[sample.slot], !sample.isLift, known.source != source {
            // A new stroke while the filters still had the old one down: end the old one where it was.
            var ended = known.contact
            ended.phase = .ended
            _ = takeDown(sample.slot)
            add(ended, frame: frame, emit: emit)
        }
        if sample.isLift {
            guard let known = takeDown(sample.slot) else { return }
            contact.id = known.contact.id
            contact.phase = .ended
            add(contact, frame: frame, emit: emit)
            return
        }
        if let known = down[sample.slot]?.contact {
            if known.x == contact.x && known.y == contact.y && known.pressure == contact.pressure
                && known.touchMajor == contact.touchMajor
            {
                return
            }
            contact.id = known.id
            contact.phase = .moved
        } else {
            contact.id = nextID
            nextID += 1
            contact.phase = .began
            contactsDown += 1
        }
        down[sample.slot] = (source, contact)
        add(contact, frame: frame, emit: emit)
    }

    /// Adds a change to the frame being built, first sending that frame if it already changes the same contact.
    private mutating func add(_ contact: Contact, frame: ContactFrame, emit: (ContactFrame) -> Void) {
        if changes.contains(where: { $0.id == contact.id }) { flush(frame, emit: emit) }
        changes.append(contact)
    }

    /// The slot's contact down, no longer down.
    private mutating func takeDown(_ slot: Int) -> (source: Int, contact: Contact)? {
        guard let known = down[slot] else { return nil }
        down[slot] = nil
        contactsDown -= 1
        return known
    }

    /// Sends the changes as one frame: slot by slot, an ending before a
    /// beginning in the same slot, and the contacts still down that did not change, as the tracker gives them.
    private mutating func flush(_ input: ContactFrame, emit: (ContactFrame) -> Void) {
        guard !changes.isEmpty else { return }
        output.removeAll()
        var slots = down.count
        for change in changes { slots = max(slots, Int(change.slot) + 1) }
        for slot in 0..<slots {
            for change in changes where Int(change.slot) == slot && change.phase.isEnd { output.append(change) }
            for change in changes where Int(change.slot) == slot && !change.phase.isEnd { output.append(change) }
            if var still = down[slot]?.contact, !changes.contains(where: { $0.id == still.id }) {
                still.phase = .stationary
                output.append(still)
            }
        }
        changes.removeAll(keepingCapacity: true)
        emit(ContactFrame(time: input.time, index: input.index, contacts: output))
    }
}
