import Bridge
import Desktop
import KernelInput
import Testing

/// Devices the host makes up (a desktop window's mouse and keys), read by the
/// hub as a node's would be: numbered, tracked, cancelled when let go.
@MainActor
struct VirtualDeviceTests {
    let time = EventTime(microseconds: 1_000_000)

    /// What the hub hands on, taken a batch at a time.
    @MainActor final class Outputs {
        var items: [InputHubOutput] = []
        init(_ hub: InputHub) { hub.onOutput = { [unowned self] in self.items += $0 } }
        func take() -> [InputHubOutput] {
            defer { items.removeAll() }
            return items
        }
    }

    func touches(_ output: [InputHubOutput]) -> [TouchRecord] {
        output.flatMap { item -> [TouchRecord] in
            if case .frame(let records) = item { return records }
            return []
        }
    }

    @Test func aWindowsMouseIsATouchInScreenPoints() {
        let hub = InputHub(selection: DeviceSelection(), options: InputOptions(screenWidth: 800, screenHeight: 480))
        let output = Outputs(hub)
        var window = WindowTouches(width: 800, height: 480)
        hub.openVirtualTouchscreen(window.device, as: "window")
        #expect(output.take() == [.note(.opened(devnode: "window", name: "TouchBridge window", calibrated: false))])
        // Two frames fed together come out together, in order.
        hub.feedVirtual([
            (window.mouseDown(x: 100, y: 50, modifiers: [], time: time), "window"),
            (window.mouseMoved(x: 120.5, y: 60, modifiers: [], time: time), "window"),
        ])
        let records = touches(output.take())
        #expect(records.map(\.phase) == [.began, .moved])
        #expect(records.map(\.x) == [100, 120.5] && records.map(\.y) == [50, 60])
        #expect(records.allSatisfy { $0.touch == records[0].touch && $0.tapCount == 1 })
        // Let go with the finger down (the window changed size): the touch is cancelled, not ended.
        hub.closeVirtual("window", reason: "the window changed size")
        let closing = output.take()
        #expect(touches(closing).map(\.phase) == [.cancelled])
        #expect(closing.last == .note(.closed(devnode: "window", name: "TouchBridge window", reason: "the window changed size", cancelled: 1)))
    }

    @Test func aWindowsKeysGoThroughTheKeymap() {
        let hub = InputHub(selection: DeviceSelection(), options: InputOptions(screenWidth: 800, screenHeight: 480))
        let output = Outputs(hub)
        hub.openVirtualKeyboard(named: "TouchBridge window keyboard", as: "window keyboard")
        _ = output.take()
        var keys = WindowKeys()
        hub.feedVirtual([
            (keys.key(usage: 0xE1, isDown: true, isRepeat: false, time: time), "window keyboard"),  // left shift
            (keys.key(usage: 0x04, isDown: true, isRepeat: false, time: time), "window keyboard"),  // A
        ])
        let typed = output.take().flatMap { item -> [KeyRecord] in
            if case .keys(let records) = item { return records }
            return []
        }
        #expect(typed.map(\.keyName) == ["KEY_LEFTSHIFT", "KEY_A"])
        #expect(typed.last?.characters == "A")
    }

    @Test func eventsForADeviceNotOpenedOrANodeAreIgnored() {
        let hub = InputHub(selection: DeviceSelection(), options: InputOptions(screenWidth: 800, screenHeight: 480))
        let output = Outputs(hub)
        var window = WindowTouches(width: 800, height: 480)
        hub.feedVirtual([(window.mouseDown(x: 1, y: 1, modifiers: [], time: time), "window")])
        hub.closeVirtual("window", reason: "never opened")
        #expect(output.take().isEmpty)
    }
}
