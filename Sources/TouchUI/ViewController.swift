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
        didSet { if oldValue != title { parent?.childTitleDidChange(self) } }
    }

    public override init() { super.init() }

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
    }

    /// Override to make the root view (assign `view`); the default makes a plain one.
    open func loadView() { setView(View()) }

    open func viewDidLoad() {}

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

    open override var next: Responder? {
        if let presentingViewController { return presentingViewController }
        return loadedView?.superview
    }

    open override var application: Application? { loadedView?.window?.application ?? next?.application }

    /// Shows `controller`'s view over this one's window; its next responder is this controller.
    open func present(_ controller: ViewController, animated: Bool = false, completion: (() -> Void)? = nil) {
        guard presentedViewController == nil, let window = view.window else { return }
        presentedViewController = controller
        controller.presentingViewController = self
        controller.view.frame = window.bounds
        window.addSubview(controller.view)
        completion?()
    }

    /// Dismisses what this controller presented, or, when it presented
    /// nothing, this controller from its presenter.
    open func dismiss(animated: Bool = false, completion: (() -> Void)? = nil) {
        if let presented = presentedViewController {
            // What the presented controller presented in turn goes first.
            if presented.presentedViewController != nil { presented.dismiss(animated: animated, completion: nil) }
            presented.view.removeFromSuperview()
            presented.presentingViewController = nil
            presentedViewController = nil
            completion?()
        } else if let presenting = presentingViewController {
            presenting.dismiss(animated: animated, completion: completion)
        }
    }
}
