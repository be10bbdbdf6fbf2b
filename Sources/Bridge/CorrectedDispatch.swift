import KernelInput

/// A device's dispatch with its quirks' event corrections in front: what
/// reaches the dispatch is what the corrected description promises.
final class CorrectedDispatch: DeviceDispatch {
    let inner: any DeviceDispatch
    let correction: EventCorrection

    init(_ inner: any DeviceDispatch, correction: EventCorrection) { (self.inner, self.correction) = (inner, correction) }

    func process(_ events: ArraySlice<InputEvent>, post: (InputHubOutput) -> Void) {
        inner.process(correction.corrected(events), post: post)
    }

    func finish(post: (InputHubOutput) -> Void) -> Int { inner.finish(post: post) }
}

extension DeviceQuirks {
    /// The dispatch for a device of any kind, made by `make` for its
    /// description as the quirks correct it, behind their event corrections.
    /// A quirk that applied is said once, through `warn`. The one place
    /// quirks meet a device: the hub's, a replay's and `watch`'s come here.
    public func dispatch(
        for reported: DeviceDescription, source: String, warn: (String) -> Void,
        make: (DeviceDescription) throws -> any DeviceDispatch
    ) rethrows -> any DeviceDispatch {
        let quirked = applied(to: reported)
        if !quirked.applied.isEmpty {
            warn("\(source): '\(reported.name)': corrected by the quirk \(quirked.applied.map { "[\($0)]" }.joined(separator: ", "))")
        }
        let dispatch = try make(quirked.description)
        guard let correction = quirked.correction else { return dispatch }
        return CorrectedDispatch(dispatch, correction: correction)
    }
}
