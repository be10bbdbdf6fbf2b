import KernelInput

/// One touch device as the bridge sees it: its tracker, and how its
/// contacts become screen points, force and radius.
struct TouchDevice {
    let index: Int
    /// The screen its touches are on.
    let screen: Int
    let mapping: ScreenMapping
    let pressureAxis: AbsInfo?
    let hasTouchMajor: Bool
    var tracker: ContactTracker
    /// The configured filters; nil when there are none.
    var filters: FilterChain?

    /// `device` is the description as quirks corrected it (`DispatchContext.dispatch`).
    /// Refuses what is not a touchscreen (a touchpad unless allowed, a device
    /// without absolute axes); warns about a touchscreen that does not say it is one.
    init(
        _ device: DeviceDescription, index: Int, source: String, options: InputOptions, dropPolicy: DropPolicy,
        screen: Int = 0, warn: (String) -> Void
    ) throws {
        switch device.kind {
        case .touchscreen, .penDisplay:
            break
        case .probableTouchscreen:
            warn(
                "\(source): warning: '\(device.name)' does not declare INPUT_PROP_DIRECT; "
                    + "replaying it as a touchscreen")
        case .touchpad, .tablet:
            let what = device.kind == .touchpad ? "a touchpad" : "a pen tablet"
            guard options.allowTouchpads else { throw DeviceError(source, .notDirect(name: device.name, kind: device.kind)) }
            warn("\(source): warning: '\(device.name)' is \(what); replaying it as a touchscreen")
        case .keyboard, .other:
            throw DeviceError(source, .noPositionAxes(name: device.name))
        }
        guard let mapping = options.geometry.mapping(for: device) else {
            throw DeviceError(source, .noPositionAxes(name: device.name))
        }
        self.index = index
        self.screen = screen
        self.mapping = mapping
        let multitouch = device.multitouchProtocol != .singleTouch
        pressureAxis = device.absInfo[multitouch ? AbsCode.mtPressure : AbsCode.pressure]
        hasTouchMajor = multitouch && device.absInfo[AbsCode.mtTouchMajor] != nil
        tracker = ContactTracker(device: device, dropPolicy: dropPolicy)
        let tuned = options.tuned(for: device.name)
        filters =
            tuned.filters.isEmpty && tuned.floor.isEmpty
            ? nil
            : FilterChain(tuned.filters, floor: tuned.floor, reportsPressure: pressureAxis != nil, reportsTouchMajor: hasTouchMajor)
    }

    /// A tracker's frame as the app should see it: through the filters, which
    /// may hold it back or split it. `body` gets each frame with the device.
    mutating func deliver(_ frame: ContactFrame, _ body: (ContactFrame, TouchDevice) -> Void) {
        guard var chain = filters.take() else { return body(frame, self) }
        chain.process(frame) { body($0, self) }
        filters = chain
    }

    /// Touches down, after the filters.
    var contactsDown: Int { filters?.contactsDown ?? tracker.frame.contacts.count { !$0.phase.isEnd } }

    func force(_ contact: Contact) -> Double? {
        guard let axis = pressureAxis else { return nil }
        return Double(Int64(contact.pressure) - Int64(axis.minimum)) / Double(Int64(axis.maximum) - Int64(axis.minimum))
    }

    func majorRadius(_ contact: Contact) -> Double? {
        hasTouchMajor ? mapping.scaleLength(Double(contact.touchMajor)) / 2 : nil
    }
}
