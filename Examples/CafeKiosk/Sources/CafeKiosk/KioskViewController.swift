import TouchBridge

/// The kiosk's flow, one screen at a time: menu, item, order, confirmation.
/// It owns the order, and starts over when nobody has touched the screen
/// for `idleTimeout` seconds, or some time after an order is placed.
public final class KioskViewController: ViewController {
    public private(set) var order = Order()
    public private(set) var screen: ViewController?
    public private(set) var placedOrders = 0
    /// Seconds without a touch before a half-made order is thrown away.
    public var idleTimeout = 60.0
    /// Seconds the confirmation stays up when nobody touches "New order".
    public var confirmationTimeout = 15.0

    private let size: Size
    private var lastActivity = 0.0
    private var idleTimer: RunLoop.TimerID?

    init(size: Size) {
        self.size = size
        super.init()
    }

    public override func loadView() {
        view = View(frame: Rect(origin: .zero, size: size))
    }

    public override func viewDidLoad() {
        showMenu()
    }

    // MARK: The screens

    public func showMenu() {
        show(MenuViewController(
            size: size, order: order,
            onSelect: { [unowned self] item in self.showItem(item) },
            onViewOrder: { [unowned self] in self.showOrder() }))
    }

    public func showItem(_ item: MenuItem) {
        show(ItemViewController(
            item: item, size: size,
            onAdd: { [unowned self] quantity in
                self.order.add(item, quantity: quantity)
                self.showMenu()
            },
            onBack: { [unowned self] in self.showMenu() }))
    }

    public func showOrder() {
        show(CartViewController(
            size: size, order: order,
            onRemove: { [unowned self] item in
                self.order.remove(item)
                if self.order.isEmpty { self.showMenu() } else { self.showOrder() }
            },
            onAddMore: { [unowned self] in self.showMenu() },
            onPlace: { [unowned self] in self.placeOrder() }))
    }

    private func placeOrder() {
        placedOrders += 1
        let total = order.total
        order = Order()
        let confirmation = ConfirmationViewController(size: size, orderNumber: placedOrders, total: total, onDone: { [unowned self] in self.showMenu() })
        show(confirmation)
        // The next customer should not have to press anything.
        leaveAfterIdle(confirmationTimeout, confirmation)
    }

    /// Back to the menu once `screen` has been left untouched for `timeout` seconds.
    private func leaveAfterIdle(_ timeout: Double, _ screen: ViewController) {
        let remaining = timeout - idleSeconds
        application?.runLoop.schedule(after: max(remaining, timeout * 0.1)) { [weak self] in
            guard let self, self.screen === screen else { return }
            if timeout - self.idleSeconds > 1e-6 {
                self.leaveAfterIdle(timeout, screen)
            } else {
                self.showMenu()
            }
        }
    }

    private func show(_ next: ViewController) {
        screen?.view.removeFromSuperview()
        screen = next
        next.view.frame = view.bounds
        view.addSubview(next.view)
    }

    // MARK: Walking away

    private var idleSeconds: Double { (application?.runLoop.now ?? 0) - lastActivity }

    /// Called for every touch event: the customer is still here.
    func noteActivity() {
        guard let runLoop = application?.runLoop else { return }
        lastActivity = runLoop.now
        if idleTimer == nil { scheduleIdleCheck(after: idleTimeout) }
    }

    /// One timer, moved on lazily: each touch only notes the time, and the
    /// timer, when it fires early, waits out the rest.
    private func scheduleIdleCheck(after delay: Double) {
        idleTimer = application?.runLoop.schedule(after: delay) { [weak self] in
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

    /// Back to an empty order on the menu, scrolled to the top.
    public func startOver() {
        order = Order()
        showMenu()
    }
}
