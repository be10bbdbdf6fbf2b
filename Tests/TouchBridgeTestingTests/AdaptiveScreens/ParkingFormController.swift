import TouchBridge

/// A parking-ticket form, written as Apple's documentation writes a form:
/// a caption beside each field on its baseline, the rows in the readable
/// content guide of a scroll view, the pay button held above the keyboard
/// by the keyboard layout guide. Where the screen is short (a compact
/// height) the rows close up.
final class ParkingFormController: ViewController {
    let scrollView = ScrollView()
    let plate = TextField(), email = TextField()
    let hours = Stepper(), hoursLabel = Label(), receipt = Switch()
    let pay = Button(title: "Pay €2.00")
    private(set) var rowGaps: [LayoutConstraint] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        scrollView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(scrollView)
        pay.translatesAutoresizingMaskIntoConstraints = false
        pay.backgroundColor = .systemBlue
        pay.titleColor = .white
        pay.cornerRadius = 12
        pay.font = .boldSystemFont(ofSize: 20)
        view.addSubview(pay)

        let title = Label(text: "Pay for parking")
        title.font = .boldSystemFont(ofSize: 34)
        plate.placeholder = "AB 123 CD"
        email.placeholder = "you@example.com"
        // As Apple advises for an address: no capitals of its own.
        email.autocapitalizationType = .none
        plate.autocapitalizationType = .allCharacters
        for field in [plate, email] { field.borderStyle = .roundedRect; field.font = .systemFont(ofSize: 20) }
        hours.minimumValue = 1
        hours.maximumValue = 12
        hours.value = 1
        hours.addAction(for: .valueChanged) { [unowned self] _, _ in self.hoursChanged() }
        hoursLabel.font = .systemFont(ofSize: 20)
        hoursChanged()

        let rows: [(String, [View])] = [
            ("Licence plate", [plate]), ("Hours", [hours, hoursLabel]), ("Email for receipt", [email]), ("Send a receipt", [receipt]),
        ]
        for view in [title] + rows.flatMap(\.1) {
            view.translatesAutoresizingMaskIntoConstraints = false
            scrollView.addSubview(view)
        }
        let content = scrollView.contentLayoutGuide
        let readable = view.readableContentGuide
        var constraints = [
            scrollView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            scrollView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            scrollView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            scrollView.bottomAnchor.constraint(equalTo: pay.topAnchor, constant: -8),
            content.widthAnchor.constraint(equalTo: scrollView.widthAnchor),

            pay.leadingAnchor.constraint(equalTo: readable.leadingAnchor),
            pay.trailingAnchor.constraint(equalTo: readable.trailingAnchor),
            pay.heightAnchor.constraint(equalToConstant: 56),
            pay.bottomAnchor.constraint(equalTo: view.keyboardLayoutGuide.topAnchor, constant: -16),

            title.leadingAnchor.constraint(equalTo: readable.leadingAnchor),
            title.trailingAnchor.constraint(lessThanOrEqualTo: readable.trailingAnchor),
        ]
        var above: LayoutYAxisAnchor = title.bottomAnchor
        rowGaps = [title.topAnchor.constraint(equalTo: content.topAnchor)]
        for (caption, controls) in rows {
            let label = Label(text: caption)
            label.font = .systemFont(ofSize: 20)
            label.textColor = .secondaryLabel
            label.translatesAutoresizingMaskIntoConstraints = false
            scrollView.addSubview(label)
            let control = controls[0]
            rowGaps.append(control.topAnchor.constraint(equalTo: above))
            constraints += [
                label.leadingAnchor.constraint(equalTo: readable.leadingAnchor),
                label.widthAnchor.constraint(equalToConstant: 190),
                control.leadingAnchor.constraint(equalToSystemSpacingAfter: label.trailingAnchor, multiplier: 1),
            ]
            if let field = control as? TextField {
                // A caption and its field share a baseline.
                constraints += [
                    label.firstBaselineAnchor.constraint(equalTo: field.firstBaselineAnchor),
                    field.trailingAnchor.constraint(equalTo: readable.trailingAnchor),
                    field.heightAnchor.constraint(equalToConstant: 44),
                ]
            } else {
                constraints.append(label.centerYAnchor.constraint(equalTo: control.centerYAnchor))
            }
            if controls.count > 1 {
                constraints += [
                    controls[1].leadingAnchor.constraint(equalTo: control.trailingAnchor, constant: 16),
                    controls[1].centerYAnchor.constraint(equalTo: control.centerYAnchor),
                ]
            }
            above = control.bottomAnchor
        }
        constraints.append(content.bottomAnchor.constraint(equalTo: above, constant: 16))
        LayoutConstraint.activate(constraints + rowGaps)
        spaceRows()
    }

    /// Rows further apart where there is height to spare.
    override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if traitCollection.verticalSizeClass != previousTraitCollection?.verticalSizeClass { spaceRows() }
    }

    private func spaceRows() {
        let compact = traitCollection.verticalSizeClass == .compact
        for (index, gap) in rowGaps.enumerated() { gap.constant = index == 0 ? (compact ? 8 : 24) : (compact ? 12 : 24) }
    }

    private func hoursChanged() {
        let hours = Int(hours.value)
        hoursLabel.text = "\(hours) hour\(hours == 1 ? "" : "s")"
        pay.setTitle("Pay €\(2 * hours).00", for: .normal)
    }
}
