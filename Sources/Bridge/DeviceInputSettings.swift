import KernelInput

/// Settings for some devices only: an `[input.device.LABEL]` section of the
/// configuration, for the devices whose name contains `name-contains`. What
/// it gives replaces the setting for every device; what it leaves out stays.
/// A resistive panel and a capacitive one on the same kiosk want different filters.
public struct DeviceInputSettings: Equatable, Sendable {
    /// The section's label, to name it in messages.
    public var label: String
    public var nameContains: String
    public var filters: FilterChainSpec?
    public var minimumPressure: Int32?
    public var minimumTouchMajor: Int32?
    public var maximumTouchMajor: Int32?
    /// The display these devices are on, by its connector's name, when there are several.
    public var output: String?

    public init(label: String, nameContains: String = "") {
        self.label = label
        self.nameContains = nameContains
    }

    static let keys: [String: String] = [
        "name-contains": "a device name, or a part of one",
        "filter": "tslib filters, such as \"median depth=5; dejitter delta=100\"",
        "ts-conf": "the path of a tslib ts.conf whose modules are the filters",
        "min-pressure": "a pressure in the device's units",
        "min-touch-major": "a contact size in the device's ABS_MT_TOUCH_MAJOR units",
        "max-touch-major": "a contact size in the device's ABS_MT_TOUCH_MAJOR units",
        "output": "the name of the display the devices are on, such as \"HDMI-A-2\" (touchbridge displays lists them)",
    ]

    func applies(to name: String) -> Bool { name.contains(nameContains) }

    func over(_ floor: ContactFloor) -> ContactFloor {
        ContactFloor(
            minimumPressure: minimumPressure ?? floor.minimumPressure,
            minimumTouchMajor: minimumTouchMajor ?? floor.minimumTouchMajor,
            maximumTouchMajor: maximumTouchMajor ?? floor.maximumTouchMajor)
    }
}

extension InputOptions {
    /// The output the device named `name` is on by the configuration (its
    /// section, the first that matches it, as for `tuned(for:)`), with the section's label.
    public func configuredOutput(for name: String) -> (section: String, output: String)? {
        guard let section = devices.first(where: { $0.applies(to: name) }), let output = section.output else { return nil }
        return (section.label, output)
    }

    /// These options as they apply to the device named `name`: the first
    /// section that matches it lays its settings over the ones for every device.
    public func tuned(for name: String) -> InputOptions {
        guard let section = devices.first(where: { $0.applies(to: name) }) else { return self }
        var options = self
        if let filters = section.filters { options.filters = filters }
        options.floor = section.over(floor)
        return options
    }
}
