import KernelInput
import Testing

struct DeviceDescriptionTests {
    func device(properties: Set<UInt16> = [], keys: Set<UInt16> = [KeyCode.touch], mt: Bool = true) -> DeviceDescription {
        var absInfo: [UInt16: AbsInfo] = [AbsCode.x: AbsInfo(minimum: 0, maximum: 99), AbsCode.y: AbsInfo(minimum: 0, maximum: 99)]
        if mt {
            absInfo[AbsCode.mtPositionX] = AbsInfo(minimum: 0, maximum: 99)
            absInfo[AbsCode.mtPositionY] = AbsInfo(minimum: 0, maximum: 99)
        }
        return DeviceDescription(
            name: "d", properties: properties, types: [0, 1, 3], codes: [EventType.key: keys, EventType.abs: Set(absInfo.keys)],
            absInfo: absInfo)
    }

    @Test func kinds() {
        #expect(device(properties: [InputProperty.direct]).kind == .touchscreen)
        #expect(device(keys: [KeyCode.touch, KeyCode.toolFinger]).kind == .touchpad)
        #expect(device(properties: [InputProperty.pointer]).kind == .touchpad)
        #expect(device().kind == .probableTouchscreen)
        #expect(device(keys: [KeyCode.toolPen, KeyCode.touch]).kind == .tablet)
        #expect(device(properties: [InputProperty.direct], keys: [KeyCode.toolPen]).kind == .penDisplay)
        #expect(DeviceDescription(name: "keyboard").kind == .other)
    }

    @Test func protocols() {
        var slots = device()
        slots.absInfo[AbsCode.mtSlot] = AbsInfo(minimum: 0, maximum: 4)
        #expect(slots.multitouchProtocol == .slots(count: 5))
        #expect(slots.slotCount == 5)
        #expect(device().multitouchProtocol == .reports)
        #expect(device(mt: false).multitouchProtocol == .singleTouch)
        #expect(device(mt: false).slotCount == nil)
    }

    @Test func noResolutionNoSize() {
        #expect(device().sizeMillimetres == nil)
    }
}
