import Foundation
import KernelInput
import Testing

/// The eGalax (EETI) USB TouchController as the kernel's generic HID driver
/// describes the firmware the issue reports: a pen tablet (BTN_TOOL_PEN, no
/// INPUT_PROP_DIRECT) whose position comes on ABS_Z and ABS_RX. Built from
/// that description: no recording of this firmware with a licence that lets
/// it ship is public.
func eGalaxOnZAndRX() -> DeviceDescription {
    DeviceDescription(
        name: "eGalax Inc. USB TouchController", id: InputID(bustype: 0x03, vendor: 0x0EEF, product: 0x0001, version: 0x0210),
        types: [EventType.key, EventType.abs],
        codes: [EventType.key: [KeyCode.touch, KeyCode.toolPen], EventType.abs: [0x02, 0x03]],
        absInfo: [0x02: AbsInfo(minimum: 0, maximum: 4095), 0x03: AbsInfo(minimum: 0, maximum: 4095)])
}

@Suite struct DeviceQuirksTests {
    @Test func theShippedTableMakesTheEGalaxATouchscreenOnXAndY() throws {
        let device = eGalaxOnZAndRX()
        #expect(device.kind == .other)  // no ABS_X/ABS_Y: nothing to map
        let quirked = DeviceQuirks.builtIn.applied(to: device)
        let fixed = quirked.description
        #expect(quirked.applied == ["eGalax USB TouchController"])
        #expect(fixed.isDirect && fixed.kind == .penDisplay)
        #expect(fixed.positionAxes?.x == AbsInfo(minimum: 0, maximum: 4095))
        #expect(fixed.codes[EventType.abs] == [AbsCode.x, AbsCode.y])
        let events = [
            InputEvent(time: .zero, type: EventType.abs, code: 0x02, value: 100),
            InputEvent(time: .zero, type: EventType.abs, code: 0x03, value: 200),
            InputEvent(time: .zero, type: EventType.key, code: 0x02, value: 1),
        ]
        #expect(try #require(quirked.correction).corrected(events[...]).map(\.code) == [AbsCode.x, AbsCode.y, 0x02])
    }

    /// The variant on ABS_X/ABS_Y only needs INPUT_PROP_DIRECT; an axis it has already is left alone.
    @Test func aRemapAppliesOnlyWhereTheAxisIsMissing() {
        var device = eGalaxOnZAndRX()
        device.codes[EventType.abs] = [AbsCode.x, AbsCode.y]
        device.absInfo = [AbsCode.x: AbsInfo(minimum: 30, maximum: 4040), AbsCode.y: AbsInfo(minimum: 60, maximum: 4035)]
        #expect(device.kind == .tablet)
        let quirked = DeviceQuirks.builtIn.applied(to: device)
        #expect(quirked.description.kind == .penDisplay && quirked.correction == nil)
        // Another vendor's device is not touched.
        device.id.vendor = 0x1234
        #expect(DeviceQuirks.builtIn.applied(to: device).applied.isEmpty)
    }

    @Test func aFileExtendsTheTableAndMatchesByName() throws {
        let quirks = try DeviceQuirks(
            parsing: "# a panel\n[Old panel]\nMatchName=*Touch*Panel*\nAttrInputProp=+INPUT_PROP_DIRECT, -INPUT_PROP_POINTER\n",
            path: "/etc/touchbridge/quirks.d/panel.quirks")
        var device = DeviceDescription(name: "Acme Touch Panel", properties: [InputProperty.pointer])
        #expect(quirks.applied(to: device).description.properties == [InputProperty.direct])
        device.name = "Acme Keyboard"
        #expect(quirks.applied(to: device).applied.isEmpty)
        #expect(quirks.mayApply(name: "Acme Touch Panel", id: nil))
    }

