/// The kernel's `struct input_id`.
public struct InputID: Hashable, Sendable {
    public var bustype: UInt16
    public var vendor: UInt16
    public var product: UInt16
    public var version: UInt16

    public init(bustype: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0) {
        self.bustype = bustype
        self.vendor = vendor
        self.product = product
        self.version = version
    }
}

/// The kernel's `struct input_absinfo`: the range and resolution of one axis.
public struct AbsInfo: Hashable, Sendable {
    public var value: Int32
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    /// Units per millimetre (per radian for ABS_MT_ORIENTATION); 0 when the device does not say.
    public var resolution: Int32

    public init(
        value: Int32 = 0, minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0,
        resolution: Int32 = 0
    ) {
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

    /// The most slots TouchBridge accepts; real panels have 10 or fewer.
    public static let maximumSlots: Int32 = 64

    /// What is wrong with this axis as a device may describe it, or nil.
    public func problem(axis code: UInt16) -> String? {
        let name = EventNames.codeName(type: EventType.abs, code: code) ?? "axis \(code)"
        guard minimum < maximum else { return "\(name): minimum \(minimum) is not below maximum \(maximum)" }
        if code == AbsCode.mtSlot && (minimum != 0 || maximum >= Self.maximumSlots) {
            return "\(name): slots must run from 0 to at most \(Self.maximumSlots - 1), not \(minimum)...\(maximum)"
        }
        return nil
    }

    /// Number of distinct values, the way libinput counts an axis' width.
    public var span: Int64 { Int64(maximum) - Int64(minimum) + 1 }

    /// The axis' physical length in millimetres, when the device reports a resolution.
    public var lengthMillimetres: Double? {
        resolution > 0 ? Double(span) / Double(resolution) : nil
    }
}

/// How a device reports several fingers (Documentation/input/multi-touch-protocol.rst).
public enum MultitouchProtocol: Hashable, Sendable {
    /// Type B: per-slot updates, contacts identified by ABS_MT_TRACKING_ID.
    case slots(count: Int)
    /// Type A: every contact repeated in every frame, each followed by SYN_MT_REPORT.
    case reports
    /// No MT axes: ABS_X/ABS_Y with BTN_TOUCH (or pressure) for one finger.
    case singleTouch
}

/// What kind of device a description is, judged the way udev's input_id does.
public enum DeviceKind: String, Sendable {
    case touchscreen
    /// Absolute multi-finger axes but no INPUT_PROP_DIRECT and no touchpad signs: most likely an older touchscreen driver.
    case probableTouchscreen = "probable touchscreen"
    case touchpad
    /// A pen screen (INPUT_PROP_DIRECT with BTN_TOOL_PEN): its positions are screen positions.
    case penDisplay = "pen display"
    /// A pen tablet beside the screen (no INPUT_PROP_DIRECT).
    case tablet
    /// Keys and no position: a keyboard, a keypad, buttons, a media remote,
    /// a barcode scanner (judged as udev's ID_INPUT_KEY is), or a knob (a
    /// rotary encoder: a wheel or dial and no pointer).
    case keyboard
    case other
}

/// Everything a recording or a live node says about a device: identity, the
/// codes it can send, its axis ranges and its properties.
public struct DeviceDescription: Hashable, Sendable {
    public var name: String
    public var id: InputID
    public var properties: Set<UInt16>
    /// Event types the device declares (EV_SYN, EV_KEY, EV_ABS, ...).
    public var types: Set<UInt16>
    /// Codes the device declares, per event type (EV_SYN excluded: every device has those).
    public var codes: [UInt16: Set<UInt16>]
    public var absInfo: [UInt16: AbsInfo]
    /// Initial LED and switch states (evemu L: and S: lines).
    public var ledStates: [UInt16: Int32]
    public var switchStates: [UInt16: Int32]

    public init(
        name: String, id: InputID = InputID(), properties: Set<UInt16> = [], types: Set<UInt16> = [],
        codes: [UInt16: Set<UInt16>] = [:], absInfo: [UInt16: AbsInfo] = [:],
        ledStates: [UInt16: Int32] = [:], switchStates: [UInt16: Int32] = [:]
    ) {
        self.name = name
        self.id = id
        self.properties = properties
        self.types = types
        self.codes = codes
        self.absInfo = absInfo
        self.ledStates = ledStates
        self.switchStates = switchStates
    }

    public var isDirect: Bool { properties.contains(InputProperty.direct) }

    public var multitouchProtocol: MultitouchProtocol {
        if let slots = absInfo[AbsCode.mtSlot], absInfo[AbsCode.mtPositionX] != nil {
            // Readers refuse other ranges; a description built in code is clamped.
            return .slots(count: Int(min(max(1, Int64(slots.maximum) + 1), Int64(AbsInfo.maximumSlots))))
        }
        if absInfo[AbsCode.mtPositionX] != nil { return .reports }
        return .singleTouch
    }

    public var slotCount: Int? {
        if case .slots(let count) = multitouchProtocol { return count }
        return nil
    }

    /// The X and Y axes positions are read from: the MT axes when present, else ABS_X/ABS_Y.
    public var positionAxes: (x: AbsInfo, y: AbsInfo)? {
        if let x = absInfo[AbsCode.mtPositionX], let y = absInfo[AbsCode.mtPositionY] { return (x, y) }
        if let x = absInfo[AbsCode.x], let y = absInfo[AbsCode.y] { return (x, y) }
        return nil
    }

    /// Width and height in millimetres, when the device reports resolutions.
    public var sizeMillimetres: (width: Double, height: Double)? {
        guard let axes = positionAxes, let width = axes.x.lengthMillimetres,
            let height = axes.y.lengthMillimetres
        else { return nil }
        return (width, height)
    }

    /// A rotary encoder: relative wheel, dial or one axis, and no pointer (a
    /// mouse has REL_X and REL_Y).
    public var isKnob: Bool {
        let rel = codes[EventType.rel] ?? []
        return !rel.isEmpty && !(rel.contains(RelCode.x) && rel.contains(RelCode.y))
            && !rel.isDisjoint(with: RelCode.knobAxes)
    }

    public var kind: DeviceKind {
        let keys = codes[EventType.key] ?? []
        guard positionAxes != nil else {
            // Keys below the buttons (BTN_MISC), or from KEY_OK on: what udev calls ID_INPUT_KEY.
            return keys.contains { (1..<0x100).contains($0) || $0 >= 0x160 } || isKnob ? .keyboard : .other
        }
        if keys.contains(KeyCode.toolPen) { return isDirect ? .penDisplay : .tablet }
        if isDirect { return .touchscreen }
        if keys.contains(KeyCode.toolFinger) || properties.contains(InputProperty.pointer)
            || properties.contains(InputProperty.buttonPad)
        {
            return .touchpad
        }
        return .probableTouchscreen
    }
}
