import TouchBridge

/// An instrument panel: a tile per reading, each a title, a large value and
/// its unit on the value's baseline, in the system's grouped colours (so
/// that it follows light and dark). Four tiles across on a wide screen,
/// two by two elsewhere: the columns change when the screen's size does,
/// in `viewWillTransition(to:with:)`.
final class DashboardController: ViewController {
    static let readings = [("Temperature", "21.4", "°C"), ("Pressure", "1013", "hPa"), ("Flow", "3.2", "L/min"), ("Pumps running", "2", "of 3")]
    let grid = StackView()
    private(set) var tiles: [View] = []
    private(set) var columns = 0
    private(set) var transitions = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        let header = Label(text: "Line 3 · Pump station")
        header.font = .boldSystemFont(ofSize: 28)
        header.translatesAutoresizingMaskIntoConstraints = false
        // The header keeps to its text; the tiles take the height left.
        header.setContentHuggingPriority(.defaultHigh, for: .vertical)
        view.addSubview(header)
        tiles = Self.readings.map(Self.tile)
        grid.axis = .vertical
        grid.distribution = .fillEqually
        grid.spacing = 16
        grid.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(grid)
        let margins = view.layoutMarginsGuide, safe = view.safeAreaLayoutGuide
        LayoutConstraint.activate([
            header.topAnchor.constraint(equalTo: safe.topAnchor, constant: 16),
            header.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            grid.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 16),
            grid.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            grid.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            grid.bottomAnchor.constraint(equalTo: safe.bottomAnchor, constant: -16),
        ])
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        if columns == 0 { arrange(for: view.bounds.size) }
    }

    override func viewWillTransition(to size: Size, with coordinator: ViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        transitions += 1
        coordinator.animate(alongsideTransition: { _ in self.arrange(for: size) })
    }

    /// Rows of tiles: four across from 1200 points, two below.
    private func arrange(for size: Size) {
        let wanted = size.width >= 1200 ? 4 : 2
        guard wanted != columns else { return }
        columns = wanted
        for row in grid.arrangedSubviews { row.removeFromSuperview() }
        for start in stride(from: 0, to: tiles.count, by: columns) {
            let row = StackView(arrangedSubviews: Array(tiles[start..<min(start + columns, tiles.count)]))
            row.distribution = .fillEqually
            row.spacing = 16
            grid.addArrangedSubview(row)
        }
    }

    private static func tile(_ reading: (title: String, value: String, unit: String)) -> View {
        let tile = View()
        tile.backgroundColor = .secondarySystemGroupedBackground
        tile.cornerRadius = 12
        tile.directionalLayoutMargins = DirectionalEdgeInsets(top: 16, leading: 20, bottom: 16, trailing: 20)
        let title = Label(text: reading.title)
        title.font = .systemFont(ofSize: 18)
        title.textColor = .secondaryLabel
        let value = Label(text: reading.value)
        value.font = .boldSystemFont(ofSize: 56)
        let unit = Label(text: reading.unit)
        unit.font = .systemFont(ofSize: 22)
        unit.textColor = .secondaryLabel
        for label in [title, value, unit] {
            label.translatesAutoresizingMaskIntoConstraints = false
            tile.addSubview(label)
        }
        let margins = tile.layoutMarginsGuide
        LayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: margins.topAnchor),
            title.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            value.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            value.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
            // The unit sits on the value's baseline, however different their sizes.
            unit.leadingAnchor.constraint(equalToSystemSpacingAfter: value.trailingAnchor, multiplier: 1),
            unit.lastBaselineAnchor.constraint(equalTo: value.lastBaselineAnchor),
        ])
        return tile
    }
}
