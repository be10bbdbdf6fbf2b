/// A stack of screens, as UINavigationController: the top controller's view
/// fills the space under a navigation bar; pushing slides the new screen in
/// from the right over the old one, popping slides it back out, and the
/// bar's back button pops. Each screen is a child controller, so its view's
/// next responder is its controller and events climb to the navigation
/// controller and on to the window.
@MainActor
open class NavigationController: ViewController {
    public private(set) var viewControllers: [ViewController] = []
    public let navigationBar = NavigationBar()
    public var isNavigationBarHidden = false {
        didSet { if oldValue != isNavigationBarHidden { view.setNeedsLayout() } }
    }
    public weak var delegate: (any NavigationControllerDelegate)?
    /// How long a push or pop slides (UIKit's is about this).
    public static let transitionDuration = 0.35
    /// Whether the two screens slide as pictures (`shouldRasterize` while
    /// they move): each frame of a push composites them instead of drawing
    /// every view again. On by default; off only to measure the difference.
    public static var rasterizesTransitions = true

    public var topViewController: ViewController? { viewControllers.last }
    /// What is on screen: a controller presented over this one or over the
    /// top one (and what that presented in turn), else the top one.
    public var visibleViewController: ViewController? {
        var visible = presentedViewController ?? topViewController
        while let presented = visible?.presentedViewController { visible = presented }
        return visible
    }

    /// A transition under way: finished at once if another begins.
    private var transition: (finish: () -> Void, views: [View])?

    public init(rootViewController: ViewController) {
        super.init()
        viewControllers = [rootViewController]
        addChild(rootViewController)
    }

    public override init() { super.init() }

    open override func loadView() {
        let root = NavigationView()
        root.controller = self
        root.backgroundColor = .systemBackground
        root.addSubview(navigationBar)
        navigationBar.onBack = { [unowned self] in self.popViewController(animated: true) }
        view = root
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        if let top = topViewController {
            view.insertSubview(top.view, belowSubview: navigationBar)
            top.didMove(toParent: self)
        }
        updateBar()
    }

