/// Manages a view tree, as UIViewController: its root view's next responder
/// is the controller, and the controller's is the view's superview (the
/// window for a root controller), or the presenting controller.
@MainActor
open class ViewController: Responder {
    private var loadedView: View?
    /// The controller that presented this one; set on the presented controller only.
    weak var presenter: ViewController?
    /// The controller that presented this one, or, for a child of a
    /// presented controller, the one that presented its nearest presented ancestor.
    public var presentingViewController: ViewController? { presenter ?? parent?.presentingViewController }
    /// The controller this one presented (as the one handling the presentation: see `present`).
    public internal(set) var presentedViewController: ViewController?
    /// How this controller is shown when presented.
    public var modalPresentationStyle = ModalPresentationStyle.automatic
    /// Whether a `.currentContext` presentation by this controller or one of
    /// its children covers this controller's view (else the screen's root's).
    public var definesPresentationContext = false
    /// The size a form sheet shows this controller at; zero: 540 x 620.
    public var preferredContentSize = Size.zero
    /// While presented: how, and what it dims or hides beneath.
    var modalPresentation: ModalPresentation?
    /// How this controller comes on screen when presented, and goes.
    public var modalTransitionStyle = ModalTransitionStyle.coverVertical
    /// Between `dismiss` and the end of its animation.
    public internal(set) var isBeingDismissed = false

    /// The controllers whose views this one's view shows (containment), in the order added.
    public private(set) var children: [ViewController] = []
    public private(set) weak var parent: ViewController?
    /// A short name, shown by a navigation controller's bar.
    public var title: String? {
        didSet {
            guard oldValue != title else { return }
            navigationItem.title = title
            parent?.childTitleDidChange(self)
        }
    }

    public override init() { super.init() }

    /// As UIViewController's designated initializer, so that a subclass's
    /// `super.init(nibName: nil, bundle: nil)` compiles: there are no nib
    /// files here, so both are nil and the view is made in code (`loadView`).
    public init(nibName: String?, bundle: Any?) {
        precondition(nibName == nil, "there are no nib files on TouchBridge: make the view in loadView or viewDidLoad")
        super.init()
    }

    /// The root view, loaded (loadView, then viewDidLoad) the first time it is asked for.
    public var view: View {
        get {
            if let loadedView { return loadedView }
            loadView()
            if loadedView == nil { setView(View(frame: Screen.main.bounds)) }
            viewDidLoad()
            return loadedView!
        }
        set { setView(newValue) }
    }

    public var isViewLoaded: Bool { loadedView != nil }

    private func setView(_ view: View) {
        loadedView?.owningViewController = nil
        loadedView = view
        view.owningViewController = self
        // A root view's content keeps UIKit's system minimum from the sides.
        if view.directionalLayoutMargins == View.defaultLayoutMargins { view.directionalLayoutMargins = ViewController.rootViewMargins }
    }

