import TouchBridge

/// A ticket machine's choices, written as Apple's "Meet the UIKit button
/// system" writes buttons: each from a configuration, one per style, with
/// a subtitle on the prominent one and a disabled one among them.
final class TicketButtonsController: ViewController {
    let pay = Button(configuration: TicketButtonsController.payConfiguration)
    let extend = Button(configuration: .tinted())
    let receipt = Button(configuration: .gray())
    let cancel = Button(configuration: .plain())
    let refund = Button(configuration: .filled())
    private(set) var paid = 0

    static var payConfiguration: Button.Configuration {
        var configuration = Button.Configuration.filled()
        configuration.title = "Pay"
        configuration.subtitle = "2 hours · €4.00"
        configuration.titlePadding = 2
        configuration.cornerStyle = .capsule
        configuration.buttonSize = .large
        return configuration
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        extend.configuration?.title = "Add 30 minutes"
        receipt.configuration?.title = "Print receipt"
        cancel.configuration?.title = "Cancel"
        refund.configuration?.title = "Refund"
        refund.configuration?.baseBackgroundColor = .systemRed
        refund.isEnabled = false
        pay.addAction(Action { [unowned self] _ in paid += 1 }, for: .primaryActionTriggered)
        let buttons = [pay, extend, receipt, cancel, refund]
        var constraints: [LayoutConstraint] = []
        for (index, button) in buttons.enumerated() {
            button.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(button)
            constraints.append(button.centerXAnchor.constraint(equalTo: view.safeAreaLayoutGuide.centerXAnchor))
            constraints.append(
                index == 0
                    ? button.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 40)
                    : button.topAnchor.constraint(equalTo: buttons[index - 1].bottomAnchor, constant: 12))
        }
        constraints.append(pay.widthAnchor.constraint(greaterThanOrEqualToConstant: 240))
        LayoutConstraint.activate(constraints)
    }
}

final class TicketButtonsDelegate: ScreenDelegate {
    override class func makeRootViewController() -> ViewController { TicketButtonsController() }
}
