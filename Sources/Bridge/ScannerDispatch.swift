import KernelInput

/// A barcode scanner: a keyboard whose keys are read as a keyboard's are,
/// and handed on a line at a time (up to its Return), never as keys. A line
/// cut short by the scanner going away is dropped.
///
/// Used from one thread at a time (the one that reads the device).
public final class ScannerDispatch: DeviceDispatch {
    private let keyboard: KeyboardDispatch
    private let name: String
    private var lines = ScannedLines()

    /// `name`: the scanner's, which each line carries.
    public init(_ keys: KeyDevice, node: String, name: String) {
        keyboard = KeyboardDispatch(keys, node: node)
        self.name = name
    }

    public func process(_ events: ArraySlice<InputEvent>, post: (InputHubOutput) -> Void) {
        keyboard.process(events) { output in
            guard case .keys(let records) = output else { return post(output) }
            for line in lines.add(records) { post(.scanned(line: line, scanner: name)) }
        }
    }

    @discardableResult
    public func finish(post: (InputHubOutput) -> Void) -> Int {
        keyboard.finish { _ in }
    }
}