    // The screen on top appears and disappears with the navigation controller.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if transition == nil { topViewController?.viewWillAppear(animated) }
    }

    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        if transition == nil { topViewController?.viewDidAppear(animated) }
    }

    open override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        if transition == nil { topViewController?.viewWillDisappear(animated) }
    }

    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        if transition == nil { topViewController?.viewDidDisappear(animated) }
    }

    /// Where the top screen's view goes: under the bar (taller with a large title).
    public var contentFrame: Rect {
        let bar = isNavigationBarHidden ? 0 : navigationBar.fullHeight
        return Rect(x: 0, y: bar, width: view.bounds.width, height: max(0, view.bounds.height - bar))
    }

    /// Where the bar goes: across the top, as tall as its top item needs.
    private var barFrame: Rect { Rect(x: 0, y: 0, width: view.bounds.width, height: navigationBar.fullHeight) }

    func layoutContent() {
        navigationBar.isHidden = isNavigationBarHidden
        navigationBar.frame = barFrame
        if transition == nil, let top = topViewController, top.isViewLoaded { top.view.frame = contentFrame }
    }

    // MARK: Pushing and popping

    open func pushViewController(_ controller: ViewController, animated: Bool) {
        // UIKit raises an exception for this too: one controller cannot be two screens.
        precondition(!viewControllers.contains { $0 === controller },
                     "NavigationController: \(type(of: controller)) is already on the navigation stack")
        finishTransition()
        let from = topViewController
        addChild(controller)
        viewControllers.append(controller)
        transition(from: from, to: controller, forward: true, animated: animated) {
            controller.didMove(toParent: self)
        }
    }

    @discardableResult
    open func popViewController(animated: Bool) -> ViewController? {
        finishTransition()
        guard viewControllers.count > 1 else { return nil }
        return pop(to: viewControllers[viewControllers.count - 2], animated: animated)?.first
    }

    @discardableResult
    open func popToRootViewController(animated: Bool) -> [ViewController]? {
        finishTransition()
        guard let root = viewControllers.first else { return nil }
        return pop(to: root, animated: animated)
    }

    @discardableResult
    open func popToViewController(_ controller: ViewController, animated: Bool) -> [ViewController]? {
        finishTransition()
        return pop(to: controller, animated: animated)
    }

    /// Replaces the stack. Animated, a new top slides in as a push would; a
    /// top that was already in the stack, lower down, comes back as a pop does.
    open func setViewControllers(_ controllers: [ViewController], animated: Bool) {
        finishTransition()
        let from = topViewController
        let old = viewControllers
        let leaving = old.filter { controller in !controllers.contains { $0 === controller } }
        let arriving = controllers.filter { $0.parent !== self }
        for controller in leaving { controller.willMove(toParent: nil) }
        for controller in arriving { addChild(controller) }
        viewControllers = controllers
        let settle = { [unowned self] in
            for controller in leaving { controller.removeFromParent() }
            for controller in arriving { controller.didMove(toParent: self) }
        }
        guard let to = controllers.last, to !== from else {
            if controllers.isEmpty, let from, from.isViewLoaded { from.view.removeFromSuperview() }
            settle()
            updateBar()
            return
        }
        let forward = !old.contains { $0 === to }
        transition(from: from, to: to, forward: forward, animated: animated, done: settle)
    }

    /// Pops every controller above `target`; nil when it is not in the stack.
    private func pop(to target: ViewController, animated: Bool) -> [ViewController]? {
        guard let index = viewControllers.firstIndex(where: { $0 === target }), index < viewControllers.count - 1 else {
            return viewControllers.contains { $0 === target } ? [] : nil
        }
        let popped = Array(viewControllers[(index + 1)...])
        let from = popped.last
        for controller in popped { controller.willMove(toParent: nil) }
        viewControllers.removeSubrange((index + 1)...)
        transition(from: from, to: target, forward: false, animated: animated) {
            for controller in popped { controller.removeFromParent() }
        }
        return popped
    }

    // MARK: The slide

    /// Shows `to` in place of `from`: UIKit's slide from the right (or back
    /// to it), with appearance calls around it and the bar updated at once.
    /// Animated, the titles cross-fade and the bar grows or shrinks to its
    /// new height (a large title or not) as the screens slide.
    private func transition(
        from: ViewController?, to: ViewController, forward: Bool, animated: Bool, done: @escaping () -> Void
    ) {
        if let trace = application?.actionTrace, from !== to {
            trace("\(type(of: self)) \(forward ? "pushed" : "popped to") \(ViewController.traceName(of: to))")
        }
        guard isViewLoaded else {
            done()
            return
        }
        let animated = animated && view.window != nil && from != nil
        delegate?.navigationController(self, willShow: to, animated: animated)
        from?.viewWillDisappear(animated)
        to.view.updateTraits(from: view.traits)
        to.viewWillAppear(animated)
        // Where the old screen is: under the bar for its item.
        let before = contentFrame
        // Both screens slide as pictures: each frame composites them instead of drawing every label again.
        // The leaving one's picture is on screen now, before anything covers it: copied, not drawn.
        let holds = animated && from != nil && Self.rasterizesTransitions
        if holds, let from {
            from.view.rasterizationHolds += 1
            from.view.capturePictureFromScreen()
        }
        if animated { navigationBar.keepTitlesForCrossFade() }
        if forward || from == nil {
            view.insertSubview(to.view, belowSubview: navigationBar)
        } else if let from {
            view.insertSubview(to.view, belowSubview: from.view)
        }
        updateBar()
        // Under the bar for the new item (which may have a large title, or not).
        let frame = contentFrame
        let width = frame.width
        to.view.frame = frame
        let finish = { [unowned self] in
            guard transition != nil else { return }  // already finished
            transition = nil
            navigationBar.endCrossFade()
            if let from, from !== to {
                from.view.removeFromSuperview()
                from.view.frame = frame
            }
            to.view.frame = frame
            from?.viewDidDisappear(animated)
            to.viewDidAppear(animated)
            done()
            delegate?.navigationController(self, didShow: to, animated: animated)
        }
        guard animated, let from else {
            navigationBar.frame = barFrame
            transition = (finish, [])
            finish()
            return
        }
        // The new screen comes in from the right over the old one, which
        // drifts left a little; popping does the reverse. Both screens' tops
        // move with the bottom of the bar, and the titles cross-fade.
        View.performWithoutAnimation {
            to.view.frame = before.offsetBy(dx: forward ? width : -width * 0.3, dy: 0)
        }
        if holds { to.view.rasterizationHolds += 1 }
        var released = !holds
        let slid = {
            // Once, however the transition ends (its animation, or finished early).
            if !released {
                released = true
                from.view.rasterizationHolds -= 1
                to.view.rasterizationHolds -= 1
            }
            finish()
        }
        var fading: [View] = []
        View.animate(withDuration: Self.transitionDuration, delay: 0, options: .curveEaseInOut, animations: {
            to.view.frame = frame
            from.view.frame = frame.offsetBy(dx: forward ? -width * 0.3 : width, dy: 0)
            navigationBar.frame = barFrame
            fading = navigationBar.crossFadeTitles()
        }, completion: { _ in slid() })
        // Every view the block animated: ending the transition early stops
        // them all, or the last one's completion would end the next transition.
        // (The completion never runs inside `animate`.)
        transition = (slid, [from.view, to.view, navigationBar] + fading)
    }

    /// Ends a transition under way at once, as if its animation had run out.
    private func finishTransition() {
        guard let transition else { return }
        for view in transition.views { view.removeAllAnimations() }
        // Removing the animations ran the completion; make sure it did.
        if self.transition != nil { transition.finish() }
    }

    private func updateBar() {
        guard isViewLoaded else { return }
        let top = topViewController
        let below = viewControllers.count > 1 ? viewControllers[viewControllers.count - 2] : nil
        top?.navigationItem.title = top?.navigationItem.title ?? top?.title
        navigationBar.show(viewControllers.map(\.navigationItem), backTitle: below.map { $0.navigationItem.backButtonTitle ?? $0.navigationItem.title ?? $0.title ?? "Back" })
        // The new top item may want a large title, or not: the bar and the screen under it move.
        if navigationBar.frame.height != navigationBar.fullHeight { view.setNeedsLayout() }
    }

    override func childTitleDidChange(_ child: ViewController) {
        if child === topViewController || viewControllers.count > 1 && child === viewControllers[viewControllers.count - 2] {
            updateBar()
        }
    }
}

/// Told around each push and pop, as UINavigationControllerDelegate; both methods are optional.
@MainActor
public protocol NavigationControllerDelegate: AnyObject {
    func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool)
    func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool)
}

extension NavigationControllerDelegate {
    public func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool) {}
    public func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool) {}
}

/// The navigation controller's root view: it lays out the bar and the top screen.
@MainActor
final class NavigationView: View {
    weak var controller: NavigationController?

    override func layoutSubviews() { controller?.layoutContent() }
}
