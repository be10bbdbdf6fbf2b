/// Recognizes taps: `numberOfTouchesRequired` fingers, down and up
/// `numberOfTapsRequired` times, each tap close to the first and soon after
/// the last, as UITapGestureRecognizer. Discrete: possible -> recognized or failed.
@MainActor
open class TapGestureRecognizer: GestureRecognizer {
    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (TouchUI/View.swift).
    @exclusivity(unchecked) public var numberOfTapsRequired = 1
    @exclusivity(unchecked) public var numberOfTouchesRequired = 1
    /// How far, in points, a finger may move and still tap.
    @exclusivity(unchecked) public var allowableMovement = 10.0
    /// Longest wait, in seconds, from one tap's lift to the next tap's touch.
    @exclusivity(unchecked) public var maximumIntertapInterval = 0.35

    @exclusivity(unchecked) private var tapsSoFar = 0
    @exclusivity(unchecked) private var start: Point?
    @exclusivity(unchecked) private var fingersDown = 0
    @exclusivity(unchecked) private var maximumFingers = 0
    @exclusivity(unchecked) private var waitForNextTap: TimerID?

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        super.touchesBegan(touches, with: event)
        if let waitForNextTap { timeline?.cancel(waitForNextTap) }
        waitForNextTap = nil
        fingersDown += touches.count
        maximumFingers = max(maximumFingers, fingersDown)
        if maximumFingers > numberOfTouchesRequired {
            state = .failed
            return
        }
        let here = location(in: nil)
        if let start, here.distance(to: start) > allowableMovement * 4 {
            state = .failed  // the next tap of a double tap landed somewhere else
        } else if start == nil {
            start = here
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        super.touchesMoved(touches, with: event)
        for touch in touches where touch.location(in: nil).distance(to: touch.previousLocation(in: nil)) > 0 {
            if let start, touch.location(in: nil).distance(to: start) > allowableMovement {
                state = .failed
                return
            }
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        super.touchesEnded(touches, with: event)
        fingersDown -= touches.count
        guard fingersDown == 0, state == .possible else { return }
        guard maximumFingers == numberOfTouchesRequired else {
            state = .failed
            return
        }
        tapsSoFar += 1
        maximumFingers = 0
        if tapsSoFar >= numberOfTapsRequired {
            state = .recognized
        } else {
            waitForNextTap = timeline?.schedule(after: maximumIntertapInterval) { [weak self] in
                guard let self, self.state == .possible else { return }
                self.state = .failed
            }
        }
    }

    open override func reset() {
        super.reset()
        if let waitForNextTap { timeline?.cancel(waitForNextTap) }
        waitForNextTap = nil
        tapsSoFar = 0
        start = nil
        fingersDown = 0
        maximumFingers = 0
    }
}
