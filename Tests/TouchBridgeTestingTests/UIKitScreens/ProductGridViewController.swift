import TouchBridge

/// A product grid with an action sheet and a detail sheet, written as
/// UIKit's documentation writes them: a scroll view whose content is sized
/// against its frame layout guide, tiles made with `Button.Configuration`,
/// an action sheet, and a detail controller presented in a navigation
/// controller as a form sheet.
final class ProductGridViewController: ViewController {
    struct Product { let name: String, price: Int }
    let products = (1...12).map { Product(name: "Tile \($0)", price: 100 * $0) }
    private(set) var basket: [String] = []
    private let scrollView = ScrollView()
    private let grid = StackView()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Products"
        view.backgroundColor = .systemBackground
        scrollView.translatesAutoresizingMaskIntoConstraints = false
        grid.axis = .vertical
        grid.spacing = 12
        grid.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(scrollView)
        scrollView.addSubview(grid)

        for rowStart in stride(from: 0, to: products.count, by: 3) {
            let row = StackView()
            row.spacing = 12
            row.distribution = .fillEqually
            for product in products[rowStart..<min(rowStart + 3, products.count)] {
                var configuration = Button.Configuration.tinted()
                configuration.title = product.name
                configuration.subtitle = String(format: "€%d.%02d", product.price / 100, product.price % 100)
                configuration.cornerStyle = .large
                let tile = Button(configuration: configuration, primaryAction: Action { [unowned self] _ in
                    self.showOptions(for: product)
                })
                row.addArrangedSubview(tile)
            }
            grid.addArrangedSubview(row)
        }

        let content = scrollView.contentLayoutGuide
        NSLayoutConstraint.activate([
            scrollView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            scrollView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            scrollView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            scrollView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            grid.topAnchor.constraint(equalTo: content.topAnchor, constant: 16),
            grid.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -16),
            grid.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 16),
            grid.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -16),
            grid.widthAnchor.constraint(equalTo: scrollView.frameLayoutGuide.widthAnchor, constant: -32),
        ])
    }

    private func showOptions(for product: Product) {
        let sheet = AlertController(title: product.name, message: nil, preferredStyle: .actionSheet)
        sheet.addAction(AlertAction(title: "Add to basket", style: .default) { [unowned self] _ in
            basket.append(product.name)
        })
        sheet.addAction(AlertAction(title: "Details", style: .default) { [unowned self] _ in
            showDetails(for: product)
        })
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        present(sheet, animated: true)
    }

    private func showDetails(for product: Product) {
        let detail = ProductDetailViewController(product: product)
        let navigation = NavigationController(rootViewController: detail)
        navigation.modalPresentationStyle = .formSheet
        navigation.preferredContentSize = CGSize(width: 480, height: 360)
        present(navigation, animated: true)
    }
}

/// The detail: its Done button dismisses the navigation controller it is in.
final class ProductDetailViewController: ViewController {
    let product: ProductGridViewController.Product

    init(product: ProductGridViewController.Product) {
        self.product = product
        super.init(nibName: nil, bundle: nil)
        title = product.name
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        navigationItem.rightBarButtonItem = BarButtonItem(title: "Done", style: .done, target: self, action: ProductDetailViewController.done)
    }

    func done() { dismiss(animated: true) }
}
