/// Protocol A: every frame lists all contacts, each closed by SYN_MT_REPORT,
/// in no particular order. Contacts keep their identity across frames by
/// ABS_MT_TRACKING_ID when the device sends one, else by nearest position.
struct ReportMatcher: Sendable {
    private(set) var previous: [Contact] = []
    private var reports: [Contact] = []
    private var pending = Contact(id: -1)
    private var pendingHasData = false

    mutating func handleAxis(_ code: UInt16, _ value: Int32) {
        switch code {
        case AbsCode.mtPositionX: pending.x = value
        case AbsCode.mtPositionY: pending.y = value
        case AbsCode.mtPressure: pending.pressure = value
        case AbsCode.mtTouchMajor: pending.touchMajor = value
        case AbsCode.mtTouchMinor: pending.touchMinor = value
        case AbsCode.mtOrientation: pending.orientation = value
        case AbsCode.mtToolType: pending.toolType = value
        case AbsCode.mtTrackingID: pending.trackingID = value
        default: return
        }
        pendingHasData = true
    }

    /// After SYN_DROPPED the reports of the frame in progress are incomplete.
    mutating func discardPartialFrame() {
        reports.removeAll(keepingCapacity: true)
        pending = Contact(id: -1)
        pendingHasData = false
    }

    /// SYN_MT_REPORT. An empty one says "no contacts".
    mutating func commitReport() {
        if pendingHasData {
            pending.slot = Int32(reports.count)
            reports.append(pending)
        }
        pending = Contact(id: -1)
        pendingHasData = false
    }

    mutating func finishFrame(into out: inout ContactList, nextID: inout Int, cancelEnds: Bool) {
        if pendingHasData { commitReport() }  // the last SYN_MT_REPORT may be omitted
        var matchedPrevious = [Bool](repeating: false, count: previous.count)
        var assigned = [Int](repeating: -1, count: reports.count)  // index into previous

        let byTrackingID = reports.contains { $0.trackingID >= 0 }
        if byTrackingID {
            for (r, report) in reports.enumerated() {
                if let p = previous.indices.first(where: { !matchedPrevious[$0] && previous[$0].trackingID == report.trackingID }) {
                    assigned[r] = p
                    matchedPrevious[p] = true
                }
            }
        } else if reports.count <= Self.exactMatchLimit && previous.count <= Self.exactMatchLimit {
            for (r, p) in Self.closestAssignment(reports, previous) {
                assigned[r] = p
                matchedPrevious[p] = true
            }
        } else {
            // Many contacts: closest pairs first, a greedy approximation.
            var pairs: [(distance: Int64, report: Int, previous: Int)] = []
            pairs.reserveCapacity(reports.count * previous.count)
            for (r, report) in reports.enumerated() {
                for (p, old) in previous.enumerated() {
                    let dx = Int64(report.x) - Int64(old.x)
                    let dy = Int64(report.y) - Int64(old.y)
                    pairs.append((dx * dx + dy * dy, r, p))
                }
            }
            pairs.sort { $0.distance < $1.distance }
            for pair in pairs where assigned[pair.report] < 0 && !matchedPrevious[pair.previous] {
                assigned[pair.report] = pair.previous
                matchedPrevious[pair.previous] = true
            }
        }

        for (p, old) in previous.enumerated() where !matchedPrevious[p] {
            var ended = old
            ended.phase = cancelEnds ? .cancelled : .ended
            out.append(ended)
        }
        var current: [Contact] = []
        current.reserveCapacity(reports.count)
        for (r, report) in reports.enumerated() {
            var contact = report
            if assigned[r] >= 0 {
                let old = previous[assigned[r]]
                contact.id = old.id
                contact.phase = old.x == report.x && old.y == report.y ? .stationary : .moved
            } else {
                contact.id = nextID
                nextID += 1
                contact.phase = .began
            }
            current.append(contact)
            out.append(contact)
        }
        previous = current
        reports.removeAll(keepingCapacity: true)
    }

    /// Up to this many contacts, identities are matched by trying every assignment.
    static let exactMatchLimit = 6

    /// The pairing of reports with previous contacts that moves them least
    /// in total (sum of squared distances); pairs as (report, previous).
    static func closestAssignment(_ reports: [Contact], _ previous: [Contact]) -> [(Int, Int)] {
        func cost(_ r: Int, _ p: Int) -> Int64 {
            let dx = Int64(reports[r].x) - Int64(previous[p].x)
            let dy = Int64(reports[r].y) - Int64(previous[p].y)
            return dx * dx + dy * dy
        }
        let pairs = min(reports.count, previous.count)
        var best: (cost: Int64, pairs: [(Int, Int)]) = (.max, [])
        var chosen: [(Int, Int)] = []
        var usedPrevious = [Bool](repeating: false, count: previous.count)
        // Each report either takes a free previous contact or, while there
        // are more reports than previous contacts, is a new finger.
        func search(_ r: Int, _ total: Int64, _ skipsLeft: Int) {
            if total >= best.cost { return }
            if r == reports.count {
                if chosen.count == pairs { best = (total, chosen) }
                return
            }
            for p in previous.indices where !usedPrevious[p] {
                usedPrevious[p] = true
                chosen.append((r, p))
                search(r + 1, total + cost(r, p), skipsLeft)
                chosen.removeLast()
                usedPrevious[p] = false
            }
            if skipsLeft > 0 { search(r + 1, total, skipsLeft - 1) }
        }
        search(0, 0, reports.count - pairs)
        return best.pairs
    }

    mutating func cancelAll(into out: inout ContactList) {
        for old in previous {
            var cancelled = old
            cancelled.phase = .cancelled
            out.append(cancelled)
        }
        previous.removeAll()
        reports.removeAll()
        pending = Contact(id: -1)
        pendingHasData = false
    }
}

/// A single-touch device: ABS_X/ABS_Y, and BTN_TOUCH (or pressure) for down.
struct SingleTouchState: Sendable {
    var contactID = -1
    private var values = Contact(id: -1)
    private var touching = false
    private var sawTouchButton = false
    private var reportedX: Int32 = 0
    private var reportedY: Int32 = 0
    /// After lost events: ignore the contact until BTN_TOUCH says what it is.
    private var quarantined = false

    mutating func handleAxis(_ code: UInt16, _ value: Int32) {
        switch code {
        case AbsCode.x: values.x = value
        case AbsCode.y: values.y = value
        case AbsCode.pressure:
            values.pressure = value
            if !sawTouchButton {
                touching = value > 0
                if value == 0 { quarantined = false }
            }
        default: break
        }
    }

    mutating func handleTouchButton(_ value: Int32) {
        sawTouchButton = true
        touching = value != 0
        quarantined = false
    }

    mutating func finishFrame(into out: inout ContactList, nextID: inout Int, cancelEnds: Bool) {
        if quarantined { return }
        if touching && contactID < 0 {
            contactID = nextID
            nextID += 1
            var contact = values
            contact.id = contactID
            contact.phase = .began
            out.append(contact)
        } else if contactID >= 0 {
            var contact = values
            contact.id = contactID
            if !touching {
                contact.phase = cancelEnds ? .cancelled : .ended
                contactID = -1
            } else {
                contact.phase = values.x == reportedX && values.y == reportedY ? .stationary : .moved
            }
            out.append(contact)
        }
        reportedX = values.x
        reportedY = values.y
    }

    mutating func cancel(into out: inout ContactList) {
        guard contactID >= 0 else { return }
        var contact = values
        contact.id = contactID
        contact.phase = .cancelled
        out.append(contact)
        contactID = -1
        quarantined = true
    }
}
