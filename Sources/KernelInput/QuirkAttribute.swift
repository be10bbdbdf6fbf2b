/// What a quirk corrects in a device: one `Attr...` line of a quirks file.
/// A new attribute is a case here, its key in `keys`, its parsing in
/// `init(key:value:)` and its effect in `apply(to:correction:)`; nothing
/// else changes.
public enum QuirkAttribute: Hashable, Sendable {
    /// `AttrInputProp=+INPUT_PROP_DIRECT,-INPUT_PROP_POINTER`: properties added (+) or removed (-).
    case inputProperties(adding: Set<UInt16>, removing: Set<UInt16>)
    /// `AttrAxisRemap=ABS_Z:ABS_X;ABS_RX:ABS_Y`: an axis the device reports on
    /// the wrong code, moved to the right one in its description and every
    /// event. It applies only where the device has the first axis and not the second.
    case axisRemap([AxisMove])
    /// `AttrEventCode=-ABS_MT_PRESSURE;-EV_REL;+BTN_TOUCH`: codes or whole
    /// types the device claims but should not be believed on (-), dropped
    /// from its description and its events; keys it sends without declaring
    /// them (+), added to its description.
    case eventCodes(enabling: Set<EventCodeName>, disabling: Set<EventCodeName>)

    /// An absolute axis moved from one code to another.
    public struct AxisMove: Hashable, Sendable {
        public var from: UInt16
        public var to: UInt16
    }

    /// A type and code (`BTN_TOUCH`), or a whole type (`EV_REL`, code nil).
    public struct EventCodeName: Hashable, Sendable {
        public var type: UInt16
        public var code: UInt16?
    }

    /// The attribute keys a quirks file may use.
    public static let keys = ["AttrInputProp", "AttrAxisRemap", "AttrEventCode"]

    /// The attribute a line gives; nil for a key that is no attribute.
    /// Throws the reason a value is wrong.
    public init?(key: String, value: String) throws(QuirkValueError) {
        switch key {
        case "AttrInputProp":
            var adding: Set<UInt16> = [], removing: Set<UInt16> = []
            for item in Self.items(value, separator: ",") {
                let (plus, name) = Self.signed(item)
                guard let property = EventNames.property(named: name) else { throw QuirkValueError("unknown property '\(name)'") }
                if plus { adding.insert(property) } else { removing.insert(property) }
            }
            self = .inputProperties(adding: adding, removing: removing)
        case "AttrAxisRemap":
            var moves: [AxisMove] = []
            for pair in Self.items(value, separator: ";") {
                let names = pair.split(separator: ":").map { $0.trimmingSpaces() }
                guard names.count == 2, let from = EventNames.code(named: names[0], type: EventType.abs),
                    let to = EventNames.code(named: names[1], type: EventType.abs)
                else { throw QuirkValueError("expected FROM:TO pairs of ABS_ axes separated by ';', such as ABS_Z:ABS_X, got '\(pair)'") }
                moves.append(AxisMove(from: from, to: to))
            }
            self = .axisRemap(moves)
        case "AttrEventCode":
            var enabling: Set<EventCodeName> = [], disabling: Set<EventCodeName> = []
            for item in Self.items(value, separator: ";") {
                let (plus, name) = Self.signed(item)
                guard item.hasPrefix("+") || item.hasPrefix("-") else {
                    throw QuirkValueError("'\(item)' needs + (enable) or - (disable) before it")
                }
                let code: EventCodeName
                if let type = EventNames.type(named: name) {
                    code = EventCodeName(type: type, code: nil)
                } else if let (type, number) = EventNames.typeAndCode(named: name) {
                    code = EventCodeName(type: type, code: number)
                } else {
                    throw QuirkValueError("unknown event code or type '\(name)'")
                }
                if plus {
                    guard code.type == EventType.key, code.code != nil else {
                        throw QuirkValueError("only a key or button can be enabled (+\(name)): an axis needs a range the device does not give")
                    }
                    enabling.insert(code)
                } else {
                    disabling.insert(code)
                }
            }
            self = .eventCodes(enabling: enabling, disabling: disabling)
        default:
            return nil
        }
    }

    /// Corrects `device`, and adds to `correction` what its events need to match.
    public func apply(to device: inout DeviceDescription, correction: inout EventCorrection) {
        switch self {
        case .inputProperties(let adding, let removing):
            device.properties.formUnion(adding)
            device.properties.subtract(removing)
        case .axisRemap(let moves):
            for move in moves where device.absInfo[move.from] != nil && device.absInfo[move.to] == nil {
                device.absInfo[move.to] = device.absInfo.removeValue(forKey: move.from)
                device.codes[EventType.abs, default: []].remove(move.from)
                device.codes[EventType.abs, default: []].insert(move.to)
                correction.movedAxes[move.from] = move.to
                // An axis an earlier quirk dropped is the device's again.
                correction.droppedCodes[EventType.abs]?.remove(move.to)
            }
        case .eventCodes(let enabling, let disabling):
            for name in disabling {
                if let code = name.code {
                    device.codes[name.type]?.remove(code)
                    if name.type == EventType.abs { device.absInfo[code] = nil }
                    correction.droppedCodes[name.type, default: []].insert(code)
                } else {
                    device.types.remove(name.type)
                    device.codes[name.type] = nil
                    if name.type == EventType.abs { device.absInfo = [:] }
                    correction.droppedTypes.insert(name.type)
                }
            }
            for name in enabling {
                device.types.insert(name.type)
                device.codes[name.type, default: []].insert(name.code!)
                correction.droppedCodes[name.type]?.remove(name.code!)
            }
        }
    }

    private static func items(_ value: String, separator: Character) -> [String] {
        value.split(separator: separator).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }

    /// "+NAME" or "NAME": adding; "-NAME": removing.
    private static func signed(_ item: String) -> (plus: Bool, name: String) {
        item.hasPrefix("+") || item.hasPrefix("-") ? (item.hasPrefix("+"), String(item.dropFirst())) : (true, item)
    }
}

/// Why an attribute's value is wrong; the file, line and key are added by the parser.
public struct QuirkValueError: Error, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
