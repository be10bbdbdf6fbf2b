import KernelInput

/// What one input device's events mean, by the kind of device it is: a
/// touchscreen's become touches (`TouchscreenDispatch`), a keyboard's keys
/// (`KeyboardDispatch`), a knob's turns arrow keys (`KnobDispatch`), a
/// barcode scanner's keys lines (`ScannerDispatch`); `InputDeviceKind`
/// registers them. The hub holds one per open device, read from a node or
/// made up by the host; a replay holds one per recording, and `watch` one;
/// none of them asks which kind it has.
///
/// Not Sendable: a dispatch stays on the thread that reads its device.
public protocol DeviceDispatch: AnyObject {
    /// Whole frames of the device's events (SYN_REPORT last), as read or played.
    func process(_ events: ArraySlice<InputEvent>, post: (InputHubOutput) -> Void)

    /// The device went away, or its feed ended: whatever is down is
    /// cancelled. Returns how many touches were.
    @discardableResult func finish(post: (InputHubOutput) -> Void) -> Int
}
