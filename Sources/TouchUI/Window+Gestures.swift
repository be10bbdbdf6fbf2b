/// Gesture recognizers on a window: who sees a touch, who wins, and what the
/// views hear meanwhile (docs/event-delivery.md §5).
extension Window {
    /// The recognizers of `view` and its ancestors, outermost first, that
    /// accept `touch`. Where none of them holds a recognizer, `noneInChain` is set to `view`.
    func recognizers(for touch: Touch, on view: View, noneInChain: inout View?) -> [GestureRecognizer] {
        // Loops, not closures (each closure call checks its executor), and
        // nothing allocated for the usual chain with no recognizer on it.
        var holders: [View] = []
        var current: View? = view
        while let candidate = current {
            if !candidate.gestureRecognizers.isEmpty { holders.append(candidate) }
            current = candidate.superview
        }
        if holders.isEmpty {
            noneInChain = view
            return []
        }
        var found: [GestureRecognizer] = []
        // Outermost first.
        for holder in holders.reversed() {
            for recognizer in holder.gestureRecognizers
            where recognizer.isEnabled && recognizer.state != .failed && !recognizer.isFinished
                && (recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true)
            {
                found.append(recognizer)
            }
        }
        return found
    }

    /// Sends each recognizer the touches of the event it tracks, outermost
    /// first, began before moved before ended. One pass groups the touches
    /// by recognizer and phase, so the cost grows with touches × recognizers per touch.
    func deliverToRecognizers(_ touches: [Touch], event: Event) {
        // Count first, so that the usual recognizer, with one touch in the
        // event, gets it without gathering touches into a list.
        GestureRecognizer.deliveryStamp &+= 1
        let stamp = GestureRecognizer.deliveryStamp
        for touch in touches {
            for recognizer in touch.gestureRecognizers {
                if recognizer.eventStamp != stamp {
                    recognizer.eventStamp = stamp
                    recognizer.eventTouchCount = 0
                    recognizer.eventPhasesDelivered = 0
                }
                recognizer.eventTouchCount += 1
            }
        }
        for phase in Self.recognizerPhases {
            let phaseBit = 1 << phase.rawValue
            for touch in touches where touch.phase == phase {
                for recognizer in touch.gestureRecognizers where recognizer.eventPhasesDelivered & phaseBit == 0 {
                    recognizer.eventPhasesDelivered |= phaseBit
                    guard recognizer.isEnabled && !recognizer.isFinished else { continue }
                    let set: Set<Touch>
                    if recognizer.eventTouchCount == 1 {
                        if phase == .began { recognizer.track(touch) }
                        set = recognizer.touchSet(for: touch)
                    } else {
                        let mine = touchesOf(recognizer, in: touches, phase: phase)
                        if phase == .began { for touch in mine { recognizer.track(touch) } }
                        set = recognizer.touchSet(for: mine)
                    }
                    switch phase {
                    case .began: recognizer.touchesBegan(set, with: event)
                    case .moved: recognizer.touchesMoved(set, with: event)
                    case .ended: recognizer.touchesEnded(set, with: event)
                    case .cancelled: recognizer.touchesCancelled(set, with: event)
                    case .stationary: break
                    }
                }
            }
        }
    }

    private func touchesOf(_ recognizer: GestureRecognizer, in touches: [Touch], phase: Touch.Phase) -> [Touch] {
        var selected: [Touch] = []
        for touch in touches where touch.phase == phase {
            for candidate in touch.gestureRecognizers where candidate === recognizer {
                selected.append(touch)
                break
            }
        }
        return selected
    }

    /// The order recognizers hear of an event's touches.
    private static let recognizerPhases: [Touch.Phase] = [.began, .moved, .ended, .cancelled]

    /// Remembers the recognizers of new touches, for arbitration and reset.
    func register(_ recognizers: [GestureRecognizer]) {
        for recognizer in recognizers where knownRecognizerIDs.insert(ObjectIdentifier(recognizer)).inserted {
            knownRecognizers.append(recognizer)
        }
    }

