/// What quirks change in a device's events, as they change its description:
/// axes moved to the right code (`AttrAxisRemap`), codes and types the
/// device should never have sent dropped (`AttrEventCode=-...`).
public struct EventCorrection: Equatable, Sendable {
    /// Absolute axes: the code the device uses to the code it means.
    public var movedAxes: [UInt16: UInt16] = [:]
    /// Codes whose events are dropped, by type: the codes as moved, since a
    /// quirk that drops a code speaks of the description earlier quirks made.
    public var droppedCodes: [UInt16: Set<UInt16>] = [:]
    /// Types whose events are dropped, whatever their code.
    public var droppedTypes: Set<UInt16> = []

    public init() {}

    public var isEmpty: Bool { movedAxes.isEmpty && droppedCodes.isEmpty && droppedTypes.isEmpty }

    /// `events` as the device should have sent them. SYN events always pass:
    /// a frame keeps its end.
    public func corrected(_ events: ArraySlice<InputEvent>) -> ArraySlice<InputEvent> {
        var result: [InputEvent] = []
        result.reserveCapacity(events.count)
        for var event in events {
            if event.type != EventType.syn {
                if event.type == EventType.abs, let to = movedAxes[event.code] { event.code = to }
                if droppedTypes.contains(event.type) || droppedCodes[event.type]?.contains(event.code) == true { continue }
            }
            result.append(event)
        }
        return result[...]
    }
}