    @Test(arguments: [
        ("[A]\nMatchVendor=0xZZ\n", "q.quirks:2: MatchVendor: expected a number such as 0x0EEF, got '0xZZ'"),
        ("[A]\nMatchBus=firewire\n", "q.quirks:2: MatchBus: unknown bus 'firewire'; the buses are bluetooth, i2c, ps2, serial, spi, usb, virtual"),
        ("[A]\nMatchName=x\nAttrInputProp=+INPUT_PROP_DIRCT\n", "q.quirks:3: AttrInputProp: unknown property 'INPUT_PROP_DIRCT'"),
        ("[A]\nMatchName=x\nAttrAxisRemap=ABS_Z-ABS_X\n", "q.quirks:3: AttrAxisRemap: expected FROM:TO pairs of ABS_ axes separated by ';', such as ABS_Z:ABS_X, got 'ABS_Z-ABS_X'"),
        ("[A]\nMatchName=x\nModelBouncing=1\n", "q.quirks:3: ModelBouncing: unknown key; the keys are MatchName, MatchBus, MatchVendor, MatchProduct, AttrInputProp, AttrAxisRemap, AttrEventCode"),
        ("[A]\nMatchName=x\nAttrEventCode=BTN_TOUCH\n", "q.quirks:3: AttrEventCode: 'BTN_TOUCH' needs + (enable) or - (disable) before it"),
        ("[A]\nMatchName=x\nAttrEventCode=-ABS_NOPE\n", "q.quirks:3: AttrEventCode: unknown event code or type 'ABS_NOPE'"),
        ("[A]\nMatchName=x\nAttrEventCode=+ABS_PRESSURE\n", "q.quirks:3: AttrEventCode: only a key or button can be enabled (+ABS_PRESSURE)"),
        ("MatchName=x\n", "q.quirks:1: 'MatchName=x' comes before any [section]"),
        ("[A]\nAttrInputProp=+INPUT_PROP_DIRECT\n", "q.quirks:1: [A] matches every device; give it a Match line"),
    ])
    func mistakesNameTheFileLineAndKey(_ text: String, _ message: String) {
        #expect {
            try DeviceQuirks(parsing: text, path: "q.quirks")
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    /// A panel whose pressure is noise, and a relative axis it should not
    /// have: both go from its description and its events; a key it sends
    /// without declaring it is added. SYN_REPORT always passes.
    @Test func eventCodesAreDroppedFromTheDescriptionAndTheEventsOrAdded() throws {
        let quirks = try DeviceQuirks(
            parsing: "[Noisy]\nMatchName=Noisy*\nAttrEventCode=-ABS_MT_PRESSURE;-EV_REL;+BTN_TOUCH\n", path: "noisy.quirks")
        let device = DeviceDescription(
            name: "Noisy panel", types: [EventType.abs, EventType.rel],
            codes: [EventType.abs: [AbsCode.mtPositionX, AbsCode.mtPressure], EventType.rel: [0x00]],
            absInfo: [AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 100), AbsCode.mtPressure: AbsInfo(minimum: 0, maximum: 255)])
        let quirked = quirks.applied(to: device)
        #expect(quirked.description.codes[EventType.abs] == [AbsCode.mtPositionX])
        #expect(quirked.description.absInfo[AbsCode.mtPressure] == nil)
        #expect(!quirked.description.types.contains(EventType.rel) && quirked.description.codes[EventType.rel] == nil)
        #expect(quirked.description.codes[EventType.key] == [KeyCode.touch])
        let events = [
            InputEvent(time: .zero, type: EventType.abs, code: AbsCode.mtPositionX, value: 10),
            InputEvent(time: .zero, type: EventType.abs, code: AbsCode.mtPressure, value: 90),
            InputEvent(time: .zero, type: EventType.rel, code: 0x00, value: 1),
            InputEvent(time: .zero, type: EventType.syn, code: SynCode.report, value: 0),
        ]
        let corrected = try #require(quirked.correction).corrected(events[...])
        #expect(corrected.map(\.type) == [EventType.abs, EventType.syn] && corrected.first?.code == AbsCode.mtPositionX)
    }

    /// Quirks apply in order, and the events follow the description they
    /// make: a file that drops the axis the built-in table moved the eGalax's
    /// X onto drops the moved events, and one that drops the code it moved
    /// from drops nothing (that code is gone from the description).
    @Test func droppingACodeSpeaksOfTheCodesAsMoved() throws {
        let event = InputEvent(time: .zero, type: EventType.abs, code: 0x02, value: 100)  // ABS_Z, moved to ABS_X
        for (drop, kept) in [("ABS_X", false), ("ABS_Z", true)] {
            var quirks = DeviceQuirks.builtIn
            quirks.quirks += try DeviceQuirks(parsing: "[Mine]\nMatchVendor=0x0EEF\nAttrEventCode=-\(drop)\n", path: "mine.quirks").quirks
            let quirked = quirks.applied(to: eGalaxOnZAndRX())
            #expect((quirked.description.absInfo[AbsCode.x] != nil) == kept)
            let corrected = try #require(quirked.correction).corrected([event][...])
            #expect(corrected.map(\.code) == (kept ? [AbsCode.x] : []), "dropping \(drop)")
        }
    }

    /// The table touchbridge ships is a quirks file like any other, compiled in.
    @Test func theShippedTableIsAQuirksFile() {
        #expect(DeviceQuirks.builtIn.quirks.map(\.source) == ["touchbridge.quirks:9"])
        #expect(DeviceQuirks.builtIn.quirks.first?.attributes.count == 2)
    }

    @Test func aDirectoryOfQuirksAddsToTheShippedOnes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quirks-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "[Mine]\nMatchName=Mine\nAttrInputProp=+INPUT_PROP_DIRECT\n".write(
            to: directory.appendingPathComponent("mine.quirks"), atomically: true, encoding: .utf8)
        try "ignored".write(to: directory.appendingPathComponent("README"), atomically: true, encoding: .utf8)
        let quirks = try DeviceQuirks.load(directory: directory.path)
        #expect(quirks.quirks.map(\.section) == ["eGalax USB TouchController", "Mine"])
        #expect(try DeviceQuirks.load(directory: "/nonexistent").quirks.count == 1)
    }
}
