/// Manages a view tree, as UIViewController: its root view's next responder
/// is the controller, and the controller's is the view's superview (the
/// window for a root controller), or the presenting controller.
@MainActor
open class ViewController: Responder {
    private var loadedView: View?
    public private(set) weak var presentingViewController: ViewController?
    public private(set) var presentedViewController: ViewController?

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
