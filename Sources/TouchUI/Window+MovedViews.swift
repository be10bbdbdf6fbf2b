/// Views that code moves frame after frame, outside any animation: a card a
/// finger drags, a panel following a pan, a view Auto Layout places anew
/// each frame. From its second frame of moving, such a view (one with
/// subviews: a lone view is cheaper to draw than to keep) is drawn once into
/// a picture and composited wherever it goes, as Core Animation moves a
/// layer without drawing it. Once it has rested for `restDelay` (found at
/// the next frame, or by a timer within twice that), the picture is let go and the view is drawn once more where it stopped,
/// so the screen it leaves is exactly the one drawing it gives.
///
/// Only moves: a view turned, scaled or animating, or already drawn from a
/// picture, is left as it is, and one whose picture keeps being dropped
/// (something inside it changes every frame) goes back to being drawn.
@MainActor
final class MovedViews {
    /// A view moving, the frame and time it last moved in, and what holding its picture came to.
    private struct Entry {
        let view: View
        var lastFrame: Int
        var lastMove: Double
        var isHeld = false
        /// How often its picture was dropped or replaced while held; past two it is drawn as usual until it rests.
        var drops = 0
        var picture: ObjectIdentifier?
    }

    /// How long a view stays still before its picture is let go.
    static let restDelay = 0.1

    // @exclusivity(unchecked): why, and when it is safe, is said once, above View.superview (View.swift).
    @exclusivity(unchecked) private var entries: [Entry] = []
    @exclusivity(unchecked) private var isCheckScheduled = false
    /// Not retained (a weak reference would give the window a side table, and its many retains
    /// a frame the slow path): the window says when it goes, before any use after.
    private unowned(unsafe) let window: Window
    @exclusivity(unchecked) private var windowIsGone = false

    init(window: Window) { self.window = window }

    /// The window is going: its views' holds are let go, and a pending check does nothing.
    func windowGone() {
        windowIsGone = true
        for entry in entries where entry.isHeld { entry.view.rasterizationHolds -= 1 }
        entries.removeAll()
    }

    /// Whether a view is held as a picture for its moves (for tests).
    func holds(_ view: View) -> Bool { entries.contains { $0.view === view && $0.isHeld } }

    /// `view` moved (its center changed) with no animation: moved again in
    /// a later frame before it rests, its picture is taken.
    func noteMove(of view: View) {
        var index = 0
        while index < entries.count && entries[index].view !== view { index += 1 }
        guard index < entries.count else {
            guard Self.canHold(view) else { return }
            entries.append(Entry(view: view, lastFrame: window.framesTaken, lastMove: window.hostApplication.timeline.now))
            scheduleCheck()
            return
        }
        let frame = window.framesTaken, now = window.hostApplication.timeline.now
        // Moved again in another frame, before coming to rest: moving frame after frame.
        let movingOn = entries[index].lastFrame != frame && now - entries[index].lastMove < Self.restDelay
        entries[index].lastMove = now
        entries[index].lastFrame = frame
        guard movingOn, !entries[index].isHeld, entries[index].drops <= 2, Self.canHold(view) else { return }
        entries[index].isHeld = true
        view.rasterizationHolds += 1
    }

    /// A view worth a picture while it moves, and drawn as one exactly: moved, not turned or scaled.
    /// Not a scroll view's content (a table's cells, placed anew as rows come, and filled anew too).
    private static func canHold(_ view: View) -> Bool {
        !view.subviews.isEmpty && !(view.superview is ScrollView) && !(view is Window) && !view.isRasterized && view.presentation == nil && view.transform.isIdentity && view.projection == nil
            && view.crossDissolve == nil && view.layerMask == nil && !view.hasAnimationInside
    }

    /// After the window drew: the pictures its held views drew from, to
    /// tell at the next frame whether something inside dropped them.
    func rendered() {
        for index in entries.indices where entries[index].isHeld {
            entries[index].picture = entries[index].view.rasterCache.map(ObjectIdentifier.init)
        }
    }

    /// At each frame the window gives out: pictures dropped since the last
    /// drawing are counted, and views at rest are let go.
    func frameTaken() {
        guard !entries.isEmpty, !windowIsGone else { return }
        let now = window.hostApplication.timeline.now
        var kept = 0, letGo: [View] = []
        for index in entries.indices {
            var entry = entries[index]
            if entry.isHeld, let picture = entry.picture, entry.view.rasterCache.map(ObjectIdentifier.init) != picture {
                entry.drops += 1
                entry.picture = nil
            }
            let resting = now - entry.lastMove >= Self.restDelay
            // Something inside changes each frame, or the view turned, scaled or began to animate: drawn as usual.
            if entry.isHeld && (resting || entry.drops > 2 || entry.view.presentation != nil || !entry.view.transform.isIdentity) {
                entry.isHeld = false
                entry.picture = nil
                entry.view.rasterizationHolds -= 1
                letGo.append(entry.view)
            }
            if !resting {
                entries[kept] = entry
                kept += 1
            }
        }
        entries.removeLast(entries.count - kept)
        // Drawn once more as each is, wherever it is now: a picture lands on whole pixels, and
        // blends its edges in another order. (After the list is whole again: the damage may call out.)
        for view in letGo { view.damageExtent() }
    }

    /// An animation takes the view over: its hold goes now, so the animation may take its own
    /// picture (the animation repaints where the view is drawn).
    func stopHolding(_ view: View) {
        guard let index = entries.firstIndex(where: { $0.view === view }) else { return }
        if entries[index].isHeld { view.rasterizationHolds -= 1 }
        entries.remove(at: index)
    }

    /// Views come to rest when no frame is drawn: a timer lets their pictures go.
    private func scheduleCheck() {
        guard !isCheckScheduled else { return }
        isCheckScheduled = true
        _ = window.hostApplication.timeline.schedule(after: Self.restDelay) { [self] in
            isCheckScheduled = false
            frameTaken()
            if !entries.isEmpty { scheduleCheck() }
        }
    }
}
