/// What `viewWillTransition(to:with:)` is given, as
/// UIViewControllerTransitionCoordinator: a way to change the interface
/// with the size change, and to act once it is over. A screen's size
/// changes at once here (no rotation animation on a panel): the alongside
/// blocks run as the new size is laid out, the completions right after.
@MainActor
public final class ViewControllerTransitionCoordinator {
    /// Zero: the new size is there at the next frame.
    public let transitionDuration = 0.0
    public let isAnimated = false
    public let isCancelled = false
    /// The rotation the transition makes; the identity, since the screen's
    /// rotation is set in the configuration, not turned while the app runs.
    public let targetTransform = AffineTransform.identity

    private var alongside: [(ViewControllerTransitionCoordinator) -> Void] = []
    private var completions: [(ViewControllerTransitionCoordinator) -> Void] = []

    init() {}

    /// Runs `animation` as the new size is applied and `completion` once it is. Returns true, as UIKit's does when the transition runs.
    @discardableResult
    public func animate(
        alongsideTransition animation: ((ViewControllerTransitionCoordinator) -> Void)?,
        completion: ((ViewControllerTransitionCoordinator) -> Void)? = nil
    ) -> Bool {
        if let animation { alongside.append(animation) }
        if let completion { completions.append(completion) }
        return true
    }

    func runAlongside() {
        let blocks = alongside
        alongside = []
        for block in blocks { block(self) }
    }

    func complete() {
        let blocks = completions
        completions = []
        for block in blocks { block(self) }
    }
}