    /// Decides between recognizers that want to begin or recognize: a
    /// veto (delegate, or a touch's view), recognizers it must wait for, and
    /// by default one winner, the deepest. The winner's actions run, then,
    /// with cancelsTouchesInView, its touches' views get touchesCancelled.
    func arbitrate(event: Event?) {
        var progress = true
        while progress {
            progress = false
            // Plain loops on this per-event path: closures from the main actor
            // into the standard library each cost an executor check.
            var contenders: [GestureRecognizer] = []
            for recognizer in knownRecognizers {
                if recognizer.stateChanged || recognizer.awaitingFailures {
                    contenders.append(recognizer)
                }
            }
            if contenders.isEmpty { return }
            let live = knownRecognizers
            // Deepest view first: a view's recognizer beats its ancestors'.
            let ordered = contenders.count == 1 ? contenders : contenders.sorted { depth($0) > depth($1) }
            for recognizer in ordered where recognizer.stateChanged || recognizer.awaitingFailures {
                recognizer.stateChanged = false
                let leavingPossible = !recognizer.hasBegun && (recognizer.state == .began || recognizer.state == .ended)
                if leavingPossible {
                    if resolveStart(of: recognizer, among: live, event: event) { progress = true }
                } else if recognizer.hasBegun && recognizer.state != .possible && recognizer.state != .failed {
                    recognizer.sendActions()  // a continuous gesture's change, end or cancellation
                } else {
                    recognizer.awaitingFailures = false
                }
            }
        }
    }

