extension ViewController {
    /// How a presented controller is shown, as UIModalPresentationStyle.
    public enum ModalPresentationStyle: Sendable {
        /// The system's choice: a page sheet (an alert shows itself as `.custom`).
        case automatic
        /// Covers the screen. The presenter's view is hidden beneath it, and
        /// the presenter hears `viewWillDisappear` and `viewDidDisappear`.
        case fullScreen
        /// A card over the dimmed presenter. On a screen of regular width and
        /// height it is centred, 704 points wide at most; on a compact width it
        /// takes the full width below the top; on a compact height it covers the screen.
        case pageSheet
        /// A smaller centred card: `preferredContentSize`, or 540 x 620 points.
        /// It adapts to compact screens as a page sheet does.
        case formSheet
        /// Covers the view of the nearest ancestor that `definesPresentationContext`
        /// (else the root's), which is hidden beneath it.
        case currentContext
        /// Covers the screen; what is beneath stays, seen through what is transparent.
        case overFullScreen
        /// Covers the presentation context's view, which stays beneath.
        case overCurrentContext
        /// The controller draws its own backdrop over the whole screen, as an alert does.
        case custom
    }

    /// How a presented controller comes on screen, as UIModalTransitionStyle.
    public enum ModalTransitionStyle: Sendable {
        /// Slides up from the bottom edge, and back down when dismissed.
        case coverVertical
        /// Fades in over what is there, and out.
        case crossDissolve
    }
}
