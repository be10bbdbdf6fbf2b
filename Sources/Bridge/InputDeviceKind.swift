import KernelInput

/// The kinds of input device the bridge reads, each with a `DeviceDispatch`
/// of its own, in a file of its own. This is where they are registered: a
/// new kind is its dispatch's file and a case here, with what makes it.
public enum InputDeviceKind: String, Sendable, CaseIterable {
    case touchscreen
    case keyboard
    /// A rotary encoder: its turns are arrow keys.
    case knob
    /// A keyboard the configuration names a barcode scanner: lines, not keys.
    case scanner

    /// What a device with keys is: a scanner when `scanner` (the
    /// configuration names it one), a knob when it turns, else a keyboard.
    public static func ofKeys(_ description: DeviceDescription, scanner: Bool) -> InputDeviceKind {
        scanner ? .scanner : description.isKnob ? .knob : .keyboard
    }

    /// What a device is by its description alone (a recording's, a node
    /// `watch` reads): keys without a position, or a touchscreen.
    public static func of(_ description: DeviceDescription, scanner: Bool = false) -> InputDeviceKind {
        description.kind == .keyboard ? ofKeys(description, scanner: scanner) : .touchscreen
    }

    /// The dispatch of this kind for a device described so (as quirks corrected it).
    func makeDispatch(for description: DeviceDescription, in context: DispatchContext) throws -> any DeviceDispatch {
        switch self {
        case .touchscreen:
            try TouchscreenDispatch(
                description, node: context.node, options: context.options, index: context.index, screen: context.screen,
                numbering: context.numbering, dropPolicy: context.dropPolicy, warn: context.warn)
        case .keyboard:
            KeyboardDispatch(KeyDevice(index: context.index, keymap: try context.keymap()), node: context.node)
        case .knob:
            KnobDispatch(KeyDevice(index: context.index, keymap: try context.keymap()), node: context.node)
        case .scanner:
            ScannerDispatch(KeyDevice(index: context.index, keymap: try context.keymap()), node: context.node, name: description.name)
        }
    }
}

/// What any device's dispatch is made with: the hub's, a replay's and
/// `watch`'s are all made through `dispatch(for:kind:)`.
public struct DispatchContext {
    /// The node or recording, as notes and warnings name it.
    public var node: String
    /// The device's number among those read together (`TouchRecord.device`, `KeyRecord.device`).
    public var index: Int
    public var options: InputOptions
    /// Touch numbers shared with the other devices read together.
    var numbering: SharedTouchNumbering
    /// The screen a touchscreen's touches are on.
    public var screen = 0
    /// A live device resynchronizes after SYN_DROPPED; a recording cancels what was lost.
    public var dropPolicy = DropPolicy.resyncFollows
    /// The keymap for keys, compiled when the first device with keys comes;
    /// what it throws says why in the caller's words.
    public var keymap: () throws -> Keymap
    public var warn: (String) -> Void

    init(
        node: String, index: Int, options: InputOptions, numbering: SharedTouchNumbering,
        keymap: @escaping () throws -> Keymap, warn: @escaping (String) -> Void
    ) {
        (self.node, self.index, self.options, self.numbering, self.keymap, self.warn) = (node, index, options, numbering, keymap, warn)
    }

    /// A context for one device on its own (its touches numbered apart from any other's).
    public init(node: String, options: InputOptions, keymap: @escaping () throws -> Keymap, warn: @escaping (String) -> Void) {
        self.init(node: node, index: 0, options: options, numbering: SharedTouchNumbering(), keymap: keymap, warn: warn)
    }

    /// The dispatch for a device of any kind: its description as the quirks
    /// correct it (a quirk that applied is said once, through `warn`), its
    /// kind decided on that by `kind`, and its events corrected before they
    /// reach it where the quirks say so.
    public func dispatch(
        for reported: DeviceDescription, kind: (DeviceDescription) -> InputDeviceKind
    ) throws -> any DeviceDispatch {
        let quirked = options.quirks.applied(to: reported)
        if !quirked.applied.isEmpty {
            warn("\(node): '\(reported.name)': corrected by the quirk \(quirked.applied.map { "[\($0)]" }.joined(separator: ", "))")
        }
        let dispatch = try kind(quirked.description).makeDispatch(for: quirked.description, in: self)
        guard let correction = quirked.correction else { return dispatch }
        return CorrectedDispatch(dispatch, correction: correction)
    }
}