    /// A recognizer leaves `.possible`. True when that changed something others wait on.
    private func resolveStart(of recognizer: GestureRecognizer, among live: [GestureRecognizer], event: Event?) -> Bool {
        let vetoed =
            !(recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) ?? true)
            || recognizer.touches.contains { $0.view.map { !$0.gestureRecognizerShouldBegin(recognizer) } ?? false }
        if vetoed {
            fail(recognizer)
            return true
        }
        let required = live.filter { $0 !== recognizer && recognizer.requiresFailure(of: $0) }
        if required.contains(where: { $0.hasBegun || ($0.state == .ended && !$0.awaitingFailures) }) {
            fail(recognizer)
            return true
        }
        if required.contains(where: { $0.state != .failed }) {
            recognizer.awaitingFailures = true  // recognized; it acts when those fail
            return false
        }
        recognizer.awaitingFailures = false
        let winners = live.filter { $0 !== recognizer && $0.hasBegun }
        if winners.contains(where: { !$0.recognizesSimultaneously(with: recognizer) && $0.canPrevent(recognizer) && recognizer.canBePrevented(by: $0) }) {
            fail(recognizer)
            return true
        }
        recognizer.hasBegun = true
        // Everyone else still deciding, and not allowed alongside, fails.
        for other in live where other !== recognizer && !other.hasBegun && other.state != .failed {
            if !recognizer.recognizesSimultaneously(with: other) && recognizer.canPrevent(other) && other.canBePrevented(by: recognizer) {
                fail(other)
            }
        }
        recognizer.sendActions()
        if recognizer.cancelsTouchesInView { cancelTouchesForViews(recognizer.touches, event: event) }
        return true
    }

    private func fail(_ recognizer: GestureRecognizer) {
        let wasActive = recognizer.hasBegun
        recognizer.state = wasActive ? .cancelled : .failed
        recognizer.stateChanged = false
        recognizer.awaitingFailures = false
        if wasActive { recognizer.sendActions() }
    }

    /// The views of `touches` get touchesCancelled (if they heard of them) and nothing more.
    func cancelTouchesForViews(_ touches: [Touch], event: Event?) {
        var heard: [Touch] = []
        for touch in touches where !touch.isWithheldFromView {
            touch.isWithheldFromView = true
            touch.heldEnd = nil
            if touch.viewHasBegun && touch.isDelivered { heard.append(touch) }
        }
        for (view, touches) in Self.byView(heard) { view.touchesCancelled(touches, with: event) }
    }

    /// Whether a recognizer still deciding holds back this phase of `touch` from its view.
    func isHeld(_ touch: Touch, phase: Touch.Phase) -> Bool {
        for recognizer in touch.gestureRecognizers where recognizer.state == .possible || recognizer.awaitingFailures {
            if phase == .began ? recognizer.delaysTouchesBegan : recognizer.delaysTouchesEnded { return true }
        }
        return false
    }

    /// After recognizers settled outside an event (a timer made one fail):
    /// held touches go to their views, finished recognizers reset.
    func recognizersChangedOutsideEvent() {
        guard !isDispatching else { return }
        isDispatching = true
        arbitrate(event: nil)
        deliverHeld(event: nil)
        resetFinishedRecognizers()
        isDispatching = false
    }

    /// Delivers what recognizers held back, now that none of them delays it.
    func deliverHeld(event: Event?) {
        for touch in trackedTouches + pendingHeld where !touch.isWithheldFromView {
            if touch.beganIsHeld && !isHeld(touch, phase: .began), let view = touch.view {
                touch.beganIsHeld = false
                var outsideScrollViews: View?
                guard viewMayBegin(touch, with: event, outsideScrollViews: &outsideScrollViews) else {
                    touch.heldEnd = nil
                    continue
                }
                touch.viewHasBegun = true
                view.touchesBegan([touch], with: event)
            }
            if let end = touch.heldEnd, !touch.beganIsHeld, !isHeld(touch, phase: .ended), let view = touch.view {
                touch.heldEnd = nil
                if end == .ended { view.touchesEnded([touch], with: event) } else { view.touchesCancelled([touch], with: event) }
            }
        }
        pendingHeld.removeAll { $0.heldEnd == nil && !$0.beganIsHeld }
    }

    /// Asks the nearest scroll view around the touch's view whether its
    /// content may have the touch (touchesShouldBegin); when it says no,
    /// the view hears nothing of the touch, though recognizers still do.
    /// Where there is no scroll view around, `outsideScrollViews` is set to
    /// the view; a touch on the view it names is not looked into again.
    func viewMayBegin(_ touch: Touch, with event: Event?, outsideScrollViews: inout View?) -> Bool {
        guard let view = touch.view else { return false }
        if view === outsideScrollViews { return true }
        var ancestor = view.superview
        while let candidate = ancestor {
            if let scrollView = candidate as? ScrollView {
                if scrollView.touchesShouldBegin([touch], with: event, in: view) { return true }
                touch.isWithheldFromView = true
                return false
            }
            ancestor = candidate.superview
        }
        outsideScrollViews = view
        return true
    }

    /// A recognizer leaving its view: its touches let go of it, and it is
    /// back to `.possible` with nothing tracked.
    func forget(_ recognizer: GestureRecognizer) {
        for touch in trackedTouches { touch.removeRecognizer(recognizer) }
        knownRecognizers.removeAll { $0 === recognizer }
        knownRecognizerIDs.remove(ObjectIdentifier(recognizer))
        recognizer.resetForNextGesture()
    }

    /// Recognizers whose gesture is over and whose touches have all ended go back to `.possible`.
    func resetFinishedRecognizers() {
        recognizersMayNeedReset = false
        for recognizer in knownRecognizers {
            recognizer.forgetFinishedTouches()
            // One that recognized but waits for others to fail keeps its result until they decide.
            if recognizer.touches.isEmpty && !recognizer.awaitingFailures
                && (recognizer.isFinished || recognizer.state == .possible && recognizer.hasBegun)
            {
                recognizer.resetForNextGesture()
            }
        }
        var stillActive: [GestureRecognizer] = []
        for recognizer in knownRecognizers {
            if recognizer.touches.isEmpty && recognizer.state == .possible {
                knownRecognizerIDs.remove(ObjectIdentifier(recognizer))
            } else {
                stillActive.append(recognizer)
            }
        }
        knownRecognizers = stillActive
        if knownRecognizers.isEmpty { knownRecognizerIDs.removeAll() }
    }

    private func depth(_ recognizer: GestureRecognizer) -> Int {
        var depth = 0
        var view = recognizer.view
        while let current = view {
            depth += 1
            view = current.superview
        }
        return depth
    }
}
