/// Traits handed down the tree, as UIKit hands them: the window takes its
/// from its screen and the app's appearance, a controller from the view
/// its view is in, a view from its controller or superview; each can
/// override the style. Every view keeps the traits it was last given, so
/// adding a view compares one value and walks on only where traits change.
extension View: TraitEnvironment {
    public var traitCollection: TraitCollection { traits }

    /// Hands `environment` (the superview's traits, or the screen's for a
    /// window) to this view and, where that changes theirs, to its
    /// controller and subviews, each hearing of it.
    func updateTraits(from environment: TraitCollection) {
        var traits = environment
        let controller = owningViewController
        if let controller, controller.overrideUserInterfaceStyle != .unspecified {
            traits.userInterfaceStyle = controller.overrideUserInterfaceStyle
        }
        // The controller's, then the view's: both are in place before either hears of it.
        let controllerPrevious = controller?.takeTraits(traits)
        if overrideUserInterfaceStyle != .unspecified { traits.userInterfaceStyle = overrideUserInterfaceStyle }
        let previous = self.traits
        let changed = traits != previous
        if changed {
            self.traits = traits
            // Adaptive colours are drawn in another form: the view is painted again.
            if traits.colorAppearance != previous.colorAppearance { setNeedsDisplay() }
        }
        if let controller, let controllerPrevious {
            TraitCollection.performAsCurrent(controller.traitCollection) { controller.traitCollectionDidChange(controllerPrevious) }
        }
        guard changed else { return }
        TraitCollection.performAsCurrent(traits) { traitCollectionDidChange(previous) }
        for subview in subviews { subview.updateTraits(from: traits) }
    }

    /// The style or a controller's override changed: the traits are handed down again from here.
    func refreshTraits() {
        if let window = self as? Window {
            window.refreshScreenTraits()
        } else if let superview {
            updateTraits(from: superview.traits)
        }
    }
}
