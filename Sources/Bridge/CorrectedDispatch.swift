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
