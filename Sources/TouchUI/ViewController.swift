/// Manages a view tree, as UIViewController: its root view's next responder
/// is the controller, and the controller's is the view's superview (the
/// window for a root controller), or the presenting controller.
@MainActor
open class ViewController: Responder {
    private var loadedView: View?
    public private(set) weak var presentingViewController: ViewController?
    public private(set) var presentedViewController: ViewController?

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
            if loadedView == nil { setView(View()) }
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

    /// Override to make the root view (assign `view`); the default makes a plain one.
    open func loadView() { setView(View()) }

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
        if let presentingViewController { return presentingViewController }
        return loadedView?.superview
    }

    open override var application: Application? { loadedView?.window?.application ?? next?.application }

    /// How a trace names a controller: its class, and its title.
    static func traceName(of controller: ViewController) -> String {
        "\(type(of: controller))" + (controller.title.map { " \"\($0)\"" } ?? "")
    }

    /// How a presented controller comes on screen, as UIModalTransitionStyle.
    public enum ModalTransitionStyle: Sendable {
        /// Slides up from the bottom edge, and back down when dismissed.
        case coverVertical
        /// Fades in over what is there, and out.
        case crossDissolve
    }

    public var modalTransitionStyle = ModalTransitionStyle.coverVertical
    /// Between `dismiss` and the end of its animation.
    public private(set) var isBeingDismissed = false
    /// How long presenting and dismissing take when animated.
    public static let modalTransitionDuration = 0.3

    /// Shows `controller`'s view over this one's window; its next responder
    /// is this controller. Animated, it comes on as its `modalTransitionStyle` says.
    open func present(_ controller: ViewController, animated: Bool = false, completion: (() -> Void)? = nil) {
        guard presentedViewController == nil, let window = view.window else { return }
        if let trace = application?.actionTrace { trace("\(type(of: self)) presented \(Self.traceName(of: controller))") }
        presentedViewController = controller
        controller.presentingViewController = self
        let presented = controller.view
        presented.frame = window.bounds
        presented.updateTraits(from: window.traits)
        controller.viewWillAppear(animated)
        window.addSubview(presented)
        let appeared = {
            controller.viewDidAppear(animated)
            completion?()
        }
        guard animated else { return appeared() }
        View.performWithoutAnimation {
            switch controller.modalTransitionStyle {
            case .coverVertical: presented.center.y += window.bounds.height
            case .crossDissolve: presented.alpha = 0
            }
        }
        View.animate(withDuration: Self.modalTransitionDuration, delay: 0, options: .curveEaseOut, animations: {
            presented.frame = window.bounds
            presented.alpha = 1
        }, completion: { _ in appeared() })
    }

    /// Dismisses what this controller presented, or, when it presented
    /// nothing, this controller from its presenter.
    open func dismiss(animated: Bool = false, completion: (() -> Void)? = nil) {
        guard let presented = presentedViewController else {
            presentingViewController?.dismiss(animated: animated, completion: completion)
            return
        }
        // Already on its way out: a second dismiss changes nothing.
        guard !presented.isBeingDismissed else { return }
        if let trace = application?.actionTrace { trace("\(type(of: self)) dismissed \(Self.traceName(of: presented))") }
        presented.isBeingDismissed = true
        // What the presented controller presented in turn goes first, at once.
        if presented.presentedViewController != nil { presented.dismiss(animated: false, completion: nil) }
        presented.viewWillDisappear(animated)
        let view = presented.view
        let bounds = view.frame
        let gone = { [weak self] in
            view.removeFromSuperview()
            view.frame = bounds
            view.alpha = 1
            presented.presentingViewController = nil
            presented.isBeingDismissed = false
            if self?.presentedViewController === presented { self?.presentedViewController = nil }
            presented.viewDidDisappear(animated)
            completion?()
        }
        guard animated, view.window != nil else { return gone() }
        View.animate(withDuration: Self.modalTransitionDuration, delay: 0, options: .curveEaseIn, animations: {
            switch presented.modalTransitionStyle {
            case .coverVertical: view.center.y += bounds.height
            case .crossDissolve: view.alpha = 0
            }
        }, completion: { _ in gone() })
    }
}
