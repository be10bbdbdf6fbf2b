import TouchBridge

/// The kiosk's flow, as a navigation stack: the menu at the root, an item
/// or the order pushed over it, and the confirmation in place of the order.
/// It owns the order, and starts over when nobody has touched the screen
/// for `idleTimeout` seconds, or some time after an order is placed.
public final class KioskViewController: NavigationController {
    public private(set) var order = Order() {
        didSet { menu.order = order }
    }
    public let menu: MenuViewController
    public private(set) var placedOrders = 0
    /// Seconds without a touch before a half-made order is thrown away.
    public var idleTimeout = 60.0
    /// Seconds the confirmation stays up when nobody touches "New order".
    public var confirmationTimeout = 15.0

    private var lastActivity = 0.0
    private var idleTimer: TimerID?

    override init() {
        menu = MenuViewController()
        super.init(rootViewController: menu)
        menu.onSelect = { [unowned self] item in self.showItem(item) }
        menu.onViewOrder = { [unowned self] in self.showOrder() }
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        navigationBar.height = Theme.headerHeight
        navigationBar.barTintColor = Theme.espresso
        navigationBar.titleColor = .white
        navigationBar.tintColor = .white
        navigationBar.titleFont = .boldSystemFont(ofSize: 24)
    }

    // MARK: The screens

    public func showItem(_ item: MenuItem) {
        pushViewController(ItemViewController(item: item, onAdd: { [unowned self] quantity in
            self.order.add(item, quantity: quantity)
            self.popToRootViewController(animated: true)
        }), animated: true)
    }

    public func showOrder() {
        let cart = CartViewController(order: order)
        cart.onRemove = { [unowned self, unowned cart] item in
            self.order.remove(item)
            if self.order.isEmpty { self.popToRootViewController(animated: true) } else { cart.order = self.order }
        }
        cart.onAddMore = { [unowned self] in self.popToRootViewController(animated: true) }
        cart.onPlace = { [unowned self] in self.placeOrder() }
        cart.onStartOver = { [unowned self] in self.startOver() }
        pushViewController(cart, animated: true)
    }

    private func placeOrder() {
        placedOrders += 1
        let total = order.total
        order = Order()
        let confirmation = ConfirmationViewController(
            orderNumber: placedOrders, total: total,
            onDone: { [unowned self] in self.popToRootViewController(animated: true) })
        // The confirmation takes the order's place: back from it is the menu.
        setViewControllers([menu, confirmation], animated: true)
        // The next customer should not have to press anything.
        leaveAfterIdle(confirmationTimeout, confirmation)
    }

    /// Back to the menu once `screen` has been left untouched for `timeout` seconds.
    private func leaveAfterIdle(_ timeout: Double, _ screen: ViewController) {
        let remaining = timeout - idleSeconds
        application?.timeline.schedule(after: max(remaining, timeout * 0.1)) { [weak self] in
            guard let self, self.topViewController === screen else { return }
            if timeout - self.idleSeconds > 1e-6 {
                self.leaveAfterIdle(timeout, screen)
            } else {
                self.popToRootViewController(animated: true)
            }
        }
    }

    // MARK: Walking away

    private var idleSeconds: Double { (application?.timeline.now ?? 0) - lastActivity }

    /// Called for every touch event: the customer is still here.
    func noteActivity() {
        guard let timeline = application?.timeline else { return }
        lastActivity = timeline.now
        if idleTimer == nil { scheduleIdleCheck(after: idleTimeout) }
    }

    /// One timer, moved on lazily: each touch only notes the time, and the
    /// timer, when it fires early, waits out the rest.
    private func scheduleIdleCheck(after delay: Double) {
        idleTimer = application?.timeline.schedule(after: delay) { [weak self] in
            guard let self else { return }
            self.idleTimer = nil
            let remaining = self.idleTimeout - self.idleSeconds
            if remaining > 1e-6 {
                self.scheduleIdleCheck(after: remaining)
            } else {
                self.startOver()
            }
        }
    }

    /// Back to an empty order on the menu, scrolled to the top, with nothing left open.
    public func startOver() {
        order = Order()
        // An alert (or anything else) left open over a screen or over the kiosk goes.
        for presenter in [topViewController, self] where presenter?.presentedViewController != nil {
            presenter?.dismiss(animated: false)
        }
        popToRootViewController(animated: false)
        menu.table.setContentOffset(.zero, animated: false)
    }
}