    /// A root view's margins unless it has its own: 16 points at the sides, none at the top and bottom.
    static let rootViewMargins = DirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)

    // MARK: Layout

    /// Insets added to the root view's safe area, for bars or panels of the controller's own.
    public var additionalSafeAreaInsets = EdgeInsets.zero {
        didSet { if oldValue != additionalSafeAreaInsets { loadedView?.setNeedsLayout() } }
    }

    /// Called before the root view lays out its subviews (its frame is set by then).
    open func viewWillLayoutSubviews() {}
    /// Called after the root view laid out its subviews, constraints applied.
    open func viewDidLayoutSubviews() {}
    /// The constraint pass for the root view, after `view.setNeedsUpdateConstraints()`:
    /// change the controller's constraints here. The default runs the view's `updateConstraints()`.
    open func updateViewConstraints() { loadedView?.updateConstraints() }

    /// Override to make the root view (assign `view`); the default makes a
    /// plain one as large as the main screen, as UIKit's does, so that
    /// `viewDidLoad` sees the screen's size before the first layout.
    open func loadView() { setView(View(frame: Screen.main.bounds)) }

    open func viewDidLoad() {}

    // MARK: Traits and size changes

    /// The traits of the view the root view is in, with this controller's override.
    public private(set) var traitCollection = TraitCollection()

    /// Light or dark for this controller's views, whatever the app's appearance.
    public var overrideUserInterfaceStyle = UserInterfaceStyle.unspecified {
        didSet { if oldValue != overrideUserInterfaceStyle { loadedView?.refreshTraits() } }
    }

    /// Override to adapt to new traits (size classes, appearance); `traitCollection` holds them.
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

    /// The root view is handed `traits`: the previous ones if they changed
    /// (the caller then calls traitCollectionDidChange), nil if not.
    func takeTraits(_ traits: TraitCollection) -> TraitCollection? {
        guard traits != traitCollection else { return nil }
        let previous = traitCollection
        traitCollection = traits
        return previous
    }

    /// The screen's size is about to become `size` (another panel, a
    /// rotation, a window resized on a desktop). Set constraints for the new
    /// size here, or in the coordinator's alongside block. The default
    /// passes the call on to the children and the presented controller:
    /// call super.
    open func viewWillTransition(to size: Size, with coordinator: ViewControllerTransitionCoordinator) {
        for child in children { child.viewWillTransition(to: size, with: coordinator) }
        presentedViewController?.viewWillTransition(to: size, with: coordinator)
    }

    // MARK: Appearing (sent by whoever shows the view: a window, a presenter, a container)

    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}

    // MARK: Containment, as UIKit's: the container places the child's view itself.

    /// Makes `child` a child of this controller, first calling its
    /// `willMove(toParent:)`; once its view is in place, the container calls
    /// `child.didMove(toParent: self)`.
    open func addChild(_ child: ViewController) {
        guard child.parent !== self else { return }
        child.removeFromParent()
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Removes this controller from its parent and then calls
    /// `didMove(toParent: nil)`; the container calls `willMove(toParent: nil)`
    /// first and takes the view out itself.
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    open func willMove(toParent parent: ViewController?) {}
    open func didMove(toParent parent: ViewController?) {}

    /// A child's title changed (a navigation controller shows it).
    func childTitleDidChange(_ child: ViewController) {}

    /// The nearest navigation controller among this controller's parents.
    public var navigationController: NavigationController? {
        var current = parent
        while let controller = current {
            if let navigation = controller as? NavigationController { return navigation }
            current = controller.parent
        }
        return nil
    }

    /// What a navigation bar shows while this controller is on top.
    public private(set) lazy var navigationItem = NavigationItem(title: title)

    open override var next: Responder? {
        if let presenter { return presenter }
        return loadedView?.superview
    }

    open override var application: Application? { loadedView?.window?.application ?? next?.application }

    /// How a trace names a controller: its class, and its title.
    static func traceName(of controller: ViewController) -> String {
        "\(type(of: controller))" + (controller.title.map { " \"\($0)\"" } ?? "")
    }

    /// Presents `controller` as its `modalPresentationStyle` says, as UIKit
    /// does: not always by this controller. A presentation over the screen
    /// is made by the ancestor that covers the screen (a navigation
    /// controller's child presents through the navigation controller); a
    /// current-context one by the nearest ancestor that
    /// `definesPresentationContext`. That controller becomes the presented
    /// one's `presentingViewController` and its next responder. Animated,
    /// the view comes on as `modalTransitionStyle` says. Nothing happens
    /// while the presenting controller already presents another.
    open func present(_ controller: ViewController, animated: Bool = false, completion: (() -> Void)? = nil) {
        presentController(controller, animated: animated, completion: completion)
    }

    /// Dismisses what this controller presented. A controller that
    /// presented nothing passes the call up, as UIKit does: to the ancestor
    /// that presented for it, or else to the controller that presented it
    /// (or its nearest presented ancestor), which dismisses it.
    open func dismiss(animated: Bool = false, completion: (() -> Void)? = nil) {
        dismissController(animated: animated, completion: completion)
    }
}
