import KernelInput

/// A desktop window's touches as a touchscreen the window's size would send
/// them: multitouch protocol B, four units a point. Everything after (the
/// tracker, touch numbers, tap counts, recordings) is then what a panel's
/// touches go through.
///
/// The mouse is a finger. As in the iOS Simulator, holding Alt adds a second
/// finger mirrored about the window's centre, for pinching and rotating;
/// with Shift as well the pair moves together: before a press, to put the
/// pinch's centre over the view to pinch; during one, as a two-finger pan.
/// A touchscreen on the desktop gives its own fingers.
public struct WindowTouches {
    public static let unitsPerPoint = 4
    public static let slotCount = 10

    public struct Modifiers: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: 1)
        public static let alt = Modifiers(rawValue: 2)
    }

    /// A disc to draw over the picture: a simulated finger, where it is and whether it is down.
    public struct Marker: Equatable, Sendable {
        public var x: Double
        public var y: Double
        public var pressed: Bool
        public init(x: Double, y: Double, pressed: Bool) { (self.x, self.y, self.pressed) = (x, y, pressed) }
    }

    private enum Owner: Equatable {
        case mouse, mirror
        case finger(Int64)
    }

    private struct Contact {
        var owner: Owner
        var trackingID: Int32
        var x: Int32
        var y: Int32
    }

    /// The window's size in points.
    public let width: Int
    public let height: Int
    private var slots = [Contact?](repeating: nil, count: WindowTouches.slotCount)
    private var currentSlot: Int32 = 0
    private var nextTrackingID: Int32 = 0
    /// The mouse's last position in points, whether or not it is down.
    private var pointer: (x: Double, y: Double)?
    private var modifiers: Modifiers = []
    private var mouseIsDown = false
    /// What the second finger is mirrored about: the window's centre until Alt and Shift move it.
    private var centre: (x: Double, y: Double)

    public init(width: Int, height: Int) {
        (self.width, self.height) = (width, height)
        centre = (Double(width) / 2, Double(height) / 2)
    }

    /// The touchscreen these events are from, as evemu would describe it.
    public var device: DeviceDescription {
        let x = AbsInfo(minimum: 0, maximum: Int32(width * Self.unitsPerPoint - 1), resolution: Self.unitsPerMillimetre)
        let y = AbsInfo(minimum: 0, maximum: Int32(height * Self.unitsPerPoint - 1), resolution: Self.unitsPerMillimetre)
        return DeviceDescription(
            name: "TouchBridge window", id: InputID(bustype: 0x06),  // BUS_VIRTUAL
            properties: [InputProperty.direct], types: [EventType.syn, EventType.key, EventType.abs],
            codes: [
                EventType.key: [KeyCode.touch],
                EventType.abs: [AbsCode.x, AbsCode.y, AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID],
            ],
            absInfo: [
                AbsCode.x: x, AbsCode.y: y, AbsCode.mtPositionX: x, AbsCode.mtPositionY: y,
                AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: Int32(Self.slotCount - 1)),
                AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
            ])
    }

    /// A desktop's point is about a 96-dpi pixel: 0.26 mm.
    private static let unitsPerMillimetre = Int32((Double(unitsPerPoint) * 96 / 25.4).rounded())

    // MARK: The mouse

    public mutating func mouseDown(x: Double, y: Double, modifiers: Modifiers, time: EventTime) -> [InputEvent] {
        pointer = (x, y)
        modifiersChanged(modifiers)
        guard !mouseIsDown else { return [] }
        mouseIsDown = true
        var frame = Frame(time: time, wasTouching: isTouching)
        place(.mouse, at: (x, y), in: &frame)
        if modifiers.contains(.alt) { place(.mirror, at: mirrored((x, y)), in: &frame) }
        return frame.finish(touching: isTouching)
    }

    public mutating func mouseMoved(x: Double, y: Double, modifiers: Modifiers, time: EventTime) -> [InputEvent] {
        let previous = pointer
        pointer = (x, y)
        modifiersChanged(modifiers)
        guard mouseIsDown else {
            // Alt and Shift with no button down carry the pair, and so the centre, along.
            if modifiers.contains([.alt, .shift]), let previous { centre = (centre.x + x - previous.x, centre.y + y - previous.y) }
            return []
        }
        var frame = Frame(time: time, wasTouching: isTouching)
        if let mirror = slot(of: .mirror) {
            if modifiers.contains(.shift), let previous {
                // The pair moves together: the second finger by the mouse's own step.
                // (The centre moves too: Shift let go, the pinch goes on about the pair's middle.)
                let contact = slots[mirror]!
                let dx = x - previous.x, dy = y - previous.y
                let at = (Double(contact.x) / Double(Self.unitsPerPoint) + dx, Double(contact.y) / Double(Self.unitsPerPoint) + dy)
                centre = (centre.x + dx, centre.y + dy)
                place(.mirror, at: at, in: &frame)
            } else {
                place(.mirror, at: mirrored((x, y)), in: &frame)
            }
        }
        place(.mouse, at: (x, y), in: &frame)
        return frame.finish(touching: isTouching)
    }

    public mutating func mouseUp(x: Double, y: Double, modifiers: Modifiers, time: EventTime) -> [InputEvent] {
        var events = mouseMoved(x: x, y: y, modifiers: modifiers, time: time)
        guard mouseIsDown else { return events }
        mouseIsDown = false
        var frame = Frame(time: time, wasTouching: isTouching)
        lift(.mouse, in: &frame)
        lift(.mirror, in: &frame)
        events += frame.finish(touching: isTouching)
        return events
    }

    /// The modifiers changed with the mouse still (Alt pressed shows the second finger's place).
    /// Alt let go puts the centre back in the middle of the window (once no
    /// finger is down: mid-drag, the second finger would jump).
    public mutating func modifiersChanged(_ modifiers: Modifiers) {
        if !modifiers.contains(.alt) && !mouseIsDown { centre = (Double(width) / 2, Double(height) / 2) }
        self.modifiers = modifiers
    }

    /// The pointer left the window without a button down.
    public mutating func pointerLeft() {
        if !mouseIsDown { pointer = nil }
    }

    // MARK: A touchscreen on the desktop

    /// `x` and `y` are fractions of the window's width and height.
    public mutating func fingerDown(_ id: Int64, x: Double, y: Double, time: EventTime) -> [InputEvent] {
        var frame = Frame(time: time, wasTouching: isTouching)
        place(.finger(id), at: (x * Double(width), y * Double(height)), in: &frame)
        return frame.finish(touching: isTouching)
    }

    public mutating func fingerMoved(_ id: Int64, x: Double, y: Double, time: EventTime) -> [InputEvent] {
        guard slot(of: .finger(id)) != nil else { return [] }
        return fingerDown(id, x: x, y: y, time: time)
    }

    /// A negative `x` or `y`: the finger lifts where it last moved to.
    public mutating func fingerUp(_ id: Int64, x: Double, y: Double, time: EventTime) -> [InputEvent] {
        guard slot(of: .finger(id)) != nil else { return [] }
        var frame = Frame(time: time, wasTouching: isTouching)
        if x >= 0 && y >= 0 { place(.finger(id), at: (x * Double(width), y * Double(height)), in: &frame) }
        lift(.finger(id), in: &frame)
        return frame.finish(touching: isTouching)
    }

    /// Every contact lifted: the window is closing or changing size.
    public mutating func liftAll(time: EventTime) -> [InputEvent] {
        mouseIsDown = false
        var frame = Frame(time: time, wasTouching: isTouching)
        for contact in slots.compactMap({ $0 }) { lift(contact.owner, in: &frame) }
        return frame.finish(touching: isTouching)
    }

    // MARK: What the window draws

    /// The simulated fingers to draw: both while Alt holds a second one
    /// (pressed or about to be), none for a plain mouse, whose cursor shows it.
    public var markers: [Marker] {
        if mouseIsDown {
            guard slot(of: .mirror) != nil else { return [] }
            return slots.compactMap { contact in
                guard let contact, contact.owner == .mouse || contact.owner == .mirror else { return nil }
                return Marker(
                    x: Double(contact.x) / Double(Self.unitsPerPoint), y: Double(contact.y) / Double(Self.unitsPerPoint), pressed: true)
            }
        }
        guard modifiers.contains(.alt), let pointer else { return [] }
        let mirror = mirrored(pointer)
        return [Marker(x: pointer.x, y: pointer.y, pressed: false), Marker(x: mirror.x, y: mirror.y, pressed: false)]
    }

    // MARK: Building frames

    private var isTouching: Bool { slots.contains { $0 != nil } }

    private func slot(of owner: Owner) -> Int? { slots.firstIndex { $0?.owner == owner } }

    private func mirrored(_ point: (x: Double, y: Double)) -> (x: Double, y: Double) {
        (2 * centre.x - point.x, 2 * centre.y - point.y)
    }

    /// Whole units inside the window: a drag that leaves it stays on its edge.
    private func units(_ value: Double, extent: Int) -> Int32 {
        Int32(min(max((value * Double(Self.unitsPerPoint)).rounded(), 0), Double(extent * Self.unitsPerPoint - 1)))
    }

    /// Puts `owner` down at `point`, or moves it there.
    private mutating func place(_ owner: Owner, at point: (x: Double, y: Double), in frame: inout Frame) {
        let x = units(point.x, extent: width), y = units(point.y, extent: height)
        let index: Int
        if let known = slot(of: owner) {
            index = known
            guard slots[index]!.x != x || slots[index]!.y != y else { return }
            select(index, in: &frame)
        } else {
            guard let free = slots.firstIndex(where: { $0 == nil }) else { return }  // ten fingers already
            index = free
            slots[index] = Contact(owner: owner, trackingID: nextTrackingID, x: x, y: y)
            select(index, in: &frame)
            frame.add(EventType.abs, AbsCode.mtTrackingID, nextTrackingID)
            nextTrackingID = (nextTrackingID + 1) & 0xFFFF
        }
        slots[index]!.x = x
        slots[index]!.y = y
        frame.add(EventType.abs, AbsCode.mtPositionX, x)
        frame.add(EventType.abs, AbsCode.mtPositionY, y)
        // The single-touch axes follow the first contact, as a panel's driver makes them.
        if index == slots.firstIndex(where: { $0 != nil }) {
            frame.add(EventType.abs, AbsCode.x, x)
            frame.add(EventType.abs, AbsCode.y, y)
        }
    }

    private mutating func lift(_ owner: Owner, in frame: inout Frame) {
        guard let index = slot(of: owner) else { return }
        select(index, in: &frame)
        frame.add(EventType.abs, AbsCode.mtTrackingID, -1)
        slots[index] = nil
    }

    private mutating func select(_ index: Int, in frame: inout Frame) {
        guard currentSlot != Int32(index) else { return }
        currentSlot = Int32(index)
        frame.add(EventType.abs, AbsCode.mtSlot, Int32(index))
    }

    /// One SYN_REPORT's worth of events; BTN_TOUCH when the first finger lands or the last lifts.
    private struct Frame {
        let time: EventTime
        let wasTouching: Bool
        var events: [InputEvent] = []

        mutating func add(_ type: UInt16, _ code: UInt16, _ value: Int32) {
            events.append(InputEvent(time: time, type: type, code: code, value: value))
        }

        func finish(touching: Bool) -> [InputEvent] {
            guard !events.isEmpty else { return [] }
            var events = events
            if touching != wasTouching {
                events.append(InputEvent(time: time, type: EventType.key, code: KeyCode.touch, value: touching ? 1 : 0))
            }
            events.append(InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0))
            return events
        }
    }
}
