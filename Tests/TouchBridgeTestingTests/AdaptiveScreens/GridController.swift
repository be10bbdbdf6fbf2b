import TouchBridge

/// A grid of equal tiles in a scroll view, as many columns as fit tiles of
/// at least 160 points: each tile's width is a share of the content
/// guide's, its height three quarters of its width, and the content
/// guide's height (the scroll view's content size) follows the last row.
/// A tap on a tile offers what can be done with it in an action sheet, as
/// a product grid does.
final class GridController: ViewController {
    static let minimumTileWidth = 160.0, spacing = 12.0, margin = 16.0
    let scrollView = ScrollView()
    private(set) var tiles: [Label] = []
    private(set) var columns = 0
    private var placement: [LayoutConstraint] = []
    /// What the action sheet's buttons did, in order.
    private(set) var chosen: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        scrollView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(scrollView)
        let tints: [Color] = [.systemBlue, .systemGreen, .systemOrange, .systemPink, .systemPurple, .systemTeal, .systemIndigo, .systemRed]
        tiles = (1...14).map { number in
            let tile = Label(text: "\(number)")
            tile.font = .boldSystemFont(ofSize: 32)
            tile.textColor = .white
            tile.textAlignment = .center
            tile.backgroundColor = tints[(number - 1) % tints.count]
            tile.cornerRadius = 10
            tile.translatesAutoresizingMaskIntoConstraints = false
            tile.isUserInteractionEnabled = true
            tile.addGestureRecognizer(TapGestureRecognizer(target: self, action: GridController.tileTapped))
            scrollView.addSubview(tile)
            return tile
        }
        let safe = view.safeAreaLayoutGuide
        LayoutConstraint.activate([
            scrollView.topAnchor.constraint(equalTo: safe.topAnchor),
            scrollView.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
            scrollView.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
            scrollView.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
            scrollView.contentLayoutGuide.widthAnchor.constraint(equalTo: scrollView.widthAnchor),
        ])
    }

    func tileTapped(_ recognizer: TapGestureRecognizer) {
        guard let tile = recognizer.view as? Label, let name = tile.text else { return }
        let sheet = AlertController(title: "Tile \(name)", message: "In stock: 12", preferredStyle: .actionSheet)
        for title in ["Add to cart", "Show details"] {
            sheet.addAction(AlertAction(title: title, style: .default) { [unowned self] _ in chosen.append("\(title) \(name)") })
        }
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        present(sheet, animated: true)
    }

    /// The columns follow the width, whatever changed it.
    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        let width = view.bounds.width - 2 * Self.margin
        let fit = max(2, Int((width + Self.spacing) / (Self.minimumTileWidth + Self.spacing)))
        if fit != columns { place(in: fit) }
    }

    private func place(in columns: Int) {
        self.columns = columns
        LayoutConstraint.deactivate(placement)
        let content = scrollView.contentLayoutGuide
        let share = 1 / Double(columns)
        let gutters = 2 * Self.margin + Self.spacing * Double(columns - 1)
        placement = tiles.enumerated().flatMap { index, tile -> [LayoutConstraint] in
            let column = index % columns
            let leading = column == 0
                ? tile.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: Self.margin)
                : tile.leadingAnchor.constraint(equalTo: tiles[index - 1].trailingAnchor, constant: Self.spacing)
            let top = index < columns
                ? tile.topAnchor.constraint(equalTo: content.topAnchor, constant: Self.margin)
                : tile.topAnchor.constraint(equalTo: tiles[index - columns].bottomAnchor, constant: Self.spacing)
            return [
                leading, top,
                tile.widthAnchor.constraint(equalTo: content.widthAnchor, multiplier: share, constant: -gutters * share),
                tile.heightAnchor.constraint(equalTo: tile.widthAnchor, multiplier: 0.75),
            ]
        }
        placement.append(content.bottomAnchor.constraint(equalTo: tiles[tiles.count - 1].bottomAnchor, constant: Self.margin))
        LayoutConstraint.activate(placement)
    }
}
