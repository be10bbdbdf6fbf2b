import Bridge
import KernelInput
import Testing

/// The one rule for which devices `run` takes (and `devices` reports).
struct DeviceSelectionTests {
    func description(_ file: String) throws -> DeviceDescription {
        try #require(RecordingReader.load(files: [Fixtures.path(file)]).first?.device)
    }

    let touchscreen = InputNode(devnode: "/dev/input/event5", name: "Atmel maXTouch Touchscreen", properties: ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"])
    let keyboard = InputNode(devnode: "/dev/input/event2", name: "AT keyboard", properties: ["ID_INPUT": "1", "ID_INPUT_KEYBOARD": "1"])
    let unclassified = InputNode(devnode: "/dev/input/event7", name: "N-Trig MultiTouch")

    @Test func udevDecidesForWhatItClassified() {
        let every = DeviceSelection()
        #expect(every.verdict(for: touchscreen) == .take)
        #expect(every.verdict(for: keyboard) == .passedOver("udev: not a touchscreen"))
    }

    @Test func keyboardsAreTakenAsKeyboardsUnlessTurnedOff() throws {
        let every = DeviceSelection()
        let udevKeyboard = InputNode(devnode: "/dev/input/event2", name: "AT keyboard", properties: ["ID_INPUT": "1", "ID_INPUT_KEY": "1", "ID_INPUT_KEYBOARD": "1"])
        #expect(every.takesAsKeyboard(udevKeyboard))
        // A touchscreen with buttons has ID_INPUT_KEY too: it is a touchscreen.
        let withButtons = InputNode(devnode: "/dev/input/event5", name: "Panel", properties: ["ID_INPUT": "1", "ID_INPUT_KEY": "1", "ID_INPUT_TOUCHSCREEN": "1"])
        #expect(!every.takesAsKeyboard(withButtons))
        // Without udev, the capabilities: keys and no position.
        let lenovo = try description("evemu-lenovo-thinkpad-compact-keyboard-ctrl-c.txt")
        #expect(every.takesAsKeyboard(unclassified, description: lenovo))
        #expect(!every.takesAsKeyboard(unclassified, description: try description("evemu-atmel-maxtouch-touchscreen.desc.txt")))
        // Touchscreens named by node do not narrow the keyboards; turning keyboards off does.
        #expect(DeviceSelection(nodes: ["/dev/input/event5"]).takesAsKeyboard(udevKeyboard))
        #expect(!DeviceSelection(keyboards: false).takesAsKeyboard(udevKeyboard))
    }

    @Test func withoutUdevTheCapabilitiesDecide() throws {
        let every = DeviceSelection()
        #expect(every.verdict(for: unclassified) == .take)  // worth opening
        let atmel = try description("evemu-atmel-maxtouch-touchscreen.desc.txt")
        #expect(every.verdict(for: unclassified, description: atmel) == .take)
        // The same axes without INPUT_PROP_DIRECT and with BTN_TOOL_FINGER: a touchpad, passed over quietly.
        var pad = atmel
        pad.properties = []
        pad.codes[EventType.key, default: []].insert(KeyCode.toolFinger)
        #expect(pad.kind == .touchpad)
        #expect(every.verdict(for: unclassified, description: pad) == .passedOver("touchpad"))
    }

    @Test func aNamedDeviceMustBeATouchscreenOrItIsRefused() throws {
        let named = DeviceSelection(nodes: ["/dev/input/event2"])
        #expect(named.verdict(for: touchscreen) == .passedOver("not among the devices configured"))
        let keys = DeviceDescription(name: "AT keyboard", types: [EventType.key], codes: [EventType.key: [30, 31, 32]])
        guard case .refused(let reason) = named.verdict(for: keyboard, description: keys) else {
            Issue.record("a named keyboard should be refused")
            return
        }
        #expect(reason == "'AT keyboard' is a \(keys.kind.rawValue), not a touchscreen")
    }

    @Test func nameContainsFilters() {
        let atmelOnly = DeviceSelection(nameContains: ["maXTouch"])
        #expect(atmelOnly.verdict(for: touchscreen) == .take)
        let other = InputNode(devnode: "/dev/input/event6", name: "EP0430M09", properties: ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"])
        #expect(atmelOnly.verdict(for: other) == .passedOver("not among the devices configured"))
    }
}
